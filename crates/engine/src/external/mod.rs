//! Any solver, in any language: a command run as long-lived child processes that answer one
//! puzzle per line (`cmd:python3 my_solver.py`), a child per worker from a pool. The book's
//! `harness/external.md` states the protocol and its rules.

mod answer;
mod child;
mod fate;
mod process;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use sudoku_core::{Counters, Grid, Limits, Outcome, Size, Solver};
use sudoku_results::{Retimed, Row, Status};
use thiserror::Error;

pub use fate::{ChildEvent, ChildEventKind};

use child::Child;

use crate::checked::{check, Entry};
use crate::contender::Contender;
use crate::sink::Sink;
use crate::stopwatch::{nanos, Timing};

/// Crashes in a row after which a child is not restarted.
pub const GIVE_UP: u64 = 3;
/// The first question of every new child, untimed: a solved grid (any line back will do).
pub const FIRST_QUESTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// The least time a new child gets to answer [`FIRST_QUESTION`].
pub const START_TIMEOUT: Duration = Duration::from_secs(10);
/// The runner's files one child holds: the ends of its three pipes.
pub const FILES_PER_CHILD: u64 = 3;
/// The files [`fit_children`] keeps for the run's own (output, corpora, a child starting).
pub const FILES_KEPT: u64 = 64;

/// Why a command cannot be a solver, or the runner cannot run it.
#[derive(Debug, Error)]
pub enum ExternalError {
    /// The command is empty or cannot be split into words (an unclosed quote).
    #[error("cmd: not a command line: {0:?} (empty, or an unclosed quote?)")]
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
    #[error("cmd:{command}: no answer to a first question (a solved grid): {why}")]
    NoAnswer {
        /// The command.
        command: String,
        /// Why.
        why: ChildEventKind,
    },
    /// The runner cannot start a child (out of files, processes or memory): its own failure.
    #[error("cmd:{command}: the runner cannot start a child ({reason})")]
    Runner {
        /// The command.
        command: String,
        /// What the runner could not get.
        reason: std::io::Error,
    },
}

/// A solver run as child processes; see the [module documentation](self).
#[derive(Debug)]
pub struct External {
    command: String,
    argv: Vec<String>,
    timeout: Duration,
    crashes: AtomicU64,
    /// Boxed: a contender stays small.
    shared: Box<Shared>,
}

/// What the workers asking an [`External`] share.
#[derive(Debug, Default)]
struct Shared {
    pool: Mutex<Pool>,
    /// Told when a child comes back to the pool or ends.
    freed: Condvar,
    /// One start at a time: the pipes a start holds for a moment are held once.
    starting: Mutex<()>,
    /// What became of the children, for [`pass_events`].
    events: Mutex<Vec<(Option<At>, ChildEventKind)>>,
    /// The runner's own failure ([`ExternalError::Runner`]), which stops the run.
    failure: Mutex<Option<ExternalError>>,
}

/// The data of `mutex`, even when a thread panicked while holding it.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A puzzle's corpus and line, where an event happened.
type At = (Arc<str>, u64);

/// The children of a solver: the ones waiting, how many are alive, the most alive at once.
#[derive(Debug, Default)]
struct Pool {
    idle: Vec<Child>,
    live: usize,
    most: Option<usize>,
}

/// How one question to a child ended.
enum Reply {
    /// The answer line, and the round trip.
    Answer(String, Duration),
    /// No answer: why (the child is ended).
    Failed(ChildEventKind),
    /// No question asked: the runner cannot start a child (see [`External::take_failure`]).
    Refused,
}

impl External {
    /// The solver run by the words `argv` ([`split_command`]'s), shown as `command`, each
    /// answer awaited at most `timeout`.
    pub fn from_words(command: &str, argv: Vec<String>, timeout: Duration) -> External {
        External {
            command: command.to_string(),
            argv,
            timeout,
            crashes: AtomicU64::new(0),
            shared: Box::default(),
        }
    }

    /// How long a new child gets to answer [`FIRST_QUESTION`]: the time limit of an answer,
    /// [`START_TIMEOUT`] at least.
    pub fn start_timeout(&self) -> Duration {
        self.timeout.max(START_TIMEOUT)
    }

    /// A new child, which has answered [`FIRST_QUESTION`], told `limits` in its environment.
    fn spawn(&self, limits: &Limits) -> Result<Child, ExternalError> {
        let env = [
            (
                "SUDOKU_LAB_LIMIT",
                Some(limits.solution_limit().to_string()),
            ),
            // Without a budget, none inherited from the runner's environment either.
            (
                "SUDOKU_LAB_MAX_NODES",
                limits.max_nodes.map(|n| n.to_string()),
            ),
        ];
        let started = {
            let _one = lock(&self.shared.starting);
            Child::spawn(&self.argv, &env)
        };
        let mut child = started.map_err(|reason| {
            let command = self.command.clone();
            if process::runner_short_of(&reason) {
                return ExternalError::Runner { command, reason };
            }
            let program = self.argv.first().cloned().unwrap_or_default();
            ExternalError::Start {
                command,
                program,
                reason,
            }
        })?;
        let first = FIRST_QUESTION.parse().unwrap_or(Grid::EMPTY);
        let why = child.ask(&first, self.start_timeout()).err();
        why.map_or(Ok(child), |why| {
            let command = self.command.clone();
            Err(ExternalError::NoAnswer { command, why })
        })
    }

    /// Starts a first child, kept for the first puzzle: a command that cannot be started or
    /// answer its first question is an error before any work.
    pub fn check_start(&self, limits: &Limits) -> Result<(), ExternalError> {
        let child = self.spawn(limits)?;
        let mut pool = lock(&self.shared.pool);
        pool.live += 1;
        pool.idle.push(child);
        Ok(())
    }

    /// The runner's own failure met by a question ([`ExternalError::Runner`]), taken.
    pub fn take_failure(&self) -> Option<ExternalError> {
        lock(&self.shared.failure).take()
    }

    /// A child for a question: a waiting one, else a new one while fewer than the most are
    /// alive, else the next to come back.
    fn find_child(&self, limits: &Limits) -> Result<Child, ExternalError> {
        let full = |p: &mut Pool| p.idle.is_empty() && p.most.is_some_and(|most| p.live >= most);
        let freed = self.shared.freed.wait_while(lock(&self.shared.pool), full);
        let mut pool = freed.unwrap_or_else(PoisonError::into_inner);
        if let Some(child) = pool.idle.pop() {
            return Ok(child);
        }
        pool.live += 1;
        drop(pool);
        self.spawn(limits).inspect_err(|_| self.ended())
    }

    /// Counts a child ended.
    fn ended(&self) {
        lock(&self.shared.pool).live -= 1;
        self.shared.freed.notify_one();
    }

    /// Asks a child to solve `puzzle`, the puzzle of `at`; tells the sink why when it gives
    /// no answer, and counts the crashes in a row.
    fn ask(&self, puzzle: &Grid, limits: &Limits, at: Option<&At>) -> Reply {
        if self.crashes.load(Ordering::SeqCst) >= GIVE_UP {
            return Reply::Failed(ChildEventKind::GivenUp);
        }
        let failure = match self.find_child(limits) {
            Ok(mut child) => match child.ask(puzzle, self.timeout) {
                Ok((line, took)) => {
                    lock(&self.shared.pool).idle.push(child);
                    self.shared.freed.notify_one();
                    self.crashes.store(0, Ordering::SeqCst);
                    return Reply::Answer(line, took);
                }
                Err(failure) => {
                    self.ended();
                    failure
                }
            },
            Err(e @ ExternalError::Runner { .. }) => {
                lock(&self.shared.failure).get_or_insert(e);
                return Reply::Refused;
            }
            Err(e) => ChildEventKind::Crashed(e.to_string()),
        };
        let event = |kind| lock(&self.shared.events).push((at.cloned(), kind));
        event(failure.clone());
        if !matches!(failure, ChildEventKind::TimedOut(_))
            && self.crashes.fetch_add(1, Ordering::SeqCst) + 1 == GIVE_UP
        {
            event(ChildEventKind::GivenUp);
        }
        Reply::Failed(failure)
    }

    /// The row of `entry`'s puzzle solved by a child, named `name`, within `limits`: its
    /// answer, checked, and the round trip; none when the runner cannot start a child.
    pub(crate) fn row(
        &self,
        entry: &Entry<'_>,
        (name, limits): (&Arc<str>, &Limits),
    ) -> Option<Row> {
        let grid = &entry.puzzle.grid;
        let at = (entry.corpus.clone(), entry.puzzle.line);
        let (status, outcome, took, problem) = match self.ask(grid, limits, Some(&at)) {
            Reply::Answer(line, took) => match answer::parse(&line) {
                Ok(outcome) => {
                    let known = entry.puzzle.solution.as_deref();
                    let problem = check(grid, known, limits, &outcome, None);
                    let status = problem
                        .as_ref()
                        .map_or(outcome.status.into(), |_| Status::Wrong);
                    (status, outcome, took, problem)
                }
                Err(why) => {
                    let problem = format!("the answer {line:?} is not understood: {why}");
                    (Status::Wrong, no_answer(false), took, Some(problem))
                }
            },
            Reply::Failed(why) => {
                let (status, took) = match why {
                    ChildEventKind::TimedOut(limit) => (Status::Timeout, limit),
                    _ => (Status::Crashed, Duration::ZERO),
                };
                (status, no_answer(false), took, Some(why.to_string()))
            }
            Reply::Refused => return None,
        };
        Some(entry.row((name, limits), status, &outcome, unchecked(took), problem))
    }

    /// The child's answer to `puzzle`, the puzzle of `at`, timed again (a later `--repeat`
    /// pass), if it gave one.
    pub(crate) fn time_again(&self, puzzle: &Grid, limits: &Limits, at: &At) -> Option<Timing> {
        match self.ask(puzzle, limits, Some(at)) {
            Reply::Answer(_, took) => Some(unchecked(took)),
            _ => None,
        }
    }
}

/// A round trip's time, not checked for disturbance (the child's scheduling is not seen).
fn unchecked(took: Duration) -> Timing {
    let (ns, retimed) = (nanos(took), Retimed::Unchecked);
    Timing { ns, retimed }
}

/// The outcome of a question without an answer (`budget`: the budget ran out).
fn no_answer(budget: bool) -> Outcome {
    Outcome::new(0, None, Counters::default(), budget)
}

/// Hands `sink` what became of the children of `contenders` since it was last told.
pub(crate) fn pass_events(contenders: &[Contender], sink: &mut dyn Sink) {
    for (contender, external) in contenders
        .iter()
        .filter_map(|c| Some((c, c.as_external()?)))
    {
        for (at, kind) in std::mem::take(&mut *lock(&external.shared.events)) {
            let solver = contender.name().clone();
            sink.child(&ChildEvent { solver, at, kind });
        }
    }
}

/// Sets how many children each `cmd:` solver of `contenders` keeps at most, so that they fit
/// in the files the runner may still open: one per worker when they fit, else fewer (one at
/// least), with a note to show.
pub fn fit_children(contenders: &[Contender], workers: usize) -> Option<String> {
    let externals: Vec<&External> = contenders
        .iter()
        .filter_map(Contender::as_external)
        .collect();
    let (limit, left) = process::files_left().filter(|_| !externals.is_empty())?;
    // The children already alive (`check_start`'s) hold their files.
    let alive: usize = externals.iter().map(|e| lock(&e.shared.pool).live).sum();
    let left = left + alive as u64 * FILES_PER_CHILD;
    let each = left.saturating_sub(FILES_KEPT) / (FILES_PER_CHILD * externals.len() as u64);
    let each = usize::try_from(each).unwrap_or(usize::MAX).max(1);
    for external in &externals {
        lock(&external.shared.pool).most = Some(each);
    }
    (each < workers.max(1)).then(|| {
        let children = if each == 1 { "child" } else { "children" };
        format!(
            "cmd: solvers: {each} {children} each at most, not one per worker ({workers}): the \
             runner may open {limit} files (ulimit -n); the other workers wait for a child"
        )
    })
}

/// The words of a command line, split as a POSIX shell splits them, without running a shell:
/// the program, then its arguments; an error when there are none (or an unclosed quote).
pub fn split_command(command: &str) -> Result<Vec<String>, ExternalError> {
    let argv = shlex::split(command).filter(|argv| !argv.is_empty());
    argv.ok_or_else(|| ExternalError::Split(command.into()))
}

/// The plain [`Solver`] view, for a warm-up (its events have no puzzle's place) or a size
/// check: a timeout reads as
/// `budget_exhausted`, anything else without an answer as `no_solution`.
impl Solver for External {
    fn name(&self) -> &'static str {
        "cmd"
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        match self.ask(puzzle, limits, None) {
            Reply::Answer(line, _) => answer::parse(&line).unwrap_or(no_answer(false)),
            reply => no_answer(matches!(reply, Reply::Failed(ChildEventKind::TimedOut(_)))),
        }
    }

    /// Every size: the child may answer `none` to one it cannot solve.
    fn supports(&self, _: Size) -> bool {
        true
    }
}

impl Drop for External {
    /// Closes the waiting children's input, then ends their groups.
    fn drop(&mut self) {
        let pool = self.shared.pool.get_mut();
        let children = std::mem::take(&mut pool.unwrap_or_else(PoisonError::into_inner).idle);
        std::thread::scope(|scope| {
            for mut child in children {
                scope.spawn(move || child.reap());
            }
        });
    }
}
