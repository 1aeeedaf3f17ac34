//! Grid sizes: box size `b` from 2 to 5, side `N = b²`, `N²` cells.
//!
//! The classic puzzle is the 9x9 grid (`b = 3`); the same rules hold for 4x4, 16x16 and
//! 25x25 grids: every row, column and `b`×`b` box holds each of the digits `1..=N` once.
//! Digits above 9 are written with letters: digit `v` is the symbol
//! `123456789ABCDEFGHIJKLMNOP`[v - 1] (`A` = 10, `G` = 16, `P` = 25), so ascending digits
//! are ascending symbols, as in `../shared/reference/reference_n.py`.

use std::fmt;
use std::str::FromStr;

/// The symbols of the digits 1..=25, in order.
pub const SYMBOLS: &[u8; 25] = b"123456789ABCDEFGHIJKLMNOP";
/// The largest box size.
pub const MAX_BOX: usize = 5;
/// The largest side (digits per unit).
pub const MAX_SIDE: usize = MAX_BOX * MAX_BOX;
/// The most cells a grid can have.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// A grid size, given by its box size `b` (2..=5): side `N = b²`, `N²` cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size(u8);

impl Size {
    /// 4x4 (boxes 2x2).
    pub const FOUR: Size = Size(2);
    /// 9x9 (boxes 3x3): the classic puzzle.
    pub const NINE: Size = Size(3);
    /// 16x16 (boxes 4x4).
    pub const SIXTEEN: Size = Size(4);
    /// 25x25 (boxes 5x5).
    pub const TWENTY_FIVE: Size = Size(5);
    /// Every size, smallest first.
    pub const ALL: [Size; 4] = [Size::FOUR, Size::NINE, Size::SIXTEEN, Size::TWENTY_FIVE];

    /// The size with boxes `b`×`b`, if `b` is 2..=5.
    pub const fn from_box(b: usize) -> Option<Size> {
        if b >= 2 && b <= MAX_BOX {
            Some(Size(b as u8))
        } else {
            None
        }
    }

    /// The size whose side (digits per unit) is `n`: 4, 9, 16 or 25.
    pub const fn from_side(n: usize) -> Option<Size> {
        match n {
            4 => Some(Size::FOUR),
            9 => Some(Size::NINE),
            16 => Some(Size::SIXTEEN),
            25 => Some(Size::TWENTY_FIVE),
            _ => None,
        }
    }

    /// The size of a grid of `count` cells: 16, 81, 256 or 625.
    pub const fn from_cells(count: usize) -> Option<Size> {
        match count {
            16 => Some(Size::FOUR),
            81 => Some(Size::NINE),
            256 => Some(Size::SIXTEEN),
            625 => Some(Size::TWENTY_FIVE),
            _ => None,
        }
    }

    /// The box size `b`.
    #[inline]
    pub const fn box_size(self) -> usize {
        self.0 as usize
    }

    /// The side `N = b²`: cells per unit, and the number of digits.
    #[inline]
    pub const fn side(self) -> usize {
        self.box_size() * self.box_size()
    }

    /// The number of cells, `N²`.
    #[inline]
    pub const fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The number of units, `3N` (rows, columns, boxes).
    #[inline]
    pub const fn unit_count(self) -> usize {
        3 * self.side()
    }

    /// The number of peers of every cell: `2(N - 1) + (b - 1)²` (20 for 9x9).
    #[inline]
    pub const fn peer_count(self) -> usize {
        let b = self.box_size();
        2 * (self.side() - 1) + (b - 1) * (b - 1)
    }

    /// The mask with every digit of this size: bit `d - 1` for digit `d`.
    #[inline]
    pub const fn all_digits(self) -> u32 {
        (1u32 << self.side()) - 1
    }

    /// The symbol of `digit` (1..=N): `1`-`9`, then `A`, `B`, ...; `.` for 0 or out of range.
    pub const fn symbol(self, digit: u8) -> char {
        if digit == 0 || digit as usize > self.side() {
            '.'
        } else {
            SYMBOLS[digit as usize - 1] as char
        }
    }

    /// The digit a symbol stands for in a grid of this size (letters in either case);
    /// `None` for anything else, a symbol beyond `N` included. `.` and `0` are not digits.
    pub const fn digit_of(self, symbol: char) -> Option<u8> {
        let v = symbol_value(symbol);
        if v == 0 || v as usize > self.side() {
            None
        } else {
            Some(v)
        }
    }

    /// The usual `r1c1` name of a cell (1-based row and column).
    pub fn cell_name(self, cell: usize) -> String {
        format!("r{}c{}", cell / self.side() + 1, cell % self.side() + 1)
    }

    /// A readable name of a unit (`row 1`, `column 1`, `box 1`): units `0..N` are the rows,
    /// `N..2N` the columns, `2N..3N` the boxes in reading order.
    pub fn unit_name(self, unit: usize) -> String {
        let n = self.side();
        match unit / n {
            0 => format!("row {}", unit + 1),
            1 => format!("column {}", unit - n + 1),
            _ => format!("box {}", unit - 2 * n + 1),
        }
    }
}

/// The value of a symbol whatever the size: `1`-`9` → 1..=9, `A`-`P` (either case) →
/// 10..=25, anything else 0.
pub const fn symbol_value(symbol: char) -> u8 {
    match symbol {
        '1'..='9' => symbol as u8 - b'0',
        'A'..='P' => symbol as u8 - b'A' + 10,
        'a'..='p' => symbol as u8 - b'a' + 10,
        _ => 0,
    }
}

impl Default for Size {
    fn default() -> Self {
        Size::NINE
    }
}

/// `9x9`, `16x16`, ...
impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.side())
    }
}

impl fmt::Debug for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Size({self})")
    }
}

/// Why a text is not a size.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown grid size {0:?}: the sizes are 4x4, 9x9, 16x16 and 25x25")]
pub struct SizeError(pub String);

/// Reads `9x9` or `9` (the side), likewise 4, 16, 25.
impl FromStr for Size {
    type Err = SizeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        let side = match t.split_once('x') {
            Some((a, b)) if a == b => a,
            Some(_) => "",
            None => t.as_str(),
        };
        side.parse()
            .ok()
            .and_then(Size::from_side)
            .ok_or_else(|| SizeError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_know_their_side_cells_units_and_peers() {
        let got: Vec<_> = Size::ALL
            .iter()
            .map(|s| (s.side(), s.cells(), s.unit_count(), s.peer_count()))
            .collect();
        assert_eq!(
            got,
            [
                (4, 16, 12, 7),
                (9, 81, 27, 20),
                (16, 256, 48, 39),
                (25, 625, 75, 64)
            ]
        );
        for s in Size::ALL {
            assert_eq!(Size::from_cells(s.cells()), Some(s));
            assert_eq!(Size::from_side(s.side()), Some(s));
            assert_eq!(s.to_string().parse::<Size>(), Ok(s));
        }
        assert!("8x8".parse::<Size>().is_err());
        assert!("9x16".parse::<Size>().is_err());
    }

    #[test]
    fn symbols_are_digits_then_letters() {
        assert_eq!(Size::SIXTEEN.symbol(10), 'A');
        assert_eq!(Size::SIXTEEN.symbol(16), 'G');
        assert_eq!(Size::TWENTY_FIVE.symbol(25), 'P');
        assert_eq!(Size::NINE.symbol(10), '.');
        assert_eq!(Size::SIXTEEN.digit_of('g'), Some(16));
        assert_eq!(Size::SIXTEEN.digit_of('H'), None);
        assert_eq!(Size::FOUR.digit_of('5'), None);
        assert_eq!(Size::NINE.digit_of('0'), None);
        assert_eq!(Size::SIXTEEN.cell_name(255), "r16c16");
        assert_eq!(Size::SIXTEEN.unit_name(47), "box 16");
        assert_eq!(Size::NINE.unit_name(9), "column 1");
    }
}
