//! The catalogue of sudoku-lab: the one list of its strategies.
//!
//! A facade over the strategy crates (as ripgrep's `grep` crate is over its matchers):
//! for each strategy its name, a one-line summary, what a try is, its default node
//! budget, whether it is exact, and a solver. Everything that lists strategies derives
//! from [`CATALOGUE`]: the runner and its `--help`, the plots' colours, the conformance
//! properties, the fuzz targets, the golden tests and the benches.
//!
//! # Adding a strategy
//!
//! Write its crate (`crates/NAME`, a type implementing [`Solver`]), add it to the
//! workspace dependencies and to this crate's, and add one [`Strategy`] entry below. The
//! golden tests (against `../shared/reference/golden/STRATEGY.*.csv`, or its sibling's
//! for an essay version), the event-stream contract, the conformance properties and the
//! fuzz target then pick it up by themselves.
//!
//! ```
//! use sudoku_catalogue::{find, CATALOGUE};
//! use sudoku_core::{Grid, Limits};
//!
//! let polish: Grid =
//!     ".58.....317..5...8......1...........4.7.8...6.83.6..1791...3.7...6....8........34"
//!         .parse()
//!         .unwrap();
//! let naive = find("naive").unwrap();
//! assert_eq!(naive.solver().solve(&polish, &Limits::FIRST).counters.nodes, 301535);
//! assert!(CATALOGUE.iter().any(|s| s.name == "dlx"));
//! ```
#![deny(missing_docs)]

mod budget;
pub mod suggest;

pub use budget::{Budget, NAIVE_BUDGET};
use sudoku_core::{Size, Solver};
use thiserror::Error;

/// What a strategy is built with, beyond its own defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The seed of a stochastic strategy (the same seed, the same run).
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options { seed: DEFAULT_SEED }
    }
}

/// The seed stochastic strategies use unless told otherwise.
pub const DEFAULT_SEED: u64 = 2007;

/// One strategy of the catalogue.
#[derive(Debug)]
pub struct Strategy {
    /// Its name, as the runner and the CSV give it.
    pub name: &'static str,
    /// What it does, in one line.
    pub summary: &'static str,
    /// What one try (one node below the root) is for this strategy.
    pub try_is: &'static str,
    /// Its node budget per solve when none is given, by grid size (see [`Budget`]).
    pub default_budget: Budget,
    /// Whether it is exact: it proves that a puzzle has no solution, or how many it
    /// has up to the limit (a stochastic search is not).
    pub exact: bool,
    /// Whether `sudoku-lab bench` runs it when no solver is named.
    pub in_default_run: bool,
    /// For the plain version of a strategy in the classic words, the fast sibling it
    /// must equal, counter for counter.
    pub essay_of: Option<&'static str>,
    /// Another strategy whose golden files this one must equal, counter for counter,
    /// because it builds the same search tree (`logic-singles` is Norvig's propagation).
    pub golden_as: Option<&'static str>,
    build: fn(&Options) -> Box<dyn Solver>,
}

impl Strategy {
    /// The strategy's solver, with the default options.
    pub fn solver(&self) -> Box<dyn Solver> {
        (self.build)(&Options::default())
    }

    /// The strategy's solver, with `options`.
    pub fn solver_with(&self, options: &Options) -> Box<dyn Solver> {
        (self.build)(options)
    }

    /// Its default node budget per solve of a grid of `size`.
    pub fn default_max_nodes(&self, size: Size) -> u64 {
        self.default_budget.nodes(size)
    }

    /// The grid sizes it supports (as its solver says).
    pub fn sizes(&self) -> Vec<Size> {
        let solver = self.solver();
        Size::ALL
            .into_iter()
            .filter(|&s| solver.supports(s))
            .collect()
    }

    /// The name its golden files carry: its own, its fast sibling's for an essay, or
    /// that of the strategy whose tree it builds.
    pub fn golden_name(&self) -> &'static str {
        self.golden_as.or(self.essay_of).unwrap_or(self.name)
    }
}

fn boxed<S: Solver + Default + 'static>(_: &Options) -> Box<dyn Solver> {
    Box::new(S::default())
}

/// The logic strategy at one of its levels.
fn logic_at<const LEVEL: usize>(_: &Options) -> Box<dyn Solver> {
    let level = sudoku_logic::Level::new(LEVEL).expect("a level of the logic strategy");
    Box::new(sudoku_logic::Logic::new(level))
}

/// Every strategy, in the order reports list them.
pub static CATALOGUE: &[Strategy] = &[
    Strategy {
        name: "naive",
        summary: "plain backtracking: first empty cell in reading order, digits ascending",
        try_is: "a digit placed in a cell",
        default_budget: Budget::every_size(NAIVE_BUDGET),
        exact: true,
        in_default_run: true,
        essay_of: None,
        golden_as: None,
        build: boxed::<sudoku_naive::Naive>,
    },
    Strategy {
        name: "reduce",
        summary: "eliminate + only choice to a fixed point, then search on the fewest candidates",
        try_is: "a candidate set in the branching cell",
        default_budget: Budget::by_size(5_000_000, 50_000, 10_000),
        exact: true,
        in_default_run: true,
        essay_of: None,
        golden_as: None,
        build: boxed::<sudoku_reduce::Reduce>,
    },
    Strategy {
        name: "norvig",
        summary: "Norvig's constraint propagation (assign/eliminate) and search",
        try_is: "a digit assigned by the search",
        default_budget: Budget::by_size(10_000_000, 2_000_000, 1_000_000),
        exact: true,
        in_default_run: true,
        essay_of: None,
        golden_as: None,
        build: boxed::<sudoku_norvig::Norvig>,
    },
    Strategy {
        name: "dlx",
        summary: "Knuth's Algorithm X on dancing links, S heuristic",
        try_is: "an exact-cover row selected by the search",
        default_budget: Budget::by_size(20_000_000, 10_000_000, 5_000_000),
        exact: true,
        in_default_run: true,
        essay_of: None,
        golden_as: None,
        build: boxed::<sudoku_dlx::Dlx>,
    },
    Strategy {
        name: "bands",
        summary:
            "bit-parallel candidate sets (a digit's three bands in one vector word): band, stack \
                  and triad rules, singles, branching as tdoku does",
        try_is:
            "a digit placed in a cell at a branch point (taken back: the digit leaves the cell)",
        default_budget: Budget::every_size(2_000_000),
        exact: true,
        in_default_run: true,
        essay_of: None,
        golden_as: None,
        build: boxed::<sudoku_bands::Bands>,
    },
    Strategy {
        name: "sat-minimal",
        summary: "SAT: Lynce and Ouaknine's minimal CNF encoding, solved by batsat (CDCL)",
        try_is: "a decision of the SAT solver (a digit put in a cell)",
        default_budget: Budget::every_size(20_000),
        exact: true,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: |_| Box::new(sudoku_sat::Sat::MINIMAL),
    },
    Strategy {
        name: "sat-extended",
        summary: "SAT: Lynce and Ouaknine's extended CNF encoding, solved by batsat (CDCL)",
        try_is: "a decision of the SAT solver (a digit put in a cell)",
        default_budget: Budget::every_size(20_000),
        exact: true,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: |_| Box::new(sudoku_sat::Sat::EXTENDED),
    },
    Strategy {
        name: "ilp",
        summary: "integer programming: Bartlett et al.'s binary model x(r,c,d), solved by \
                  microlp's branch and bound (pure Rust)",
        try_is: "a branch-and-bound node below the root, as the solver counts them; \
                 backtracks: every node of a tree that ends with no solution or is restarted \
                 after one",
        default_budget: Budget::by_size(sudoku_ilp::DEFAULT_MAX_NODES, 20, 20),
        exact: true,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: |_| Box::new(sudoku_ilp::Ilp::MICROLP),
    },
    #[cfg(feature = "cbc")]
    Strategy {
        name: "ilp-cbc",
        summary: "integer programming: Bartlett et al.'s binary model x(r,c,d), solved by \
                  COIN-OR CBC (preprocessing, cuts, branch and bound; the `cbc` feature)",
        try_is: "a branch-and-bound node below the root, as the solver counts them; \
                 backtracks: every node of a tree that ends with no solution or is restarted \
                 after one",
        default_budget: Budget::every_size(sudoku_ilp::DEFAULT_MAX_NODES),
        exact: true,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: |_| Box::new(sudoku_ilp::Ilp::CBC),
    },
    Strategy {
        name: "logic-singles",
        summary: "naked and hidden singles, as a person applies them, then search when stuck (Norvig's tree)",
        try_is: "a digit placed in the branching cell when every technique is stuck",
        default_budget: Budget::by_size(5_000_000, 100_000, 20_000),
        exact: true,
        in_default_run: false,
        essay_of: None,
        golden_as: Some("norvig"),
        build: logic_at::<{ sudoku_logic::Level::SINGLES.count() }>,
    },
    Strategy {
        name: "logic-subsets",
        summary: "singles, locked candidates, naked and hidden pairs to quads, then search when stuck",
        try_is: "a digit placed in the branching cell when every technique is stuck",
        default_budget: Budget::by_size(1_000_000, 2_000, 1_000),
        exact: true,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: logic_at::<{ sudoku_logic::Level::SUBSETS.count() }>,
    },
    Strategy {
        name: "logic",
        summary: "a person's deduction up to X-wing and swordfish, then search when stuck; grades each puzzle",
        try_is: "a digit placed in the branching cell when every technique is stuck",
        default_budget: Budget::by_size(1_000_000, 5_000, 1_000),
        exact: true,
        in_default_run: true,
        essay_of: None,
        golden_as: None,
        build: boxed::<sudoku_logic::Logic>,
    },
    Strategy {
        name: "cp-fc",
        summary: "Simonis's constraint model: alldifferent on every unit by forward checking, \
                  first-fail labelling",
        try_is: "a value given to the first-fail cell at a choice point",
        default_budget: Budget::by_size(5_000_000, 2_000_000, 500_000),
        exact: true,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: |_| Box::new(sudoku_cp::Cp::FORWARD),
    },
    Strategy {
        name: "cp-bc",
        summary: "Simonis's constraint model: alldifferent on every unit by bounds consistency \
                  (Hall intervals) and forward checking, first-fail labelling",
        try_is: "a value given to the first-fail cell at a choice point",
        default_budget: Budget::by_size(1_000_000, 200_000, 50_000),
        exact: true,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: |_| Box::new(sudoku_cp::Cp::BOUNDS),
    },
    Strategy {
        name: "cp-gac",
        summary: "Simonis's constraint model: alldifferent on every unit by generalised arc \
                  consistency (Régin's matching filter), first-fail labelling",
        try_is: "a value given to the first-fail cell at a choice point",
        default_budget: Budget::by_size(200_000, 200_000, 100_000),
        exact: true,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: |_| Box::new(sudoku_cp::Cp::GENERALISED),
    },
    Strategy {
        name: "dsatur",
        summary: "graph colouring: Brélaz's DSatur with backtracking (most saturated vertex, \
                  then most uncoloured neighbours), after Lewis's Guide to Graph Colouring",
        try_is: "a colour given to a vertex (a digit put in a cell) by the search",
        default_budget: Budget::by_size(20_000_000, 5_000_000, 1_000_000),
        exact: true,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: boxed::<sudoku_colour::Dsatur>,
    },
    Strategy {
        name: "overlay",
        summary: "the pattern overlay method: each digit one of its 46,656 templates, a \
                  template removed when another digit's all overlap it, search over \
                  templates; 9x9 only (16x16 would have 24^8 = 1.1e11 templates per digit)",
        try_is: "a template chosen for a digit (its nine cells) by the search",
        default_budget: Budget::every_size(100_000),
        exact: true,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: boxed::<sudoku_overlay::Overlay>,
    },
    Strategy {
        name: "anneal",
        summary: "Lewis's simulated annealing: squares filled, swaps within a square, reheats",
        try_is: "a swap of two cells of a square, evaluated (taken back if not accepted)",
        default_budget: Budget::by_size(sudoku_anneal::DEFAULT_MAX_NODES, 10_000_000, 2_000_000),
        exact: false,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: |o| Box::new(sudoku_anneal::Anneal::new(o.seed)),
    },
    Strategy {
        name: "genetic",
        summary: "Mantere and Koljonen's genetic algorithm: boxes as permutations, crossover of \
                  whole boxes, swaps within a box, an elite, restarts",
        try_is: "a generation: a population of 21 bred from the last (or drawn afresh at a \
                 restart)",
        default_budget: Budget::by_size(sudoku_genetic::DEFAULT_MAX_NODES, 100_000, 50_000),
        exact: false,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: |o| Box::new(sudoku_genetic::Genetic::new(o.seed)),
    },
    Strategy {
        name: "tabu",
        summary: "tabu search in Lewis's space: the best swap not tabu each step, a tenure, \
                  aspiration, perturbation when stuck",
        try_is: "a swap of two cells of a square, the best allowed (every move is made)",
        default_budget: Budget::by_size(sudoku_tabu::DEFAULT_MAX_NODES, 500_000, 200_000),
        exact: false,
        in_default_run: false,
        essay_of: None,
        golden_as: None,
        build: |o| Box::new(sudoku_tabu::Tabu::new(o.seed)),
    },
    Strategy {
        name: "naive-essay",
        summary:
            "naive in the essay's words: find the empty location, is it safe, solve (recursive)",
        try_is: "a digit placed in a cell",
        default_budget: Budget::by_size(20_000_000, 5_000_000, 2_000_000),
        exact: true,
        in_default_run: false,
        essay_of: Some("naive"),
        golden_as: None,
        build: boxed::<sudoku_naive::NaiveEssay>,
    },
    Strategy {
        name: "reduce-essay",
        summary:
            "reduce as the Udacity essay writes it: eliminate, only choice, reduce_puzzle, search",
        try_is: "a candidate set in the branching cell",
        default_budget: Budget::by_size(100_000, 50_000, 20_000),
        exact: true,
        in_default_run: false,
        essay_of: Some("reduce"),
        golden_as: None,
        build: boxed::<sudoku_reduce::ReduceEssay>,
    },
    Strategy {
        name: "norvig-essay",
        summary:
            "Norvig's essay code as written: assign/eliminate by mutual recursion, search on a copy",
        try_is: "a digit assigned by the search",
        default_budget: Budget::by_size(2_000_000, 500_000, 200_000),
        exact: true,
        in_default_run: false,
        essay_of: Some("norvig"),
        golden_as: None,
        build: boxed::<sudoku_norvig::NorvigEssay>,
    },
    Strategy {
        name: "dlx-essay",
        summary:
            "dlx in the words of Knuth's paper: search(k), cover and uncover over linked objects",
        try_is: "an exact-cover row selected by the search",
        default_budget: Budget::by_size(2_000_000, 1_000_000, 200_000),
        exact: true,
        in_default_run: false,
        essay_of: Some("dlx"),
        golden_as: None,
        build: boxed::<sudoku_dlx::DlxEssay>,
    },
    Strategy {
        name: "anneal-essay",
        summary: "anneal in the paper's words: the cost counted again after every move",
        try_is: "a swap of two cells of a square, evaluated (taken back if not accepted)",
        default_budget: Budget::by_size(sudoku_anneal::DEFAULT_MAX_NODES, 2_000_000, 1_000_000),
        exact: false,
        in_default_run: false,
        essay_of: Some("anneal"),
        golden_as: None,
        build: |o| Box::new(sudoku_anneal::Anneal::essay(o.seed)),
    },
    Strategy {
        name: "bands-essay",
        summary: "bands in the classic words: the same rules cell by cell and unit by unit, \
                  the same choices",
        try_is:
            "a digit placed in a cell at a branch point (taken back: the digit leaves the cell)",
        default_budget: Budget::every_size(20_000),
        exact: true,
        in_default_run: false,
        essay_of: Some("bands"),
        golden_as: None,
        build: boxed::<sudoku_bands::BandsEssay>,
    },
    Strategy {
        name: "cp-bc-essay",
        summary: "cp-bc from the definition: each bound kept only if a matching of the unit \
                  over the intervals gives it to its cell",
        try_is: "a value given to the first-fail cell at a choice point",
        default_budget: Budget::by_size(5_000, 1_000, 100),
        exact: true,
        in_default_run: false,
        essay_of: Some("cp-bc"),
        golden_as: None,
        build: |_| Box::new(sudoku_cp::CpEssay::new(sudoku_cp::Consistency::Bounds)),
    },
    Strategy {
        name: "cp-gac-essay",
        summary: "cp-gac from the definition: each candidate kept only if a matching of the \
                  unit's cells to digits gives it to its cell",
        try_is: "a value given to the first-fail cell at a choice point",
        default_budget: Budget::by_size(5_000, 1_000, 100),
        exact: true,
        in_default_run: false,
        essay_of: Some("cp-gac"),
        golden_as: None,
        build: |_| Box::new(sudoku_cp::CpEssay::new(sudoku_cp::Consistency::Generalised)),
    },
    Strategy {
        name: "logic-essay",
        summary: "the logic strategy in a puzzle book's words, every size (the same steps as logic)",
        try_is: "a digit placed in the branching cell when every technique is stuck",
        default_budget: Budget::by_size(20_000, 2_000, 1_000),
        exact: true,
        in_default_run: false,
        essay_of: Some("logic"),
        golden_as: None,
        build: boxed::<sudoku_logic::LogicEssay>,
    },
    Strategy {
        name: "dsatur-essay",
        summary: "dsatur in Lewis's words: saturation degree, colour classes, the partial \
                  colouring, recursive",
        try_is: "a colour given to a vertex (a digit put in a cell) by the search",
        default_budget: Budget::by_size(2_000_000, 200_000, 50_000),
        exact: true,
        in_default_run: false,
        essay_of: Some("dsatur"),
        golden_as: None,
        build: boxed::<sudoku_colour::DsaturEssay>,
    },
    Strategy {
        name: "overlay-essay",
        summary: "overlay as a player states it: templates as nine columns, each rule a \
                  function over the lists, search on a copy",
        try_is: "a template chosen for a digit (its nine cells) by the search",
        default_budget: Budget::every_size(10_000),
        exact: true,
        in_default_run: false,
        essay_of: Some("overlay"),
        golden_as: None,
        build: boxed::<sudoku_overlay::OverlayEssay>,
    },
];

/// The strategy of that name.
pub fn find(name: &str) -> Option<&'static Strategy> {
    CATALOGUE.iter().find(|s| s.name == name)
}

/// Every name, in catalogue order.
pub fn names() -> impl Iterator<Item = &'static str> {
    CATALOGUE.iter().map(|s| s.name)
}

/// The strategies `sudoku-lab bench` runs when none is named.
pub fn default_run() -> impl Iterator<Item = &'static Strategy> {
    CATALOGUE.iter().filter(|s| s.in_default_run)
}

/// Why a list of strategy names is not one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ListError {
    /// A name the catalogue does not have.
    #[error("unknown solver {name:?}{}: the solvers are {}",
        closest.map(|c| format!(" (did you mean {c}?)")).unwrap_or_default(),
        names().collect::<Vec<_>>().join(", "))]
    Unknown {
        /// The name.
        name: String,
        /// The name of a list closest to it, when one is close ([`suggest::closest`]).
        closest: Option<&'static str>,
    },
    /// No name at all.
    #[error("no solver given: the solvers are {}", names().collect::<Vec<_>>().join(", "))]
    Empty,
}

/// Parses a comma-separated list of strategy names, keeping its order and dropping
/// repeats: `all` stands for every strategy of the catalogue, `default` for those of
/// [`default_run`].
pub fn parse_list(list: &str) -> Result<Vec<&'static Strategy>, ListError> {
    let mut out: Vec<&'static Strategy> = Vec::new();
    let mut push = |s: &'static Strategy| {
        if !out.iter().any(|o| o.name == s.name) {
            out.push(s);
        }
    };
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match name {
            "all" => CATALOGUE.iter().for_each(&mut push),
            "default" => default_run().for_each(&mut push),
            _ => push(find(name).ok_or_else(|| ListError::Unknown {
                name: name.to_string(),
                closest: suggest::closest(name, suggest::list_names()),
            })?),
        }
    }
    if out.is_empty() {
        return Err(ListError::Empty);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_every_solver_answers_to_its_name() {
        for (i, s) in CATALOGUE.iter().enumerate() {
            assert_eq!(s.solver().name(), s.name);
            assert!(
                CATALOGUE[..i].iter().all(|o| o.name != s.name),
                "{}",
                s.name
            );
            assert!(s.sizes().contains(&Size::NINE), "{}", s.name);
            if let Some(other) = s.golden_as {
                assert!(
                    find(other).is_some(),
                    "{} has the golden files of {other}",
                    s.name
                );
            }
            if let Some(sibling) = s.essay_of {
                assert!(
                    find(sibling).is_some(),
                    "{} is the essay of {sibling}",
                    s.name
                );
            }
        }
    }

    #[test]
    fn lists_keep_their_order_and_drop_repeats() {
        let names = |list: &str| -> Vec<&str> {
            parse_list(list).unwrap().iter().map(|s| s.name).collect()
        };
        assert_eq!(names("dlx, naive,dlx"), ["dlx", "naive"]);
        assert_eq!(names("all"), self::names().collect::<Vec<_>>());
        assert_eq!(
            names("default"),
            default_run().map(|s| s.name).collect::<Vec<_>>()
        );
        assert_eq!(
            parse_list("norvig,fast").unwrap_err(),
            ListError::Unknown {
                name: "fast".into(),
                closest: None
            }
        );
        assert_eq!(parse_list(" , ").unwrap_err(), ListError::Empty);
        let misspelt = parse_list("nrovig").unwrap_err().to_string();
        assert!(
            misspelt.starts_with("unknown solver \"nrovig\" (did you mean norvig?): "),
            "{misspelt}"
        );
        let every = self::names().collect::<Vec<_>>().join(", ");
        assert_eq!(
            ListError::Empty.to_string(),
            format!("no solver given: the solvers are {every}")
        );
    }
}
