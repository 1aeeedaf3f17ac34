//! What the search does in the instructions of the processor it runs on: [`Machine`],
//! its two heaviest pieces of bit work (two digits closed at once by the band and stack
//! rules, the configurations of every digit counted for the chooser), and [`Words`],
//! what the band and stack rules need of a set of band words.
//!
//! The rules of [`rules`](crate::rules) are written once over [`Words`]: on [`Lanes`]
//! (one digit, one 128-bit register) and, on x86-64 with AVX2, on two digits in one
//! 256-bit register (the crate's `wide` module), where the configurations are counted
//! two digits to a register too.

use std::ops::{BitAnd, BitOr, BitXor};

use crate::board::Occupancy;
use crate::choice::Configurations;
use crate::lanes::Lanes;

/// Band words of one digit or more, lane by lane: what the band and stack rules use.
pub trait Words:
    Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self>
{
    /// `v` in every band lane, zero in the spare ones.
    fn splat(v: u32) -> Self;
    /// Each lane shifted left by `N` bits.
    fn shl<const N: i32>(self) -> Self;
    /// Each lane shifted right by `N` bits.
    fn shr<const N: i32>(self) -> Self;
    /// Each band lane takes the next band's (mod 3); the spare lanes stay.
    fn next_band(self) -> Self;
    /// Each band lane takes the band's after next (mod 3); the spare lanes stay.
    fn band_after_next(self) -> Self;
}

impl Words for Lanes {
    #[inline(always)]
    fn splat(v: u32) -> Lanes {
        Lanes::bands(v)
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Lanes {
        Lanes::shl::<N>(self)
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Lanes {
        Lanes::shr::<N>(self)
    }
    #[inline(always)]
    fn next_band(self) -> Lanes {
        Lanes::next_band(self)
    }
    #[inline(always)]
    fn band_after_next(self) -> Lanes {
        Lanes::band_after_next(self)
    }
}

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
        crate::board::closed_two(v, w)
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
