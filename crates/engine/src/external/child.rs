//! One child process of a solver run by command: started, asked puzzle after puzzle, killed
//! when it stalls.
//!
//! Its standard output is read by a thread of its own, which stamps each line with the
//! instant it was complete and sends it over a channel: the asking thread waits on the
//! channel with a deadline (a stall is a timeout, never a hang), and the round trip is timed
//! from the write of the puzzle to that stamp. Its standard error is read by another thread
//! that keeps its last lines, to say why it crashed.

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::answer::MAX_ANSWER_BYTES;

/// The last lines of standard error kept, and the most characters kept of each.
const STDERR_LINES: usize = 4;
const STDERR_CHARS: usize = 300;
/// How long a child that closed its output, or its input, gets to exit before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(300);

/// What a line from the child is: its text and when it was complete, or why the output
/// ended.
type Line = Result<(String, Instant), String>;

/// Why a child gave no answer.
#[derive(Debug)]
pub(crate) enum Failure {
    /// No answer within the time limit: the child was killed.
    Timeout,
    /// Its output ended, or its input was closed, before the answer: what became of it.
    Closed(String),
}

/// A running child process of a solver.
pub(crate) struct Child {
    process: std::process::Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
}

impl Child {
    /// Starts `argv` with `env` added to its environment, its three streams piped.
    pub fn spawn(argv: &[String], env: &[(&str, String)]) -> io::Result<Child> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| io::Error::other("an empty command"))?;
        let mut process = Command::new(program)
            .args(args)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdin = process.stdin.take();
        let stdout = process
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout"))?;
        let stderr_pipe = process
            .stderr
            .take()
            .ok_or_else(|| io::Error::other("no stderr"))?;
        let (tx, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name("cmd-stdout".into())
            .spawn(move || read_lines(stdout, &tx))?;
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = stderr.clone();
        std::thread::Builder::new()
            .name("cmd-stderr".into())
            .spawn(move || keep_tail(stderr_pipe, &tail))?;
        Ok(Child {
            process,
            stdin,
            lines,
            stderr,
        })
    }

    /// Sends `puzzle` and waits at most `timeout` for the answer line: the line and the
    /// round trip.
    pub fn ask(&mut self, puzzle: &str, timeout: Duration) -> Result<(String, Duration), Failure> {
        // An answer left over from a puzzle that timed out never comes: that child was
        // killed. Anything waiting now is output nobody asked for.
        while let Ok(Ok(_)) = self.lines.try_recv() {}
        let start = Instant::now();
        let sent = match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(puzzle.as_bytes())
                .and_then(|()| stdin.write_all(b"\n"))
                .and_then(|()| stdin.flush()),
            None => Err(io::Error::other("no input")),
        };
        if let Err(e) = sent {
            return Err(Failure::Closed(format!("it stopped reading ({e})")));
        }
        match self.lines.recv_timeout(timeout) {
            Ok(Ok((line, at))) => Ok((line, at.saturating_duration_since(start))),
            Ok(Err(why)) => Err(Failure::Closed(why)),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Failure::Closed("its output ended".into())),
        }
    }

    /// Waits a moment for the child to exit on its own (after its output ended), kills it
    /// if it does not, and says how it ended, with the last lines of its standard error.
    pub fn reap(mut self) -> String {
        self.stdin = None;
        let status = self.exit_within(EXIT_GRACE);
        let mut text = match status {
            Some(status) => describe(status),
            None => {
                let _ = self.process.kill();
                let _ = self.process.wait();
                "still running: killed".into()
            }
        };
        let tail = self.stderr_tail();
        if !tail.is_empty() {
            text.push_str(&format!("; its last words on stderr: {tail}"));
        }
        text
    }

    /// Kills the child at once (it stalled) and waits for it.
    pub fn kill(mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }

    /// Closes its input (the end of the puzzles: a well-behaved child exits), waits a
    /// moment, and kills it if it is still there.
    pub fn close(mut self) {
        self.stdin = None;
        if self.exit_within(EXIT_GRACE).is_none() {
            self.kill();
        }
    }

    /// Whether the child has exited within `grace` (how, if so).
    fn exit_within(&mut self, grace: Duration) -> Option<ExitStatus> {
        let until = Instant::now() + grace;
        loop {
            match self.process.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// The last lines of its standard error, joined with ` | `.
    fn stderr_tail(&self) -> String {
        // The reader thread may still be taking the last lines in.
        std::thread::sleep(Duration::from_millis(20));
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        tail.iter().cloned().collect::<Vec<_>>().join(" | ")
    }
}

/// How a process ended, in words.
fn describe(status: ExitStatus) -> String {
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("ended by {status}"),
    }
}

/// Sends each line of `stdout`, stamped, until it ends (or a line is far too long).
fn read_lines(stdout: impl Read, tx: &mpsc::Sender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let limit = MAX_ANSWER_BYTES as u64 + 1;
        match (&mut reader).take(limit).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let at = Instant::now();
        if buf.last() != Some(&b'\n') && buf.len() > MAX_ANSWER_BYTES {
            let _ = tx.send(Err(format!(
                "it wrote a line longer than {MAX_ANSWER_BYTES} bytes"
            )));
            return;
        }
        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
        if tx.send(Ok((line, at))).is_err() {
            return;
        }
    }
}

/// Keeps the last [`STDERR_LINES`] lines of `stderr` in `tail`, until it ends.
fn keep_tail(stderr: impl Read, tail: &Mutex<VecDeque<String>>) {
    let mut reader = BufReader::new(stderr);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match (&mut reader).take(64 * 1024).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let line: String = String::from_utf8_lossy(&buf)
            .trim()
            .chars()
            .take(STDERR_CHARS)
            .collect();
        if line.is_empty() {
            continue;
        }
        let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
        if tail.len() == STDERR_LINES {
            tail.pop_front();
        }
        tail.push_back(line);
    }
}
