//! The catalogue's options reach the strategies: a stochastic strategy is built with the
//! seed it is given, and with [`DEFAULT_SEED`] by default.

use sudoku_anneal::Anneal;
use sudoku_catalogue::{find, Options, DEFAULT_SEED};
use sudoku_core::{Grid, Limits, Solver};
use sudoku_testkit::seeds::SPANISH_1;

/// How the strategy crate builds its solver from a seed.
type Build = fn(u64) -> Anneal;

#[test]
fn anneal_and_its_essay_are_built_with_the_seed_of_their_options() {
    let puzzle = Grid::parse(SPANISH_1).unwrap();
    let builds: [(&str, Build); 2] = [("anneal", Anneal::new), ("anneal-essay", Anneal::essay)];
    for (name, build) in builds {
        let strategy = find(name).unwrap();
        for seed in [DEFAULT_SEED, 1, 99] {
            assert_eq!(
                strategy
                    .solver_with(&Options { seed })
                    .solve(&puzzle, &Limits::FIRST),
                build(seed).solve(&puzzle, &Limits::FIRST),
                "{name}, seed {seed}"
            );
        }
        assert_eq!(
            strategy.solver().solve(&puzzle, &Limits::FIRST),
            build(DEFAULT_SEED).solve(&puzzle, &Limits::FIRST),
            "{name}, the default seed"
        );
    }
}
