//! Any solver, in any language: a command run as a long-lived child process that answers
//! one puzzle per line (`--solvers 'cmd:python3 my_solver.py'`; the protocol is in
//! [`answer`], and the book's `harness/external.md` says it all to a user).
//!
//! The engine times each round trip and checks every solution as it checks the built-in
//! strategies'. The budget is a time limit: a child with no answer within it is ended
//! (`timeout`). A child that exits before answering, or answers out of step (see
//! `child.rs`), is `crashed` and replaced; after [`GIVE_UP`] crashes in a row its rows say
//! `crashed` at once. An answer not understood, or failing its check, is `wrong`. The run
//! goes on in every case, and the sink hears of each child that ended, once
//! ([`ChildEvent`]).
//!
//! Each child runs in a process group of its own, ended whole when it is replaced and when
//! the run ends (see `process.rs`). Each worker asks a child of its own from a pool, so a
//! run on `-j N` starts at most N (fewer when the runner's files do not allow N:
//! [`fit_children`]). The runner's own want (no file or process to start a child, and none
//! alive) is never a solver's row: the run stops with [`ExternalError::Runner`]. Every new
//! child is first asked [`FIRST_QUESTION`], untimed, so that its start-up is in no
//! puzzle's time.

pub mod answer;
mod child;
mod fate;
mod process;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use sudoku_core::{Counters, Grid, Limits, Outcome, Size, Solver};
use sudoku_results::{Retimed, Row, Status};
use thiserror::Error;

pub use answer::{Answer, Verdict, MAX_ANSWER_BYTES};
pub use fate::{ChildEvent, ChildEventKind};

use child::{Child, Failure};

use crate::checked::{check_with, Entry};
use crate::contender::Contender;
use crate::sink::Sink;
use crate::stopwatch::{nanos, Timing};

/// Crashes in a row after which a child is not restarted.
pub const GIVE_UP: u64 = 3;
/// The first question every new child is asked, untimed: a solved grid (any line back
/// will do), so that its start-up (an interpreter's imports, a JIT) is never part of a
/// puzzle's time, and a command that cannot answer is found before the run.
pub const FIRST_QUESTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// The least time a new child gets to answer [`FIRST_QUESTION`] (see
/// [`External::start_timeout`]).
pub const START_TIMEOUT: Duration = Duration::from_secs(10);
/// The files the runner holds for one child: the ends of its three pipes.
pub const FILES_PER_CHILD: u64 = 3;
/// The files [`fit_children`] keeps for the run's own (its output, its corpora, a child
/// being started).
pub const FILES_KEPT: u64 = 64;
/// The most events kept for the sink between two of its ticks.
const EVENTS_KEPT: usize = 1000;

/// Why a command cannot be a solver, or the runner cannot run it.
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
    /// The runner cannot start a child of the command (out of files, processes or
    /// memory), and has none left: the runner's own failure, not the solver's.
    #[error(
        "cmd:{command}: the runner cannot start a child ({reason}), and has none left to \
         ask: stopping (this is the runner's want, not the solver's: lower -j, or raise \
         the limit, ulimit -n or ulimit -u)"
    )]
    Runner {
        /// The command.
        command: String,
        /// What the runner could not get.
        reason: std::io::Error,
    },
    /// Too few files left to the runner for a child of each solver run by command.
    #[error(
        "too few files for the cmd: solvers: the runner may open {limit} (ulimit -n) and \
         {left} more now, and keeps {FILES_KEPT} for its own; a child takes \
         {FILES_PER_CHILD}, and each of the {solvers} cmd: solvers needs one (raise ulimit \
         -n)"
    )]
    Files {
        /// The limit.
        limit: u64,
        /// The files it may still open.
        left: u64,
        /// The solvers run by command.
        solvers: usize,
    },
}

/// A solver run as a child process; see the [module documentation](self).
pub struct External {
    command: String,
    argv: Vec<String>,
    timeout: Duration,
    crashes: AtomicU64,
    /// Its children and what became of them (boxed: a contender stays small).
    shared: Box<Shared>,
}

/// What the workers asking an [`External`] share, besides its crashes in a row.
#[derive(Default)]
struct Shared {
    pool: Mutex<Pool>,
    /// Told when a child comes back to the pool or ends.
    freed: Condvar,
    /// Held while a child is started: one start at a time, so that the pipes a start holds
    /// for a moment are held once, not once per worker.
    starting: Mutex<()>,
    /// What became of the children, for the sink (see [`pass_events`]).
    events: Mutex<Vec<(Option<At>, ChildEventKind)>>,
    /// The runner's own failure, which stops the run (see [`ExternalError::Runner`]).
    failure: Mutex<Option<ExternalError>>,
}

/// The data of `mutex`, even when a thread panicked while holding it.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A puzzle's corpus and line, where an event happened.
type At = (Arc<str>, u64);

/// The children of a solver.
struct Pool {
    /// The children waiting for a puzzle.
    idle: Vec<Child>,
    /// The children alive: waiting, answering, or being started.
    live: usize,
    /// The most alive at once (see [`fit_children`]).
    most: usize,
}

impl Default for Pool {
    fn default() -> Pool {
        Pool {
            idle: Vec::new(),
            live: 0,
            most: usize::MAX,
        }
    }
}

/// How one question to a child ended.
#[derive(Debug)]
pub(crate) enum Reply {
    /// An answer line, understood, and the round trip.
    Answer(Box<Answer>, Duration),
    /// An answer line that is not an answer: the line, what is wrong with it, the round trip.
    Garbled(String, String, Duration),
    /// No answer within the time limit.
    Timeout,
    /// No answer: the child ended, or is given up (the row's problem).
    Crashed(String),
    /// No question asked: the runner cannot start a child (see [`External::take_failure`]).
    Refused,
}

impl External {
    /// The solver run by `command` (split into words as a POSIX shell splits them, without
    /// running a shell), each answer awaited at most `timeout`.
    ///
    /// # Errors
    ///
    /// When the command is empty or cannot be split.
    pub fn new(command: &str, timeout: Duration) -> Result<External, ExternalError> {
        let argv = split_command(command)?;
        Ok(External::from_words(command, argv, timeout))
    }

    /// The solver run by the words `argv` (the program, then its arguments, as
    /// [`split_command`] gives them), shown as `command`, each answer awaited at most
    /// `timeout`. Empty words are a program that cannot be started.
    pub fn from_words(command: &str, argv: Vec<String>, timeout: Duration) -> External {
        External {
            command: command.to_string(),
            argv,
            timeout,
            crashes: AtomicU64::new(0),
            shared: Box::default(),
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

    /// A new child, which has answered [`FIRST_QUESTION`]; it learns `limits` from its
    /// environment.
    fn spawn(&self, limits: &Limits) -> Result<Child, ExternalError> {
        let mut env = vec![("SUDOKU_LAB_LIMIT", limits.solution_limit().to_string())];
        if let Some(n) = limits.max_nodes {
            env.push(("SUDOKU_LAB_MAX_NODES", n.to_string()));
        }
        let started = {
            let _one = lock(&self.shared.starting);
            Child::spawn(&self.argv, &env)
        };
        let mut child = started.map_err(|reason| ExternalError::Start {
            command: self.command.clone(),
            program: self.argv.first().cloned().unwrap_or_default(),
            reason,
        })?;
        let how = match child.ask(FIRST_QUESTION, self.start_timeout()) {
            Ok(_) => {
                *child.previous = FIRST_QUESTION.parse().unwrap_or(Grid::EMPTY);
                return Ok(child);
            }
            Err(Failure::Closed(what)) => format!("{what}: {}", child.reap()),
            Err(Failure::Timeout) => {
                child.kill();
                start_timed_out(self.start_timeout())
            }
            Err(Failure::OutOfStep(line)) => {
                child.kill();
                unasked(&line)
            }
        };
        Err(ExternalError::NoAnswer {
            command: self.command.clone(),
            how,
        })
    }

    /// Starts a first child (kept for the first puzzle), so that a command that cannot
    /// answer stops the run before any work.
    ///
    /// # Errors
    ///
    /// When the program cannot be started, or does not answer its first question.
    pub fn check_start(&self, limits: &Limits) -> Result<(), ExternalError> {
        let child = self.spawn(limits)?;
        let mut pool = self.lock_pool();
        pool.live += 1;
        pool.idle.push(child);
        Ok(())
    }

    /// The runner's own failure met by a question ([`ExternalError::Runner`]), taken: it
    /// stops the run.
    pub fn take_failure(&self) -> Option<ExternalError> {
        lock(&self.shared.failure).take()
    }

    fn event(&self, at: Option<&At>, kind: ChildEventKind) {
        let mut events = lock(&self.shared.events);
        if events.len() < EVENTS_KEPT {
            events.push((at.cloned(), kind));
        }
    }

    fn lock_pool(&self) -> MutexGuard<'_, Pool> {
        lock(&self.shared.pool)
    }

    /// A child for a question: a waiting one, else a new one while fewer than the most
    /// are alive, else the next to come back. A child the runner cannot start for want of
    /// files or processes lowers the most to those alive (the sink is told); with none
    /// alive, the error is [`ExternalError::Runner`].
    fn find_child(&self, limits: &Limits) -> Result<Child, ExternalError> {
        let mut pool = self.lock_pool();
        loop {
            if let Some(child) = pool.idle.pop() {
                return Ok(child);
            }
            if pool.live >= pool.most {
                pool = self
                    .shared
                    .freed
                    .wait(pool)
                    .unwrap_or_else(PoisonError::into_inner);
                continue;
            }
            pool.live += 1;
            drop(pool);
            let started = self.spawn(limits);
            pool = self.lock_pool();
            let e = match started {
                Ok(child) => return Ok(child),
                Err(e) => e,
            };
            pool.live -= 1;
            self.shared.freed.notify_all();
            let reason = match e {
                ExternalError::Start { reason, .. } if process::runner_short_of(&reason) => reason,
                e => return Err(e),
            };
            if pool.live == 0 {
                let command = self.command.clone();
                return Err(ExternalError::Runner { command, reason });
            }
            pool.most = pool.live;
            let why = reason.to_string();
            let children = pool.live;
            self.event(None, ChildEventKind::Fewer { children, why });
        }
    }

    /// Counts a child ended.
    fn ended(&self) {
        self.lock_pool().live -= 1;
        self.shared.freed.notify_one();
    }

    /// Counts a crash in a row: the sink is told of it (`kind`), and of the giving up at
    /// the [`GIVE_UP`]th; the row's problem is `problem`.
    fn crashed(&self, at: Option<&At>, kind: ChildEventKind, problem: String) -> Reply {
        self.event(at, kind);
        if self.crashes.fetch_add(1, Ordering::SeqCst) + 1 == GIVE_UP {
            self.event(at, ChildEventKind::GivenUp);
        }
        Reply::Crashed(problem)
    }

    /// Asks a child (a waiting one, or a new one) to solve `puzzle`, the puzzle of `at`.
    pub(crate) fn ask(&self, puzzle: &Grid, limits: &Limits, at: Option<&At>) -> Reply {
        if self.crashes.load(Ordering::SeqCst) >= GIVE_UP {
            return Reply::Crashed(format!(
                "not restarted: it crashed {GIVE_UP} times in a row"
            ));
        }
        let mut child = match self.find_child(limits) {
            Ok(child) => child,
            Err(e @ ExternalError::Runner { .. }) => {
                lock(&self.shared.failure).get_or_insert(e);
                return Reply::Refused;
            }
            Err(e) => {
                return self.crashed(at, ChildEventKind::Crashed(e.to_string()), e.to_string())
            }
        };
        let (kind, problem) = match child.ask(&puzzle.to_line(), self.timeout) {
            Ok((line, took)) => {
                let answer = Answer::parse(&line);
                let before = answer.as_ref().ok();
                match before.and_then(|a| answered_before(a, puzzle, &child.previous)) {
                    Some(why) => {
                        child.kill();
                        out_of_step(why)
                    }
                    None => {
                        *child.previous = *puzzle;
                        self.lock_pool().idle.push(child);
                        self.shared.freed.notify_one();
                        self.crashes.store(0, Ordering::SeqCst);
                        return match answer {
                            Ok(answer) => Reply::Answer(Box::new(answer), took),
                            Err(why) => Reply::Garbled(line, why, took),
                        };
                    }
                }
            }
            Err(Failure::Timeout) => {
                child.kill();
                self.ended();
                self.event(at, ChildEventKind::TimedOut(self.timeout));
                return Reply::Timeout;
            }
            Err(Failure::Closed(what)) => {
                let how = format!("{what}: {}", child.reap());
                (ChildEventKind::Crashed(how.clone()), how)
            }
            Err(Failure::OutOfStep(line)) => {
                child.kill();
                out_of_step(unasked(&line))
            }
        };
        self.ended();
        self.crashed(at, kind, problem)
    }

    /// The row of `entry`'s puzzle solved by this child process, named `name`, within
    /// `limits`: its answer, checked, and its time (the runner's wait for the answer, not
    /// checked for disturbance: the child's own scheduling is not seen from here); none
    /// when the runner cannot start a child (see [`Reply::Refused`]).
    pub(crate) fn row(
        &self,
        entry: &Entry<'_>,
        (name, limits): (&Arc<str>, &Limits),
    ) -> Option<Row> {
        let grid = &entry.puzzle.grid;
        let at = (entry.corpus.clone(), entry.puzzle.line);
        let none = Outcome::new(0, None, Counters::default(), false);
        let (status, outcome, took, problem) = match self.ask(grid, limits, Some(&at)) {
            Reply::Answer(answer, took) => {
                let outcome = answer.outcome();
                let known = entry.puzzle.solution.as_deref();
                let problem = check_with(grid, known, limits, &outcome, None);
                let status = match problem {
                    Some(_) => Status::Wrong,
                    None => Status::from(outcome.status),
                };
                (status, outcome, took, problem)
            }
            Reply::Garbled(line, why, took) => {
                let problem = format!("the answer {line:?} is not understood: {why}");
                (Status::Wrong, none, took, Some(problem))
            }
            Reply::Timeout => {
                let problem = format!(
                    "no answer within {}: the child was killed (a new one takes the next puzzle)",
                    seconds(self.timeout)
                );
                (Status::Timeout, none, self.timeout, Some(problem))
            }
            Reply::Crashed(how) => (Status::Crashed, none, Duration::ZERO, Some(how)),
            Reply::Refused => return None,
        };
        let timing = unchecked(took);
        Some(entry.row((name, limits), status, &outcome, timing, problem))
    }

    /// The child's answer to `puzzle` timed again (a later `--repeat` pass); `None` when it
    /// gave none.
    pub(crate) fn time_again(&self, puzzle: &Grid, limits: &Limits) -> Option<Timing> {
        match self.ask(puzzle, limits, None) {
            Reply::Answer(_, took) => Some(unchecked(took)),
            _ => None,
        }
    }
}

/// A round trip's time, not checked for disturbance.
fn unchecked(took: Duration) -> Timing {
    Timing {
        ns: nanos(took),
        retimed: Retimed::Unchecked,
    }
}

/// Hands `sink` what became of the children of `contenders` run by command since it was
/// last told (on the run's tick, and at its end): once per child, not once per row.
pub(crate) fn pass_events(contenders: &[Contender], sink: &mut dyn Sink) {
    for contender in contenders {
        let Some(external) = contender.as_external() else {
            continue;
        };
        for (at, kind) in std::mem::take(&mut *lock(&external.shared.events)) {
            let solver = contender.name().clone();
            sink.child(&ChildEvent { solver, at, kind });
        }
    }
}

/// Fewer children than workers for the solvers run by command (see [`fit_children`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FewerChildren {
    /// The children each solver runs at most.
    pub children: usize,
    /// The workers.
    pub workers: usize,
    /// The runner's limit of open files (`ulimit -n`).
    pub limit: u64,
}

impl std::fmt::Display for FewerChildren {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cmd: solvers: {} children each at most, not one per worker ({}): the runner \
             may open {} files (ulimit -n), a child takes {FILES_PER_CHILD} and {FILES_KEPT} \
             are kept for its own; the other workers wait for a free child (raise ulimit -n \
             for more)",
            self.children, self.workers, self.limit
        )
    }
}

/// Sets how many children each solver of `contenders` run by command keeps at most, so
/// that they fit, with `workers` asking, in the files the runner may still open (its
/// limit, `ulimit -n`, less the files open now and [`FILES_KEPT`]): one per worker when
/// they fit, else fewer (what is said when so). Without a limit to read, one per worker.
///
/// # Errors
///
/// [`ExternalError::Files`] when not even one child per solver fits.
pub fn fit_children(
    contenders: &[Contender],
    workers: usize,
) -> Result<Option<FewerChildren>, ExternalError> {
    let externals: Vec<&External> = contenders
        .iter()
        .filter_map(Contender::as_external)
        .collect();
    let Some((limit, left)) = process::files_left().filter(|_| !externals.is_empty()) else {
        return Ok(None);
    };
    // The children already alive (`check_start`'s) hold their files.
    let alive: usize = externals.iter().map(|e| e.lock_pool().live).sum();
    let left = left + alive as u64 * FILES_PER_CHILD;
    let each = left.saturating_sub(FILES_KEPT) / (FILES_PER_CHILD * externals.len() as u64);
    let each = usize::try_from(each).unwrap_or(usize::MAX);
    if each == 0 {
        let solvers = externals.len();
        return Err(ExternalError::Files {
            limit,
            left,
            solvers,
        });
    }
    for external in &externals {
        external.lock_pool().most = each;
    }
    Ok((each < workers.max(1)).then_some(FewerChildren {
        children: each,
        workers,
        limit,
    }))
}

/// Why an answer is out of step, when it is a solution that breaks a given of `puzzle`
/// and keeps every given of the puzzle the child answered before (`previous`): it answers
/// that one, and every later answer would fall on the puzzle after its own.
fn answered_before(answer: &Answer, puzzle: &Grid, previous: &Grid) -> Option<String> {
    let Verdict::Solution(solution) = &answer.verdict else {
        return None;
    };
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

/// What the sink is told, and the row says, of a child that answered out of step (`why`).
fn out_of_step(why: String) -> (ChildEventKind, String) {
    let problem = format!(
        "answered out of step: {why}: the child was ended (a new one takes the next puzzle)"
    );
    (ChildEventKind::OutOfStep(why), problem)
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

/// What is said of a new child that did not answer [`FIRST_QUESTION`] within `limit`.
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
/// lab solve`'s size check): a timeout reads as `budget_exhausted`, anything else without
/// an answer as `no_solution`. A run's rows come from the engine instead, and say
/// `timeout`, `crashed` or `wrong`.
impl Solver for External {
    fn name(&self) -> &'static str {
        "cmd"
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        match self.ask(puzzle, limits, None) {
            Reply::Answer(answer, _) => answer.outcome(),
            reply => Outcome::new(
                0,
                None,
                Counters::default(),
                matches!(reply, Reply::Timeout),
            ),
        }
    }

    /// Every size: the child is sent every puzzle (it may answer `none` to one it cannot
    /// solve, which the check calls wrong when the corpus gives a solution).
    fn supports(&self, _: Size) -> bool {
        true
    }
}

impl Drop for External {
    /// Closes the waiting children's input, which ends a well-behaved child, then ends
    /// their groups.
    fn drop(&mut self) {
        let pool = self.shared.pool.get_mut();
        let children = std::mem::take(&mut pool.unwrap_or_else(PoisonError::into_inner).idle);
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
