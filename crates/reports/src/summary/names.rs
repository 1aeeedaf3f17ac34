//! Short names for corpora: the file stem (or, to match runs, the file name), unless two
//! corpora of a run share it.

use std::collections::{HashMap, HashSet};
use std::ffi::OsStr;
use std::path::Path;

/// The short name of each corpus (the book's "summary"): its file stem, or its path.
pub fn short_names<'a>(corpora: impl IntoIterator<Item = &'a str>) -> HashMap<&'a str, String> {
    unless_shared(corpora, |c| Path::new(c).file_stem())
}

/// The name by which runs compared or drawn together match a corpus (`runs`: each run's
/// corpora): its file name, so that runs made in different folders match, or the path as
/// given when two corpora of one of the runs share that file name (`x/c.txt` and
/// `y/c.txt`: one name would pool the two), in every run, so that `x/c.txt` alone in
/// another run is still matched with it.
pub fn match_names<'a, R>(runs: impl IntoIterator<Item = R>) -> HashMap<&'a str, String>
where
    R: IntoIterator<Item = &'a str>,
{
    let (mut all, mut shared) = (HashSet::new(), HashSet::new());
    for run in runs {
        let run: HashSet<&str> = run.into_iter().collect();
        let mut names = HashSet::new();
        for name in run.iter().filter_map(|&c| Path::new(c).file_name()) {
            if !names.insert(name) {
                shared.insert(name);
            }
        }
        all.extend(run);
    }
    let name = |c: &'a str| match Path::new(c).file_name() {
        Some(name) if !shared.contains(name) => name.to_string_lossy().into_owned(),
        _ => c.to_string(),
    };
    all.into_iter().map(|c| (c, name(c))).collect()
}

/// Each corpus's `part` of its path, or the path as given when another corpus of the list
/// has the same part, or it has none.
fn unless_shared<'a>(
    corpora: impl IntoIterator<Item = &'a str>,
    part: impl Fn(&str) -> Option<&OsStr>,
) -> HashMap<&'a str, String> {
    let name = |c: &str| -> String {
        part(c)
            .map(|s| s.to_string_lossy().into_owned())
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| c.to_string())
    };
    let corpora: HashSet<&str> = corpora.into_iter().collect();
    let mut sharing: HashMap<String, usize> = HashMap::new();
    for &c in &corpora {
        *sharing.entry(name(c)).or_default() += 1;
    }
    let named = |c: &'a str| match name(c) {
        n if sharing[&n] > 1 => (c, c.to_string()),
        n => (c, n),
    };
    corpora.into_iter().map(named).collect()
}

/// `text` cut to at most `width` characters by an ellipsis in its middle, so that both
/// ends (a corpus's family and its number) stay readable.
pub fn cut_middle(text: &str, width: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= width || width < 3 {
        return text.to_string();
    }
    let (head, tail) = ((width - 1) / 2, width - 1 - (width - 1) / 2);
    let (start, end) = (&chars[..head], &chars[chars.len() - tail..]);
    start.iter().chain(['…'].iter()).chain(end).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_parts_of_paths_unless_two_corpora_share_one() {
        let corpora = [
            "x/c.txt",
            "y/c.txt",
            "../c/top95.txt",
            "c.csv",
            "stdin",
            "z/top95",
        ];
        let (short, matched) = (short_names(corpora), match_names([corpora]));
        // c.csv and c.txt share a stem, not a name: (corpus, short name, matching name).
        for (corpus, stem, name) in [
            ("x/c.txt", "x/c.txt", "x/c.txt"),
            ("../c/top95.txt", "../c/top95.txt", "top95.txt"),
            ("c.csv", "c.csv", "c.csv"),
            ("stdin", "stdin", "stdin"),
            ("z/top95", "z/top95", "top95"),
        ] {
            assert_eq!(
                (&*short[corpus], &*matched[corpus]),
                (stem, name),
                "{corpus}"
            );
        }
        let one = "../c/puzzles2_17_clue";
        assert_eq!(short_names([one])[one], "puzzles2_17_clue");
    }

    #[test]
    fn a_file_name_two_corpora_of_one_run_share_is_a_path_in_every_run() {
        let names = match_names([
            vec!["x/c.txt", "y/c.txt", "m1/t.txt"],
            vec!["x/c.txt", "m2/t.txt"],
        ]);
        assert_eq!(names["x/c.txt"], "x/c.txt");
        assert_eq!(
            (&*names["m1/t.txt"], &*names["m2/t.txt"]),
            ("t.txt", "t.txt")
        );
    }

    #[test]
    fn cutting_keeps_both_ends() {
        assert_eq!(cut_middle("puzzles3_magictour_top1465", 12), "puzzl…op1465");
        assert_eq!(cut_middle("top95", 12), "top95");
    }
}
