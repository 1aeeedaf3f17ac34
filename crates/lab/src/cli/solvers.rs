//! Solvers as the command line names them: a comma-separated list of catalogue names and
//! `cmd:` commands, validated by clap (an unknown name or an empty list is a usage error).

use std::fmt;

use clap::builder::{PossibleValue, TypedValueParser};

use sudoku_catalogue::{default_run, parse_list, ListError, Strategy, CATALOGUE};
use sudoku_core::Size;

use super::command::{command_spec, CommandSpec};

/// A solver named on the command line.
#[derive(Debug, Clone)]
pub enum SolverSpec {
    /// A strategy of the catalogue.
    Strategy(&'static Strategy),
    /// A program run as a child process on the line protocol (`cmd:[NAME=]COMMAND`).
    Command(CommandSpec),
}

impl SolverSpec {
    /// The name its rows carry.
    pub fn name(&self) -> &str {
        match self {
            SolverSpec::Strategy(s) => s.name,
            SolverSpec::Command(c) => &c.name,
        }
    }

    /// Its node budget on a grid of `size` without `--max-nodes` (0 for a command: see --timeout).
    pub fn default_max_nodes(&self, size: Size) -> u64 {
        match self {
            SolverSpec::Strategy(s) => s.default_max_nodes(size),
            SolverSpec::Command(_) => 0,
        }
    }
}

/// The solvers of `--solvers`, in order, without repeats.
#[derive(Debug, Clone)]
pub struct SolverList(pub Vec<SolverSpec>);

impl SolverList {
    /// The strategies the catalogue runs by default.
    pub fn default_run() -> SolverList {
        SolverList(default_run().map(SolverSpec::Strategy).collect())
    }

    /// Parses `naive,dlx` (`all`, `default`, `cmd:[NAME=]COMMAND`), cut at the commas
    /// [`split_list`] finds. A strategy named twice is kept once; a command's name must be
    /// neither a strategy's nor another solver's.
    pub fn parse(text: &str) -> Result<SolverList, String> {
        let mut specs: Vec<SolverSpec> = Vec::new();
        let taken = |specs: &[SolverSpec], name: &str| specs.iter().any(|s| s.name() == name);
        for item in split_list(text).into_iter().map(str::trim) {
            if let Some(command) = item.strip_prefix("cmd:") {
                let spec = command_spec(command)?;
                if taken(&specs, &spec.name) || sudoku_catalogue::find(&spec.name).is_some() {
                    let name = spec.name;
                    return Err(format!(
                        "cmd: solver name {name:?} is taken: name it (cmd:NAME=COMMAND)"
                    ));
                }
                specs.push(SolverSpec::Command(spec));
            } else if !item.is_empty() {
                for s in parse_list(item).map_err(|e| e.to_string())? {
                    if !taken(&specs, s.name) {
                        specs.push(SolverSpec::Strategy(s));
                    }
                }
            }
        }
        if specs.is_empty() {
            return Err(ListError::Empty.to_string());
        }
        Ok(SolverList(specs))
    }
}

/// `text` cut at each comma outside shell quotes (`'…'`, `"…"`, a backslash), which stay for
/// the command's own split: `cmd:x=prog '--a,b',dlx` is two items.
pub fn split_list(text: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut quote, mut escaped, mut start) = (None, false, 0);
    for (i, c) in text.char_indices() {
        match (quote, c) {
            _ if escaped => escaped = false,
            (Some(q), _) if c == q => quote = None,
            (None | Some('"'), '\\') => escaped = true,
            (None, '\'' | '"') => quote = Some(c),
            (None, ',') => {
                items.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&text[start..]);
    items
}

impl fmt::Display for SolverList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.0.iter().map(SolverSpec::name).collect();
        f.write_str(&names.join(","))
    }
}

/// The value parser of `--solvers`: [`SolverList::parse`], its possible values the names a
/// list takes, each with its summary and budget (for `--help` and the shell completions).
#[derive(Debug, Clone, Copy)]
pub struct SolverListParser;

impl TypedValueParser for SolverListParser {
    type Value = SolverList;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<SolverList, clap::Error> {
        SolverList::parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let budgeted = |s: &Strategy| format!("{}; budget {}", s.summary, s.default_budget);
        let mut values: Vec<PossibleValue> = CATALOGUE
            .iter()
            .map(|s| PossibleValue::new(s.name).help(budgeted(s)))
            .collect();
        values.push(PossibleValue::new("all").help("every strategy"));
        values.push(PossibleValue::new("default").help("the default run"));
        Some(Box::new(values.into_iter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unknown names and empty lists: tests/conventions.rs; a quoted comma: tests/external.rs.
    #[test]
    fn repeats_are_dropped_but_not_two_commands_of_one_name() {
        let list = SolverList::parse("dlx, naive,dlx").unwrap();
        assert_eq!(list.to_string(), "dlx,naive");
        let err = SolverList::parse("cmd:./a,cmd:b/a").unwrap_err();
        assert_eq!(
            err,
            "cmd: solver name \"a\" is taken: name it (cmd:NAME=COMMAND)"
        );
    }
}
