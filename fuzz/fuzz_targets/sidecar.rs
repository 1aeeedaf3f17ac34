//! The run sidecar (`X.run.toml`, which `summary`, `compare`, `merge` and `--resume` read
//! beside a CSV) parsed from any text: no panic, and an error names a line of the text.
//! A sidecar that parses writes (`to_toml`) a text that parses to itself (its `seconds` to
//! the microsecond, as it writes them), with the same settings (what `merge` and `bench
//! --resume` compare); as a sidecar without a key a run writes does not parse, what it
//! wrote gives every key.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use sudoku_reports::settings::{differences, Shards};
use sudoku_reports::{Error, Sidecar};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("r.run.toml");
    let sidecar = match Sidecar::parse(text, path) {
        Ok(sidecar) => sidecar,
        Err(e) => {
            let Error::Malformed { line, .. } = &e else {
                panic!("not a Malformed error: {e}");
            };
            if let Some(line) = *line {
                assert!(line >= 1 && line <= 1 + text.matches('\n').count() as u64);
            }
            return;
        }
    };
    let written = sidecar.to_toml();
    let again = Sidecar::parse(&written, path)
        .unwrap_or_else(|e| panic!("{e}\nin what it wrote:\n{written}"));
    // `to_toml` writes the seconds to the microsecond.
    let mut expected = sidecar.clone();
    expected.seconds = (sidecar.seconds * 1e6).round() / 1e6;
    if expected.seconds.is_nan() {
        assert!(again.seconds.is_nan(), "{written}");
        expected.seconds = 0.0;
    }
    let mut compared = again.clone();
    if compared.seconds.is_nan() {
        compared.seconds = 0.0;
    }
    assert_eq!(compared, expected, "{written}");
    assert_eq!(differences(&sidecar, &again, Shards::Same), [], "{written}");
    assert_eq!(again.to_toml(), written, "written twice, the texts differ");
});
