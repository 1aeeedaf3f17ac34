//! Default node budgets: how far a solve may search when no `--max-nodes` is given.
//!
//! A budget bounds a solve, not a strategy's result: a puzzle solved within it keeps every
//! counter; one that needs more ends `budget_exhausted` at the budget. Two rules, from
//! measurement on a 2-core virtual machine, shared and loaded, as CI's: `sudoku-lab bench
//! -j 1 --max-nodes N --limit 100000000` on puzzles with clues taken out (17-clue puzzles
//! with 30% of their clues left out, the first 16x16 puzzles of `../shared/corpora` and the
//! 25x25 puzzles of `data/golden` with half), so that every solve runs to its budget, the
//! time per node read from the CSV (with the root's propagation in it: an upper bound).
//!
//! 1. **A solve that exhausts its budget stays within about two seconds, at every grid
//!    size.** A node is dearer on a larger grid, for some strategies a hundred times and
//!    more (reduce copies and sweeps the whole grid at each node: 0.3 µs on 9x9, 31 µs on
//!    16x16, 127 µs on 25x25; logic's techniques 0.5 µs, 265 µs, 1.7 ms; norvig 0.2, 0.8,
//!    1.6 µs; dlx 64, 112, 287 ns; a generation of genetic about 6, 14, 23 µs, a move of
//!    tabu about 1.2, 3.6, 8.8 µs), so the budget is given per size ([`Budget::by_size`]):
//!    where the 9x9 budget would cost more than that on a larger grid, the budget there is
//!    the largest 1, 2 or 5 times a power of ten that stays within it. A budget that no
//!    larger grid makes too dear is the same at every size ([`Budget::every_size`]). Two
//!    exceptions no budget cures: `ilp` at 25x25, whose root relaxation alone takes minutes
//!    (its 300 nodes took more than 20 min), and `ilp` at 9x9, 2.2 ms a node.
//! 2. **A strategy that exhausts its budget on ordinary puzzles stops within milliseconds.**
//!    Naive backtracking (2.5 to 3.5 ns a node at every size) needs more than 10 million
//!    nodes on 86% of the first 2,000 17-clue puzzles and more than 200 million on 55%:
//!    under a 200,000,000-node budget the default run took 10 minutes on those 2,000 (an
//!    hour on a loaded machine), and would take hours on the 49,158 of the set. Under
//!    [`NAIVE_BUDGET`] (2,000,000 nodes: 5 to 7 ms) it exhausts its budget on 1,958 of
//!    them, in about 12 s of one core's time per 2,000 puzzles: the default run over any
//!    corpus of `../shared/corpora` ends in minutes, and its summary counts naive's solves
//!    that reached the budget (the `budget` column). The golden counts of naive's solves
//!    that finish within it are unchanged (every puzzle of the easy50, hardest and kaggle
//!    sets needs fewer than 340,000 nodes); `--max-nodes` lifts the budget for the study of
//!    naive's explosion.

use std::fmt;

use sudoku_core::Size;

/// Naive backtracking's budget at every size: see the module's rule 2.
pub const NAIVE_BUDGET: u64 = 2_000_000;

/// A strategy's default node budget per solve, by grid size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Nodes per solve, per size in the order of [`Size::ALL`].
    nodes: [u64; 4],
}

impl Budget {
    /// The same budget on grids of every size.
    pub const fn every_size(nodes: u64) -> Budget {
        Budget { nodes: [nodes; 4] }
    }

    /// `nine` nodes on 9x9 grids (and on 4x4, whose searches are small), `sixteen` on
    /// 16x16, `twenty_five` on 25x25.
    pub const fn by_size(nine: u64, sixteen: u64, twenty_five: u64) -> Budget {
        Budget {
            nodes: [nine, nine, sixteen, twenty_five],
        }
    }

    /// The budget on a grid of `size`.
    pub const fn nodes(&self, size: Size) -> u64 {
        self.nodes[size.box_size() - 2]
    }

    /// Whether it is the same at every size.
    pub fn is_uniform(&self) -> bool {
        self.nodes.iter().all(|&n| n == self.nodes[0])
    }
}

/// `2000000`, or `5000000 (16x16: 50000, 25x25: 10000)` for a budget by size, as the help
/// gives it.
impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.nodes(Size::NINE))?;
        if !self.is_uniform() {
            write!(
                f,
                " (16x16: {}, 25x25: {})",
                self.nodes(Size::SIXTEEN),
                self.nodes(Size::TWENTY_FIVE)
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_by_size_gives_nine_s_to_the_4x4_grid() {
        let b = Budget::by_size(100, 20, 5);
        let got: Vec<u64> = Size::ALL.iter().map(|&s| b.nodes(s)).collect();
        assert_eq!(got, [100, 100, 20, 5]);
        assert!(!b.is_uniform());
        assert!(Budget::every_size(7).is_uniform());
        assert_eq!(Budget::every_size(7).nodes(Size::TWENTY_FIVE), 7);
        assert_eq!(b.to_string(), "100 (16x16: 20, 25x25: 5)");
        assert_eq!(Budget::every_size(7).to_string(), "7");
    }
}
