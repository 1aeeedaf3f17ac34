//! Messages that say what is wrong, and where: a symbol a line's size does not have, at its
//! column; a UTF-32 file named as such; links of a folder of corpora that lead to no file;
//! `generate` targets no puzzle can meet, as usage errors.

mod common;

use std::path::Path;

use common::{lab, write, TOP1};

/// `bench CORPUS -s dlx` in `dir`: its exit status and its stderr.
fn bench(dir: &Path, corpus: &str) -> (Option<i32>, String) {
    let out = lab()
        .current_dir(dir)
        .args(["bench", corpus, "-s", "dlx", "-o", "r.csv", "-q"])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A letter in a 9x9 line is named at its column (it was "expected … 81 (9x9) … cells,
/// found 81"), and so is a symbol beyond a 16x16 grid's digits (it was said to be at
/// column 1).
#[test]
fn a_symbol_beyond_the_size_is_named_where_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let mut nine = TOP1.to_string();
    nine.replace_range(10..11, "A");
    let mut sixteen = ".".repeat(256);
    sixteen.replace_range(100..101, "H");
    write(&dir, "c.txt", &format!("{TOP1}\n{nine}\n{sixteen}\n"));
    let (code, err) = bench(dir.path(), "c.txt");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains(
            "warning: c.txt:2:11: symbol 'A' is not a digit of a 9x9 grid (1-9) (line skipped)"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "warning: c.txt:3:101: symbol 'H' is not a digit of a 16x16 grid (1-G) (line skipped)"
        ),
        "{err}"
    );
}

/// A UTF-32 file is named as such (its byte-order mark was taken for UTF-16's).
#[test]
fn a_utf32_file_is_named_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = vec![0xFF, 0xFE, 0, 0];
    for b in format!("{TOP1}\n").bytes() {
        text.extend([b, 0, 0, 0]);
    }
    std::fs::write(dir.path().join("c.txt"), text).unwrap();
    let (code, err) = bench(dir.path(), "c.txt");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "c.txt: the file is UTF-32 (it starts with a UTF-32 byte-order mark): save it as \
             UTF-8 to read it"
        ),
        "{err}"
    );
}

/// Links of a folder of corpora that lead to no file (a missing target, a loop) are left
/// out with a note each (they were left out unsaid).
#[cfg(unix)]
#[test]
fn links_of_a_folder_that_lead_to_no_file_are_noted() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let corpora = dir.path().join("corpora");
    std::fs::create_dir(&corpora).unwrap();
    std::fs::write(corpora.join("a.txt"), format!("{TOP1}\n")).unwrap();
    symlink("gone.txt", corpora.join("b.txt")).unwrap();
    symlink("c.txt", corpora.join("c.txt")).unwrap();
    let (code, err) = bench(dir.path(), "corpora");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains(
            "note: corpora/b.txt: a link to gone.txt that leads to no file (No such file or \
             directory (os error 2)): left out"
        ),
        "{err}"
    );
    assert!(
        err.contains("note: corpora/c.txt: a link to c.txt that leads to no file ("),
        "{err}"
    );
}

/// A `generate` target no puzzle can meet is a usage error that says why (it was tried
/// `--max-attempts` times, then called rare): more givens than a minimal puzzle has, a
/// node band above its strategy's budget.
#[test]
fn an_impossible_generate_target_is_a_usage_error() {
    let dlx = "dlx:30_000_000..40_000_000";
    for (args, said) in [
        (
            &["--givens", "81"][..],
            "error: no minimal 9x9 puzzle has 81 givens: removing a given from a minimal puzzle leaves two solutions, which differ \
             on 4 cells at least, so it has 78 givens at most (--no-minimal keeps more)\n",
        ),
        (
            &["--nodes", dlx][..],
            "error: dlx stops at 20000000 nodes (its budget per solve, as a run \
             gives it): no puzzle needs 30000000 nodes or more of it\n",
        ),
    ] {
        let out = lab()
            .args(["generate", "-n", "1", "--seed", "1"])
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.starts_with(said), "{err}");
    }
    let out = lab()
        .args([
            "generate",
            "-n",
            "1",
            "--seed",
            "1",
            "--givens",
            "81",
            "--no-minimal",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

/// The first 10 malformed lines of a corpus are named, the others counted, one line at
/// the corpus's end saying how many in all.
#[test]
fn malformed_lines_past_the_tenth_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    let bad = "not a puzzle\n".repeat(12);
    write(&dir, "c.txt", &format!("{TOP1}\n{bad}"));
    let (code, err) = bench(dir.path(), "c.txt");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err.matches("(line skipped)").count(), 10, "{err}");
    assert!(
        err.contains("warning: c.txt: 12 malformed lines skipped in all, the first 10 shown"),
        "{err}"
    );
}
