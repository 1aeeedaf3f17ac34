//! What the search does in the instructions of the processor it runs on: [`Machine`],
//! its two heaviest pieces of bit work (two digits closed at once by the band and stack
//! rules, the configurations of every digit counted for the chooser).
//!
//! The rules of [`rules`](crate::rules) are written once over
//! [`Words`](crate::lanes::Words): on [`Lanes`]
//! (one digit, one 128-bit register) and, on x86-64 with AVX2, on two digits in one
//! 256-bit register (the crate's `wide` module), where the configurations are counted
//! two digits to a register too.

use crate::counts::{Configurations, Occupancy};
use crate::lanes::Lanes;

/// The search's heaviest bit work: on any processor, in the target's baseline
/// instructions ([`Portable`]); with AVX2, two digits to a 256-bit register ([`Avx2`]).
/// Both give the same results.
pub trait Machine: Copy {
    /// Two digits' words under the band and stack rules until they hold.
    fn closed_two(self, v: Lanes, w: Lanes) -> (Lanes, Lanes);

    /// The configurations of every digit ([`Configurations::of`]).
    #[inline(always)]
    fn configurations(self, occupancy: &Occupancy) -> Configurations {
        Configurations::of(occupancy)
    }
}

/// The baseline: two digits closed as two 128-bit chains side by side, the
/// configurations counted digit by digit.
#[derive(Debug, Clone, Copy, Default)]
pub struct Portable;

impl Machine for Portable {
    #[inline(always)]
    fn closed_two(self, v: Lanes, w: Lanes) -> (Lanes, Lanes) {
        crate::rules::closed_two(v, w)
    }
}

/// Two digits to an AVX2 register: a proof that the processor has AVX2.
#[cfg(target_arch = "x86_64")]
#[derive(Debug, Clone, Copy)]
pub struct Avx2(());

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// The proof, when the processor has AVX2.
    #[inline(always)]
    pub fn detect() -> Option<Avx2> {
        std::is_x86_feature_detected!("avx2").then_some(Avx2(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl Machine for Avx2 {
    #[inline(always)]
    fn closed_two(self, v: Lanes, w: Lanes) -> (Lanes, Lanes) {
        // SAFETY: an `Avx2` is made only by `detect`, when the processor has AVX2.
        unsafe { crate::wide::closed_two(v, w) }
    }

    #[inline(always)]
    fn configurations(self, occupancy: &Occupancy) -> Configurations {
        // SAFETY: an `Avx2` is made only by `detect`, when the processor has AVX2.
        unsafe { crate::wide::configurations(occupancy) }
    }
}
