//! Log axes in whole decades, and their labels.

use crate::wording::trim_number;

/// Factor of room left on a log axis beyond its outer decades.
pub(super) const AXIS_PAD: f64 = 1.5;

/// A log axis from one power of ten to a higher one.
#[derive(Debug, Clone, Copy)]
pub(super) struct Decades {
    pub lo: f64,
    pub hi: f64,
}

impl Decades {
    /// The smallest range of whole decades (at least one) holding every value.
    pub fn around(values: impl Iterator<Item = f64>) -> Self {
        let all = (f64::INFINITY, f64::NEG_INFINITY);
        let (min, max) = values.fold(all, |(min, max), v| (min.min(v), max.max(v)));
        if !min.is_finite() || !max.is_finite() || min <= 0.0 {
            return Self { lo: 1.0, hi: 10.0 };
        }
        let lo = (min.log10() + 1e-9).floor() as i32;
        let hi = ((max.log10() - 1e-9).ceil() as i32).max(lo + 1);
        Self {
            lo: power_of_ten(lo),
            hi: power_of_ten(hi),
        }
    }

    /// The range handed to plotters, padded so that markers on the outer decades do not sit
    /// on the frame and rounding cannot drop their labels.
    pub fn range(self) -> std::ops::Range<f64> {
        self.lo / AXIS_PAD..self.hi * AXIS_PAD
    }

    /// `v` moved inside the axis.
    pub fn clamp(self, v: f64) -> f64 {
        v.clamp(self.lo, self.hi)
    }

    /// Where `v` falls on the axis, from 0 (at `lo`) to 1 (at `hi`).
    pub fn fraction(self, v: f64) -> f64 {
        (self.clamp(v) / self.lo).log10() / (self.hi / self.lo).log10()
    }

    /// Number of decades.
    pub fn count(self) -> usize {
        (self.hi / self.lo).log10().round() as usize
    }
}

/// `10^e`, correctly rounded (so that `power_of_ten(-2) == 0.01`).
fn power_of_ten(e: i32) -> f64 {
    format!("1e{e}").parse().unwrap_or(1.0)
}

/// Label of a tick on a log axis: plain numbers from 0.01 to 1000, `10ⁿ` beyond.
pub(super) fn decade_label(v: f64) -> String {
    if v <= 0.0 || !v.is_finite() {
        return String::new();
    }
    let e = v.log10().round() as i32;
    // Plain from 0.01 to 1000, and any value that is no power of ten.
    if (-2..=3).contains(&e) || (v / power_of_ten(e) - 1.0).abs() > 1e-6 {
        return trim_number(format!("{v:.3}"));
    }
    const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut label = String::from("10");
    if e < 0 {
        label.push('⁻');
    }
    for digit in e.unsigned_abs().to_string().bytes() {
        label.push(SUPERSCRIPTS[usize::from(digit - b'0')]);
    }
    label
}
