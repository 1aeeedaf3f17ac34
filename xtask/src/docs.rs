//! The link check of the documentation: every relative link and `#anchor` of the README,
//! the book (`book/src/`) and the other Markdown files of the repository leads to a file
//! that is there and, for a Markdown file, to a heading it has; every chapter of the book
//! is listed in `book/src/SUMMARY.md`. Run by `cargo xtask book` and by the test
//! `xtask/tests/docs.rs` (so by `cargo xtask test` and CI), with no tool beyond Cargo.
//!
//! Anchors are made from headings as mdBook and GitHub make them: the heading's text
//! without its Markdown marks, lower-cased, each space a `-`, every character that is not
//! a letter, a digit, `-` or `_` left out; a second heading of the same anchor gets `-1`,
//! a third `-2`. Links with a scheme (`https:`, `mailto:`) are not followed: the check
//! needs no network. Code (fenced blocks and inline spans) holds no links.
use std::collections::BTreeSet;
use std::fmt;
use std::fs;
use std::path::{Component, Path, PathBuf};

/// The folders, below the repository's root, whose Markdown files are checked (with the
/// root's own `README.md`). Generated files under `results/` (`bench.summary.md`) hold no
/// relative links and pass.
pub const CHECKED: [&str; 4] = ["book/src", "data", "docs", "results"];

/// The book's table of contents, below the root.
pub const SUMMARY: &str = "book/src/SUMMARY.md";

/// A link or a chapter that does not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The Markdown file, relative to the root.
    pub file: PathBuf,
    /// Its line, from 1 (0 for the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub kind: Fault,
}

/// What is wrong with a link or a chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The link's file is not there (the target as written).
    NoFile(String),
    /// The link's Markdown file has no heading of this anchor (the target as written).
    NoAnchor(String),
    /// The link leads out of the repository, where a reader of the repository cannot
    /// follow it (`../shared` is described in words, never linked).
    OutsideRepository(String),
    /// A Markdown file of `book/src` that `SUMMARY.md` does not list: mdBook leaves it out.
    NotInSummary,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        match &self.kind {
            Fault::NoFile(t) => write!(f, ": link to {t}: no such file"),
            Fault::NoAnchor(t) => write!(f, ": link to {t}: no heading of that anchor"),
            Fault::OutsideRepository(t) => {
                write!(f, ": link to {t}: it leads out of the repository")
            }
            Fault::NotInSummary => write!(f, ": a chapter that {SUMMARY} does not list"),
        }
    }
}

/// A link as written in a Markdown file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// Its line, from 1.
    pub line: usize,
    /// The target: a path, `path#anchor`, `#anchor` or a URL.
    pub target: String,
}

/// Checks every Markdown file of the repository at `root` (the root's `README.md` and
/// those under [`CHECKED`]) and the book's table of contents; the problems found, in
/// file order.
pub fn check(root: &Path) -> Vec<Problem> {
    let mut files = vec![PathBuf::from("README.md")];
    for folder in CHECKED {
        markdown_under(root, Path::new(folder), &mut files);
    }
    let mut problems = Vec::new();
    for file in &files {
        let Ok(text) = fs::read_to_string(root.join(file)) else {
            problems.push(Problem {
                file: file.clone(),
                line: 0,
                kind: Fault::NoFile(file.display().to_string()),
            });
            continue;
        };
        for link in links(&text) {
            if let Some(kind) = fault(root, file, &text, &link.target) {
                problems.push(Problem {
                    file: file.clone(),
                    line: link.line,
                    kind,
                });
            }
        }
    }
    problems.extend(unlisted_chapters(root, &files));
    problems
}

/// Adds the Markdown files under `root/folder` (relative to `root`), sorted, to `files`.
fn markdown_under(root: &Path, folder: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(root.join(folder)) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| folder.join(e.file_name()))
        .collect();
    paths.sort();
    for path in paths {
        if root.join(&path).is_dir() {
            markdown_under(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
}

/// The chapters of `book/src` (among `files`) that `SUMMARY.md` does not link.
fn unlisted_chapters(root: &Path, files: &[PathBuf]) -> Vec<Problem> {
    let summary = Path::new(SUMMARY);
    let book = summary.parent().expect("SUMMARY.md sits in book/src");
    let text = fs::read_to_string(root.join(summary)).unwrap_or_default();
    let listed: BTreeSet<PathBuf> = links(&text)
        .iter()
        .filter_map(|l| split(&l.target).0.map(|p| normal(&book.join(p))))
        .collect();
    files
        .iter()
        .filter(|f| f.starts_with(book) && f.as_path() != summary && !listed.contains(*f))
        .map(|f| Problem {
            file: f.clone(),
            line: 0,
            kind: Fault::NotInSummary,
        })
        .collect()
}

/// What is wrong with `target`, a link of `file` (whose text is `text`), if anything.
fn fault(root: &Path, file: &Path, text: &str, target: &str) -> Option<Fault> {
    if has_scheme(target) {
        return None;
    }
    let (path, anchor) = split(target);
    let (resolved, linked_text) = match path {
        None => (file.to_path_buf(), Some(text.to_string())),
        Some(path) => {
            let joined = file.parent().unwrap_or(Path::new("")).join(path);
            if escapes(&joined) {
                return Some(Fault::OutsideRepository(target.to_string()));
            }
            let resolved = normal(&joined);
            if !root.join(&resolved).exists() {
                return Some(Fault::NoFile(target.to_string()));
            }
            (resolved, None)
        }
    };
    let anchor = anchor?;
    if resolved.extension().is_none_or(|e| e != "md") {
        // A source file's line anchor (`lib.rs#L10`) is the host's, not checked here.
        return None;
    }
    let linked = match linked_text {
        Some(text) => text,
        None => fs::read_to_string(root.join(&resolved)).unwrap_or_default(),
    };
    let found = anchors(&linked).iter().any(|a| *a == anchor);
    (!found).then(|| Fault::NoAnchor(target.to_string()))
}

/// `path#anchor` as its path (none for `#anchor`) and its anchor.
fn split(target: &str) -> (Option<&str>, Option<&str>) {
    let (path, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    ((!path.is_empty()).then_some(path), anchor)
}

/// Whether a target names its scheme (`https://…`, `mailto:…`): a link the check does not
/// follow.
fn has_scheme(target: &str) -> bool {
    match target.split_once(':') {
        Some((scheme, _)) => {
            !scheme.is_empty()
                && !scheme.contains(['/', '#', '.'])
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '+')
        }
        None => false,
    }
}

/// Whether a path relative to the root climbs above it.
fn escapes(path: &Path) -> bool {
    let mut depth: i64 = 0;
    for component in path.components() {
        match component {
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
            Component::RootDir | Component::Prefix(_) => return true,
            Component::CurDir => {}
        }
        if depth < 0 {
            return true;
        }
    }
    false
}

/// A relative path with its `.` and `..` resolved (it does not climb above its start).
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The links of a Markdown text, in order: inline links and images (`[text](target)`,
/// `![alt](target "title")`), reference definitions (`[label]: target`) and HTML `href`
/// and `src` attributes, outside fenced code blocks and inline code.
pub fn links(text: &str) -> Vec<Link> {
    let mut found = Vec::new();
    for (index, line) in prose_lines(text) {
        let line_no = index + 1;
        let prose = without_code_spans(line);
        let mut push = |target: &str| {
            let target = target.trim().trim_start_matches('<').trim_end_matches('>');
            if !target.is_empty() {
                found.push(Link {
                    line: line_no,
                    target: target.to_string(),
                });
            }
        };
        if let Some(target) = reference_definition(&prose) {
            push(target);
        }
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = closing_paren(after);
            let inside = &after[..end];
            // `target "title"`: the target is the first word.
            push(inside.split_whitespace().next().unwrap_or(""));
            rest = &after[end..];
        }
        for attribute in ["href=\"", "src=\""] {
            let mut rest = prose.as_str();
            while let Some(at) = rest.find(attribute) {
                let after = &rest[at + attribute.len()..];
                let end = after.find('"').unwrap_or(after.len());
                push(&after[..end]);
                rest = &after[end..];
            }
        }
    }
    found
}

/// `[label]: target` at the start of a line: its target.
fn reference_definition(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix('[')?;
    let (label, after) = rest.split_once("]:")?;
    if label.is_empty() || label.starts_with('^') {
        return None;
    }
    after.split_whitespace().next()
}

/// The length of a link's parenthesised part (`after` begins after its `(`), up to its
/// closing `)`; parentheses inside it nest.
fn closing_paren(after: &str) -> usize {
    let mut depth = 0usize;
    for (i, c) in after.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return i,
            ')' => depth -= 1,
            _ => {}
        }
    }
    after.len()
}

/// The lines of a Markdown text outside fenced code blocks, with their 0-based indexes.
fn prose_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut fence: Option<String> = None;
    text.lines().enumerate().filter(move |(_, line)| {
        let trimmed = line.trim_start();
        let marker: String = trimmed
            .chars()
            .take_while(|&c| c == '`' || c == '~')
            .collect();
        let opens = marker.len() >= 3 && marker.chars().all(|c| c == marker.as_bytes()[0] as char);
        match &fence {
            Some(open) => {
                if opens
                    && marker.starts_with(open.as_str())
                    && trimmed[marker.len()..].trim().is_empty()
                {
                    fence = None;
                }
                false
            }
            None if opens => {
                fence = Some(marker);
                false
            }
            None => true,
        }
    })
}

/// A line with its inline code spans (`` `…` ``, ``` `` … `` ```) taken out.
fn without_code_spans(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].chars().take_while(|&c| c == '`').count();
        let after = &rest[start + ticks..];
        let closing = "`".repeat(ticks);
        match after.find(&closing) {
            Some(end) => rest = &after[end + ticks..],
            None => {
                // An unmatched run of backticks is text.
                out.push_str(&rest[start..start + ticks]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The anchors of a Markdown text's headings (`#` to `######`, outside code blocks), in
/// order, a repeated one numbered as mdBook and GitHub number it.
pub fn anchors(text: &str) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for (_, line) in prose_lines(text) {
        let Some(heading) = heading(line) else {
            continue;
        };
        let base = slug(heading);
        let repeats = seen
            .iter()
            .filter(|a| **a == base || is_numbered(a, &base))
            .count();
        seen.push(if repeats == 0 {
            base
        } else {
            format!("{base}-{repeats}")
        });
    }
    seen
}

/// Whether `anchor` is `base` numbered (`base-1`, `base-2`…).
fn is_numbered(anchor: &str, base: &str) -> bool {
    anchor
        .strip_prefix(base)
        .and_then(|rest| rest.strip_prefix('-'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// An ATX heading's text (`## Text ##` gives `Text`).
fn heading(line: &str) -> Option<&str> {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    if !(1..=6).contains(&hashes) {
        return None;
    }
    let rest = &line[hashes..];
    if !(rest.is_empty() || rest.starts_with(' ')) {
        return None;
    }
    Some(rest.trim().trim_end_matches('#').trim_end())
}

/// A heading's anchor: its text without Markdown marks (code ticks, emphasis stars, a
/// link's target), lower-cased, each space a `-`, only letters, digits, `-` and `_` kept.
pub fn slug(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    // A link in a heading: its text only.
    while let Some(at) = rest.find("](") {
        text.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = closing_paren(after);
        rest = after.get(end + 1..).unwrap_or("");
    }
    text.push_str(rest);
    text.chars()
        .filter_map(|c| match c {
            c if c.is_alphanumeric() || c == '_' || c == '-' => Some(c.to_lowercase().collect()),
            c if c.is_whitespace() => Some("-".to_string()),
            _ => None,
        })
        .collect::<Vec<String>>()
        .concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(text: &str) -> Vec<String> {
        links(text).into_iter().map(|l| l.target).collect()
    }

    #[test]
    fn a_heading_gives_the_anchor_mdbook_and_github_give() {
        assert_eq!(slug("The runner: `sudoku-lab`"), "the-runner-sudoku-lab");
        assert_eq!(slug("Harness & clusters"), "harness--clusters");
        assert_eq!(slug("Beyond 9×9: cost with n"), "beyond-99-cost-with-n");
        assert_eq!(slug("What `--repeat K` does"), "what---repeat-k-does");
        assert_eq!(
            slug("See [the book](book/src/x.md) now"),
            "see-the-book-now"
        );
        assert_eq!(slug("snake_case **bold**"), "snake_case-bold");
    }

    #[test]
    fn repeated_headings_are_numbered_and_code_holds_none() {
        let text = "# Numbers\n\n```sh\n# not a heading\n```\n## Numbers\n### Numbers\n#nope\n";
        assert_eq!(anchors(text), ["numbers", "numbers-1", "numbers-2"]);
    }

    #[test]
    fn links_are_found_outside_code_only() {
        let text = "\
See [a](a.md) and ![b](img/b.png \"title\") and [c](c.md#x).
`[not](a link)` nor ``[this](one)``
```text
[in](code.md)
```
[label]: ref.md
<img src=\"docs/p.png\"> [f(x)](f(x).md) [web](https://example.com)
";
        assert_eq!(
            targets(text),
            [
                "a.md",
                "img/b.png",
                "c.md#x",
                "ref.md",
                "f(x).md",
                "https://example.com",
                "docs/p.png"
            ]
        );
        assert_eq!(links(text)[3].line, 6);
    }

    #[test]
    fn an_unclosed_fence_hides_the_rest_and_a_longer_one_closes() {
        assert_eq!(targets("````\n```\n[a](a.md)\n````\n[b](b.md)\n"), ["b.md"]);
        assert!(targets("```\n[a](a.md)\n").is_empty());
    }

    #[test]
    fn schemes_paths_and_anchors_are_told_apart() {
        assert!(has_scheme("https://example.com/a.md"));
        assert!(has_scheme("mailto:someone@example.com"));
        assert!(!has_scheme("book/src/runner.md#a:b"));
        assert!(!has_scheme("#x"));
        assert_eq!(split("a.md#b"), (Some("a.md"), Some("b")));
        assert_eq!(split("#b"), (None, Some("b")));
        assert_eq!(split("a.md"), (Some("a.md"), None));
        assert!(escapes(Path::new("../shared/corpora")));
        assert!(escapes(Path::new("book/../../x")));
        assert!(!escapes(Path::new("book/src/../../README.md")));
        assert_eq!(
            normal(Path::new("book/src/lessons/../../../crates/x.rs")),
            Path::new("crates/x.rs")
        );
    }

    #[test]
    fn a_broken_link_and_an_unlisted_chapter_are_found() {
        let root = std::env::temp_dir().join(format!("xtask-docs-{}", std::process::id()));
        let book = root.join("book/src");
        fs::create_dir_all(book.join("lessons")).unwrap();
        fs::write(
            root.join("README.md"),
            "# Top\n[ok](book/src/a.md#part-one) [gone](book/src/gone.md) [x](#nowhere)\n\
             [up](../outside.md) [self](#top)\n",
        )
        .unwrap();
        fs::write(book.join("SUMMARY.md"), "- [A](a.md)\n").unwrap();
        fs::write(book.join("a.md"), "# A\n## Part one\n[b](lessons/b.md#c)\n").unwrap();
        fs::write(book.join("lessons/b.md"), "# B\n[back](../a.md#part-one)\n").unwrap();
        let problems = check(&root);
        fs::remove_dir_all(&root).unwrap();
        let said: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            said,
            [
                "README.md:2: link to book/src/gone.md: no such file",
                "README.md:2: link to #nowhere: no heading of that anchor",
                "README.md:3: link to ../outside.md: it leads out of the repository",
                "book/src/a.md:3: link to lessons/b.md#c: no heading of that anchor",
                "book/src/lessons/b.md: a chapter that book/src/SUMMARY.md does not list",
            ]
        );
    }
}
