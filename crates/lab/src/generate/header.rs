//! The provenance header of a generated file: `#` lines that say how to make the same
//! puzzles again and what they are.
//!
//! It holds only what the puzzles depend on: the command line is rebuilt from the options
//! that shape them (never `--threads`, `--out` or the progress options, which do not), and
//! there is no date. The version and commit name the build; the puzzle lines depend on the
//! seed and the options alone.

use crate::cli::GenerateArgs;
use crate::version;

/// The header: the command, what the puzzles are, the build. Every line starts with `# `
/// and ends with a newline, so that every corpus reader skips it.
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

/// The command that makes the same puzzles: the count, the seed, the size and symmetry
/// always; the other options that shape the puzzles when they are not their defaults.
pub fn command(args: &GenerateArgs) -> String {
    let mut words = vec![
        "sudoku-lab generate".to_string(),
        format!("--count {}", args.count),
        format!("--seed {}", args.seed),
        format!("--size {}", args.size),
        format!("--symmetry {}", args.symmetry),
    ];
    if let Some(givens) = args.givens {
        words.push(format!("--givens {givens}"));
    }
    if let Some(band) = &args.nodes {
        words.push(format!("--nodes {band}"));
    }
    if let Some(grade) = args.grade {
        words.push(format!("--grade {}", grade.name()));
    }
    if args.no_minimal {
        words.push("--no-minimal".into());
    }
    if args.max_attempts != sudoku_generator::DEFAULT_MAX_ATTEMPTS {
        words.push(format!("--max-attempts {}", args.max_attempts));
    }
    words.join(" ")
}

/// What the puzzles are, in words.
fn description(args: &GenerateArgs, checker: &str) -> String {
    let minimal = if args.no_minimal { "" } else { "minimal " };
    let mut text = if args.count == 1 {
        format!("1 {minimal}{} puzzle with one solution", args.size)
    } else {
        format!(
            "{} {minimal}{} puzzles, each with one solution",
            args.count, args.size
        )
    };
    text.push_str(&format!(" (checked by {checker})"));
    match args.symmetry {
        sudoku_generator::Symmetry::None => text.push_str(", no symmetry"),
        s => text.push_str(&format!(", givens symmetric under {s}")),
    }
    if let Some(givens) = args.givens {
        text.push_str(&format!("; {givens} givens"));
    }
    if let Some(band) = &args.nodes {
        text.push_str(&format!(
            "; {} needs {} nodes for the first solution",
            band.strategy, band.range
        ));
    }
    if let Some(grade) = args.grade {
        text.push_str(&format!(
            "; grade {}: logic solves each without search, and needs {grade}",
            grade.name()
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn args(line: &[&str]) -> GenerateArgs {
        let cli = Cli::try_parse_from(["sudoku-lab", "generate"].iter().chain(line)).unwrap();
        match cli.command {
            Command::Generate(args) => args,
            _ => unreachable!(),
        }
    }

    #[test]
    fn the_command_keeps_what_shapes_the_puzzles_and_nothing_else() {
        let plain = args(&[
            "--count", "5", "--seed", "9", "-j", "2", "-o", "x.txt", "-q",
        ]);
        assert_eq!(
            command(&plain),
            "sudoku-lab generate --count 5 --seed 9 --size 9x9 --symmetry none"
        );
        let all = args(&[
            "-n",
            "5",
            "--seed",
            "9",
            "--size",
            "16x16",
            "--symmetry",
            "rotate90",
            "--givens",
            "100..120",
            "--nodes",
            "dlx:1_000..10_000",
            "--grade",
            "x_wing",
            "--no-minimal",
            "--max-attempts",
            "50",
        ]);
        assert_eq!(
            command(&all),
            "sudoku-lab generate --count 5 --seed 9 --size 16x16 --symmetry rotate90 \
--givens 100..120 --nodes dlx:1000..10000 --grade x_wing --no-minimal --max-attempts 50"
        );
    }

    #[test]
    fn the_header_is_comment_lines_without_date_or_threads() {
        let on = |threads| {
            args(&[
                "--count",
                "1",
                "--seed",
                "3",
                "--grade",
                "hidden_pair",
                "-j",
                threads,
            ])
        };
        let (a, b) = (on("1"), on("2"));
        let text = header(&a, "bands");
        assert_eq!(text, header(&b, "bands"));
        assert!(text.lines().count() == 3 && text.lines().all(|l| l.starts_with("# ")));
        assert_eq!(
            text.lines().nth(1).unwrap(),
            "# 1 minimal 9x9 puzzle with one solution (checked by bands), no symmetry; \
grade hidden_pair: logic solves each without search, and needs hidden pair"
        );
        assert!(text.ends_with("any thread count\n"));
        let x_wing = args(&["--count", "2", "--seed", "3", "--grade", "x_wing"]);
        assert_eq!(
            description(&x_wing, "bands"),
            "2 minimal 9x9 puzzles, each with one solution (checked by bands), no symmetry; \
grade x_wing: logic solves each without search, and needs X-wing"
        );
    }
}
