//! The command-line conventions: exit statuses, short flags and aliases, completions, the
//! manual page, the version, colour; the runner's fuzz target drawing every option.

mod common;

use std::path::Path;

use common::{lab, read_rows, usage_error, write, TOP1};
use predicates::prelude::*;
use sudoku_testkit::corpus_path;
use tempfile::TempDir;

#[test]
fn every_usage_error_exits_2_and_says_what_is_wrong() {
    let unknown = "unknown solver \"fast\": the solvers are naive, reduce, norvig, dlx";
    let cases: &[(&[&str], &str)] = &[
        (&["bench", "--solvers", "norvig,fast"], unknown),
        (
            &["bench", "-s", ""],
            "no solver given: the solvers are naive, reduce",
        ),
        (&["bench", "--solver", " , "], "no solver given"),
        (&["solve", "--solver", "fast", TOP1], unknown),
        (&["solve", "--solvers", "", TOP1], "no solver given"),
        (
            &["bench", "--limit", "0"],
            "invalid value '0' for '--limit <N>': expected a whole number of at least 1\n",
        ),
        (
            &["bench", "-j", "0"],
            "invalid value '0' for '--threads <N>': expected a whole number from 1 to 1024\n",
        ),
        (
            &["bench", "-j", "1025"],
            "invalid value '1025' for '--threads <N>': expected a whole number from 1 to 1024\n",
        ),
        (
            &["bench", "--repeat", "1001"],
            "invalid value '1001' for '--repeat <K>': expected a whole number from 1 to 1000\n",
        ),
        (
            &["bench", "--max-nodes", "99999999999999999999"],
            "invalid value '99999999999999999999' for '--max-nodes <N>': expected a whole number \
of at least 1\n",
        ),
        (
            &["compare", "a.csv", "b.csv", "--resamples", "0"],
            "invalid value '0' for '--resamples <N>': expected a whole number from 100 to 100000\n",
        ),
        (
            &["compare", "a.csv", "b.csv", "--fail-above", "nan"],
            "invalid value 'nan' for '--fail-above <PCT>': expected a percentage of at least 0",
        ),
        (
            &["compare", "a.csv", "b.csv", "--fail-above", "inf"],
            "invalid value 'inf' for '--fail-above <PCT>': expected a percentage of at least 0",
        ),
        (
            &["compare", "a.csv", "b.csv", "--fail-above=-50"],
            "invalid value '-50' for '--fail-above <PCT>': expected a percentage of at least 0",
        ),
        (
            &["compare", "a.csv", "b.csv", "--fail-above", "5%"],
            "invalid value '5%' for '--fail-above <PCT>': expected a percentage of at least 0, as 5 or 0.5\n",
        ),
        (&["bench", "-n", "x"], "invalid value 'x' for '--first <N>'"),
        (&["bench", "--nope"], "unexpected argument '--nope'"),
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (&["completions", "tcsh"], "invalid value 'tcsh'"),
        (&["man", "nope"], "invalid value 'nope'"),
        (
            &["--color", "sometimes", "bench"],
            "invalid value 'sometimes'",
        ),
        (&[], "Usage: sudoku-lab"),
    ];
    for (args, message) in cases {
        lab()
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*message));
    }
}

/// A usage error found after clap read the command line reads as clap's own, whichever
/// command finds it: `error: MESSAGE`, the command's usage line, the pointer to `--help`
/// (exit 2); in colour under `--color=always` or `CLICOLOR_FORCE`, never under `NO_COLOR`.
/// Bench's and merge's said `error: MESSAGE` alone, solve's, trace's and generate's went
/// through clap each its own way.
#[test]
fn a_usage_error_found_after_parsing_reads_as_clap_s_own() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    let corpus = corpus.to_str().unwrap();
    let shard = write(&dir, "s.csv", "");
    let shard = shard.to_str().unwrap();
    let cases: &[(&[&str], &str, String)] = &[
        (
            &["bench", "-s", "dlx", corpus, "-o", corpus],
            "bench [OPTIONS] [CORPUS]...",
            format!(
                "the corpus {corpus} is the output of this run (--out {corpus}): the run would \
                 overwrite what it reads; choose another --out"
            ),
        ),
        (
            &["merge", shard, "-o", shard],
            "merge [OPTIONS] --out <FILE.csv> <SHARD.csv>...",
            format!("--out {shard} may write {shard}, a file of the shard {shard}: choose another --out"),
        ),
        (
            &["trace", "-s", "cmd:cat", TOP1],
            "trace [OPTIONS] [PUZZLE]",
            "cat cannot be traced: only the catalogue's strategies tell their steps".into(),
        ),
        (
            &["generate", "--seed", "1", "--count", "1", "--givens", "5"],
            "generate [OPTIONS] --count <N> --seed <S>",
            "no 9x9 puzzle with at most 5 givens has one solution: it needs at least 17".into(),
        ),
    ];
    for (args, usage, message) in cases {
        lab()
            .args(*args)
            .assert()
            .code(2)
            .stderr(usage_error(usage, message));
        let stderr = |color: &[&str], env: &[(&str, &str)]| {
            let mut cmd = lab();
            cmd.args(color).args(*args).envs(env.iter().copied());
            let out = cmd.assert().code(2);
            String::from_utf8(out.get_output().stderr.clone()).unwrap()
        };
        let bold_red = "\u{1b}[1m\u{1b}[31merror:\u{1b}[0m ";
        let underlined = "\u{1b}[1m\u{1b}[4mUsage:\u{1b}[0m \u{1b}[1msudoku-lab";
        for coloured in [
            stderr(&["--color=always"], &[]),
            stderr(&[], &[("CLICOLOR_FORCE", "1")]),
        ] {
            assert!(
                coloured.starts_with(&format!("{bold_red}{message}\n"))
                    && coloured.contains(underlined),
                "{args:?}: {coloured:?}"
            );
        }
        let plain = stderr(&[], &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]);
        assert!(!plain.contains('\u{1b}'), "{args:?}: {plain:?}");
    }
}

#[test]
fn an_unknown_solver_writes_nothing() {
    let dir = TempDir::new().unwrap();
    lab()
        .args(["bench", "-s", "norvig,fast", "-o"])
        .arg(dir.path().join("x.csv"))
        .assert()
        .code(2);
    assert!(!dir.path().join("x.csv").exists());
}

#[test]
fn short_flags_and_both_spellings_of_solvers() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n").repeat(3));
    for flag in ["-s", "--solver", "--solvers"] {
        let out = dir.path().join(format!("{flag}.csv"));
        lab()
            .args([
                "bench",
                flag,
                "dlx,norvig",
                "-l",
                "2",
                "-j",
                "1",
                "-n",
                "2",
                "-q",
                "-o",
            ])
            .arg(&out)
            .arg(&corpus)
            .assert()
            .success()
            .stderr(predicate::str::contains("progress").not());
        let rows = read_rows(&out);
        let got: Vec<_> = rows
            .iter()
            .map(|r| (r.index, &*r.solver, r.limit))
            .collect();
        assert_eq!(
            got,
            [
                (0, "dlx", 2),
                (0, "norvig", 2),
                (1, "dlx", 2),
                (1, "norvig", 2)
            ]
        );
    }
    lab()
        .args(["solve", "-s", "dlx", "-l", "2", TOP1])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "dlx: solved, 1 solution (limit 2)",
        ));
    // plot's output is a folder: -o names it, as it names bench's file, and --out, as
    // every other command says it, is --out-dir.
    for flag in ["-o", "--out"] {
        let figures = dir.path().join(format!("figures{flag}"));
        lab()
            .arg("plot")
            .arg(dir.path().join("-s.csv"))
            .arg(flag)
            .arg(&figures)
            .assert()
            .success();
        assert!(figures.join("-s.time.svg").is_file(), "{flag}");
        assert!(figures.join("-s.nodes.svg").is_file(), "{flag}");
    }
}

#[test]
fn a_run_that_reads_no_puzzle_exits_1() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "bad.txt", "not a puzzle\n# nothing\n");
    lab()
        .args(["bench", "-s", "dlx", "-o"])
        .arg(dir.path().join("r.csv"))
        .arg(&corpus)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("error: no puzzle read"));
    lab()
        .args(["bench", "-", "-s", "dlx", "-o"])
        .arg(dir.path().join("s.csv"))
        .write_stdin("")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("warning: stdin: no puzzles"));
}

#[test]
fn completions_for_every_shell() {
    for (shell, marker) in [
        ("bash", "complete -F _sudoku__lab"),
        ("zsh", "#compdef sudoku-lab"),
        ("fish", "complete -c sudoku-lab"),
        ("elvish", "sudoku-lab"),
        ("powershell", "sudoku-lab"),
    ] {
        let out = lab().args(["completions", shell]).assert().success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert!(
            text.contains(marker),
            "{shell}: {}",
            &text[..text.len().min(200)]
        );
        assert!(text.contains("max-nodes"), "{shell}");
    }
}

/// The bash script completes a subcommand's options and values, as bash calls it (the
/// completion function with the command, the word and the word before it): it completed
/// none (its arms were named `sudoku__subcmd__lab__subcmd__bench`, its dispatch reached
/// `sudoku__lab__subcmd__bench`).
#[cfg(unix)]
#[test]
fn bash_completes_the_options_of_a_subcommand() {
    let out = lab().args(["completions", "bash"]).assert().success();
    let dir = tempfile::TempDir::new().unwrap();
    let script = dir.path().join("sudoku-lab.bash");
    std::fs::write(&script, &out.get_output().stdout).unwrap();
    let complete = |words: &[&str]| -> String {
        let cword = words.len() - 1;
        let probe = format!(
            "source '{}'; COMP_WORDS=({}); COMP_CWORD={cword}; \
             _sudoku__lab sudoku-lab '{}' '{}'; echo \"${{COMPREPLY[*]}}\"",
            script.display(),
            words
                .iter()
                .map(|w| format!("'{w}'"))
                .collect::<Vec<_>>()
                .join(" "),
            words[cword],
            words[cword - 1],
        );
        let out = std::process::Command::new("bash")
            .args(["-c", &probe])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    assert_eq!(
        complete(&["sudoku-lab", "bench", "--sol"]),
        "--solver --solvers"
    );
    assert_eq!(
        complete(&["sudoku-lab", "compare", "--fail"]),
        "--fail-above"
    );
    assert_eq!(complete(&["sudoku-lab", "bench", "--color", "ne"]), "never");
    assert_eq!(complete(&["sudoku-lab", "ben"]), "bench");
    // The strategies of the catalogue after -s, at any item of a list.
    assert_eq!(
        complete(&["sudoku-lab", "bench", "-s", "nor"]),
        "norvig norvig-essay"
    );
    assert_eq!(
        complete(&["sudoku-lab", "trace", "--solvers", "dlx,logic-su"]),
        "dlx,logic-subsets"
    );
    assert_eq!(
        complete(&["sudoku-lab", "solve", "-s", "dlx,na"]),
        "dlx,naive dlx,naive-essay"
    );
}

#[test]
fn man_pages_for_the_runner_and_its_subcommands() {
    let out = lab().arg("man").assert().success();
    let page = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH sudoku-lab"),
        "{page}"
    );
    assert!(page.contains("bench"), "{page}");
    let out = lab().args(["man", "bench"]).assert().success();
    let page = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(page.contains(".TH sudoku-lab-bench"), "{page}");
    assert!(page.contains("max\\-nodes"), "{page}");
}

/// The examples and notes that end `--help` are, on every page, a no-fill block (`.nf` …
/// `.fi`): a man reader shows them line for line, where it filled them as a paragraph (an
/// example run into its explanation, the explanation broken mid-line).
#[test]
fn man_shows_the_examples_line_for_line() {
    for page in [None, Some("solve"), Some("bench"), Some("compare")] {
        let mut args = vec!["man"];
        args.extend(page);
        let out = lab().args(&args).assert().success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let (_, extra) = text.split_once("\n.SH EXTRA\n").expect("an EXTRA section");
        let extra = extra.split("\n.SH ").next().unwrap();
        assert!(extra.starts_with(".nf\n"), "{page:?}: {extra}");
        assert!(extra.trim_end().ends_with("\n.fi"), "{page:?}: {extra}");
        assert!(extra.contains("\nExamples:\n") || extra.contains("\nExample:\n"));
    }
}

/// Every page the main page lists (its SEE ALSO names `sudoku\-lab\-NAME(1)`) is there.
#[test]
fn man_gives_every_page_the_main_page_lists() {
    let out = lab().arg("man").assert().success();
    let page = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let listed: Vec<&str> = page
        .split("sudoku\\-lab\\-")
        .skip(1)
        .filter_map(|rest| rest.split_once("(1)").map(|(name, _)| name))
        .collect();
    for name in ["bench", "merge", "compare", "completions", "man"] {
        assert!(listed.contains(&name), "{name} not listed: {listed:?}");
    }
    for name in listed {
        let out = lab().args(["man", name]).assert().success();
        let page = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert!(
            page.contains(&format!(".TH sudoku-lab-{name} ")),
            "{name}: {page}"
        );
    }
}

/// The text `--help` prints for `args`.
fn help(args: &[&str]) -> String {
    let out = lab().args(args).arg("--help").assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// The long options a `--help` lists, as each option's line names it (`-s, --solvers
/// <LIST>` gives `--solvers`); its descriptions, further in, are left out.
fn long_options(help: &str) -> Vec<String> {
    help.lines()
        .filter(|line| {
            let text = line.trim_start();
            text.starts_with('-') && line.len() - text.len() <= 6
        })
        .flat_map(|line| line.split([' ', ',', '=', '[']))
        .filter(|word| word.starts_with("--"))
        .map(String::from)
        .collect()
}

/// `-q` is one flag with one meaning in every command that takes it: no progress and no
/// summary on the terminal (the files are written all the same), notes, warnings and errors
/// still shown. The other commands refuse it as clap refuses any option it does not know.
#[test]
fn quiet_hides_progress_and_summary_and_solve_and_trace_refuse_it() {
    let dir = TempDir::new().unwrap();
    write(&dir, "two.txt", &format!("{TOP1}\nxx\n{TOP1}\n"));
    let skipped = "warning: two.txt:2:1: unexpected character 'x' in the puzzle";
    let run = |args: &[&str]| {
        let out = lab().current_dir(dir.path()).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        (text(&out.stdout), text(&out.stderr))
    };
    // bench: the summary on stdout and the line that says what was written, hidden; the
    // warning still shown, the files written.
    let (stdout, stderr) = run(&["bench", "-s", "dlx", "two.txt", "-o", "a.csv"]);
    assert!(stdout.contains("puzzles/s"), "{stdout}");
    assert!(
        stderr.contains("wrote a.csv") && stderr.contains(skipped),
        "{stderr}"
    );
    for quiet in ["-q", "--quiet"] {
        let (stdout, stderr) = run(&["bench", quiet, "-s", "dlx", "two.txt", "-o", "q.csv"]);
        assert_eq!(stdout, "", "bench {quiet}");
        assert!(
            stderr.starts_with(skipped) && stderr.lines().count() == 1,
            "bench {quiet}: {stderr}"
        );
        assert!(dir.path().join("q.summary.md").exists());
    }
    // generate and grade: their puzzles and rows on stdout, no summary beside them.
    let (stdout, stderr) = run(&["generate", "-q", "--count", "2", "--seed", "1"]);
    assert_eq!(stdout.lines().filter(|l| !l.starts_with('#')).count(), 2);
    assert_eq!(stderr, "");
    let (_, stderr) = run(&["generate", "--count", "2", "--seed", "1"]);
    assert!(stderr.starts_with("wrote 2 puzzles to stdout"), "{stderr}");
    let (stdout, stderr) = run(&["grade", "-q", "two.txt"]);
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    assert!(
        stderr.starts_with(skipped) && stderr.lines().count() == 1,
        "{stderr}"
    );
    let (_, stderr) = run(&["grade", "two.txt"]);
    assert!(stderr.contains("graded 2 puzzles of two.txt"), "{stderr}");
    // A command that does not take it refuses it as clap refuses any unknown option.
    for command in ["solve", "trace", "summary"] {
        lab()
            .args([command, "-q", "two.txt"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("unexpected argument '-q'"));
    }
}

/// The options of the runner's fuzz target (`fuzz/fuzz_targets/runner.rs`, built apart with
/// `cargo fuzz`) draw from are every command's, but for those it leaves out on purpose:
/// an option added to the command line and not to its list (trace's `--time-plain`) was
/// never fuzzed.
#[test]
fn the_runner_fuzz_target_draws_every_option() {
    const LEFT_OUT: [&str; 3] = ["--help", "--version", "--warmup"];
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/fuzz_targets/runner.rs");
    let source = std::fs::read_to_string(target).unwrap();
    let main = help(&[]);
    let commands = main
        .split_once("Commands:\n")
        .unwrap()
        .1
        .lines()
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|command| *command != "help");
    let options: Vec<String> = commands
        .flat_map(|command| {
            long_options(&help(&[command]))
                .into_iter()
                .map(move |option| format!("{command} {option}"))
        })
        .collect();
    assert!(
        options.contains(&"trace --time-plain".into()),
        "{options:?}"
    );
    let lacking: Vec<&String> = options
        .iter()
        .filter(|o| {
            let option = o.split_once(' ').unwrap().1;
            !LEFT_OUT.contains(&option) && !source.contains(&format!("\"{option}\","))
        })
        .collect();
    assert_eq!(lacking, Vec::<&String>::new());
}

/// Every fuzz target (a `[[bin]]` of `fuzz/Cargo.toml`, built apart with `cargo fuzz`) has
/// its command in the book's fuzzing chapter, and the chapter counts them right: a target
/// added without it was never run by anyone reading the book.
#[test]
fn the_book_runs_every_fuzz_target() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = std::fs::read_to_string(root.join("fuzz/Cargo.toml")).unwrap();
    let chapter = std::fs::read_to_string(root.join("book/src/fuzzing.md")).unwrap();
    let targets: Vec<&str> = manifest
        .split("[[bin]]")
        .skip(1)
        .filter_map(|bin| bin.lines().find_map(|l| l.strip_prefix("name = ")))
        .map(|name| name.trim_matches('"'))
        .collect();
    assert!(targets.len() >= 7, "{targets:?}");
    let unrun: Vec<&&str> = targets
        .iter()
        .filter(|t| !chapter.contains(&format!("cargo fuzz run -O {t} ")))
        .collect();
    assert_eq!(unrun, Vec::<&&str>::new());
    let words = [
        "", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    let count = words.get(targets.len()).copied().unwrap_or("");
    assert!(
        chapter.contains(&format!("`fuzz/` holds {count} [cargo-fuzz]")),
        "the book's fuzzing chapter does not say it holds {} targets",
        targets.len()
    );
}

#[test]
fn the_version_names_the_commit() {
    let out = lab().arg("-V").assert().success();
    let short = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(short.starts_with("sudoku-lab 0."), "{short}");
    assert!(short.contains(" (git "), "{short}");
    let out = lab().arg("--version").assert().success();
    let long = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        long.contains("\ngit commit: ") && long.contains("\nrustc: "),
        "{long}"
    );
}

#[test]
fn colour_follows_the_option_and_no_color() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\nnot a puzzle\n"));
    let run = |color: &str, no_color: bool| {
        let mut cmd = lab();
        if no_color {
            cmd.env("NO_COLOR", "1");
        }
        let out = cmd
            .args(["bench", "-s", "dlx", "-q", "--color", color, "-o"])
            .arg(dir.path().join("r.csv"))
            .arg(&corpus)
            .assert()
            .success();
        String::from_utf8(out.get_output().stderr.clone()).unwrap()
    };
    let coloured = run("always", false);
    assert!(
        coloured.contains("\u{1b}[") && coloured.contains("warning"),
        "{coloured:?}"
    );
    assert!(
        !run("auto", false).contains('\u{1b}'),
        "stderr is not a terminal"
    );
    assert!(!run("never", false).contains('\u{1b}'));
    assert!(!run("auto", true).contains('\u{1b}'));
    let clap_error = lab()
        .args(["--color=always", "bench", "--nope"])
        .assert()
        .code(2);
    let text = String::from_utf8(clap_error.get_output().stderr.clone()).unwrap();
    assert!(
        text.contains('\u{1b}'),
        "clap's errors follow --color too: {text:?}"
    );
}

#[test]
fn both_threads_settings_read_a_folder_and_stdin_alike() {
    let dir = TempDir::new().unwrap();
    let text = std::fs::read_to_string(corpus_path("norvig_sudoku-hardest.txt")).unwrap();
    for threads in ["1", "2"] {
        let out = dir.path().join(format!("{threads}.csv"));
        lab()
            .args(["bench", "-", "-s", "dlx", "-j", threads, "-o"])
            .arg(&out)
            .write_stdin(text.clone())
            .assert()
            .success();
        assert_eq!(read_rows(&out).len(), 11);
    }
}

/// `help` has no page: its page listed one per subcommand under its name
/// (`sudoku-lab-help-bench(1)`), pages that are not there. `man help` is a usage error that
/// names the pages there are, and the main page does not list it.
#[test]
fn man_help_is_refused_naming_the_pages() {
    lab()
        .args(["man", "help"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "error: invalid value 'help' for '[SUBCOMMAND]'\n  [possible values: bench, solve, \
trace, generate, grade, summary, plot, merge, compare, completions, man]\n",
        ));
    let out = lab().arg("man").assert().success();
    let page = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(!page.contains("sudoku\\-lab\\-help"), "{page}");
    assert!(page.contains("sudoku\\-lab\\-man(1)"), "{page}");
}
