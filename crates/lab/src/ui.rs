//! Messages to a person on stderr: `error:`, `warning:`, `note:` and `WRONG:` in colour when
//! stderr takes it (`--color`, `NO_COLOR`), printed around the progress bar; and what a
//! command prints on stdout ([`out`]).
//!
//! Neither ever panics: a stdout or stderr that is closed (`… | head -1`) or failing
//! (`2>/dev/full`) ends that output quietly and the command goes on; a command whose
//! product is its stdout then fails ([`stdout_written`]), unless the reader left.

use std::fmt::Display;
use std::io::Write as _;
use std::path::Path;
use std::sync::Mutex;

use anstyle::{AnsiColor, Style};
use clap::ColorChoice;
use indicatif::ProgressBar;

/// The progress bar on screen, if any: messages are printed above it.
static BAR: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Sets the colour of every message of the process from the `--color` of a command line,
/// read before clap parses it so that clap's own errors follow it too (`auto` when absent
/// or not one of the three), and returns clap's choice.
pub fn color_from_args(args: &[std::ffi::OsString]) -> ColorChoice {
    let mut when = ColorChoice::Auto;
    let mut iter = args.iter().map(|a| a.to_string_lossy());
    while let Some(arg) = iter.next() {
        let value = match arg.strip_prefix("--color") {
            Some("") => iter.next().map(|v| v.into_owned()),
            Some(rest) => rest.strip_prefix('=').map(str::to_string),
            None => None,
        };
        when = match value.as_deref() {
            Some("always") => ColorChoice::Always,
            Some("never") => ColorChoice::Never,
            Some(_) => ColorChoice::Auto,
            None => when,
        };
    }
    match when {
        ColorChoice::Always => anstream::ColorChoice::Always,
        ColorChoice::Never => anstream::ColorChoice::Never,
        ColorChoice::Auto => anstream::ColorChoice::Auto,
    }
    .write_global();
    when
}

/// Shows `bar` until [`hide_bar`]: messages are then printed above it.
pub fn show_bar(bar: &ProgressBar) {
    *BAR.lock().unwrap_or_else(|e| e.into_inner()) = Some(bar.clone());
}

/// Clears the bar from the screen for good.
pub fn hide_bar() {
    if let Some(bar) = BAR.lock().unwrap_or_else(|e| e.into_inner()).take() {
        bar.finish_and_clear();
    }
}

/// What became of stdout (see [`out`]).
static STDOUT: Mutex<Stdout> = Mutex::new(Stdout::Open);

/// What became of stdout.
enum Stdout {
    /// Written as asked.
    Open,
    /// Its reader went away (a closed pipe): nothing more is written, and that is no error.
    Closed,
    /// A write did not reach it (a full disk): nothing more is written, and the error is
    /// kept for [`stdout_written`].
    Failed(std::io::Error),
}

/// Writes `text` to stdout as it is; once stdout fails (a closed pipe, a full disk), quietly
/// nothing, the failure kept for [`stdout_written`] unless it was the reader leaving.
pub fn out(text: impl Display) {
    let mut state = STDOUT.lock().unwrap_or_else(|e| e.into_inner());
    if !matches!(*state, Stdout::Open) {
        return;
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = write!(stdout, "{text}").and_then(|()| stdout.flush()) {
        *state = match e.kind() {
            std::io::ErrorKind::BrokenPipe => Stdout::Closed,
            _ => Stdout::Failed(e),
        };
    }
}

/// Whether stdout still takes what [`out`] writes: a command that prints as it goes stops
/// once it does not (a closed pipe, a full disk).
pub fn stdout_open() -> bool {
    matches!(
        *STDOUT.lock().unwrap_or_else(|e| e.into_inner()),
        Stdout::Open
    )
}

/// For a command whose product is what it prints (`summary`, `compare`, `completions`,
/// `man`, `plot`'s paths): an error when what [`out`] wrote did not reach stdout (`stdout:
/// No space left on device`), so that the command fails rather than end well with its
/// output lost. A closed pipe (`… | head -1`) is no error: its reader had what it wanted.
pub fn stdout_written() -> anyhow::Result<()> {
    let mut state = STDOUT.lock().unwrap_or_else(|e| e.into_inner());
    match std::mem::replace(&mut *state, Stdout::Closed) {
        Stdout::Failed(e) => Err(anyhow::Error::new(e).context("stdout")),
        open_or_closed => {
            *state = open_or_closed;
            Ok(())
        }
    }
}

/// Writes one line to stderr, above the progress bar when one shows, never failing.
fn line_to_stderr(line: std::fmt::Arguments<'_>) {
    let print = || {
        let _ = writeln!(anstream::stderr(), "{line}");
    };
    match BAR.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
        Some(bar) => bar.suspend(print),
        None => print(),
    }
}

fn emit(style: Style, label: &str, message: &dyn Display) {
    line_to_stderr(format_args!("{style}{label}:{style:#} {message}"));
}

/// `error: …`, in bold red.
pub fn error(message: impl Display) {
    emit(AnsiColor::Red.on_default().bold(), "error", &message);
}

/// `warning: …`, in bold yellow.
pub fn warning(message: impl Display) {
    emit(AnsiColor::Yellow.on_default().bold(), "warning", &message);
}

/// `note: …`, in bold cyan.
pub fn note(message: impl Display) {
    emit(AnsiColor::Cyan.on_default().bold(), "note", &message);
}

/// The note that the files of an earlier `command` on `path`, which was killed, were moved
/// aside before this one started: `what` (its rows, its puzzles) is now in `aside`, and
/// the files of an older killed run that were there, which it did not continue, in `kept`
/// (see `sudoku_reports::leftover`).
pub fn moved_aside(command: &str, path: &Path, what: &str, aside: &Path, kept: Option<&Path>) {
    let kept = kept.map_or(String::new(), |kept| {
        format!(
            " (those of an older killed {command}, which it did not continue, are kept as {})",
            kept.display()
        )
    });
    note(format!(
        "an earlier {command} on {} was killed: {what} now in {}{kept}",
        path.display(),
        aside.display()
    ));
}

/// The note that an earlier unfinished run's files, under the names a run's files took,
/// were first moved to `kept`: the run did not continue that one (see
/// `sudoku_reports::leftover`).
pub fn kept_earlier(kept: &Path) {
    note(format!(
        "the earlier unfinished run under the same name, which this one did not continue, \
         is kept as {}",
        kept.display()
    ));
}

/// `WRONG: …` (a solution that failed its check), in bold red.
pub fn wrong(message: impl Display) {
    emit(AnsiColor::Red.on_default().bold(), "WRONG", &message);
}

/// A plain line (a progress line, a summary of what was written).
pub fn plain(message: impl Display) {
    line_to_stderr(format_args!("{message}"));
}

/// `text` cut into lines of at most `columns` characters at spaces (a longer word stays
/// whole on its own line): the one wrapping of the runner's own texts.
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= columns => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// An error and the causes under it, each said once: `outer: cause: root`. A cause whose
/// text its error already gives (a typed error that names its `source` in its message) is
/// not repeated.
pub fn chain(error: &anyhow::Error) -> String {
    let mut text = error.to_string();
    for cause in error.chain().skip(1) {
        let cause = cause.to_string();
        if !text.contains(&cause) {
            text.push_str(": ");
            text.push_str(&cause);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_cuts_at_spaces_within_the_width() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(wrap("  aa   bb ", 80), ["aa bb"]);
        assert_eq!(wrap("abcdefgh ij", 4), ["abcdefgh", "ij"]);
        assert!(wrap("", 4).is_empty());
    }

    #[test]
    fn color_is_read_before_parsing() {
        for (args, when) in [
            (&["x", "bench"][..], ColorChoice::Auto),
            (&["x", "--color=never"], ColorChoice::Never),
            (&["x", "--color", "always", "bench"], ColorChoice::Always),
            (&["x", "--color=never", "--colour"], ColorChoice::Never),
        ] {
            let args: Vec<_> = args.iter().map(std::ffi::OsString::from).collect();
            assert_eq!(color_from_args(&args), when);
        }
    }

    #[test]
    fn each_cause_is_said_once() {
        let io = || std::io::Error::new(std::io::ErrorKind::NotFound, "gone");
        let typed = sudoku_reports::Error::Open {
            path: "x.csv".into(),
            source: io(),
        };
        assert_eq!(
            chain(&anyhow::Error::new(typed)),
            "x.csv: cannot open: gone"
        );
        let layered = anyhow::Error::new(io()).context("reading x.csv");
        assert_eq!(chain(&layered), "reading x.csv: gone");
        let deeper = layered.context("the run stopped");
        assert_eq!(chain(&deeper), "the run stopped: reading x.csv: gone");
    }
}
