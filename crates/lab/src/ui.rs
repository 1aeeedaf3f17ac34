//! Messages on stderr, above the progress bar and in colour when it takes it, and what a
//! command prints on stdout ([`out`]); a closed or failing stream ends that output quietly.

use std::fmt::Display;
use std::io::{ErrorKind, Write as _};
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use anstyle::{AnsiColor, Style};
use clap::ColorChoice;
use indicatif::ProgressBar;

/// The terminal's state: the bar messages are printed above, and what became of stdout.
static TERMINAL: Mutex<Terminal> = Mutex::new(Terminal {
    bar: None,
    stdout: Stdout::Open,
});

struct Terminal {
    bar: Option<ProgressBar>,
    stdout: Stdout,
}

/// What became of stdout.
enum Stdout {
    Open,
    /// Its reader went away (a closed pipe): no error.
    Closed,
    /// A write failed (a full disk): the error is kept for [`stdout_written`].
    Failed(std::io::Error),
}

fn terminal() -> MutexGuard<'static, Terminal> {
    TERMINAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// Sets the colour of every message from the `--color` of a command line, read before clap
/// parses it so that clap's own errors follow it too, and returns clap's choice.
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
    terminal().bar = Some(bar.clone());
}

/// Clears the bar from the screen for good.
pub fn hide_bar() {
    if let Some(bar) = terminal().bar.take() {
        bar.finish_and_clear();
    }
}

/// Writes `text` to stdout; once stdout failed, nothing. The terminal's lock is not held
/// while writing: a reader slow to take stdout holds up no message on stderr.
pub fn out(text: impl Display) {
    if !stdout_open() {
        return;
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = write!(stdout, "{text}").and_then(|()| stdout.flush()) {
        terminal().stdout = match e.kind() {
            ErrorKind::BrokenPipe => Stdout::Closed,
            _ => Stdout::Failed(e),
        };
    }
}

/// Whether stdout still takes what [`out`] writes: a command that prints as it goes stops
/// once it does not.
pub fn stdout_open() -> bool {
    matches!(terminal().stdout, Stdout::Open)
}

/// For a command whose product is what it prints: an error when what [`out`] wrote did not
/// reach stdout (`stdout: No space left on device`). A closed pipe is no error.
pub fn stdout_written() -> anyhow::Result<()> {
    match &terminal().stdout {
        Stdout::Failed(e) => Err(anyhow::anyhow!("stdout: {e}")),
        _ => Ok(()),
    }
}

/// Writes one line to stderr, above the progress bar when one shows, never failing.
fn line_to_stderr(line: std::fmt::Arguments<'_>) {
    let print = || {
        let _ = writeln!(anstream::stderr(), "{line}");
    };
    match &terminal().bar {
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

/// `WRONG: …` (a solution that failed its check), in bold red.
pub fn wrong(message: impl Display) {
    emit(AnsiColor::Red.on_default().bold(), "WRONG", &message);
}

/// A plain line (a progress line, a summary of what was written).
pub fn plain(message: impl Display) {
    line_to_stderr(format_args!("{message}"));
}

/// The note that an earlier killed `command`'s `what` on `path` is now in `aside` (an
/// older killed run's in `kept`).
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

/// The note that an earlier unfinished run's files were first moved to `kept`.
pub fn kept_earlier(kept: &Path) {
    note(format!(
        "the earlier unfinished run under the same name, which this one did not continue, \
         is kept as {}",
        kept.display()
    ));
}

/// `text` cut into lines of at most `columns` characters at spaces (a longer word stays
/// whole on its own line).
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

/// How a column of a [`table`] lines its cells up.
#[derive(Clone, Copy)]
pub enum Align {
    /// Text.
    Left,
    /// Figures.
    Right,
}

/// Rows of cells in columns two spaces apart, each column aligned as `align` says: the one
/// table layout of `grade` and `compare`.
pub fn table<const N: usize>(rows: &[[String; N]], align: [Align; N]) -> String {
    // Each column's width once: taken for every cell, they cost minutes over 30,000 rows.
    let width: [usize; N] =
        std::array::from_fn(|j| rows.iter().map(|r| r[j].chars().count()).max().unwrap_or(0));
    let mut out = String::new();
    for row in rows {
        let cells = (0..N).map(|j| match (align[j], width[j]) {
            (Align::Right, w) => format!("{:>w$}", row[j]),
            (Align::Left, w) => format!("{:<w$}", row[j]),
        });
        out.push_str(cells.collect::<Vec<_>>().join("  ").trim_end());
        out.push('\n');
    }
    out
}

/// An error and the causes under it, each said once: `outer: cause: root` (a cause whose
/// text its error already gives is not repeated).
pub fn chain(error: &anyhow::Error) -> String {
    let mut text = error.to_string();
    for cause in error.chain().skip(1).map(ToString::to_string) {
        if !text.contains(&cause) {
            text = format!("{text}: {cause}");
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// `out` held the terminal's lock while stdout was held up (a paused pager), and every
    /// message on stderr waited for it.
    #[test]
    fn a_held_up_stdout_holds_up_no_message() {
        let held = std::io::stdout().lock();
        let writer = std::thread::spawn(|| out(""));
        // Time for the writer to wait on stdout (were it quicker, the test would pass).
        std::thread::sleep(std::time::Duration::from_millis(300));
        let free = (0..1000).any(|_| {
            std::thread::yield_now();
            TERMINAL.try_lock().is_ok()
        });
        drop(held);
        writer.join().unwrap();
        assert!(free);
    }
}
