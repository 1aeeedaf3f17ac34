//! The one way a time figure is shown: [`format_time`].

/// A time in nanoseconds as every report shows it: three significant digits in the unit
/// that reads best, `850 ns`, `9.70 µs`, `40.7 µs`, `717 ms`, `1.50 s` (whole nanoseconds
/// below a microsecond, whole seconds from 1000 s). The value is rounded once, then its
/// unit chosen, so that 999.96 µs reads `1.00 ms`, never `1000 µs`.
///
/// `summary`, `compare`, `solve` and the plots' legends print their times through it: one
/// time reads the same everywhere.
///
/// ```
/// use sudoku_results::format_time;
/// assert_eq!(format_time(850.0), "850 ns");
/// assert_eq!(format_time(9_700.0), "9.70 µs");
/// assert_eq!(format_time(40_749.0), "40.7 µs");
/// assert_eq!(format_time(717_226_000.0), "717 ms");
/// assert_eq!(format_time(999_960.0), "1.00 ms");
/// assert_eq!(format_time(1.5e9), "1.50 s");
/// ```
pub fn format_time(ns: f64) -> String {
    if !ns.is_finite() || ns < 0.0 {
        return "-".into();
    }
    if ns >= 999.5e9 {
        return format!("{:.0} s", ns / 1e9);
    }
    let rounded = significant(ns, 3);
    for (scale, unit) in [(1e9, "s"), (1e6, "ms"), (1e3, "µs")] {
        if rounded >= scale {
            let v = rounded / scale;
            return match v {
                v if v < 10.0 => format!("{v:.2} {unit}"),
                v if v < 100.0 => format!("{v:.1} {unit}"),
                v => format!("{v:.0} {unit}"),
            };
        }
    }
    format!("{ns:.0} ns")
}

/// `v` rounded to `digits` significant digits.
fn significant(v: f64, digits: i32) -> f64 {
    if v == 0.0 {
        return 0.0;
    }
    let scale = 10f64.powi(v.log10().floor() as i32 - (digits - 1));
    (v / scale).round() * scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_significant_digits_in_the_unit_that_reads_best() {
        let cases = [
            (0.0, "0 ns"),
            (7.0, "7 ns"),
            (999.0, "999 ns"),
            (999.6, "1.00 µs"),
            (1_000.0, "1.00 µs"),
            (12_345.0, "12.3 µs"),
            (152_300.0, "152 µs"),
            (12_400_000.0, "12.4 ms"),
            (3_210_000_000.0, "3.21 s"),
            (59_990_000_000.0, "60.0 s"),
            (1_234_567_000_000.0, "1235 s"),
            (f64::NAN, "-"),
            (-1.0, "-"),
        ];
        for (ns, shown) in cases {
            assert_eq!(format_time(ns), shown, "{ns}");
        }
    }
}
