//! The grid model against written expectations: parsing, Norvig's display,
//! clashing givens and solution checks.

use sudoku_core::candidates::digit_mask;
use sudoku_core::{Candidates, Grid, GridError, Size, SolutionError};
use sudoku_testkit::seeds::SPANISH_1;

const SPANISH_1_SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

#[test]
fn the_seed_formats_parse_to_the_same_grid() {
    let dots: Grid = SPANISH_1.parse().unwrap();
    let zeros: Grid = SPANISH_1.replace('.', "0").parse().unwrap();
    let pretty = "
        . . 3 |. 2 . |6 . .
        9 . . |3 . 5 |. . 1
        . . 1 |8 . 6 |4 . .
        ------+------+------
        . . 8 |1 . 2 |9 . .
        7 . . |. . . |. . 8
        . . 6 |7 . 8 |2 . .
        ------+------+------
        . . 2 |6 . 9 |5 . .
        8 . . |2 . 3 |. . 9
        . . 5 |. 1 . |3 . .
    ";
    assert_eq!(dots, zeros);
    assert_eq!(pretty.parse::<Grid>().unwrap(), dots);
    assert_eq!(dots.givens(), 32);
}

#[test]
fn a_wrong_cell_count_says_how_many_cells_were_found() {
    let short = &SPANISH_1[..79];
    assert_eq!(
        short.parse::<Grid>(),
        Err(GridError::CellCount {
            expected: 81,
            found: 79
        })
    );
    assert_eq!(
        format!("{SPANISH_1}..")
            .parse::<Grid>()
            .unwrap_err()
            .to_string(),
        "expected 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25) cells, found 83"
    );
}

#[test]
fn display_follows_norvig() {
    let grid: Grid = SPANISH_1.parse().unwrap();
    let expected = "\
. . 3 |. 2 . |6 . . 
9 . . |3 . 5 |. . 1 
. . 1 |8 . 6 |4 . . 
------+------+------
. . 8 |1 . 2 |9 . . 
7 . . |. . . |. . 8 
. . 6 |7 . 8 |2 . . 
------+------+------
. . 2 |6 . 9 |5 . . 
8 . . |2 . 3 |. . 9 
. . 5 |. 1 . |3 . . 
";
    assert_eq!(grid.to_string(), expected);
}

#[test]
fn candidate_display_widens_to_the_longest_cell() {
    let grid: Grid = SPANISH_1.parse().unwrap();
    let mut cands = Candidates::from_grid(&grid);
    cands.masks_mut()[0] = digit_mask(4) | digit_mask(5);
    cands.masks_mut()[1] = digit_mask(1) | digit_mask(7) | digit_mask(9);
    let text = cands.to_string();
    let lines: Vec<&str> = text.lines().collect();
    // Width 10 (nine digits + 1); Python's str.center puts the odd space on the right
    // for an even width: '45'.center(10) == '    45    '.
    assert_eq!(&lines[0][..20], "    45       179    ");
    assert_eq!(lines[3], "------------------------------+------------------------------+------------------------------");
    assert_eq!(lines.len(), 11);
    let solved: Candidates = Candidates::from_grid(&SPANISH_1_SOLUTION.parse().unwrap());
    assert!(solved.is_solved());
    assert_eq!(solved.to_grid().to_line(), SPANISH_1_SOLUTION);
    assert_eq!(
        solved.to_string().lines().next().unwrap(),
        "4 8 3 |9 2 1 |6 5 7 "
    );
}

#[test]
fn conflicts_lists_the_clashing_pairs() {
    assert!(SPANISH_1.parse::<Grid>().unwrap().conflicts().is_empty());
    // Two 1s in row 1 (carlmjohnson's "Invalid" record has the same fault).
    let clash = Grid::EMPTY
        .with(0, 1)
        .with(8, 1)
        .with(40, 5)
        .with(44, 5)
        .with(80, 1);
    assert_eq!(clash.conflicts(), vec![(0, 8), (8, 80), (40, 44)]);
}

#[test]
fn is_solution_of_checks_completeness_units_and_givens() {
    let puzzle: Grid = SPANISH_1.parse().unwrap();
    let solution: Grid = SPANISH_1_SOLUTION.parse().unwrap();
    assert!(solution.is_solution_of(&puzzle));
    assert!(solution.is_solution_of(&Grid::EMPTY));
    assert_eq!(
        puzzle.check_solution_of(&puzzle),
        Err(SolutionError::Incomplete {
            size: Size::NINE,
            cell: 0
        })
    );
    // Swapping two cells of a row keeps the rows but breaks a column.
    let mut cells = solution.cells().to_vec();
    cells.swap(0, 1);
    let swapped = Grid::from_values(Size::NINE, &cells);
    assert_eq!(
        swapped.check_solution_of(&Grid::EMPTY),
        Err(SolutionError::Repeated {
            size: Size::NINE,
            unit: 9,
            digit: 8
        })
    );
    // A valid grid that changes a given: relabel 1 <-> 2 everywhere.
    let relabelled = Grid::from_values(Size::NINE, &cells_relabelled(&solution, 1, 2));
    assert!(relabelled.is_solution_of(&Grid::EMPTY));
    let err = relabelled.check_solution_of(&puzzle).unwrap_err();
    assert_eq!(err.to_string(), "cell r1c5 is 1 but the puzzle gives 2");
}

fn cells_relabelled(g: &Grid, a: u8, b: u8) -> Vec<u8> {
    let mut cells = g.cells().to_vec();
    for c in cells.iter_mut() {
        if *c == a {
            *c = b;
        } else if *c == b {
            *c = a;
        }
    }
    cells
}
