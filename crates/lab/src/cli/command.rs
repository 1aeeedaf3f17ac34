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
/// after its last word that is not an option (`python3 my_solver.py` is `my_solver`). An
/// empty name (`=COMMAND`) is an error, as no program is named `=…`.
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

/// The file stem of the command's last word that is not an option (of its program, when
/// every other word is one).
fn default_name(argv: &[String]) -> String {
    let word = argv
        .iter()
        .rev()
        .find(|w| !w.starts_with('-'))
        .unwrap_or(&argv[0]);
    Path::new(word)
        .file_stem()
        .map_or_else(|| word.clone(), |s| s.to_string_lossy().into_owned())
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
