//! One child process of a solver run by command: started in a process group of its own,
//! asked puzzle after puzzle, ended with its group when it stalls, crashes or falls out of
//! step, or when the run ends.
//!
//! Its standard output is read by a thread of its own, which stamps each line with the
//! instant it was complete and sends it over a channel: the asking thread waits on the
//! channel with a deadline (a stall is a timeout, never a hang), and the round trip is timed
//! from the write of the puzzle to that stamp. Its standard error is read by another thread
//! that keeps its last lines, to say why it crashed.
//!
//! **One answer per question.** The protocol has no frame but the line: a line nobody asked
//! for (a banner, an answer twice) shifts every later answer onto the next puzzle. So a
//! line waiting from the child before a puzzle is sent puts it out of step
//! ([`Failure::OutOfStep`]); one written after cannot be told from the answer here (the
//! solver checks that the answer is not the previous puzzle's, see `External::ask`).
//!
//! **The child's own waiting.** The asking thread waits in slices of [`SLICE`], and looks
//! at each whether the child has exited (one whose grandchild still holds its output is a
//! crash, not a timeout). The time limit is charged the slices it saw go by: a slice that
//! ends more than [`PAUSE`] late is the runner's own pause (Ctrl-Z, a suspended machine),
//! charged as the slice it was meant to be, so that it gives no false timeout.

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
/// How long a child that closed its output, or its input, gets to exit before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(300);
/// How long the asking thread waits for an answer before it looks whether the child has
/// exited, and charges the time limit.
pub(crate) const SLICE: Duration = Duration::from_millis(50);
/// How late a slice may end and still be the child's waiting: a slice later than this is
/// the runner's own pause, charged as the slice it was meant to be. Far above a busy
/// machine's scheduling delays (milliseconds), far below a time limit a person sets.
pub(crate) const PAUSE: Duration = Duration::from_millis(250);

/// What a line from the child is: its text and when it was complete, or why the output
/// ended.
type Line = Result<(String, Instant), String>;

/// Why a child gave no answer.
#[derive(Debug)]
pub(crate) enum Failure {
    /// No answer within the time limit.
    Timeout,
    /// Its output ended, or its input was closed, or it exited, before the answer: what
    /// became of it.
    Closed(String),
    /// A line was waiting from it before the puzzle was sent: an answer nobody asked for.
    OutOfStep(String),
}

/// A running child process of a solver.
pub(crate) struct Child {
    process: std::process::Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The last puzzle it answered (the first question, at first), kept where it was put.
    pub previous: Box<Grid>,
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
            .envs(env.iter().map(|(k, v)| (k, v)))
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
            previous: Box::new(Grid::EMPTY),
        })
    }

    /// Sends `puzzle` and waits at most `timeout` of its own waiting (see the [module
    /// documentation](self)) for the answer line: the line and the round trip.
    pub fn ask(&mut self, puzzle: &str, timeout: Duration) -> Result<(String, Duration), Failure> {
        let ended = || Failure::Closed("its output ended".into());
        match self.lines.try_recv() {
            Ok(Ok((line, _))) => return Err(Failure::OutOfStep(line)),
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
            left = left.saturating_sub(charged(began.elapsed(), slice));
        }
        Err(Failure::Timeout)
    }

    /// Waits a moment for the child to exit on its own (after its output ended), ends its
    /// process group, and says how it ended, with the last lines of its standard error.
    pub fn reap(mut self) -> String {
        self.stdin = None;
        let exited = self.exit_within(EXIT_GRACE);
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

    /// Ends the child and its process group at once (it stalled, or fell out of step).
    pub fn kill(mut self) {
        process::end_group(&mut self.process);
    }

    /// Closes its input (the end of the puzzles: a well-behaved child exits), waits a
    /// moment for it to exit, and ends its process group (whatever it started that is still
    /// there).
    pub fn close(mut self) {
        self.stdin = None;
        self.exit_within(EXIT_GRACE);
        process::end_group(&mut self.process);
    }

    /// Whether the child has exited within `grace` (not reaped: see [`process::exited`]).
    fn exit_within(&mut self, grace: Duration) -> bool {
        let until = Instant::now() + grace;
        while !process::exited(&mut self.process) {
            if Instant::now() >= until {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        true
    }
}

/// What a slice of the wait meant to last `slice` that took `took` is charged to the
/// child: its time, or, when it ended more than [`PAUSE`] late, the slice it was meant to
/// be (the runner was paused).
fn charged(took: Duration, slice: Duration) -> Duration {
    if took > slice + PAUSE {
        slice
    } else {
        took
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A slice that ends late by a scheduling delay is the child's waiting; one that ends
    /// late by more than a pause (the runner stopped) is charged as meant.
    #[test]
    fn a_pause_of_the_runner_is_not_charged_to_the_child() {
        let ms = Duration::from_millis;
        assert_eq!(charged(ms(50), ms(50)), ms(50));
        assert_eq!(charged(ms(120), ms(50)), ms(120));
        assert_eq!(charged(ms(50) + PAUSE, ms(50)), ms(50) + PAUSE);
        assert_eq!(charged(ms(30_000), ms(50)), ms(50));
        assert_eq!(charged(ms(30_000), ms(20)), ms(20));
    }
}
