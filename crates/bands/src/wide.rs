//! The AVX2 copy of the search's heaviest bit work ([`Avx2`](crate::machine::Avx2)):
//! the band and stack rules on two digits at once in one 256-bit register
//! ([`closed_two`]), and the configurations of every digit counted two digits to a
//! register ([`configurations`]).
//!
//! A [`Wide`] holds two digits' band words, the first digit in the low 128 bits, the
//! second in the high ones, each laid out as a [`Lanes`]. AVX2's shifts and shuffles
//! act on each 128-bit half alone, so every [`Words`] operation is one instruction for
//! both digits.

use std::arch::x86_64::*;
use std::ops::{BitAnd, BitOr, BitXor};

use crate::counts::{Configurations, Occupancy, CONFIGURATIONS, DIGITS};
use crate::lanes::{Lanes, Words};
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
/// [`closed`](crate::rules::closed) does for one, in one register.
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

/// The configurations of every digit ([`Configurations::of`]), two digits to a
/// register: each lane's places counted with a table of nibbles (`vpshufb`), and the
/// counts turned into configurations with a table of bytes.
///
/// # Safety
///
/// The processor must have AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub unsafe fn configurations(occupancy: &Occupancy) -> Configurations {
    let ones_in_nibble: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
    let ones = _mm256_broadcastsi128_si256(_mm_loadu_si128(ones_in_nibble.as_ptr().cast()));
    let mut table = [0u8; 16];
    for (t, &c) in table.iter_mut().zip(CONFIGURATIONS.iter()) {
        *t = c as u8;
    }
    let configs = _mm256_broadcastsi128_si256(_mm_loadu_si128(table.as_ptr().cast()));
    let nibble = _mm256_set1_epi8(0x0f);
    // Bytes 0, 4 and 8 (the three bands' counts) to bytes 0, 1 and 2.
    let gather = _mm256_setr_epi8(
        0, 4, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, //
        0, 4, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    );
    let first_lane = _mm256_setr_epi32(-1, 0, 0, 0, -1, 0, 0, 0);
    let mut per_digit = [0u64; DIGITS];
    let mut totals = _mm256_setzero_si256();
    // Digits d and d + 5 together: two words apart in memory, each read as it was
    // written (a read across two writes would wait for both to reach the cache).
    const HALF: usize = DIGITS.div_ceil(2);
    for d in 0..HALF {
        let pair = |lanes: &[Lanes; DIGITS]| {
            let second = lanes.get(d + HALF).copied().unwrap_or(Lanes::ZERO);
            _mm256_set_m128i(second.into_raw(), lanes[d].into_raw())
        };
        let rows = pair(&occupancy.minirows);
        let low = _mm256_shuffle_epi8(ones, _mm256_and_si256(rows, nibble));
        let high =
            _mm256_shuffle_epi8(ones, _mm256_and_si256(_mm256_srli_epi16::<4>(rows), nibble));
        let per_lane = _mm256_madd_epi16(
            _mm256_maddubs_epi16(_mm256_add_epi8(low, high), _mm256_set1_epi8(1)),
            _mm256_set1_epi16(1),
        );
        let bands = _mm256_shuffle_epi8(_mm256_shuffle_epi8(configs, per_lane), gather);
        let cols = pair(&occupancy.minicolumns);
        let spread = _mm256_or_si256(
            _mm256_and_si256(cols, _mm256_set1_epi32(0x7)),
            _mm256_or_si256(
                _mm256_and_si256(_mm256_slli_epi32::<5>(cols), _mm256_set1_epi32(0x700)),
                _mm256_and_si256(_mm256_slli_epi32::<10>(cols), _mm256_set1_epi32(0x7_0000)),
            ),
        );
        let counted = _mm256_shuffle_epi8(ones, spread);
        let summed = _mm256_add_epi8(
            counted,
            _mm256_add_epi8(
                _mm256_shuffle_epi32::<0b11_00_10_01>(counted),
                _mm256_shuffle_epi32::<0b11_01_00_10>(counted),
            ),
        );
        let stacks = _mm256_and_si256(_mm256_shuffle_epi8(configs, summed), first_lane);
        let packed = _mm256_or_si256(bands, _mm256_slli_epi64::<24>(stacks));
        totals = _mm256_add_epi64(totals, packed);
        per_digit[d] = _mm256_extract_epi64::<0>(packed) as u64;
        if d + HALF < DIGITS {
            per_digit[d + HALF] = _mm256_extract_epi64::<2>(packed) as u64;
        }
    }
    let totals =
        _mm256_extract_epi64::<0>(totals) as u64 + _mm256_extract_epi64::<2>(totals) as u64;
    Configurations::from_counts(per_digit, totals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::closed_two as portable;
    use crate::rules::{MINIROWS, ROW};

    /// A xorshift generator of words under `mask`: the same words on every run.
    fn words(mut seed: u64) -> impl FnMut(u32) -> u32 {
        move |mask| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u32 & mask
        }
    }

    #[test]
    fn one_register_closes_two_digits_as_two_registers_do() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        // Random band words, sparse enough that the rules often take something.
        let mut random = words(0x9e37_79b9_7f4a_7c15);
        let mut word = || random(BAND) & random(BAND);
        for _ in 0..10_000 {
            let v = Lanes::new([word(), word(), word(), 0]);
            let w = Lanes::new([word(), word(), word(), 0]);
            // SAFETY: the processor has AVX2 (checked above).
            let wide = unsafe { closed_two(v, w) };
            assert_eq!(wide, portable(v, w));
        }
    }

    #[test]
    fn configurations_two_digits_to_a_register_are_the_portable_ones() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut word = words(0x2545_f491_4f6c_dd1d);
        for _ in 0..10_000 {
            let mut occupancy = Occupancy::default();
            for d in 0..DIGITS {
                let rows = [word(MINIROWS), word(MINIROWS), word(MINIROWS), 0];
                occupancy.minirows[d] = Lanes::new(rows);
                occupancy.minicolumns[d] = Lanes::new([word(ROW), word(ROW), word(ROW), 0]);
            }
            // SAFETY: the processor has AVX2 (checked above).
            let wide = unsafe { configurations(&occupancy) };
            let portable = Configurations::of(&occupancy);
            for u in 0..6 {
                assert_eq!(wide.total(u), portable.total(u));
                for d in 0..DIGITS {
                    assert_eq!(wide.count(d, u), portable.count(d, u));
                }
            }
        }
    }
}
