//! `sudoku-lab generate`: the same seed gives the same bytes for any thread count; every
//! puzzle of a sample has one solution, is minimal and has its symmetry (checked by dlx,
//! another exact strategy than the generator's checker); the targets hold; bad arguments
//! are usage errors; a rare target is a bounded error; the files of `data/` are made again
//! byte for byte by the commands in their headers.

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command as Process, Stdio};

use common::{lab, BIN};
use predicates::prelude::*;
use sudoku_core::{Grid, Limits, Size, Solver, Status, Technique};
use sudoku_generator::Symmetry;
use tempfile::TempDir;

/// The stdout of `sudoku-lab generate ARGS`, which must succeed.
fn generate(args: &[&str]) -> String {
    let out = lab()
        .arg("generate")
        .args(args)
        .arg("-q")
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// The header lines (`#`) and the puzzles of a generated text.
fn split(text: &str) -> (Vec<&str>, Vec<Grid>) {
    let (header, lines): (Vec<&str>, Vec<&str>) = text.lines().partition(|l| l.starts_with('#'));
    let puzzles = lines.iter().map(|l| Grid::parse(l).unwrap()).collect();
    (header, puzzles)
}

fn dlx() -> Box<dyn Solver> {
    sudoku_catalogue::find("dlx").unwrap().solver()
}

/// Solutions of `puzzle` found by dlx under limit 2 (within its budget).
fn solutions(dlx: &dyn Solver, puzzle: &Grid) -> u64 {
    let out = dlx.solve(puzzle, &Limits::UNIQUENESS);
    assert_ne!(out.status, Status::BudgetExhausted, "{}", puzzle.to_line());
    out.solutions
}

/// Whether no orbit of givens can be removed without a second solution.
fn is_minimal(dlx: &dyn Solver, puzzle: &Grid, symmetry: Symmetry) -> bool {
    symmetry
        .orbits(puzzle.size())
        .iter()
        .filter(|orbit| puzzle.cells()[orbit[0] as usize] != 0)
        .all(|orbit| {
            let mut cells = puzzle.cells().to_vec();
            for &c in orbit {
                cells[c as usize] = 0;
            }
            let fewer = Grid::from_values(puzzle.size(), &cells);
            solutions(dlx, &fewer) > 1
        })
}

#[test]
fn the_same_seed_gives_the_same_bytes_on_one_thread_or_two() {
    let dir = TempDir::new().unwrap();
    let args = ["--count", "40", "--seed", "7", "--symmetry", "rotate180"];
    let one = generate(&[&args[..], &["-j", "1"]].concat());
    let two = generate(&[&args[..], &["-j", "2"]].concat());
    assert_eq!(one, two);
    let file = dir.path().join("sub/dir/p.txt");
    lab()
        .arg("generate")
        .args(args)
        .args(["--threads", "2", "-o"])
        .arg(&file)
        .assert()
        .success()
        .stdout("")
        .stderr(predicate::str::contains("wrote 40 puzzles to "));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), one);
    let (header, puzzles) = split(&one);
    assert_eq!(puzzles.len(), 40);
    assert_eq!(
        header[0],
        "# sudoku-lab generate --count 40 --seed 7 --size 9x9 --symmetry rotate180"
    );
    let other = generate(&["--count", "40", "--seed", "8", "--symmetry", "rotate180"]);
    let (_, others) = split(&other);
    assert!(puzzles.iter().zip(&others).all(|(a, b)| a != b));
}

#[test]
fn the_command_in_the_header_makes_the_same_file() {
    let text = generate(&["-n", "5", "--seed", "3", "--givens", "25..30", "-j", "2"]);
    let command = text.lines().next().unwrap().strip_prefix("# ").unwrap();
    let words: Vec<&str> = command.split(' ').collect();
    assert_eq!(words[..2], ["sudoku-lab", "generate"]);
    assert_eq!(generate(&words[2..]), text);
}

#[test]
fn a_sample_is_unique_minimal_and_symmetric_under_every_symmetry() {
    let dlx = dlx();
    for symmetry in Symmetry::ALL {
        for (size, count) in [("9x9", "6"), ("4x4", "10")] {
            let text = generate(&[
                "--count",
                count,
                "--seed",
                "11",
                "--size",
                size,
                "--symmetry",
                symmetry.name(),
            ]);
            let (header, puzzles) = split(&text);
            assert_eq!(header.len(), 3, "{text}");
            for p in &puzzles {
                assert_eq!(p.size().to_string(), size);
                assert_eq!(solutions(dlx.as_ref(), p), 1, "{}", p.to_line());
                assert!(symmetry.holds_for(p.size(), p.cells()), "{}", p.to_line());
                assert!(
                    is_minimal(dlx.as_ref(), p, symmetry),
                    "{symmetry}: {}",
                    p.to_line()
                );
            }
        }
    }
}

#[test]
fn sixteen_by_sixteen_puzzles_have_one_solution_and_their_symmetry() {
    let text = generate(&[
        "-n",
        "2",
        "--seed",
        "5",
        "--size",
        "16x16",
        "--symmetry",
        "diagonal",
        "--givens",
        "120..140",
        "--no-minimal",
    ]);
    let (_, puzzles) = split(&text);
    let dlx = dlx();
    for p in &puzzles {
        assert_eq!(p.size(), Size::SIXTEEN);
        assert!((120..=140).contains(&p.givens()), "{}", p.givens());
        assert_eq!(solutions(dlx.as_ref(), p), 1);
        assert!(Symmetry::Diagonal.holds_for(p.size(), p.cells()));
    }
}

#[test]
fn the_targets_hold() {
    let (_, puzzles) = split(&generate(&["-n", "8", "--seed", "1", "--givens", "26..27"]));
    assert!(puzzles.iter().all(|p| (26..=27).contains(&p.givens())));

    let naive = sudoku_catalogue::find("naive").unwrap().solver();
    let text = generate(&["-n", "8", "--seed", "1", "--nodes", "naive:10_000..100_000"]);
    assert!(text.contains("; naive needs 10000..100000 nodes for the first solution\n"));
    for p in split(&text).1 {
        let nodes = naive.solve(&p, &Limits::FIRST).counters.nodes;
        assert!((10_000..=100_000).contains(&nodes), "{nodes}");
    }

    let logic = sudoku_catalogue::find("logic").unwrap().solver();
    let text = generate(&["-n", "8", "--seed", "1", "--grade", "locked_candidates"]);
    for p in split(&text).1 {
        let out = logic.solve(&p, &Limits::FIRST);
        assert_eq!(out.counters.nodes, 1, "no search");
        assert_eq!(out.grade, Some(Technique::LockedCandidates));
    }

    // Not minimal: the dig stops at the high end of the range.
    let (_, puzzles) = split(&generate(&[
        "-n",
        "8",
        "--seed",
        "1",
        "--givens",
        "40..45",
        "--no-minimal",
    ]));
    let dlx = dlx();
    for p in &puzzles {
        assert!((40..=45).contains(&p.givens()));
        assert_eq!(solutions(dlx.as_ref(), p), 1);
        assert!(!is_minimal(dlx.as_ref(), p, Symmetry::None));
    }
}

#[test]
fn every_bad_argument_exits_2_says_what_is_wrong_and_writes_nothing() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("never.txt");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--count", "0"],
            "invalid value '0' for '--count <N>': expected a whole number of at least 1\n",
        ),
        (
            &["--count", "x"],
            "invalid value 'x' for '--count <N>': expected a whole number of at least 1\n",
        ),
        (
            &["--symmetry", "spiral"],
            "invalid value 'spiral' for '--symmetry <SYMMETRY>'\n  [possible values: none, \
rotate180, rotate90, mirror, diagonal]",
        ),
        (
            &["--size", "8x8"],
            "invalid value '8x8' for '--size <SIZE>'",
        ),
        (
            &["--nodes", "naive:1000..10"],
            "the node band 1000..10 is empty (a solve visits at least 1 node)",
        ),
        (
            &["--nodes", "naive:1_000..10"],
            "the node band 1000..10 is empty (a solve visits at least 1 node)",
        ),
        (
            &["--nodes", "naive:0..0"],
            "the node band 0..0 is empty (a solve visits at least 1 node)",
        ),
        (
            &["--nodes", "fast:1..10"],
            "unknown strategy \"fast\": the strategies are naive, reduce, norvig, dlx",
        ),
        (
            &["--nodes", "naive"],
            "\"naive\" is not a node band: write STRATEGY:LOW..HIGH",
        ),
        (
            &["--grade", "y_wing"],
            "invalid value 'y_wing' for '--grade <TECHNIQUE>'",
        ),
        (
            &["--givens", "16"],
            "no 9x9 puzzle with at most 16 givens has one solution: it needs at least 17",
        ),
        (
            &["--givens", "30..20"],
            "the range of givens 30..20 is empty",
        ),
        (
            &["--size", "4x4", "--givens", "17"],
            "a 4x4 grid has 16 cells: 17 givens cannot fit",
        ),
        (
            &["-j", "0"],
            "invalid value '0' for '--threads <N>': expected a whole number from 1 to 1024\n",
        ),
        (
            &["-j", "1025"],
            "invalid value '1025' for '--threads <N>': expected a whole number from 1 to 1024\n",
        ),
        (
            &["--max-attempts", "0"],
            "invalid value '0' for '--max-attempts <K>': expected a whole number of at least 1\n",
        ),
    ];
    for (args, message) in cases {
        let mut cmd = lab();
        cmd.args(["generate", "--seed", "1", "-o"])
            .arg(&out)
            .args(*args);
        if !args.contains(&"--count") {
            cmd.args(["--count", "3"]);
        }
        cmd.assert()
            .code(2)
            .stderr(predicate::str::contains(*message));
        assert!(!out.exists(), "{args:?}");
    }
    lab()
        .args(["generate", "--seed", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--count <N>"));
}

#[test]
fn a_rare_target_stops_after_its_attempts_and_says_where() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("rare.txt");
    std::fs::write(&out, "earlier\n").unwrap();
    lab()
        .args([
            "generate",
            "--count",
            "2",
            "--seed",
            "1",
            "--grade",
            "swordfish",
            "--max-attempts",
            "3",
            "-o",
        ])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "wrote 0 puzzles to {} (",
            dir.path().join("rare.failed.txt").display()
        )))
        .stderr(predicate::str::is_match(r"\(\d+ attempts in all, \d+\.\d s\)\n").unwrap())
        .stderr(predicate::str::contains(
            "error: puzzle 0: all 3 attempts allowed per puzzle missed the targets (a rare \
target: widen it or allow more attempts)\n",
        ));
    // The failed run's file is beside the earlier one, which it does not replace.
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "earlier\n");
    let text = std::fs::read_to_string(dir.path().join("rare.failed.txt")).unwrap();
    let (header, puzzles) = split(&text);
    assert!(puzzles.is_empty());
    // The header says what was asked; the last line, what came.
    assert_eq!(
        header[1],
        "# 2 minimal 9x9 puzzles, each with one solution (checked by bands), no symmetry; \
grade swordfish: logic solves each without search, and needs swordfish"
    );
    assert_eq!(
        header.last().unwrap(),
        &"# stopped after 0 of 2 puzzles: puzzle 0: all 3 attempts allowed per puzzle missed \
the targets (a rare target: widen it or allow more attempts)"
    );
}

/// `-o` naming a device or a pipe (`/dev/stdout`, a shell's `>(gzip > x.gz)`) writes to
/// it as it is: nothing is renamed over it.
#[cfg(unix)]
#[test]
fn a_device_given_to_o_is_written_as_it_is() {
    let out = lab()
        .args(["generate", "--count", "2", "--seed", "1"])
        .args(["-o", "/dev/stdout"])
        .assert()
        .success()
        .stderr(predicate::str::contains("wrote 2 puzzles to /dev/stdout"));
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(text, generate(&["--count", "2", "--seed", "1"]));
}

/// A 25x25 puzzle whose digging was refused removals as their uniqueness check ran out of
/// budget is minimal only as far as the checks could tell: the file's last line says so
/// (the note on stderr alone said it), below the header's `minimal` of what was asked.
#[test]
fn puzzles_not_proved_minimal_are_said_so_at_the_end_of_the_file() {
    let dir = TempDir::new().unwrap();
    let file = dir.path().join("p.txt");
    lab()
        .args([
            "generate", "--count", "1", "--seed", "1", "--size", "25x25", "-q", "-o",
        ])
        .arg(&file)
        .assert()
        .success();
    let text = std::fs::read_to_string(&file).unwrap();
    let (header, puzzles) = split(&text);
    assert_eq!(puzzles.len(), 1);
    assert_eq!(
        header[1],
        "# 1 minimal 25x25 puzzle with one solution (checked by dlx), no symmetry"
    );
    assert_eq!(
        *header.last().unwrap(),
        "# 265 removals refused (uniqueness check out of budget): the puzzles are minimal \
         only as far as the checks could tell"
    );
}

/// Under `--no-minimal` the puzzles are not said minimal, and a removal refused as its
/// check ran out of budget (digging stops there) says nothing of minimality either: the
/// file ended `# 47 removals were refused …: … these puzzles are minimal only as far as
/// the checks could tell`, of puzzles never meant to be minimal (the note was not given).
#[test]
fn puzzles_not_meant_minimal_get_no_line_about_minimality() {
    let dir = TempDir::new().unwrap();
    let file = dir.path().join("p.txt");
    let args = [
        "generate",
        "--count",
        "2",
        "--seed",
        "5",
        "--size",
        "25x25",
        "--no-minimal",
        "--givens",
        "250..300",
        "--progress-every",
        "0",
        "-o",
    ];
    let out = lab().args(args).arg(&file).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("wrote 2 puzzles to "), "{stderr}");
    assert!(!stderr.contains("minimal"), "{stderr}");
    let text = std::fs::read_to_string(&file).unwrap();
    let (header, puzzles) = split(&text);
    assert_eq!(puzzles.len(), 2);
    assert_eq!(header.len(), 3, "{header:?}");
    assert_eq!(
        header[1],
        "# 2 25x25 puzzles, each with one solution (checked by dlx), no symmetry; 250..300 \
         givens"
    );
    assert!(!text.contains("minimal only"), "{text}");
}

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly() {
    let mut child = Process::new(BIN)
        .args(["generate", "--count", "1000000", "--seed", "1", "-q"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(first.starts_with("# sudoku-lab generate --count 1000000"));
    drop(reader);
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
}

/// A file of `data/bench` that is quick to make again (under a second), made again by the
/// command in its header, equals it byte for byte but for the third header line, which
/// names the build (`# made by sudoku-lab VERSION (git COMMIT)`: the commit changes with
/// every commit); `data/README.md` gives the same command with the file as `-o`.
#[test]
fn data_files_are_made_again_by_their_header_command() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("data/README.md")).unwrap();
    let file = "data/bench/grade1-hidden_single.txt";
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let command = text.lines().next().unwrap().strip_prefix("# ").unwrap();
    assert!(
        readme.contains(&format!("`{command} -o {file}`")),
        "data/README.md gives `{command} -o {file}`"
    );
    let words: Vec<&str> = command.split(' ').collect();
    assert_eq!(words[..2], ["sudoku-lab", "generate"]);
    let again = generate(&words[2..]);
    // Every byte but those of the third line, which names the build.
    let without_build = |t: &str| -> String {
        let mut lines: Vec<&str> = t.split_inclusive('\n').collect();
        assert!(
            lines[2].starts_with("# made by sudoku-lab "),
            "{}",
            lines[2]
        );
        lines.remove(2);
        lines.concat()
    };
    assert_eq!(without_build(&again), without_build(&text), "{file}");
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 500);
}

/// A node band reaching above its strategy's budget in a run is measured to its high end:
/// `data/bench/naive-1e6-1e7.txt` (naive's budget is 2,000,000 nodes) is made again by its
/// header command, its first ten puzzles by the same command with `--count 10`, and some
/// of them need more than the budget (the band was once cut at it, unsaid, and the file
/// not made again).
#[test]
fn a_node_band_above_the_run_budget_is_measured_whole() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("data/bench/naive-1e6-1e7.txt")).unwrap();
    let command = text.lines().next().unwrap().strip_prefix("# ").unwrap();
    let args = command.replace("--count 100", "--count 10");
    let words: Vec<&str> = args.split(' ').collect();
    assert_eq!(words[..2], ["sudoku-lab", "generate"], "{command}");
    let again = generate(&words[2..]);
    let want: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(10)
        .collect();
    let got: Vec<&str> = again.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(got, want);
    let naive = sudoku_catalogue::find("naive").unwrap();
    let limits = Limits::FIRST.with_max_nodes(naive.default_max_nodes(Size::NINE));
    let over = want
        .iter()
        .map(|l| naive.solver().solve(&Grid::parse(l).unwrap(), &limits))
        .filter(|o| o.status == Status::BudgetExhausted)
        .count();
    assert!(over > 0, "none of the ten needs more than naive's budget");
}

/// The paragraphs after generate's options are wrapped evenly: every line but a
/// paragraph's last fills most of the 100 columns (a hard newline left in the source once
/// gave a long line, then a short one).
#[test]
fn the_help_after_the_options_is_wrapped_evenly() {
    let out = lab().args(["generate", "--help"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let (_, after) = text.split_once("\nOutput: ").unwrap();
    for paragraph in after.split("\n\n") {
        let lines: Vec<&str> = paragraph.lines().collect();
        for line in &lines[..lines.len() - 1] {
            let width = line.chars().count();
            assert!(
                (80..=100).contains(&width),
                "{width}: {line:?}\n{paragraph}"
            );
        }
    }
}
