//! [`Lanes`]: four 32-bit words worked on together, one per band (the fourth is spare).
//!
//! Every operation is lane by lane, and each is one instruction of the machine's
//! 128-bit vector unit: SSE2 on x86-64 (part of its baseline: every x86-64 processor
//! has it) and NEON on aarch64 (likewise), or four scalar operations on any other
//! target. The three implementations answer the same tests.
//!
//! The vector intrinsics of `std::arch` are `unsafe` to call from a function that does
//! not itself enable their target feature, even when the whole build has it. Each call
//! here sits in its own one-line `unsafe` block under a `cfg` that requires the feature
//! (`sse2`, `neon`) to be on for the whole build, which is what makes it sound: the
//! instruction exists on every processor the binary can run on. Nothing else is unsafe:
//! no pointer is read or written, values move by copy.

use std::ops::{Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod imp {
    use std::arch::x86_64::*;

    pub type V = __m128i;

    #[inline(always)]
    pub const fn from_array(a: [u32; 4]) -> V {
        // SAFETY: `[u32; 4]` and `__m128i` are both 16 bytes of plain data, every bit
        // pattern valid for both.
        unsafe { std::mem::transmute::<[u32; 4], V>(a) }
    }
    #[inline(always)]
    pub fn to_array(v: V) -> [u32; 4] {
        // SAFETY: as in `from_array`.
        unsafe { std::mem::transmute::<V, [u32; 4]>(v) }
    }
    #[inline(always)]
    pub fn and(a: V, b: V) -> V {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_and_si128(a, b) }
    }
    #[inline(always)]
    pub fn or(a: V, b: V) -> V {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_or_si128(a, b) }
    }
    #[inline(always)]
    pub fn xor(a: V, b: V) -> V {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_xor_si128(a, b) }
    }
    #[inline(always)]
    pub fn and_not(a: V, b: V) -> V {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_andnot_si128(b, a) }
    }
    #[inline(always)]
    pub fn add(a: V, b: V) -> V {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_add_epi32(a, b) }
    }
    #[inline(always)]
    pub fn sub(a: V, b: V) -> V {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_sub_epi32(a, b) }
    }
    #[inline(always)]
    pub fn shl<const N: i32>(a: V) -> V {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_slli_epi32::<N>(a) }
    }
    #[inline(always)]
    pub fn shr<const N: i32>(a: V) -> V {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_srli_epi32::<N>(a) }
    }
    /// Lanes `[1, 2, 0, 3]`.
    #[inline(always)]
    pub fn next_band(a: V) -> V {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_shuffle_epi32::<0b11_00_10_01>(a) }
    }
    /// Lanes `[2, 0, 1, 3]`.
    #[inline(always)]
    pub fn band_after_next(a: V) -> V {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_shuffle_epi32::<0b11_01_00_10>(a) }
    }
    #[inline(always)]
    pub fn zero_lanes(a: V) -> V {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_cmpeq_epi32(a, _mm_setzero_si128()) }
    }
    #[inline(always)]
    pub fn is_zero(a: V) -> bool {
        // SAFETY: SSE2 is enabled for the whole build (the cfg above).
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi32(a, _mm_setzero_si128())) == 0xffff }
    }
}

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
mod imp {
    use std::arch::aarch64::*;

    pub type V = uint32x4_t;

    #[inline(always)]
    pub const fn from_array(a: [u32; 4]) -> V {
        // SAFETY: `[u32; 4]` and `uint32x4_t` are both 16 bytes of plain data, every bit
        // pattern valid for both.
        unsafe { std::mem::transmute::<[u32; 4], V>(a) }
    }
    #[inline(always)]
    pub fn to_array(v: V) -> [u32; 4] {
        // SAFETY: as in `from_array`.
        unsafe { std::mem::transmute::<V, [u32; 4]>(v) }
    }
    #[inline(always)]
    pub fn and(a: V, b: V) -> V {
        // SAFETY: NEON is enabled for the whole build (the cfg above).
        unsafe { vandq_u32(a, b) }
    }
    #[inline(always)]
    pub fn or(a: V, b: V) -> V {
        // SAFETY: NEON is enabled for the whole build (the cfg above).
        unsafe { vorrq_u32(a, b) }
    }
    #[inline(always)]
    pub fn xor(a: V, b: V) -> V {
        // SAFETY: NEON is enabled for the whole build (the cfg above).
        unsafe { veorq_u32(a, b) }
    }
    #[inline(always)]
    pub fn and_not(a: V, b: V) -> V {
        // SAFETY: NEON is enabled for the whole build (the cfg above).
        unsafe { vbicq_u32(a, b) }
    }
    #[inline(always)]
    pub fn add(a: V, b: V) -> V {
        // SAFETY: NEON is enabled for the whole build (the cfg above).
        unsafe { vaddq_u32(a, b) }
    }
    #[inline(always)]
    pub fn sub(a: V, b: V) -> V {
        // SAFETY: NEON is enabled for the whole build (the cfg above).
        unsafe { vsubq_u32(a, b) }
    }
    #[inline(always)]
    pub fn shl<const N: i32>(a: V) -> V {
        // SAFETY: NEON is enabled for the whole build (the cfg above).
        unsafe { vshlq_n_u32::<N>(a) }
    }
    #[inline(always)]
    pub fn shr<const N: i32>(a: V) -> V {
        // SAFETY: NEON is enabled for the whole build (the cfg above).
        unsafe { vshrq_n_u32::<N>(a) }
    }
    /// Byte indexes of lanes `[1, 2, 0, 3]`.
    const NEXT: [u8; 16] = [4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 12, 13, 14, 15];
    /// Byte indexes of lanes `[2, 0, 1, 3]`.
    const AFTER_NEXT: [u8; 16] = [8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15];
    #[inline(always)]
    fn permute(a: V, index: [u8; 16]) -> V {
        // SAFETY: NEON is enabled for the whole build (the cfg above); the transmute
        // turns 16 bytes of plain data into a vector of 16 bytes.
        unsafe {
            let index = std::mem::transmute::<[u8; 16], uint8x16_t>(index);
            vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(a), index))
        }
    }
    #[inline(always)]
    pub fn next_band(a: V) -> V {
        permute(a, NEXT)
    }
    #[inline(always)]
    pub fn band_after_next(a: V) -> V {
        permute(a, AFTER_NEXT)
    }
    #[inline(always)]
    pub fn zero_lanes(a: V) -> V {
        // SAFETY: NEON is enabled for the whole build (the cfg above).
        unsafe { vceqzq_u32(a) }
    }
    #[inline(always)]
    pub fn is_zero(a: V) -> bool {
        // SAFETY: NEON is enabled for the whole build (the cfg above).
        unsafe { vmaxvq_u32(a) == 0 }
    }
}

#[cfg(not(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
)))]
use portable as imp;

/// The operations on plain `[u32; 4]`: the implementation for targets without a
/// vector unit, and the reference the vector ones are tested against.
#[cfg(any(
    test,
    not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ))
))]
#[allow(dead_code)]
mod portable {
    pub type V = [u32; 4];

    #[inline(always)]
    fn map(a: V, f: impl Fn(u32) -> u32) -> V {
        [f(a[0]), f(a[1]), f(a[2]), f(a[3])]
    }
    #[inline(always)]
    fn zip(a: V, b: V, f: impl Fn(u32, u32) -> u32) -> V {
        [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])]
    }
    #[inline(always)]
    pub const fn from_array(a: [u32; 4]) -> V {
        a
    }
    #[inline(always)]
    pub fn to_array(v: V) -> [u32; 4] {
        v
    }
    #[inline(always)]
    pub fn and(a: V, b: V) -> V {
        zip(a, b, |x, y| x & y)
    }
    #[inline(always)]
    pub fn or(a: V, b: V) -> V {
        zip(a, b, |x, y| x | y)
    }
    #[inline(always)]
    pub fn xor(a: V, b: V) -> V {
        zip(a, b, |x, y| x ^ y)
    }
    #[inline(always)]
    pub fn and_not(a: V, b: V) -> V {
        zip(a, b, |x, y| x & !y)
    }
    #[inline(always)]
    pub fn add(a: V, b: V) -> V {
        zip(a, b, u32::wrapping_add)
    }
    #[inline(always)]
    pub fn sub(a: V, b: V) -> V {
        zip(a, b, u32::wrapping_sub)
    }
    #[inline(always)]
    pub fn shl<const N: i32>(a: V) -> V {
        map(a, |x| x << N)
    }
    #[inline(always)]
    pub fn shr<const N: i32>(a: V) -> V {
        map(a, |x| x >> N)
    }
    #[inline(always)]
    pub fn next_band(a: V) -> V {
        [a[1], a[2], a[0], a[3]]
    }
    #[inline(always)]
    pub fn band_after_next(a: V) -> V {
        [a[2], a[0], a[1], a[3]]
    }
    #[inline(always)]
    pub fn zero_lanes(a: V) -> V {
        map(a, |x| if x == 0 { u32::MAX } else { 0 })
    }
    #[inline(always)]
    pub fn is_zero(a: V) -> bool {
        a == [0; 4]
    }
}

/// Four 32-bit lanes. In a [`Board`](crate::board::Board) lane `b` is band `b` (rows
/// `3b..3b+3`) and lane 3 is always zero.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Lanes(imp::V);

impl Lanes {
    /// All lanes zero.
    pub const ZERO: Lanes = Lanes::new([0; 4]);

    /// The lanes holding `a`.
    #[inline(always)]
    pub const fn new(a: [u32; 4]) -> Lanes {
        Lanes(imp::from_array(a))
    }

    /// `v` in the three band lanes, zero in the spare one.
    #[inline(always)]
    pub const fn bands(v: u32) -> Lanes {
        Lanes::new([v, v, v, 0])
    }

    /// The SSE2 register holding the lanes.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[inline(always)]
    pub fn into_raw(self) -> std::arch::x86_64::__m128i {
        self.0
    }

    /// The lanes held in an SSE2 register.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[inline(always)]
    pub fn from_raw(v: std::arch::x86_64::__m128i) -> Lanes {
        Lanes(v)
    }

    /// The four lanes.
    #[inline(always)]
    pub fn to_array(self) -> [u32; 4] {
        imp::to_array(self.0)
    }

    /// Each lane shifted left by `N` bits.
    #[inline(always)]
    pub fn shl<const N: i32>(self) -> Lanes {
        Lanes(imp::shl::<N>(self.0))
    }

    /// Each lane shifted right by `N` bits.
    #[inline(always)]
    pub fn shr<const N: i32>(self) -> Lanes {
        Lanes(imp::shr::<N>(self.0))
    }

    /// `self & !other`, lane by lane.
    #[inline(always)]
    pub fn and_not(self, other: Lanes) -> Lanes {
        Lanes(imp::and_not(self.0, other.0))
    }

    /// Lane `b` takes lane `b + 1` of the bands (mod 3); the spare lane stays.
    #[inline(always)]
    pub fn next_band(self) -> Lanes {
        Lanes(imp::next_band(self.0))
    }

    /// Lane `b` takes lane `b + 2` of the bands (mod 3); the spare lane stays.
    #[inline(always)]
    pub fn band_after_next(self) -> Lanes {
        Lanes(imp::band_after_next(self.0))
    }

    /// All ones in the lanes that are zero, zero in the others.
    #[inline(always)]
    pub fn zero_lanes(self) -> Lanes {
        Lanes(imp::zero_lanes(self.0))
    }

    /// Whether every lane is zero.
    #[inline(always)]
    pub fn is_zero(self) -> bool {
        imp::is_zero(self.0)
    }

    /// Whether the two hold the same lanes.
    #[inline(always)]
    pub fn same(self, other: Lanes) -> bool {
        (self ^ other).is_zero()
    }

    /// Whether the two share a set bit.
    #[inline(always)]
    pub fn meets(self, other: Lanes) -> bool {
        !(self & other).is_zero()
    }
}

impl PartialEq for Lanes {
    #[inline(always)]
    fn eq(&self, other: &Lanes) -> bool {
        self.same(*other)
    }
}

impl Eq for Lanes {}

impl Default for Lanes {
    fn default() -> Lanes {
        Lanes::ZERO
    }
}

impl std::fmt::Debug for Lanes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let a = self.to_array();
        write!(
            f,
            "Lanes[{:#x}, {:#x}, {:#x}, {:#x}]",
            a[0], a[1], a[2], a[3]
        )
    }
}

impl BitAnd for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn bitand(self, o: Lanes) -> Lanes {
        Lanes(imp::and(self.0, o.0))
    }
}

impl BitOr for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn bitor(self, o: Lanes) -> Lanes {
        Lanes(imp::or(self.0, o.0))
    }
}

impl BitXor for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn bitxor(self, o: Lanes) -> Lanes {
        Lanes(imp::xor(self.0, o.0))
    }
}

impl Add for Lanes {
    type Output = Lanes;
    /// Each lane plus the same lane of `o` (wrapping).
    #[inline(always)]
    fn add(self, o: Lanes) -> Lanes {
        Lanes(imp::add(self.0, o.0))
    }
}

impl Sub for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn sub(self, o: Lanes) -> Lanes {
        Lanes(imp::sub(self.0, o.0))
    }
}

impl Not for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn not(self) -> Lanes {
        self ^ Lanes::new([u32::MAX; 4])
    }
}

impl BitAndAssign for Lanes {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Lanes) {
        *self = *self & o;
    }
}

impl BitOrAssign for Lanes {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Lanes) {
        *self = *self | o;
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_works_lane_by_lane() {
        let a = Lanes::new([0b1100, 7, 1 << 31, 5]);
        let b = Lanes::new([0b1010, 1, 1, 0]);
        assert_eq!((a & b).to_array(), [0b1000, 1, 0, 0]);
        assert_eq!((a | b).to_array(), [0b1110, 7, (1 << 31) | 1, 5]);
        assert_eq!((a ^ b).to_array(), [0b0110, 6, (1 << 31) | 1, 5]);
        assert_eq!(a.and_not(b).to_array(), [0b0100, 6, 1 << 31, 5]);
        assert_eq!(
            (b - a).to_array(),
            [
                0u32.wrapping_sub(2),
                0u32.wrapping_sub(6),
                (1 << 31) + 1,
                0u32.wrapping_sub(5)
            ]
        );
        assert_eq!((a + b).to_array(), [0b10110, 8, (1 << 31) + 1, 5]);
        assert_eq!(a.shl::<1>().to_array(), [0b11000, 14, 0, 10]);
        assert_eq!(a.shr::<2>().to_array(), [0b11, 1, 1 << 29, 1]);
        assert_eq!((!b).to_array(), [!0b1010, !1, !1, !0]);
        assert_eq!(a.next_band().to_array(), [7, 1 << 31, 0b1100, 5]);
        assert_eq!(a.band_after_next().to_array(), [1 << 31, 0b1100, 7, 5]);
        assert_eq!(b.zero_lanes().to_array(), [0, 0, 0, u32::MAX]);
        assert!(Lanes::ZERO.is_zero() && !b.is_zero());
        assert!(a.meets(b) && !Lanes::bands(1).meets(Lanes::new([0, 0, 0, 1])));
        assert_eq!(Lanes::bands(3).to_array(), [3, 3, 3, 0]);
    }

    #[test]
    fn the_vector_unit_agrees_with_the_portable_operations() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let a = [
                state as u32,
                (state >> 32) as u32,
                state.rotate_left(17) as u32,
                0,
            ];
            // Some zero lanes, some all-ones ones, as the rules meet them.
            a.map(|x| match x % 7 {
                0 => 0,
                1 => u32::MAX,
                _ => x,
            })
        };
        for _ in 0..10_000 {
            let (a, b) = (next(), next());
            let (x, y) = (Lanes::new(a), Lanes::new(b));
            assert_eq!((x & y).to_array(), portable::and(a, b));
            assert_eq!((x | y).to_array(), portable::or(a, b));
            assert_eq!((x ^ y).to_array(), portable::xor(a, b));
            assert_eq!(x.and_not(y).to_array(), portable::and_not(a, b));
            assert_eq!((x + y).to_array(), portable::add(a, b));
            assert_eq!((x - y).to_array(), portable::sub(a, b));
            assert_eq!(x.shl::<9>().to_array(), portable::shl::<9>(a));
            assert_eq!(x.shr::<18>().to_array(), portable::shr::<18>(a));
            assert_eq!(x.next_band().to_array(), portable::next_band(a));
            assert_eq!(x.band_after_next().to_array(), portable::band_after_next(a));
            assert_eq!(x.zero_lanes().to_array(), portable::zero_lanes(a));
            assert_eq!(x.is_zero(), portable::is_zero(a));
        }
    }
}
