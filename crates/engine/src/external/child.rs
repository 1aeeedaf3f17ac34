//! One child process of a `cmd:` solver, in a process group of its own, asked puzzle after
//! puzzle, and ended with its group on any failure or when the run ends.
//!
//! A thread reads its output and stamps each line with the instant it was complete; the
//! asking thread waits for it in slices of [`SLICE`] and looks at each whether the child
//! exited (one whose grandchild holds its output crashed, it did not time out). The time
//! limit is charged the slices seen to go by: a slice more than [`PAUSE`] late is the
//! runner's own pause (Ctrl-Z), charged as the slice it was meant to be. The protocol has no
//! frame but the line, so an answer found waiting before the puzzle is sent, or one that
//! solves the puzzle asked before, puts the child out of step.

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use sudoku_core::Grid;

use super::answer::MAX_ANSWER_BYTES;
use super::process;

/// The last lines of standard error kept, and the most characters kept of each.
const STDERR_LINES: usize = 4;
const STDERR_CHARS: usize = 300;
/// How long a child whose output or input closed gets to exit before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(300);
/// The asking thread's wait between two looks whether the child exited.
const SLICE: Duration = Duration::from_millis(50);
/// How late a slice may end and still be the child's waiting: far above a busy machine's
/// scheduling delays, far below a time limit a person sets.
const PAUSE: Duration = Duration::from_millis(250);

/// A line from the child and when it was complete, or why its output ended.
type Line = Result<(String, Instant), String>;

/// Why a child gave no answer; it is ended.
#[derive(Debug)]
pub(crate) enum Failure {
    /// No answer within the time limit.
    Timeout,
    /// Its output ended, its input closed, or it exited: how, with its last words on stderr.
    Closed(String),
    /// It answered out of step: why it is known.
    OutOfStep(String),
}

/// A running child process of a solver.
pub(crate) struct Child {
    process: std::process::Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The last puzzle it answered.
    previous: Option<Box<Grid>>,
}

impl Child {
    /// Starts `argv` with `env` added to its environment, its three streams piped, in a
    /// process group of its own.
    pub fn spawn(argv: &[String], env: &[(&str, String)]) -> io::Result<Child> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| io::Error::other("an empty command"))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .envs(env.iter().cloned())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        process::own_group(&mut command);
        let mut process = command.spawn()?;
        let (tx, lines) = mpsc::channel();
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let readers = match (process.stdout.take(), process.stderr.take()) {
            (Some(stdout), Some(errors)) => {
                let tail = stderr.clone();
                let thread = |name: &str| std::thread::Builder::new().name(name.into());
                thread("cmd-stdout")
                    .spawn(move || read_lines(stdout, &tx))
                    .and_then(|_| thread("cmd-stderr").spawn(move || keep_tail(errors, &tail)))
                    .map(drop)
            }
            _ => Err(io::Error::other("no pipes to the child")),
        };
        if let Err(e) = readers {
            process::end_group(&mut process);
            return Err(e);
        }
        Ok(Child {
            stdin: process.stdin.take(),
            process,
            lines,
            stderr,
            previous: None,
        })
    }

    /// Sends `puzzle` and waits at most `timeout` of the child's own waiting for its answer:
    /// the line and the round trip. On a failure the child is ended.
    pub fn ask(&mut self, puzzle: &Grid, timeout: Duration) -> Result<(String, Duration), Failure> {
        let failure = match self.exchange(&puzzle.to_line(), timeout) {
            Ok((line, took)) => {
                let previous = self.previous.as_deref();
                match previous.and_then(|p| answered_before(&line, puzzle, p)) {
                    None => {
                        self.previous = Some(Box::new(*puzzle));
                        return Ok((line, took));
                    }
                    Some(why) => Failure::OutOfStep(why),
                }
            }
            Err(Failure::Closed(what)) => {
                return Err(Failure::Closed(format!("{what}: {}", self.reap())))
            }
            Err(failure) => failure,
        };
        process::end_group(&mut self.process);
        Err(failure)
    }

    /// Sends `puzzle` and waits for the answer line (see the [module documentation](self)).
    fn exchange(&mut self, puzzle: &str, timeout: Duration) -> Result<(String, Duration), Failure> {
        let ended = || Failure::Closed("its output ended".into());
        match self.lines.try_recv() {
            Ok(Ok((line, _))) => return Err(Failure::OutOfStep(unasked(&line))),
            Ok(Err(why)) => return Err(Failure::Closed(why)),
            Err(TryRecvError::Disconnected) => return Err(ended()),
            Err(TryRecvError::Empty) => {}
        }
        if process::exited(&mut self.process) {
            return Err(Failure::Closed("it had exited".into()));
        }
        let start = Instant::now();
        let sent = match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(format!("{puzzle}\n").as_bytes())
                .and_then(|()| stdin.flush()),
            None => Err(io::Error::other("no input")),
        };
        if let Err(e) = sent {
            return Err(Failure::Closed(format!("it stopped reading ({e})")));
        }
        let mut left = timeout;
        while !left.is_zero() {
            let (slice, began) = (left.min(SLICE), Instant::now());
            match self.lines.recv_timeout(slice) {
                Ok(Ok((line, at))) => return Ok((line, at.saturating_duration_since(start))),
                Ok(Err(why)) => return Err(Failure::Closed(why)),
                Err(RecvTimeoutError::Disconnected) => return Err(ended()),
                Err(RecvTimeoutError::Timeout) => {}
            }
            if process::exited(&mut self.process) {
                // What it wrote before it exited is read at once, if anything.
                return match self.lines.recv_timeout(EXIT_GRACE) {
                    Ok(Ok((line, at))) => Ok((line, at.saturating_duration_since(start))),
                    _ => Err(Failure::Closed("it exited".into())),
                };
            }
            let took = began.elapsed();
            left = left.saturating_sub(if took > slice + PAUSE { slice } else { took });
        }
        Err(Failure::Timeout)
    }

    /// Closes its input, waits a moment for it to exit, ends its process group, and says
    /// how it ended, with the last lines of its standard error.
    fn reap(&mut self) -> String {
        self.stdin = None;
        let until = Instant::now() + EXIT_GRACE;
        while !process::exited(&mut self.process) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        let exited = process::exited(&mut self.process);
        let mut text = match process::end_group(&mut self.process) {
            Some(status) if exited => match status.code() {
                Some(code) => format!("exited with status {code}"),
                None => format!("ended by {status}"),
            },
            _ => "still running: killed".into(),
        };
        // The reader thread may still be taking the last lines in.
        std::thread::sleep(Duration::from_millis(20));
        let tail = self.stderr.lock().unwrap_or_else(PoisonError::into_inner);
        if !tail.is_empty() {
            let tail = Vec::from(tail.clone()).join(" | ");
            text.push_str(&format!("; its last words on stderr: {tail}"));
        }
        text
    }

    /// Closes its input (the end of the puzzles: a well-behaved child exits), and ends it
    /// with whatever it started that is still there.
    pub fn close(mut self) {
        self.reap();
    }
}

/// Why `line` answers the puzzle asked before rather than `puzzle`: it is a solution that
/// breaks a given of `puzzle` and keeps every given of `previous`.
fn answered_before(line: &str, puzzle: &Grid, previous: &Grid) -> Option<String> {
    let solution: Grid = line.split_ascii_whitespace().next()?.parse().ok()?;
    let keeps_givens = |puzzle: &Grid| {
        solution.size() == puzzle.size()
            && (solution.cells().iter().zip(puzzle.cells()))
                .all(|(&found, &given)| given == 0 || found == given)
    };
    (!keeps_givens(puzzle) && keeps_givens(previous)).then(|| {
        format!(
            "its answer {} keeps the givens of the puzzle it was asked before ({}), not \
             this one's",
            solution.to_line(),
            previous.to_line()
        )
    })
}

/// What is said of a line that was waiting from a child before it was sent a question.
fn unasked(line: &str) -> String {
    let shown: String = line.chars().take(100).collect();
    let cut = if shown.len() < line.len() { "…" } else { "" };
    format!("it wrote a line nobody asked for, {shown:?}{cut}, found before the puzzle was sent")
}

/// The next line of `reader` into `buf` (cleared first), at most `limit` bytes of it;
/// `false` at the end or on an error.
fn next_line(reader: &mut impl BufRead, buf: &mut Vec<u8>, limit: usize) -> bool {
    buf.clear();
    matches!(reader.take(limit as u64).read_until(b'\n', buf), Ok(n) if n > 0)
}

/// Sends each line of `stdout`, stamped, until it ends (or a line is far too long).
fn read_lines(stdout: impl Read, tx: &mpsc::Sender<Line>) {
    let (mut reader, mut buf) = (BufReader::new(stdout), Vec::new());
    while next_line(&mut reader, &mut buf, MAX_ANSWER_BYTES + 1) {
        let at = Instant::now();
        if buf.last() != Some(&b'\n') && buf.len() > MAX_ANSWER_BYTES {
            let why = format!("it wrote a line longer than {MAX_ANSWER_BYTES} bytes");
            let _ = tx.send(Err(why));
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
    let (mut reader, mut buf) = (BufReader::new(stderr), Vec::new());
    while next_line(&mut reader, &mut buf, 64 * 1024) {
        let text = String::from_utf8_lossy(&buf);
        let line: String = text.trim().chars().take(STDERR_CHARS).collect();
        if line.is_empty() {
            continue;
        }
        let mut tail = tail.lock().unwrap_or_else(PoisonError::into_inner);
        if tail.len() == STDERR_LINES {
            tail.pop_front();
        }
        tail.push_back(line);
    }
}
