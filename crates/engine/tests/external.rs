//! Solvers run as child processes (`cmd:`): the Python solver of the lab's test fixtures
//! answers as a built-in strategy's rows do, and a child that misbehaves gets a clear
//! status while the run goes on; nothing a child starts outlives it; an answer never falls
//! on another puzzle unflagged. Needs python3 and sh.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use sudoku_core::Limits;
use sudoku_engine::external::split_command;
use sudoku_engine::{
    run, ChildEvent, ChildEventKind, Contender, External, ExternalError, Plan, Sink, SinkError,
    Solved, Source,
};
use sudoku_results::{Row, Status};

/// The solver run by `command`, each answer awaited at most `timeout`.
fn external(command: &str, timeout: Duration) -> External {
    External::from_words(command, split_command(command).unwrap(), timeout)
}

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../lab/tests/fixtures");
    path.join(name).display().to_string()
}

/// The first five puzzles of Norvig's easy50: quick for a plain search in Python.
const EASY: [&str; 5] = [
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    "200080300060070084030500209000105408000000000402706000301007040720040060004010003",
    "000000907000420180000705026100904000050000040000507009920108000034059000507000000",
    "030050040008010500460000012070502080000603000040109030250000098001020600080060020",
    "020810740700003100090002805009040087400208003160030200302700060005600008076051090",
];

/// The rows of [`EASY`] solved by `command`.
fn rows(command: &str, timeout: Duration, threads: usize) -> Vec<Row> {
    solved(command, timeout, threads, &EASY).rows
}

/// What a run told its sink: the rows, and what became of the children.
#[derive(Default)]
struct Told {
    rows: Vec<Row>,
    events: Vec<ChildEvent>,
}

impl Sink for Told {
    fn puzzle(&mut self, solved: Solved<'_>) -> Result<(), SinkError> {
        self.rows.extend_from_slice(solved.rows);
        Ok(())
    }

    fn child(&mut self, event: &ChildEvent) {
        self.events.push(event.clone());
    }
}

/// The puzzles solved by `command`, named `py`, on `threads` workers: what the run told.
fn solved(command: &str, timeout: Duration, threads: usize, puzzles: &[&str]) -> Told {
    let external = external(command, timeout);
    external.check_start(&Limits::FIRST).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("easy.txt");
    std::fs::write(&corpus, puzzles.join("\n")).unwrap();
    let plan = Plan {
        sources: vec![Source::File(corpus)],
        contenders: vec![Contender::external("py", external, Limits::FIRST)],
        threads,
        ..Plan::default()
    };
    let mut told = Told::default();
    run(&plan, &mut told, &AtomicBool::new(false));
    told
}

#[test]
fn a_python_solver_answers_with_its_counters_and_every_answer_is_checked() {
    let solver = format!("python3 {}", fixture("solver.py"));
    for threads in [1, 2] {
        let rows = rows(&solver, Duration::from_secs(30), threads);
        assert_eq!(rows.len(), 5);
        for row in &rows {
            assert_eq!(&*row.solver, "py");
            assert!(
                matches!(row.status, Status::Solved),
                "{row:?} {:?}",
                row.problem
            );
            assert!(row.nodes >= 1 && row.nanoseconds > 0, "{row:?}");
        }
    }
}

#[test]
fn wrong_garbled_crashed_and_stalled_answers_each_get_their_status() {
    let prefix = EASY[1][..20].replace('0', ".");
    let mode = |m: &str| format!("python3 {} {m} '{prefix}'", fixture("misbehave.py"));
    let timeout = Duration::from_millis(400);
    for (m, status, problem) in [
        ("wrong", Status::Wrong, "does not solve the puzzle"),
        ("garble", Status::Wrong, "is not understood"),
        (
            "crash",
            Status::Crashed,
            "exited with status 3; its last words on stderr: giving up",
        ),
        ("stall", Status::Timeout, "no answer within 0.4 s"),
    ] {
        let rows = rows(&mode(m), timeout, 1);
        let statuses: Vec<&Status> = rows.iter().map(|r| &r.status).collect();
        let mut want = vec![&Status::Solved; 5];
        want[1] = &status;
        assert_eq!(statuses, want, "{m}");
        let said = rows[1].problem.as_deref().unwrap_or("");
        assert!(said.contains(problem), "{m}: {said}");
    }
}

#[test]
fn a_child_that_always_crashes_is_given_up_after_three() {
    let always = format!("python3 {} crash ''", fixture("misbehave.py"));
    let crashed = rows(&always, Duration::from_secs(10), 1);
    assert!(crashed.iter().all(|r| r.status == Status::Crashed));
    assert!(crashed[4]
        .problem
        .as_deref()
        .unwrap()
        .contains("not restarted"));
    let bare = format!("python3 {} bare", fixture("misbehave.py"));
    let answered = rows(&bare, Duration::from_secs(10), 1);
    assert!(answered
        .iter()
        .all(|r| r.status == Status::Solved && r.nodes == 0));
}

#[test]
fn a_command_that_cannot_start_or_exits_at_once_is_an_error() {
    let missing = external("no-such-program-here --x", Duration::from_secs(1));
    let err = missing.check_start(&Limits::FIRST).unwrap_err();
    assert!(matches!(err, ExternalError::Start { .. }), "{err}");
    assert!(
        err.to_string()
            .contains("cannot start \"no-such-program-here\""),
        "{err}"
    );
    let exits = format!("python3 {} exit", fixture("misbehave.py"));
    let err = external(&exits, Duration::from_secs(1))
        .check_start(&Limits::FIRST)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(
            "no answer to a first question (a solved grid): crashed: exited with status 2; \
             its last words on stderr: no solving today"
        ),
        "{err}"
    );
    for command in ["  ", "a 'b"] {
        let err = split_command(command);
        assert!(matches!(err, Err(ExternalError::Split(_))), "{command}");
    }
}

/// A new child gets the time limit of an answer to start, 10 s at least: a solver given a
/// minute per answer may take as long to start (its start-up was cut at 10 s whatever the
/// time limit).
#[test]
fn a_new_child_gets_the_time_limit_of_an_answer_to_start_ten_seconds_at_least() {
    let start = |timeout: Duration| external("./s", timeout).start_timeout();
    assert_eq!(start(Duration::from_secs(1)), Duration::from_secs(10));
    assert_eq!(start(Duration::from_secs(10)), Duration::from_secs(10));
    assert_eq!(start(Duration::from_secs(60)), Duration::from_secs(60));
    assert_eq!(
        sudoku_engine::external::START_TIMEOUT,
        Duration::from_secs(10)
    );
}

/// Whether the process `pid` is there and not a zombie (a process killed whose parent
/// did not reap it yet is gone for this purpose).
fn alive(pid: u32) -> bool {
    if Path::new("/proc/self").exists() {
        return std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            !stat
                .rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .starts_with('Z')
        });
    }
    std::process::Command::new("kill")
        .args(["-0", &pid.to_string()])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The process ID a child wrote to `file`, and whether it is gone within a minute (a bound
/// on a hang, not a time asked for: a killed process is gone at once); the process is
/// killed at the end whatever the answer, so that a failing test leaves nothing behind.
fn gone(file: &Path) -> (u32, bool) {
    let pid: u32 = std::fs::read_to_string(file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(60);
    while alive(pid) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    let ended = !alive(pid);
    let _ = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .stderr(std::process::Stdio::null())
        .status();
    (pid, ended)
}

/// A shell child: `on_puzzle` runs for every line with an empty cell (`.`), `none` answers
/// the first question (a solved grid, no `.`).
fn shell(on_puzzle: &str) -> String {
    let script =
        format!("while read l; do case $l in *.*) {on_puzzle};; *) echo none;; esac; done");
    format!("sh -c '{script}'")
}

/// A child that timed out is ended with everything it started (its process group): the
/// grandchild it left running (in the issue, a busy one kept two cores busy after the run
/// exited 0) is gone. So is the one a child leaves running when the run ends, though the
/// child itself exits as asked.
#[cfg(unix)]
#[test]
fn nothing_a_child_started_outlives_it() {
    let dir = tempfile::tempdir().unwrap();
    let pid = dir.path().join("grandchild.pid");
    let stall = shell(&format!("sleep 1000 & echo $! > {}; wait", pid.display()));
    let told = solved(&stall, Duration::from_secs(1), 1, &EASY[..1]);
    assert_eq!(told.rows[0].status, Status::Timeout);
    let (grandchild, ended) = gone(&pid);
    assert!(
        ended,
        "the timed-out child's grandchild {grandchild} is still running"
    );

    let pid = dir.path().join("left.pid");
    let leaves = format!(
        "sh -c 'sleep 1000 & echo $! > {}; while read l; do echo none; done'",
        pid.display()
    );
    let told = solved(&leaves, Duration::from_secs(10), 1, &EASY[..1]);
    assert_eq!(told.rows[0].status, Status::NoSolution);
    let (grandchild, ended) = gone(&pid);
    assert!(ended, "the grandchild {grandchild} outlived the run");
}

/// A child that exits while something it started still holds its output (so that the
/// output never ends) crashed, with its exit status, found at once: it is not a timeout.
#[cfg(unix)]
#[test]
fn a_child_that_exits_while_its_grandchild_holds_its_output_crashed() {
    let exits = shell("sleep 1000 & exit 3");
    let told = solved(&exits, Duration::from_secs(20), 1, &EASY[..1]);
    let row = &told.rows[0];
    assert_eq!(row.status, Status::Crashed, "{:?}", row.problem);
    let problem = row.problem.as_deref().unwrap();
    assert!(
        problem.starts_with("crashed: exited with status 3"),
        "{problem}"
    );
    assert!(
        matches!(&told.events[..], [ChildEvent { kind: kind @ ChildEventKind::Crashed(_), at: Some((_, 1)), .. }] if kind.to_string() == problem),
        "{:?}",
        told.events
    );
}

/// The rows of a child that wrote a line nobody asked for, after its answer to the
/// puzzle of row `spoiled`: every row before and after it is solved, but for one or two
/// right after it that are flagged (`crashed` as out of step; the first of two may have
/// taken the stray line for its answer, `wrong`, not understood), at least one of them
/// `crashed`. The answers never shift for good, and no row is silently off.
fn out_of_step_once(rows: &[Row], spoiled: usize) {
    let statuses: Vec<&Status> = rows.iter().map(|r| &r.status).collect();
    let flagged = |r: &Row| {
        let said = r.problem.as_deref().unwrap_or("");
        match r.status {
            Status::Crashed => said.starts_with("out of step: "),
            Status::Wrong => said.contains("\"stray line\" is not understood"),
            _ => false,
        }
    };
    let first_off = spoiled + 1;
    let solved_after = rows[first_off..]
        .iter()
        .position(|r| r.status == Status::Solved)
        .map_or(rows.len(), |n| first_off + n);
    assert!(
        rows[..first_off].iter().all(|r| r.status == Status::Solved),
        "{statuses:?}"
    );
    assert!(
        (first_off + 1..=first_off + 2).contains(&solved_after),
        "{statuses:?}"
    );
    assert!(
        rows[first_off..solved_after].iter().all(flagged),
        "{rows:?}"
    );
    assert_eq!(rows[solved_after - 1].status, Status::Crashed, "{rows:?}");
    assert!(
        rows[solved_after..]
            .iter()
            .all(|r| r.status == Status::Solved),
        "{statuses:?}"
    );
}

/// A child that writes a line nobody asked for (right after an answer, or a second later,
/// when the next puzzle is sent) is found out of step: its row is `crashed`, with why, the
/// child is replaced, and every later answer falls on its own puzzle. Before, the stray
/// line was dropped unsaid, or taken for the next answer, and every answer after it fell
/// on the puzzle after its own (`wrong`, or `no_solution` for a solvable puzzle).
#[test]
fn a_stray_line_never_shifts_the_answers() {
    let prefix = EASY[1][..20].replace('0', ".");
    for mode in ["extra", "late"] {
        let command = format!("python3 {} {mode} '{prefix}'", fixture("misbehave.py"));
        let told = solved(&command, Duration::from_secs(30), 1, &EASY);
        out_of_step_once(&told.rows, 1);
        // The line found waiting may be the stray one, or the answer after it.
        assert!(
            told.events
                .iter()
                .any(|e| matches!(&e.kind, ChildEventKind::OutOfStep(_))),
            "{mode}: {:?}",
            told.events
        );
    }
}

/// A child that writes a banner before it reads anything answers the first question with
/// it, and every puzzle with the answer to the one before: each child is found out of step
/// on its first puzzle (its answer keeps the givens of the solved grid it was asked
/// first, or waits before the puzzle is sent), and is given up after three.
#[test]
fn a_child_that_writes_a_banner_is_out_of_step() {
    let command = format!("python3 {} banner", fixture("misbehave.py"));
    let told = solved(&command, Duration::from_secs(30), 1, &EASY);
    assert!(told.rows.iter().all(|r| r.status == Status::Crashed));
    for row in &told.rows[..3] {
        let said = row.problem.as_deref().unwrap();
        assert!(said.starts_with("out of step: "), "{said}");
    }
    assert!(told.rows[3]
        .problem
        .as_deref()
        .unwrap()
        .contains("not restarted"));
    let kinds: Vec<&ChildEventKind> = told.events.iter().map(|e| &e.kind).collect();
    assert!(
        matches!(
            &kinds[..],
            [
                ChildEventKind::OutOfStep(_),
                ChildEventKind::OutOfStep(_),
                ChildEventKind::OutOfStep(_),
                ChildEventKind::GivenUp
            ]
        ),
        "{kinds:?}"
    );
    let said = told.events[3].to_string();
    assert!(
        said.starts_with("py on ") && said.ends_with(": crashed 3 times in a row: not restarted"),
        "{said}"
    );
}

/// What became of each child is told once, not once per row: three crashes (each with its
/// exit status and last words), then the giving up, for five rows.
#[test]
fn each_child_is_told_once() {
    let always = format!("python3 {} crash ''", fixture("misbehave.py"));
    let told = solved(&always, Duration::from_secs(10), 1, &EASY);
    assert_eq!(told.rows.len(), 5);
    let said: Vec<String> = told.events.iter().map(ToString::to_string).collect();
    assert_eq!(said.len(), 4, "{said:?}");
    for (line, text) in said[..3].iter().enumerate() {
        assert!(
            text.starts_with("py on ") && text.contains(&format!(".txt:{}: crashed: exited with status 3; its last words on stderr: giving up on ", line + 1)),
            "{text}"
        );
    }
    assert!(said[3].contains("crashed 3 times in a row"), "{}", said[3]);
}

/// A child that writes line after line without end, between two puzzles, is held back by
/// its output not being read beyond a few lines waiting: the runner kept every line, a
/// million lines of `y` taking 32 MB, without bound.
#[cfg(unix)]
#[test]
fn a_child_that_writes_without_end_is_held_back() {
    let dir = tempfile::tempdir().unwrap();
    let flag = dir.path().join("written");
    let flood = format!(
        "sh -c 'read l; echo none; yes | head -n 1000000; echo > {}; cat > /dev/null'",
        flag.display()
    );
    let external = external(&flood, Duration::from_secs(10));
    external.check_start(&Limits::FIRST).unwrap();
    // A bound on the wait, not a time asked for: unread, the writes never end.
    let until = Instant::now() + Duration::from_secs(3);
    while !flag.exists() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!flag.exists(), "the million lines were all read");
}
