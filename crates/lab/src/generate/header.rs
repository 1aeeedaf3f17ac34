//! The provenance header of a generated file: `#` lines that say how to make the same
//! puzzles again and what they are. It holds only what the puzzles depend on (never
//! `--threads`, `--out`, the progress options, or a date). A file that ends before its
//! count, or whose minimality was not proved to the end, has its second line written again
//! in place ([`held`]), padded to the old length so that the puzzles stay where they are.

use crate::cli::GenerateArgs;
use crate::version;

/// The header: the command, what the puzzles are, the build. Every line starts with `# `
/// and ends with a newline, so that every corpus reader skips it.
pub fn header(args: &GenerateArgs, checker: &str) -> String {
    format!(
        "# {}\n# {}\n# made by sudoku-lab {} (git {}); puzzle i depends only on the seed and i: \
the command above gives these puzzles on any machine and any thread count\n",
        command(args),
        description(args, checker, args.count, 0),
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
    if let Some(difficulty) = args.difficulty {
        words.push(format!("--difficulty {difficulty}"));
    }
    if args.no_minimal {
        words.push("--no-minimal".into());
    }
    if args.max_attempts != sudoku_generator::DEFAULT_MAX_ATTEMPTS {
        words.push(format!("--max-attempts {}", args.max_attempts));
    }
    words.join(" ")
}

/// Where the header's second line starts in the file, and that line (without its newline)
/// saying that the file holds `count` puzzles (not said minimal when `unproved` removals
/// were refused), padded to the length of the one written first; `None` if it would be
/// longer (never: `count` is at most the count asked for).
pub fn held(
    args: &GenerateArgs,
    checker: &str,
    count: u64,
    unproved: u64,
) -> Option<(u64, String)> {
    let header = header(args, checker);
    let (first, rest) = header.split_once('\n')?;
    let (written, _) = rest.split_once('\n')?;
    let mut line = format!("# {}", description(args, checker, count, unproved));
    let pad = written.len().checked_sub(line.len())?;
    line.push_str(&" ".repeat(pad));
    Some((first.len() as u64 + 1, line))
}

/// What `count` puzzles made with `args` are, in words: minimal unless `--no-minimal` or
/// `unproved` removals were refused as their check ran out of budget.
fn description(args: &GenerateArgs, checker: &str, count: u64, unproved: u64) -> String {
    let minimal = if args.no_minimal || unproved > 0 {
        ""
    } else {
        "minimal "
    };
    let mut text = match count {
        0 => format!("0 {minimal}{} puzzles", args.size),
        1 => format!("1 {minimal}{} puzzle with one solution", args.size),
        n => format!("{n} {minimal}{} puzzles, each with one solution", args.size),
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
    if let Some(difficulty) = args.difficulty {
        text.push_str(&format!(
            "; difficulty {difficulty} (see `sudoku-lab grade --help`)"
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    /// The options of `generate LINE`.
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

    #[test]
    fn the_header_is_comment_lines_without_date_or_threads() {
        let text = header(
            &args("--count 1 --seed 3 --grade hidden_pair -j 1"),
            "bands",
        );
        let other = header(
            &args("--count 1 --seed 3 --grade hidden_pair -j 2"),
            "bands",
        );
        assert_eq!(text, other);
        assert!(text.lines().count() == 3 && text.lines().all(|l| l.starts_with("# ")));
        assert_eq!(
            text.lines().nth(1).unwrap(),
            "# 1 minimal 9x9 puzzle with one solution (checked by bands), no symmetry; \
grade hidden_pair: logic solves each without search, and needs hidden pair"
        );
        assert!(text.ends_with("any thread count\n"));
        let x_wing = args("--count 2 --seed 3 --grade x_wing");
        assert_eq!(
            description(&x_wing, "bands", x_wing.count, 0),
            "2 minimal 9x9 puzzles, each with one solution (checked by bands), no symmetry; \
grade x_wing: logic solves each without search, and needs X-wing"
        );
    }

    /// The second line written again for the puzzles a file holds is as long as the one
    /// written first, whatever it holds: 0, 1, or fewer digits; not said minimal when
    /// removals were refused.
    #[test]
    fn the_line_of_what_a_file_holds_fits_where_the_first_one_was() {
        for (count, held_now, unproved) in [(1, 0, 0), (2, 1, 0), (100_000, 16_334, 0), (3, 1, 794)]
        {
            let a = args(&format!("--count {count} --seed 3 --grade x_wing"));
            let text = header(&a, "bands");
            let (at, line) = held(&a, "bands", held_now, unproved).unwrap();
            let second = text.lines().nth(1).unwrap();
            assert_eq!(&text[at as usize..][..second.len()], second);
            assert_eq!(line.len(), second.len(), "{line}");
            let minimal = if unproved == 0 { "minimal " } else { "" };
            assert!(
                line.starts_with(&format!("# {held_now} {minimal}9x9 puzzle")),
                "{line}"
            );
        }
    }
}
