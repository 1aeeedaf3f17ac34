//! Any solver, in any language: a command run as a long-lived child process that answers
//! one puzzle per line (`--solvers 'cmd:python3 my_solver.py'`).
//!
//! The protocol is in [`answer`] (and the README): a puzzle per line in, a
//! line per puzzle out with the solution, or `none`, and optionally the counters. The
//! engine times each round trip, checks every solution as it checks the built-in
//! strategies', and applies the budget as a time limit: a child that gives no answer within
//! it is killed, its row says `timeout`, and a new child answers the next puzzle. A child
//! that exits (or closes its output) before answering gives a row `crashed` (with its exit
//! status and the last lines of its standard error) and is restarted for the next puzzle;
//! after [`GIVE_UP`] crashes in a row it is not restarted, and the rest of its rows say
//! `crashed` at once. An answer that is not understood, or fails its check, is `wrong`.
//! The run goes on in every case.
//!
//! Each worker thread asks a child of its own: children wait in a pool between puzzles, so
//! a run on `-j N` starts at most N of them (more only to replace one that crashed or
//! stalled). Every new child is first asked [`FIRST_QUESTION`] (a solved grid), untimed:
//! its start-up is never part of a puzzle's time. It gets the time limit of an answer for
//! it, [`START_TIMEOUT`] at least ([`External::start_timeout`]). Dropping the solver closes their input,
//! which ends a well-behaved child.

pub mod answer;
mod child;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sudoku_core::{Counters, Grid, Limits, Outcome, Size, Solver};
use sudoku_results::{Retimed, Row, Status};
use thiserror::Error;

pub use answer::{Answer, Verdict, MAX_ANSWER_BYTES};
use child::{Child, Failure};

use crate::check::{check_with, Entry};
use crate::stopwatch::Timing;

/// Crashes in a row after which a child is not restarted.
pub const GIVE_UP: u64 = 3;
/// The first question every new child is asked, untimed: a solved grid (any line back
/// will do), so that its start-up (an interpreter's imports, a JIT) is never part of a
/// puzzle's time, and a command that cannot answer is found before the run.
pub const FIRST_QUESTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// The least time a new child gets to answer [`FIRST_QUESTION`] (an interpreter's start-up
/// can take longer than an answer): it gets the time limit of an answer when that is longer
/// (see [`External::start_timeout`]).
pub const START_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a command cannot be a solver.
#[derive(Debug, Error)]
pub enum ExternalError {
    /// No program given.
    #[error("cmd: needs a command (cmd:python3 my_solver.py)")]
    Empty,
    /// The command cannot be split into words (an unclosed quote).
    #[error("cmd:{0}: cannot split the command into words (an unclosed quote?)")]
    Split(String),
    /// The program cannot be started.
    #[error("cmd:{command}: cannot start {program:?}: {reason}")]
    Start {
        /// The command.
        command: String,
        /// Its program.
        program: String,
        /// Why.
        reason: std::io::Error,
    },
    /// The program started, but did not answer its first question.
    #[error("cmd:{command}: no answer to a first question (a solved grid): {how}")]
    NoAnswer {
        /// The command.
        command: String,
        /// How it ended, and its last words on stderr.
        how: String,
    },
}

/// A solver run as a child process; see the [module documentation](self).
pub struct External {
    command: String,
    argv: Vec<String>,
    timeout: Duration,
    pool: Mutex<Vec<Child>>,
    crashes: AtomicU64,
}

/// How one question to a child ended.
#[derive(Debug)]
pub(crate) enum Reply {
    /// An answer line, understood, and the round trip.
    Answer(Box<Answer>, Duration),
    /// An answer line that is not an answer: the line and what is wrong with it.
    Garbled(String, String, Duration),
    /// No answer within the time limit.
    Timeout(Duration),
    /// No answer: the child ended (how), or is given up.
    Crashed(String, Duration),
}

impl External {
    /// The solver run by `command` (split into words as a POSIX shell splits them, without
    /// running a shell), each answer awaited at most `timeout`.
    ///
    /// # Errors
    ///
    /// When the command is empty or cannot be split.
    pub fn new(command: &str, timeout: Duration) -> Result<External, ExternalError> {
        Ok(External::from_words(
            command,
            split_command(command)?,
            timeout,
        ))
    }

    /// The solver run by the words `argv` (the program, then its arguments, as
    /// [`split_command`] gives them), shown as `command`, each answer awaited at most
    /// `timeout`. Empty words are a program that cannot be started.
    pub fn from_words(command: &str, argv: Vec<String>, timeout: Duration) -> External {
        External {
            command: command.to_string(),
            argv,
            timeout,
            pool: Mutex::new(Vec::new()),
            crashes: AtomicU64::new(0),
        }
    }

    /// The command, as given.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The time limit of one answer.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// How long a new child gets to answer [`FIRST_QUESTION`]: [`START_TIMEOUT`], or the
    /// time limit of one answer when it is longer (a solver given a minute per answer may
    /// take as long to start).
    pub fn start_timeout(&self) -> Duration {
        self.timeout.max(START_TIMEOUT)
    }

    /// The environment a child gets for `limits`.
    fn env(limits: &Limits) -> Vec<(&'static str, String)> {
        let mut env = vec![("SUDOKU_LAB_LIMIT", limits.solution_limit().to_string())];
        if let Some(n) = limits.max_nodes {
            env.push(("SUDOKU_LAB_MAX_NODES", n.to_string()));
        }
        env
    }

    /// A new child, which has answered [`FIRST_QUESTION`].
    fn spawn(&self, limits: &Limits) -> Result<Child, ExternalError> {
        let mut child = Child::spawn(&self.argv, &Self::env(limits)).map_err(|reason| {
            ExternalError::Start {
                command: self.command.clone(),
                program: self.argv.first().cloned().unwrap_or_default(),
                reason,
            }
        })?;
        let how = match child.ask(FIRST_QUESTION, self.start_timeout()) {
            Ok(_) => return Ok(child),
            Err(Failure::Timeout) => {
                child.kill();
                start_timed_out(self.start_timeout())
            }
            Err(Failure::Closed(what)) => format!("{what}: {}", child.reap()),
        };
        Err(ExternalError::NoAnswer {
            command: self.command.clone(),
            how,
        })
    }

    /// Starts a first child (kept for the first puzzle), so that a command that cannot
    /// answer stops the run before any work: a program that cannot be found, a script that
    /// does not exist or does not speak the protocol.
    ///
    /// # Errors
    ///
    /// When the program cannot be started, or does not answer its first question.
    pub fn check_start(&self, limits: &Limits) -> Result<(), ExternalError> {
        let child = self.spawn(limits)?;
        self.pool
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(child);
        Ok(())
    }

    /// Asks a child (a waiting one, or a new one) to solve `puzzle`.
    pub(crate) fn ask(&self, puzzle: &Grid, limits: &Limits) -> Reply {
        if self.crashes.load(Ordering::SeqCst) >= GIVE_UP {
            return Reply::Crashed(
                format!("not restarted: it crashed {GIVE_UP} times in a row"),
                Duration::ZERO,
            );
        }
        let waiting = self.pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut child = match waiting.map_or_else(|| self.spawn(limits), Ok) {
            Ok(child) => child,
            Err(e) => {
                self.crashes.fetch_add(1, Ordering::SeqCst);
                return Reply::Crashed(e.to_string(), Duration::ZERO);
            }
        };
        match child.ask(&puzzle.to_line(), self.timeout) {
            Ok((line, took)) => {
                self.pool
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(child);
                self.crashes.store(0, Ordering::SeqCst);
                match Answer::parse(&line) {
                    Ok(answer) => Reply::Answer(Box::new(answer), took),
                    Err(why) => Reply::Garbled(line, why, took),
                }
            }
            Err(Failure::Timeout) => {
                child.kill();
                Reply::Timeout(self.timeout)
            }
            Err(Failure::Closed(what)) => {
                let how = child.reap();
                self.crashes.fetch_add(1, Ordering::SeqCst);
                Reply::Crashed(format!("{what}: {how}"), Duration::ZERO)
            }
        }
    }

    /// The row of `entry`'s puzzle solved by this child process, named `name`, within
    /// `limits`: its answer, checked, and its time (the runner's wait for the answer, not
    /// checked for disturbance: the child's own scheduling is not seen from here).
    pub(crate) fn row(&self, entry: &Entry<'_>, (name, limits): (&Arc<str>, &Limits)) -> Row {
        let grid = &entry.puzzle.grid;
        let first = self.ask(grid, limits);
        let timed = |took: Duration| Timing {
            ns: nanos(took),
            retimed: Retimed::Unchecked,
        };
        let none = Outcome::new(0, None, Counters::default(), false);
        let (status, outcome, ns, problem) = match first {
            Reply::Answer(answer, took) => {
                let outcome = answer.outcome();
                let known = entry.puzzle.solution.as_deref();
                let problem = check_with(grid, known, limits, &outcome, None);
                let status = match problem {
                    Some(_) => Status::Wrong,
                    None => Status::from(outcome.status),
                };
                (status, outcome, timed(took), problem)
            }
            Reply::Garbled(line, why, took) => {
                let problem = format!("the answer {line:?} is not understood: {why}");
                (Status::Wrong, none, timed(took), Some(problem))
            }
            Reply::Timeout(took) => {
                let problem = format!(
                    "no answer within {}: the child was killed (a new one takes the next puzzle)",
                    seconds(self.timeout)
                );
                (Status::Timeout, none, timed(took), Some(problem))
            }
            Reply::Crashed(how, took) => (Status::Crashed, none, timed(took), Some(how)),
        };
        entry.row((name, limits), status, &outcome, ns, problem)
    }

    /// The child's answer to `puzzle` timed again (a later `--repeat` pass); `None` when it
    /// gave none.
    pub(crate) fn time_again(&self, puzzle: &Grid, limits: &Limits) -> Option<Timing> {
        match self.ask(puzzle, limits) {
            Reply::Answer(_, took) => Some(Timing {
                ns: nanos(took),
                retimed: Retimed::Unchecked,
            }),
            _ => None,
        }
    }
}

/// The words of a command line, split as a POSIX shell splits them (quotes and
/// backslashes), without running a shell: the program, then its arguments.
///
/// # Errors
///
/// When the command is empty, or cannot be split (an unclosed quote).
pub fn split_command(command: &str) -> Result<Vec<String>, ExternalError> {
    let argv = shlex::split(command).ok_or_else(|| ExternalError::Split(command.into()))?;
    if argv.is_empty() {
        return Err(ExternalError::Empty);
    }
    Ok(argv)
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// What is said of a new child that did not answer [`FIRST_QUESTION`] within `limit` (see
/// [`External::start_timeout`]).
fn start_timed_out(limit: Duration) -> String {
    format!(
        "none within {}, a new child's time to start (the time limit of an answer, {} at \
         least): killed",
        seconds(limit),
        seconds(START_TIMEOUT)
    )
}

/// A duration in seconds, as `--timeout` takes it: `10 s`, `0.5 s`.
fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// The plain [`Solver`] view of the child process, for what needs one (a warm-up, `sudoku-
/// lab solve`'s size check): a timeout reads as `budget_exhausted`, a crash or an answer not
/// understood as `no_solution`. A run's rows come from the engine instead, and say
/// `timeout`, `crashed` or `wrong`.
impl Solver for External {
    fn name(&self) -> &'static str {
        "cmd"
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        match self.ask(puzzle, limits) {
            Reply::Answer(answer, _) => answer.outcome(),
            Reply::Timeout(_) => Outcome::new(0, None, Counters::default(), true),
            Reply::Garbled(..) | Reply::Crashed(..) => {
                Outcome::new(0, None, Counters::default(), false)
            }
        }
    }

    /// Every size: the child is sent every puzzle (it may answer `none` to one it cannot
    /// solve, which the check calls wrong when the corpus gives a solution).
    fn supports(&self, _: Size) -> bool {
        true
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let children = std::mem::take(self.pool.get_mut().unwrap_or_else(|e| e.into_inner()));
        std::thread::scope(|scope| {
            for child in children {
                scope.spawn(|| child.close());
            }
        });
    }
}

impl std::fmt::Debug for External {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("External")
            .field("command", &self.command)
            .field("timeout", &self.timeout)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_that_timed_out_says_what_its_limit_was() {
        assert_eq!(
            start_timed_out(Duration::from_secs(60)),
            "none within 60 s, a new child's time to start (the time limit of an answer, 10 s \
at least): killed"
        );
    }
}
