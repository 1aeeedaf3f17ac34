//! Solvers as the command line names them: a comma-separated list of catalogue names and
//! `cmd:` commands, validated by clap (an unknown name or an empty list is a usage error),
//! and the help texts that list the catalogue.

use std::fmt;

use clap::builder::{PossibleValue, TypedValueParser};

use sudoku_catalogue::{default_run, parse_list, ListError, Strategy, CATALOGUE};
use sudoku_core::Size;

use super::command::{command_spec, CommandSpec, CMD};

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

    /// Its node budget on a grid of `size` without `--max-nodes` (0 for a command, whose
    /// budget is `--timeout`).
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
        for item in split_list(text).into_iter().map(str::trim) {
            let new: Vec<SolverSpec> = match item.strip_prefix(CMD) {
                Some(command) => vec![SolverSpec::Command(command_spec(command)?)],
                None if item.is_empty() => continue,
                None => parse_list(item)
                    .map_err(|e| e.to_string())?
                    .into_iter()
                    .map(SolverSpec::Strategy)
                    .collect(),
            };
            for spec in new {
                let clash = specs.iter().any(|s| s.name() == spec.name());
                match &spec {
                    SolverSpec::Command(CommandSpec { name, .. })
                        if clash || sudoku_catalogue::find(name).is_some() =>
                    {
                        return Err(format!(
                            "cmd: solver name {name:?} is taken: name it (cmd:NAME=COMMAND)"
                        ));
                    }
                    _ if clash => {}
                    _ => specs.push(spec),
                }
            }
        }
        if specs.is_empty() {
            return Err(ListError::Empty.to_string());
        }
        Ok(SolverList(specs))
    }
}

/// `text` cut at each comma outside quotes, quoted as a shell quotes a command's words
/// (`'…'`, `"…"`, a backslash): `cmd:x=prog '--a,b',dlx` is two items. The quotes stay in
/// the items, for the command's own split.
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

/// The value parser of `--solvers`: [`SolverList::parse`], with the names a list takes as
/// its possible values, for the shell completions.
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
        let parse: fn(&str) -> Result<SolverList, String> = SolverList::parse;
        parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            sudoku_catalogue::suggest::list_names().map(PossibleValue::new),
        ))
    }
}

/// What `cmd:` is, in the long help of a `--solvers` that takes it.
pub const CMD_HELP: &str = "; `cmd:[NAME=]COMMAND` = any program, in any language, run as a child \
process (the book's \"Any solver, in any language\")";

/// The long help of `--solvers`: `what` it is, `cmd` ([`CMD_HELP`] or nothing), then every
/// strategy with its summary (its budget: `--max-nodes`; the default run: the default).
pub fn solvers_help(what: &str, cmd: &str) -> String {
    let width = CATALOGUE.iter().map(|s| s.name.len()).max().unwrap_or(0);
    let indent = format!("\n  {:width$}  ", "");
    let mut text = format!(
        "{what}, comma-separated, in this order (repeats dropped); `all` = every strategy, \
`default` = the default run{cmd}. An unknown name is a usage error that lists these:\n"
    );
    for s in CATALOGUE {
        let summary = crate::ui::wrap(s.summary, SUMMARY_COLUMNS).join(&indent);
        text.push_str(&format!("\n  {:width$}  {summary}", s.name));
    }
    text
}

/// The width of a summary's column: with clap's indent, a line stays within 80 columns,
/// so that clap never wraps it again (which would lose the column).
const SUMMARY_COLUMNS: usize = 50;

/// The long help of `--max-nodes`: the default budget of every strategy.
pub fn max_nodes_help() -> String {
    let budgets: Vec<String> = CATALOGUE
        .iter()
        .map(|s| format!("{} {}", s.name, s.default_budget))
        .collect();
    format!(
        "Node budget of every single solve (nodes = 1 + tries), for every solver and grid \
size (the book's \"Budgets\").\n\n[default: per solver and grid size: {}]",
        budgets.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unknown names and empty lists: tests/conventions.rs.
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

    /// How the list is cut; the command's words end to end: tests/external.rs.
    #[test]
    fn a_quoted_comma_stays_in_its_command() {
        assert_eq!(
            split_list(r#"dlx,cmd:x=prog '--a,b' "c,d" e\,f,naive"#),
            ["dlx", r#"cmd:x=prog '--a,b' "c,d" e\,f"#, "naive"]
        );
        assert_eq!(split_list(r#"cmd:p "it's, \"so\"",dlx"#).len(), 2);
    }

    /// Every strategy with its summary, its column within 80 (clap indents by 10), and its
    /// budget in --max-nodes. Which list offers `cmd:`: tests/trace.rs.
    #[test]
    fn the_help_gives_every_strategy_in_a_column_within_80() {
        let help = solvers_help("Solvers", CMD_HELP);
        let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
        let budgets = max_nodes_help();
        for s in CATALOGUE {
            let summary = s.summary.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(words.contains(&format!("{} {summary}", s.name)));
            assert!(budgets.contains(&format!("{} {}", s.name, s.default_budget)));
        }
        let width = CATALOGUE.iter().map(|s| s.name.len()).max().unwrap();
        for line in help.split_once(":\n").unwrap().1.lines().skip(1) {
            assert!(10 + line.chars().count() <= 80, "{line:?}");
            let column = &line[2 + width..];
            assert!(
                line.starts_with("  ") && column.starts_with("  "),
                "{line:?}"
            );
            assert!(!column.starts_with("   "), "{line:?}");
        }
    }
}
