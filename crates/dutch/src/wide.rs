//! Wide unsigned integers of a fixed number of 64-bit words: the edge weights of the Dutch pairing pack every
//! criterion into one number (hundreds of bits for a large field), and the matching adds and compares them.

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// What the weighted matching needs of its weights: exact sums and differences of non-negative numbers.
pub trait Weight: Copy + Ord + Add<Output = Self> + Sub<Output = Self> + std::fmt::Debug {
    fn zero() -> Self;
    fn is_zero(&self) -> bool;
    /// Half (rounded down).
    fn half(self) -> Self;
}

/// An unsigned integer of `N` words, least significant first. Arithmetic wraps like the machine's (the Dutch
/// weights are sized so that it never does).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    pub fn from_u64(x: u64) -> Self {
        let mut w = [0; N];
        w[0] = x;
        Wide(w)
    }

    /// Shifted left by `bits` (bits shifted out are lost).
    pub fn shifted(self, bits: u32) -> Self {
        let (words, rest) = ((bits / 64) as usize, bits % 64);
        let mut out = [0u64; N];
        for i in (words..N).rev() {
            let low = self.0[i - words];
            out[i] = low << rest;
            if rest > 0 && i > words {
                out[i] |= self.0[i - words - 1] >> (64 - rest);
            }
        }
        Wide(out)
    }

    pub fn or_u64(mut self, x: u64) -> Self {
        self.0[0] |= x;
        self
    }

    /// Plus a small signed number.
    pub fn offset(self, by: i64) -> Self {
        if by >= 0 { self + Self::from_u64(by as u64) } else { self - Self::from_u64(by.unsigned_abs()) }
    }

    /// The number of bits it takes (0 for zero).
    pub fn bits(&self) -> u32 {
        for i in (0..N).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + 64 - self.0[i].leading_zeros();
            }
        }
        0
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *slot = s;
            carry = c1 || c2;
        }
        debug_assert!(!carry, "a weight overflowed");
        Wide(out)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (s, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (s, b2) = s.overflowing_sub(u64::from(borrow));
            *slot = s;
            borrow = b1 || b2;
        }
        debug_assert!(!borrow, "a weight went below zero");
        Wide(out)
    }
}

impl<const N: usize> Weight for Wide<N> {
    fn zero() -> Self {
        Wide([0; N])
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn half(self) -> Self {
        let mut out = [0u64; N];
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.0[i] >> 1;
            if i + 1 < N {
                *slot |= self.0[i + 1] << 63;
            }
        }
        Wide(out)
    }
}

impl Weight for u64 {
    fn zero() -> Self {
        0
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn half(self) -> Self {
        self / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_numbers_carry_borrow_and_shift_across_words() {
        let a = Wide::<3>::from_u64(u64::MAX);
        let b = a + Wide::from_u64(1);
        assert_eq!(b.0, [0, 1, 0]);
        assert_eq!((b - Wide::from_u64(1)).0, [u64::MAX, 0, 0]);
        assert_eq!(Wide::<3>::from_u64(3).shifted(127).0, [0, 1 << 63, 1]);
        assert_eq!(Wide::<3>::from_u64(1).shifted(130).bits(), 131);
        assert_eq!(b.half().0, [1 << 63, 0, 0]);
        assert!(b > a && Wide::<3>::from_u64(5).offset(-3) == Wide::from_u64(2));
        assert_eq!(Wide::<2>::from_u64(1).shifted(64).offset(-1).0, [u64::MAX, 0]);
    }
}
