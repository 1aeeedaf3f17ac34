//! The documentation holds together: every relative link and `#anchor` of the README, the
//! book and the other Markdown files of the repository resolves, and every chapter of the
//! book is in `book/src/SUMMARY.md` (the rules: `xtask::docs`).
use std::path::Path;

#[test]
fn every_link_resolves_and_every_chapter_is_listed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let problems = xtask::docs::check(&root);
    let said: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(said.is_empty(), "\n{}", said.join("\n"));
}

/// The README stays a front page (issue 49: it had grown to 1,424 lines): depth goes to a
/// chapter of the book, which the README's map of the documentation points to.
#[test]
fn the_readme_stays_a_front_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines, over 300: move the detail to a chapter of book/src"
    );
}
