//! One child process of a `cmd:` solver, in a process group of its own, asked puzzle after
//! puzzle, and ended with its group on any failure or when the run ends. A thread stamps
//! each line of its output; the asking thread waits in slices of [`SLICE`].

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use sudoku_core::Grid;

use super::answer::MAX_ANSWER_BYTES;
use super::process;
use super::ChildEventKind as Failure;

/// The last lines of standard error kept, and the characters kept of each.
const STDERR_LINES: usize = 4;
const STDERR_CHARS: usize = 300;
/// How long a child whose output or input closed gets to exit before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(300);
/// The asking thread's wait between two looks whether the child exited.
const SLICE: Duration = Duration::from_millis(50);
/// A slice later than this is the runner's own pause (Ctrl-Z), charged as the slice it was
/// meant to be: far above a busy machine's delays, far below a time limit.
const PAUSE: Duration = Duration::from_millis(250);

/// The lines of a child kept waiting to be read: beyond them, its output is not read, so
/// that a child that writes without end holds itself back, not the runner's memory.
const LINES_WAITING: usize = 16;

/// A line from the child and when it was complete, or a line too long.
type Line = Result<(String, Instant), Failure>;

/// A running child process of a solver.
#[derive(Debug)]
pub(crate) struct Child {
    process: std::process::Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// The thread that keeps the last lines of its standard error.
    stderr: Option<JoinHandle<VecDeque<String>>>,
    /// The last puzzle it answered.
    previous: Option<Box<Grid>>,
}

impl Child {
    /// Starts `argv` with `env` set in its environment (`None`: removed), its three streams
    /// piped, in a process group of its own.
    pub fn spawn(argv: &[String], env: &[(&str, Option<String>)]) -> io::Result<Child> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| io::Error::other("an empty command"))?;
        let mut command = Command::new(program);
        for (key, value) in env {
            match value {
                Some(value) => command.env(key, value),
                None => command.env_remove(key),
            };
        }
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        process::own_group(&mut command);
        let mut process = command.spawn()?;
        let (tx, lines) = mpsc::sync_channel(LINES_WAITING);
        let (stdout, errors) = (process.stdout.take(), process.stderr.take());
        let thread = |name: &str| std::thread::Builder::new().name(name.into());
        let readers = thread("cmd-stdout")
            .spawn(move || read_lines(stdout, &tx))
            .and_then(|_| thread("cmd-stderr").spawn(move || keep_tail(errors)));
        let stderr = readers.inspect_err(|_| {
            process::end_group(&mut process);
        })?;
        Ok(Child {
            stdin: process.stdin.take(),
            process,
            lines,
            stderr: Some(stderr),
            previous: None,
        })
    }

    /// Sends `puzzle` and waits at most `timeout` for its answer: the line and the round
    /// trip. On a failure the child is ended.
    pub fn ask(&mut self, puzzle: &Grid, timeout: Duration) -> Result<(String, Duration), Failure> {
        let failure = match self.exchange(&puzzle.to_line(), timeout) {
            Ok((line, took)) => match self.previous.as_deref() {
                Some(previous) if answered_before(&line, puzzle, previous) => {
                    Failure::OutOfStep(format!(
                        "its answer {line:?} keeps the givens of the puzzle asked before ({})",
                        previous.to_line()
                    ))
                }
                _ => {
                    self.previous = Some(Box::new(*puzzle));
                    return Ok((line, took));
                }
            },
            Err(Some(failure)) => failure,
            Err(None) => return Err(Failure::Crashed(self.reap())),
        };
        process::end_group(&mut self.process);
        Err(failure)
    }

    /// Sends `puzzle` and waits for the answer line; `Err(None)` when the child ended.
    fn exchange(
        &mut self,
        puzzle: &str,
        timeout: Duration,
    ) -> Result<(String, Duration), Option<Failure>> {
        if let Ok(line) = self.lines.try_recv() {
            let line = line.map_err(Some)?.0;
            let shown: String = line.chars().take(100).collect();
            let why = format!("a line {shown:?} waiting before the puzzle was sent");
            return Err(Some(Failure::OutOfStep(why)));
        }
        let start = Instant::now();
        let stdin = self.stdin.as_mut().ok_or(None)?;
        // Unbuffered: written is sent.
        (stdin.write_all(format!("{puzzle}\n").as_bytes())).map_err(|_| None)?;
        let mut left = timeout;
        while !left.is_zero() {
            let (slice, began) = (left.min(SLICE), Instant::now());
            // What it wrote before it exited is read at once, if anything.
            let exited = process::exited(&mut self.process);
            match self
                .lines
                .recv_timeout(if exited { EXIT_GRACE } else { slice })
            {
                Ok(Ok((line, at))) => return Ok((line, at.saturating_duration_since(start))),
                Ok(Err(too_long)) => return Err(Some(too_long)),
                Err(RecvTimeoutError::Timeout) if !exited => {}
                Err(_) => return Err(None),
            }
            let took = began.elapsed();
            left = left.saturating_sub(if took > slice + PAUSE { slice } else { took });
        }
        Err(Some(Failure::TimedOut(timeout)))
    }

    /// Closes its input (a well-behaved child exits), waits a moment for it to exit, ends its
    /// group, and says how it ended, with the last lines of its standard error.
    pub fn reap(&mut self) -> String {
        self.stdin = None;
        let exited = within_grace(|| process::exited(&mut self.process));
        let mut text = match process::end_group(&mut self.process) {
            Some(status) if exited => match status.code() {
                Some(code) => format!("exited with status {code}"),
                None => format!("ended by {status}"),
            },
            _ => "its output or input closed: killed".into(),
        };
        let stderr = self
            .stderr
            .take()
            .filter(|t| within_grace(|| t.is_finished()));
        let tail = Vec::from(stderr.and_then(|t| t.join().ok()).unwrap_or_default());
        if !tail.is_empty() {
            text.push_str(&format!("; its last words on stderr: {}", tail.join(" | ")));
        }
        text
    }
}

/// Whether `done()` holds within [`EXIT_GRACE`].
fn within_grace(mut done: impl FnMut() -> bool) -> bool {
    let until = Instant::now() + EXIT_GRACE;
    while !done() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(5));
    }
    done()
}

/// Whether `line` is a solution that breaks a given of `puzzle` and keeps every given of
/// `previous`: the answer to the puzzle asked before.
fn answered_before(line: &str, puzzle: &Grid, previous: &Grid) -> bool {
    let Some(Ok(solution)) = line.split_ascii_whitespace().next().map(str::parse::<Grid>) else {
        return false;
    };
    let keeps_givens = |puzzle: &Grid| {
        solution.size() == puzzle.size()
            && (solution.cells().iter().zip(puzzle.cells()))
                .all(|(&found, &given)| given == 0 || found == given)
    };
    !keeps_givens(puzzle) && keeps_givens(previous)
}

/// The next line of `reader` into `buf` (cleared first), at most `limit` bytes of it;
/// `false` at the end or on an error.
fn next_line(reader: &mut impl BufRead, buf: &mut Vec<u8>, limit: usize) -> bool {
    buf.clear();
    matches!(reader.take(limit as u64).read_until(b'\n', buf), Ok(n) if n > 0)
}

/// Sends each line of `stdout`, stamped, until it ends (or a line is far too long).
fn read_lines(stdout: Option<impl Read>, tx: &mpsc::SyncSender<Line>) {
    let (mut reader, mut buf) = (BufReader::new(stdout.expect("piped")), Vec::new());
    while next_line(&mut reader, &mut buf, MAX_ANSWER_BYTES + 1) {
        let at = Instant::now();
        if buf.last() != Some(&b'\n') && buf.len() > MAX_ANSWER_BYTES {
            let why = format!("a line over {MAX_ANSWER_BYTES} bytes");
            let _ = tx.send(Err(Failure::Crashed(why)));
            return;
        }
        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
        if tx.send(Ok((line, at))).is_err() {
            return;
        }
    }
}

/// The last [`STDERR_LINES`] lines of `stderr`, once it ends.
fn keep_tail(stderr: Option<impl Read>) -> VecDeque<String> {
    let (mut reader, mut buf) = (BufReader::new(stderr.expect("piped")), Vec::new());
    let mut tail = VecDeque::new();
    while next_line(&mut reader, &mut buf, 64 * 1024) {
        let text = String::from_utf8_lossy(&buf);
        let line: String = text.trim().chars().take(STDERR_CHARS).collect();
        if line.is_empty() {
            continue;
        }
        if tail.len() == STDERR_LINES {
            tail.pop_front();
        }
        tail.push_back(line);
    }
    tail
}
