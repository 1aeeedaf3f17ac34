//! The provenance header of a generated file (the book's "generate" chapter): only what
//! the puzzles depend on, never `--threads`, `--out`, the progress options, or a date.

use crate::cli::GenerateArgs;
use crate::version;

/// The header: the command, what the puzzles are, the build, each line a `# ` comment.
pub fn header(args: &GenerateArgs, checker: &str) -> String {
    format!(
        "# {}\n# {}\n# made by sudoku-lab {} (git {}); puzzle i depends only on the seed and i: \
the command above gives these puzzles on any machine and any thread count\n",
        command(args),
        description(args, checker),
        version::VERSION,
        version::GIT_COMMIT,
    )
}

/// The command that makes the same puzzles: the options that shape them, the count, seed,
/// size and symmetry always, the others when not their defaults.
pub fn command(args: &GenerateArgs) -> String {
    let mut words = vec![
        "sudoku-lab generate".to_string(),
        format!("--count {}", args.count),
        format!("--seed {}", args.seed),
        format!("--size {}", args.size),
        format!("--symmetry {}", args.symmetry),
    ];
    let shaping = [
        args.givens.map(|givens| format!("--givens {givens}")),
        args.nodes.as_ref().map(|band| format!("--nodes {band}")),
        args.grade.map(|grade| format!("--grade {}", grade.name())),
        args.difficulty.map(|d| format!("--difficulty {d}")),
        args.no_minimal.then(|| "--no-minimal".to_string()),
        (args.max_attempts != sudoku_generator::DEFAULT_MAX_ATTEMPTS)
            .then(|| format!("--max-attempts {}", args.max_attempts)),
    ];
    words.extend(shaping.into_iter().flatten());
    words.join(" ")
}

/// What the puzzles `args` asks for are, in words.
fn description(args: &GenerateArgs, checker: &str) -> String {
    let minimal = if args.no_minimal { "" } else { "minimal " };
    let size = args.size;
    let mut text = match args.count {
        0 => format!("0 {minimal}{size} puzzles"),
        1 => format!("1 {minimal}{size} puzzle with one solution"),
        n => format!("{n} {minimal}{size} puzzles, each with one solution"),
    };
    text += &format!(" (checked by {checker})");
    text += &match args.symmetry {
        sudoku_generator::Symmetry::None => ", no symmetry".to_string(),
        s => format!(", givens symmetric under {s}"),
    };
    let targets = [
        args.givens.map(|givens| format!("; {givens} givens")),
        (args.nodes.as_ref()).map(|b| {
            let (strategy, range) = (&b.strategy, &b.range);
            format!("; {strategy} needs {range} nodes for the first solution")
        }),
        args.grade.map(|grade| {
            let name = grade.name();
            format!("; grade {name}: logic solves each without search, and needs {grade}")
        }),
        (args.difficulty).map(|d| format!("; difficulty {d} (see `sudoku-lab grade --help`)")),
    ];
    text + &targets.into_iter().flatten().collect::<String>()
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn args(line: &str) -> GenerateArgs {
        let words = ["sudoku-lab", "generate"]
            .into_iter()
            .chain(line.split(' '));
        match Cli::try_parse_from(words).unwrap().command {
            Command::Generate(args) => args,
            _ => unreachable!(),
        }
    }

    #[test]
    fn the_command_keeps_what_shapes_the_puzzles_and_nothing_else() {
        let plain = args("--count 5 --seed 9 -j 2 -o x.txt -q");
        assert_eq!(
            command(&plain),
            "sudoku-lab generate --count 5 --seed 9 --size 9x9 --symmetry none"
        );
        let all = args(
            "-n 5 --seed 9 --size 16x16 --symmetry rotate90 --givens 100..120 \
             --nodes dlx:1_000..10_000 --grade x_wing --no-minimal --max-attempts 50",
        );
        assert_eq!(
            command(&all),
            "sudoku-lab generate --count 5 --seed 9 --size 16x16 --symmetry rotate90 \
--givens 100..120 --nodes dlx:1000..10000 --grade x_wing --no-minimal --max-attempts 50"
        );
    }
}
