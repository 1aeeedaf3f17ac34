//! The runner's own want is never a solver's row: a `cmd:` solver whose child crashed, when
//! the runner cannot start another (no file left), stops the run with the runner's error.
//! Alone in its test binary, as it lowers the process's limit of open files.

#![cfg(unix)]

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use sudoku_core::Limits;
use sudoku_engine::{run, Contender, End, EngineError, External, ExternalError, Plan, Source};
use sudoku_results::{Row, Status};

/// The files open in this process now.
fn open_files() -> libc::rlim_t {
    // The directory's own handle is one of the entries.
    (std::fs::read_dir("/dev/fd").unwrap().count() - 1) as libc::rlim_t
}

fn set_file_limit(soft: libc::rlim_t) {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain calls on a valid `rlimit`.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit), 0);
        limit.rlim_cur = soft;
        assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &limit), 0);
    }
}

/// The first child answers its first question, then crashes on the first puzzle (a row
/// `crashed`, its own doing). No file is left for another child: the run stops there,
/// failed with the runner's error, and no row says the solver crashed for the puzzles
/// after it (the old runner gave each of them a row `crashed`, and the run finished).
#[test]
fn a_child_the_runner_cannot_start_is_the_runners_error() {
    let crashes = "sh -c 'read l; echo none; read l; exit 3'";
    let argv = sudoku_engine::external::split_command(crashes).unwrap();
    let external = External::from_words(crashes, argv, Duration::from_secs(30));
    external.check_start(&Limits::FIRST).unwrap();
    let plan = Plan {
        sources: vec![Source::BuiltIn],
        contenders: vec![Contender::external("sh", external, Limits::FIRST)],
        threads: 1,
        ..Plan::default()
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: a plain call on a valid `rlimit`.
    assert_eq!(
        unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) },
        0
    );
    // Not one file more than now: the built-in puzzles need none.
    set_file_limit(open_files());
    let report = run(&plan, &mut rows, &AtomicBool::new(false));
    set_file_limit(limit.rlim_cur);
    let statuses: Vec<&Status> = rows.iter().map(|r| &r.status).collect();
    assert_eq!(statuses, [&Status::Crashed], "{rows:?}");
    assert!(
        rows[0]
            .problem
            .as_deref()
            .unwrap()
            .contains("exited with status 3"),
        "{rows:?}"
    );
    let End::Failed(EngineError::External(e)) = &report.end else {
        panic!("{:?}", report.end);
    };
    assert!(matches!(e, ExternalError::Runner { .. }), "{e:?}");
    let said = e.to_string();
    assert!(
        said.starts_with("cmd:sh -c 'read l; echo none; read l; exit 3': the runner cannot start a child (Too many open files"),
        "{said}"
    );
    assert_eq!(report.puzzles, 1);
}
