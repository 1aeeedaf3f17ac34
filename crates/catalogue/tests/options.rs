//! The catalogue's options reach the strategies: a stochastic strategy is built with the
//! seed it is given, and with [`DEFAULT_SEED`] by default.

use sudoku_anneal::Anneal;
use sudoku_catalogue::{find, Options, CATALOGUE, DEFAULT_SEED};
use sudoku_core::{Grid, Limits, Solver};
use sudoku_genetic::Genetic;
use sudoku_tabu::Tabu;
use sudoku_testkit::seeds::SPANISH_1;

/// How the strategy crate builds its solver from a seed.
type Build = fn(u64) -> Box<dyn Solver>;

#[test]
fn the_stochastic_strategies_are_built_with_the_seed_of_their_options() {
    let puzzle = Grid::parse(SPANISH_1).unwrap();
    let builds: [(&str, Build); 4] = [
        ("anneal", |s| Box::new(Anneal::new(s))),
        ("genetic", |s| Box::new(Genetic::new(s))),
        ("tabu", |s| Box::new(Tabu::new(s))),
        ("anneal-essay", |s| Box::new(Anneal::essay(s))),
    ];
    let stochastic: Vec<&str> = CATALOGUE
        .iter()
        .filter(|s| !s.exact)
        .map(|s| s.name)
        .collect();
    assert_eq!(
        stochastic,
        builds.map(|b| b.0).as_slice(),
        "each one checked here"
    );
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
