//! `cmd:[NAME=]COMMAND` in a solver list: a program run as a child process on the line
//! protocol (see `sudoku_engine::external`), and the name its rows carry.

use std::path::Path;

use sudoku_engine::external::split_command;

/// A program run as a child process on the line protocol (`cmd:[NAME=]COMMAND`).
#[derive(Debug, Clone)]
pub struct CommandSpec {
    /// The name its rows carry.
    pub name: String,
    /// The command line.
    pub command: String,
    /// The spec as written after `cmd:` (`mine=./solver --fast`), as errors name it.
    pub written: String,
    /// Its words: the program, then its arguments.
    pub argv: Vec<String>,
}

/// The spec of `cmd:TEXT` (without the prefix): `NAME=COMMAND`, or `COMMAND` ([`default_name`]).
pub fn command_spec(text: &str) -> Result<CommandSpec, String> {
    let text = text.trim();
    let (name, command) = match text.split_once('=') {
        Some((name, command)) if is_name(name) => (Some(name.to_string()), command.trim()),
        _ => (None, text),
    };
    let argv = split_command(command).map_err(|e| e.to_string())?;
    Ok(CommandSpec {
        name: name.unwrap_or_else(|| default_name(&argv)),
        command: command.to_string(),
        written: text.to_string(),
        argv,
    })
}

/// Whether `text` can name a solver: letters, digits, `_`, `-`, `.`.
fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
}

/// The programs that run a script named after them, besides `python…` and `pypy…`; and `env`.
const INTERPRETERS: [&str; 19] = [
    "sh", "bash", "dash", "zsh", "ksh", "fish", "node", "nodejs", "deno", "bun", "ruby", "perl",
    "php", "Rscript", "julia", "lua", "luajit", "java", "env",
];

/// Whether `program` (a file stem) is an interpreter (`python3.12` is `python`'s).
fn is_interpreter(program: &str) -> bool {
    let bare = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    INTERPRETERS.contains(&program) || ["python", "pypy"].contains(&bare)
}

/// The name of a command without `NAME=`, by the rule of the book's "Any solver, in any
/// language": its program's stem, or for an interpreter its script's, when that is a name.
fn default_name(argv: &[String]) -> String {
    let stem = |word: &str| {
        Path::new(word)
            .file_stem()
            .map_or_else(|| word.to_string(), |s| s.to_string_lossy().into_owned())
    };
    let program = stem(&argv[0]);
    if !is_interpreter(&program) {
        return program;
    }
    let Some(at) = (1..argv.len()).find(|&i| !argv[i].starts_with('-') && !argv[i].contains('='))
    else {
        return program;
    };
    // `env` runs a program, which may be an interpreter in turn.
    let name = match program.as_str() {
        "env" => default_name(&argv[at..]),
        _ => stem(&argv[at]),
    };
    if is_name(&name) {
        name
    } else {
        program
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_named_after_its_script_or_as_told() {
        for (text, name) in [
            ("python3 my_solver.py", "my_solver"),
            ("./bin/tdoku --fast", "tdoku"),
            ("py=python3 -u s.py", "py"),
            ("env X=1 ./a", "a"),
            ("/opt/bin/solve.bin -j 2 in.txt", "solve"),
            ("python3.12 -u s.py 4", "s"),
            ("/usr/bin/pypy3 s.py", "s"),
            ("env X=1 python3 -u tools/s.py --fast", "s"),
            ("node dist/solver.js --threads 4", "solver"),
            ("sh -c 'while read l; do echo none; done'", "sh"),
            ("python3 -c 'print(1)'", "python3"),
            ("python3", "python3"),
            ("pythonista s.py", "pythonista"),
            ("bash python.sh 8", "python"),
            ("=./a", "a"),
        ] {
            assert_eq!(command_spec(text).unwrap().name, name, "{text}");
        }
        let spec = command_spec(" py=python3 -u s.py ").unwrap();
        assert_eq!(
            (spec.command, spec.written),
            ("python3 -u s.py".into(), "py=python3 -u s.py".into())
        );
        for (text, error) in [
            (
                "",
                r#"cmd: not a command line: "" (empty, or an unclosed quote?)"#,
            ),
            (
                "x=",
                r#"cmd: not a command line: "" (empty, or an unclosed quote?)"#,
            ),
            (
                " py=python3 'oops",
                r#"cmd: not a command line: "python3 'oops" (empty, or an unclosed quote?)"#,
            ),
        ] {
            assert_eq!(command_spec(text).unwrap_err(), error, "{text}");
        }
    }
}
