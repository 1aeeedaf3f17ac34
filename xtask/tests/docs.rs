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
