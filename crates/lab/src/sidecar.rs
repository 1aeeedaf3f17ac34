//! The run sidecar: what makes a `bench` run reproducible, beside its CSV.
//!
//! `results/bench.csv` gets `results/bench.run.toml`, a flat TOML file of `key = value`
//! lines (strings quoted): the command line, the runner's version, git commit and rustc,
//! the CPU model, threads, date and settings; then how the run ended (`state` is
//! `running` while it goes, then `finished`, `interrupted` or `failed`) and, under
//! `[malformed_lines]`, the malformed lines skipped per corpus.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// The sidecar beside a CSV: `X.csv` → `X.run.toml`.
pub fn sidecar_path(csv: &Path) -> PathBuf {
    beside(csv, "run.toml")
}

/// The Markdown summary beside a CSV: `X.csv` → `X.summary.md`.
pub fn summary_path(csv: &Path) -> PathBuf {
    beside(csv, "summary.md")
}

fn beside(csv: &Path, ext: &str) -> PathBuf {
    let stem = csv
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "bench".into());
    csv.with_file_name(format!("{stem}.{ext}"))
}

/// A TOML basic string.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn unquote(s: &str) -> Option<String> {
    let inner = s.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'u' => {
                let hex: String = chars.by_ref().take(4).collect();
                out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
            }
            c => out.push(c),
        }
    }
    Some(out)
}

/// The command line, each argument quoted for a POSIX shell when it needs it.
pub fn command_line() -> String {
    std::env::args()
        .map(|a| {
            if !a.is_empty()
                && a.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=,:+@%".contains(c))
            {
                a
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The CPU model from `/proc/cpuinfo` (`unknown` elsewhere).
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name") || l.starts_with("Model"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

/// What a run was: everything known before it starts.
#[derive(Debug, Clone)]
pub struct RunInfo {
    /// The command line.
    pub command: String,
    /// Worker threads.
    pub threads: usize,
    /// Start date, RFC 3339 (UTC).
    pub date: String,
    /// Solver names, in order.
    pub solvers: Vec<String>,
    /// Solution limit.
    pub limit: u64,
    /// The node budget of each solver.
    pub max_nodes: Vec<(String, u64)>,
    /// Timed runs per solve.
    pub repeat: u64,
    /// Whether a malformed line stops the run.
    pub strict: bool,
    /// `--first N`: at most N puzzles of each corpus (`None`: all).
    pub first: Option<u64>,
    /// The corpus files, in order.
    pub corpora: Vec<String>,
    /// The CSV written.
    pub csv: String,
}

/// How a run ended (or how far it is).
#[derive(Debug, Clone, Default)]
pub struct Ending {
    /// `running`, `finished`, `interrupted` or `failed`.
    pub state: &'static str,
    /// Puzzles read.
    pub puzzles: u64,
    /// Rows written.
    pub rows: u64,
    /// Rows with status `wrong`.
    pub wrong: u64,
    /// Seconds since the start.
    pub seconds: f64,
    /// Malformed lines skipped, per corpus.
    pub malformed: Vec<(String, u64)>,
    /// The error that ended the run, if any.
    pub error: Option<String>,
}

/// The sidecar's text.
pub fn render(info: &RunInfo, ending: &Ending) -> String {
    let mut out = String::from("# sudoku-lab run: what makes it reproducible\n");
    let mut kv = |k: &str, v: String| {
        let _ = writeln!(out, "{k} = {v}");
    };
    let list = |items: &[String]| {
        format!(
            "[{}]",
            items
                .iter()
                .map(|s| quote(s))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    kv("command", quote(&info.command));
    kv("version", quote(env!("CARGO_PKG_VERSION")));
    kv("git_commit", quote(env!("SUDOKU_LAB_GIT_COMMIT")));
    kv("rustc", quote(env!("SUDOKU_LAB_RUSTC")));
    kv("cpu", quote(&cpu_model()));
    kv("threads", info.threads.to_string());
    kv("date", quote(&info.date));
    kv("solvers", list(&info.solvers));
    kv("limit", info.limit.to_string());
    kv(
        "max_nodes",
        format!(
            "{{ {} }}",
            info.max_nodes
                .iter()
                .map(|(s, n)| format!("{s} = {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    kv("repeat", info.repeat.to_string());
    kv("strict", info.strict.to_string());
    if let Some(n) = info.first {
        kv("first", n.to_string());
    }
    kv("corpora", list(&info.corpora));
    kv("csv", quote(&info.csv));
    kv("state", quote(ending.state));
    kv("puzzles", ending.puzzles.to_string());
    kv("rows", ending.rows.to_string());
    kv("wrong", ending.wrong.to_string());
    kv("seconds", format!("{:.3}", ending.seconds));
    if let Some(e) = &ending.error {
        kv("error", quote(e));
    }
    out.push_str("\n[malformed_lines]\n");
    for (corpus, n) in &ending.malformed {
        let _ = writeln!(out, "{} = {n}", quote(corpus));
    }
    out
}

/// Writes the sidecar.
pub fn write(path: &Path, info: &RunInfo, ending: &Ending) -> Result<()> {
    std::fs::write(path, render(info, ending))
        .with_context(|| format!("{}: cannot write the run sidecar", path.display()))
}

/// What the `summary` command takes from a sidecar.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EndingInfo {
    /// The run was interrupted.
    pub interrupted: bool,
    /// Malformed lines skipped, per corpus.
    pub malformed: Vec<(String, u64)>,
}

/// Reads the ending of a sidecar written by [`render`].
pub fn read_ending(text: &str) -> EndingInfo {
    let mut info = EndingInfo::default();
    let mut in_malformed = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_malformed = line == "[malformed_lines]";
            continue;
        }
        let Some((key, value)) = line.rsplit_once(" = ") else {
            continue;
        };
        if in_malformed {
            if let (Some(corpus), Ok(n)) = (unquote(key), value.trim().parse()) {
                info.malformed.push((corpus, n));
            }
        } else if key == "state" {
            info.interrupted = unquote(value).as_deref() == Some("interrupted");
        }
    }
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_beside_the_csv() {
        let csv = Path::new("results/bench.csv");
        assert_eq!(sidecar_path(csv), Path::new("results/bench.run.toml"));
        assert_eq!(summary_path(csv), Path::new("results/bench.summary.md"));
    }

    #[test]
    fn the_ending_reads_back() {
        let info = RunInfo {
            command: "sudoku-lab bench 'a \"b\".txt'".into(),
            threads: 2,
            date: "2026-01-01T00:00:00Z".into(),
            solvers: vec!["dlx".into()],
            limit: 1,
            max_nodes: vec![("dlx".into(), 5)],
            repeat: 1,
            strict: false,
            first: None,
            corpora: vec!["a \"b\".txt".into()],
            csv: "x.csv".into(),
        };
        let ending = Ending {
            state: "interrupted",
            malformed: vec![("a \"b\".txt".into(), 3), ("c\\d = e".into(), 1)],
            ..Ending::default()
        };
        let text = render(&info, &ending);
        assert!(text.contains("max_nodes = { dlx = 5 }"), "{text}");
        assert_eq!(
            read_ending(&text),
            EndingInfo {
                interrupted: true,
                malformed: vec![("a \"b\".txt".into(), 3), ("c\\d = e".into(), 1)],
            }
        );
    }
}
