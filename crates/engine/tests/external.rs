//! Solvers run as child processes (`cmd:`): the Python solver of the lab's test fixtures
//! answers as a built-in strategy's rows do, and a child that misbehaves gets a clear
//! status while the run goes on. Needs python3.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use sudoku_core::Limits;
use sudoku_engine::{run, Contender, External, ExternalError, Plan, Source};
use sudoku_results::{Row, Status};

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
    let external = External::new(command, timeout).unwrap();
    external.check_start(&Limits::FIRST).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("easy.txt");
    std::fs::write(&corpus, EASY.join("\n")).unwrap();
    let plan = Plan {
        sources: vec![Source::File(corpus)],
        contenders: vec![Contender::external("py", external, Limits::FIRST)],
        threads,
        ..Plan::default()
    };
    let mut rows: Vec<Row> = Vec::new();
    run(&plan, &mut rows, &AtomicBool::new(false));
    rows
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
    let missing = External::new("no-such-program-here --x", Duration::from_secs(1)).unwrap();
    let err = missing.check_start(&Limits::FIRST).unwrap_err();
    assert!(matches!(err, ExternalError::Start { .. }), "{err}");
    assert!(
        err.to_string()
            .contains("cannot start \"no-such-program-here\""),
        "{err}"
    );
    let exits = format!("python3 {} exit", fixture("misbehave.py"));
    let err = External::new(&exits, Duration::from_secs(1))
        .unwrap()
        .check_start(&Limits::FIRST)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(
            "no answer to a first question (a solved grid): its output ended: exited with \
             status 2; its last words on stderr: no solving today"
        ),
        "{err}"
    );
    assert!(matches!(
        External::new("  ", Duration::ZERO),
        Err(ExternalError::Empty)
    ));
    assert!(matches!(
        External::new("a 'b", Duration::ZERO),
        Err(ExternalError::Split(_))
    ));
}

/// A new child gets the time limit of an answer to start, 10 s at least: a solver given a
/// minute per answer may take as long to start (its start-up was cut at 10 s whatever the
/// time limit).
#[test]
fn a_new_child_gets_the_time_limit_of_an_answer_to_start_ten_seconds_at_least() {
    let start = |timeout: Duration| External::new("./s", timeout).unwrap().start_timeout();
    assert_eq!(start(Duration::from_secs(1)), Duration::from_secs(10));
    assert_eq!(start(Duration::from_secs(10)), Duration::from_secs(10));
    assert_eq!(start(Duration::from_secs(60)), Duration::from_secs(60));
    assert_eq!(
        sudoku_engine::external::START_TIMEOUT,
        Duration::from_secs(10)
    );
}
