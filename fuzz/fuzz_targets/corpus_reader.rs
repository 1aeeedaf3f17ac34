//! The corpus reader never panics on any bytes; every puzzle it yields is well formed,
//! its indexes count up from 0 and its lines increase.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::CorpusReader;

fuzz_target!(|data: &[u8]| {
    let mut next_index = 0;
    let mut last_line = 0;
    for item in CorpusReader::new(data, "fuzz") {
        match item {
            Ok(p) => {
                assert_eq!(p.index, next_index);
                assert!(p.line > last_line);
                next_index += 1;
                last_line = p.line;
                if let Some(s) = p.solution {
                    assert!(s.is_solution_of(&p.grid));
                }
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
