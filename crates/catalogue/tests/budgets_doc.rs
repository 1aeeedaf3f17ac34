//! The book's table of default budgets (`book/src/budgets.md`) is the catalogue's: a row per
//! strategy, in the catalogue's order, with its budget at each grid size it solves.

use sudoku_catalogue::CATALOGUE;
use sudoku_core::Size;

/// The chapter, from this crate's folder.
const CHAPTER: &str = "../../book/src/budgets.md";

/// The table's header, which starts it in the chapter.
const HEADER: &str = "| solver | 4x4 and 9x9 | 16x16 | 25x25 |";

/// `2000000` as `2,000,000`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// The table as the catalogue gives it: a cell per size, `-` where the strategy does not
/// solve grids of that size.
fn expected() -> String {
    let mut table = format!("{HEADER}\n|---|---:|---:|---:|\n");
    for strategy in CATALOGUE {
        let sizes = strategy.sizes();
        let cell = |size: Size| match sizes.contains(&size) {
            true => grouped(strategy.default_budget.nodes(size)),
            false => "-".to_string(),
        };
        table += &format!(
            "| {} | {} | {} | {} |\n",
            strategy.name,
            cell(Size::NINE),
            cell(Size::SIXTEEN),
            cell(Size::TWENTY_FIVE)
        );
    }
    table
}

/// The table in the chapter: from its header to the first line that is not a row. Without
/// the `cbc` feature the catalogue has no `ilp-cbc`, and its row is left out.
fn documented() -> String {
    let text = std::fs::read_to_string(CHAPTER).expect("the budgets chapter");
    let start = text.find(HEADER).expect("the chapter has the table");
    text[start..]
        .lines()
        .take_while(|line| line.starts_with('|'))
        .filter(|line| cfg!(feature = "cbc") || !line.starts_with("| ilp-cbc |"))
        .map(|line| format!("{line}\n"))
        .collect()
}

#[test]
fn the_chapter_lists_every_default_budget() {
    assert_eq!(
        documented(),
        expected(),
        "book/src/budgets.md's table is not the catalogue's; the catalogue's is:\n{}",
        expected()
    );
}

#[test]
fn large_numbers_are_grouped_by_thousands() {
    assert_eq!(grouped(20), "20");
    assert_eq!(grouped(2_000), "2,000");
    assert_eq!(grouped(200_000_000), "200,000,000");
}
