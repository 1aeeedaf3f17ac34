//! The band and stack rules on two digits at once in one 256-bit AVX2 register
//! ([`closed_two`]), for the AVX2 copy of the search.
//!
//! A [`Wide`] holds two digits' band words, the first digit in the low 128 bits, the
//! second in the high ones, each laid out as a [`Lanes`]. AVX2's shifts and shuffles
//! act on each 128-bit half alone, so every [`Words`] operation is one instruction for
//! both digits.

use std::arch::x86_64::*;
use std::ops::{BitAnd, BitOr, BitXor};

use crate::closing::Words;
use crate::lanes::Lanes;
use crate::rules::{band_allowed, minicolumns_spread, minirows_spread, stack_allowed, BAND};

/// Two digits' band words in one AVX2 register. Made only inside [`closed_two`], which
/// runs only on processors with AVX2: every method below relies on it.
#[derive(Clone, Copy)]
struct Wide(__m256i);

impl BitAnd for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitand(self, o: Wide) -> Wide {
        // SAFETY: a `Wide` exists only while `closed_two` runs, on an AVX2 processor.
        Wide(unsafe { _mm256_and_si256(self.0, o.0) })
    }
}

impl BitOr for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitor(self, o: Wide) -> Wide {
        // SAFETY: a `Wide` exists only while `closed_two` runs, on an AVX2 processor.
        Wide(unsafe { _mm256_or_si256(self.0, o.0) })
    }
}

impl BitXor for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitxor(self, o: Wide) -> Wide {
        // SAFETY: a `Wide` exists only while `closed_two` runs, on an AVX2 processor.
        Wide(unsafe { _mm256_xor_si256(self.0, o.0) })
    }
}

impl Words for Wide {
    #[inline(always)]
    fn splat(v: u32) -> Wide {
        let v = v as i32;
        // SAFETY: called only on an AVX2 processor (from `closed_two`'s rules).
        Wide(unsafe { _mm256_setr_epi32(v, v, v, 0, v, v, v, 0) })
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Wide {
        // SAFETY: a `Wide` exists only while `closed_two` runs, on an AVX2 processor.
        Wide(unsafe { _mm256_slli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Wide {
        // SAFETY: a `Wide` exists only while `closed_two` runs, on an AVX2 processor.
        Wide(unsafe { _mm256_srli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn next_band(self) -> Wide {
        // SAFETY: a `Wide` exists only while `closed_two` runs, on an AVX2 processor.
        Wide(unsafe { _mm256_shuffle_epi32::<0b11_00_10_01>(self.0) })
    }
    #[inline(always)]
    fn band_after_next(self) -> Wide {
        // SAFETY: a `Wide` exists only while `closed_two` runs, on an AVX2 processor.
        Wide(unsafe { _mm256_shuffle_epi32::<0b11_01_00_10>(self.0) })
    }
}

/// Both digits' words `v` and `w` under the band and stack rules until they hold, as
/// [`closed`](crate::board::closed) does for one, in one register.
///
/// # Safety
///
/// The processor must have AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub unsafe fn closed_two(v: Lanes, w: Lanes) -> (Lanes, Lanes) {
    let mut p = Wide(_mm256_set_m128i(w.into_raw(), v.into_raw()));
    let mut cols = minicolumns_spread(p);
    let all = Wide::splat(BAND);
    loop {
        let kept = stack_allowed(cols);
        p = p & kept & band_allowed(minirows_spread(p & kept));
        cols = minicolumns_spread(p);
        let moved = ((cols ^ kept) & all).0;
        if _mm256_testz_si256(moved, moved) == 1 {
            return (
                Lanes::from_raw(_mm256_castsi256_si128(p.0)),
                Lanes::from_raw(_mm256_extracti128_si256::<1>(p.0)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::closed_two as portable;

    #[test]
    fn one_register_closes_two_digits_as_two_registers_do() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        // Random band words, sparse enough that the rules often take something.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut word = || {
            let mut w = BAND;
            for _ in 0..2 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                w &= seed as u32 | (seed >> 32) as u32;
            }
            w
        };
        for _ in 0..10_000 {
            let v = Lanes::new([word(), word(), word(), 0]);
            let w = Lanes::new([word(), word(), word(), 0]);
            // SAFETY: the processor has AVX2 (checked above).
            let wide = unsafe { closed_two(v, w) };
            assert_eq!(wide, portable(v, w));
        }
    }
}
