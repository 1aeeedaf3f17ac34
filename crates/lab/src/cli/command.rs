//! `cmd:[NAME=]COMMAND` in a solver list: a program run as a child process on the line
//! protocol (see `sudoku_engine::external`), and the name its rows carry.

use std::path::Path;

use sudoku_engine::external::{split_command, ExternalError};

/// The prefix of a solver run by command.
pub const CMD: &str = "cmd:";

/// A program run as a child process on the line protocol (`cmd:[NAME=]COMMAND`).
#[derive(Debug, Clone)]
pub struct CommandSpec {
    /// The name its rows carry.
    pub name: String,
    /// The command line.
    pub command: String,
    /// The spec as the user wrote it after `cmd:` (`mine=./solver --fast`): what errors
    /// name it by.
    pub written: String,
    /// Its words: the program, then its arguments.
    pub argv: Vec<String>,
}

/// The spec of `cmd:TEXT` (`TEXT` without the prefix): `NAME=COMMAND`, or `COMMAND` named
/// after its program, or its script when the program is an interpreter (see
/// [`default_name`]). An empty name (`=COMMAND`) is an error, as no program is named `=…`.
pub fn command_spec(text: &str) -> Result<CommandSpec, String> {
    let text = text.trim();
    if text.starts_with('=') {
        return Err("cmd: the name before `=` is empty (cmd:NAME=COMMAND, or cmd:COMMAND)".into());
    }
    let (name, command) = match text.split_once('=') {
        Some((name, command)) if is_name(name) => (Some(name.to_string()), command.trim()),
        _ => (None, text),
    };
    let argv = split_command(command).map_err(|e| match e {
        ExternalError::Split(_) => ExternalError::Split(text.to_string()).to_string(),
        e => e.to_string(),
    })?;
    let name = name.unwrap_or_else(|| default_name(&argv));
    Ok(CommandSpec {
        name,
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

/// The programs that run a script named after them ([`default_name`]), besides `python…`
/// and `pypy…` of any version (`python3.12`); `env` runs a program the same way.
const INTERPRETERS: [&str; 19] = [
    "sh", "bash", "dash", "zsh", "ksh", "fish", "node", "nodejs", "deno", "bun", "ruby", "perl",
    "php", "Rscript", "julia", "lua", "luajit", "java", "env",
];

/// Whether `program` (a file stem) is an interpreter: one of [`INTERPRETERS`], or `python`
/// or `pypy` with a version or none.
fn is_interpreter(program: &str) -> bool {
    let versioned = |prefix: &str| {
        program
            .strip_prefix(prefix)
            .is_some_and(|v| v.chars().all(|c| c.is_ascii_digit() || c == '.'))
    };
    INTERPRETERS.contains(&program) || versioned("python") || versioned("pypy")
}

/// The name of a command (`argv`: its program, then its arguments) without `NAME=`: its
/// program's file stem (`./bin/tdoku --fast` is `tdoku`, `sleep 100` is `sleep`); when the
/// program is an interpreter ([`is_interpreter`]: `python3`, `sh`, `node`, `env`, …), the
/// name of the first word after it that is neither an option (`-u`) nor a setting (`X=1`),
/// found the same way (`python3 -u my_solver.py` is `my_solver`, `env X=1 python3 s.py` is
/// `s`), when its file stem can name a solver (letters, digits, `_`, `-`, `.`), else the
/// interpreter's (`sh -c 'while read l; …'` is `sh`).
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
    let Some(at) = argv
        .iter()
        .skip(1)
        .position(|w| !w.starts_with('-') && !w.contains('='))
        .map(|i| i + 1)
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

    fn spec(text: &str) -> (String, String) {
        let spec = command_spec(text).unwrap();
        (spec.name, spec.command)
    }

    #[test]
    fn a_command_is_named_after_its_script_or_as_told() {
        let own = |n: &str, c: &str| (n.to_string(), c.to_string());
        assert_eq!(
            spec("python3 my_solver.py"),
            own("my_solver", "python3 my_solver.py")
        );
        assert_eq!(
            spec("./bin/tdoku --fast"),
            own("tdoku", "./bin/tdoku --fast")
        );
        assert_eq!(spec("py=python3 -u s.py"), own("py", "python3 -u s.py"));
        assert_eq!(spec("env X=1 ./a"), own("a", "env X=1 ./a"));
        assert_eq!(spec("sleep 100").0, "sleep");
        assert_eq!(spec("./solver --threads 4").0, "solver");
        assert_eq!(spec("/opt/bin/solve.bin -j 2 in.txt").0, "solve");
        assert_eq!(spec("python3.12 -u s.py 4").0, "s");
        assert_eq!(spec("/usr/bin/pypy3 s.py").0, "s");
        assert_eq!(spec("env X=1 python3 -u tools/s.py --fast").0, "s");
        assert_eq!(spec("bash run.sh 8").0, "run");
        assert_eq!(spec("node dist/solver.js --threads 4").0, "solver");
        assert_eq!(spec("sh -c 'while read l; do echo none; done'").0, "sh");
        assert_eq!(spec("python3 -c 'print(1)'").0, "python3");
        assert_eq!(spec("python3").0, "python3");
        assert_eq!(spec("pythonista s.py").0, "pythonista");
        assert_eq!(spec("bash python.sh 8").0, "python");
        assert!(command_spec("").unwrap_err().contains("needs a command"));
        assert!(command_spec("x=").unwrap_err().contains("needs a command"));
        assert!(command_spec("=./a")
            .unwrap_err()
            .contains("the name before `=` is empty"));
        assert!(command_spec("python3 'oops")
            .unwrap_err()
            .contains("unclosed quote"));
        assert_eq!(
            command_spec(" py=python3 'oops").unwrap_err(),
            "cmd:py=python3 'oops: cannot split the command into words (an unclosed quote?)"
        );
        assert_eq!(
            command_spec(" mine=./s --fast ").unwrap().written,
            "mine=./s --fast"
        );
    }
}
