//! The matrix of any grid size, built once per size on first use and cloned for each
//! solve: the same flat arrays as the 9x9 one, in boxed slices whose lengths are known
//! at run time.

use std::sync::OnceLock;

use sudoku_core::Size;

use crate::links::{Layout, Matrix, Shape};

/// The shape of the matrix of one size, built with it.
#[derive(Debug)]
pub(crate) struct AnyShape {
    layout: Layout,
    top: Box<[u16]>,
}

impl Shape for &AnyShape {
    #[inline(always)]
    fn layout(&self) -> &Layout {
        &self.layout
    }
    #[inline(always)]
    fn top(&self) -> &[u16] {
        &self.top
    }
}

/// The dancing-links matrix of any size, in boxed slices.
pub(crate) type AnySize = Matrix<&'static AnyShape, Box<[[u16; 2]]>, Box<[[u16; 2]]>, Box<[u8]>>;

/// The full matrix of `size`, before any given is selected: built on first use, then
/// kept for the life of the program.
pub(crate) fn pristine(size: Size) -> &'static AnySize {
    const SLOTS: usize = Size::ALL.len();
    static CACHE: [OnceLock<AnySize>; SLOTS] = [const { OnceLock::new() }; SLOTS];
    CACHE[size.box_size() - Size::FOUR.box_size()].get_or_init(|| full(size))
}

/// Builds the full matrix of `size`.
fn full(size: Size) -> AnySize {
    let layout = Layout::of(size);
    let mut top = vec![0u16; layout.nodes].into_boxed_slice();
    layout.fill_top(&mut top);
    let shape: &'static AnyShape = Box::leak(Box::new(AnyShape { layout, top }));
    let mut m = Matrix {
        shape,
        ud: vec![[0; 2]; layout.nodes].into_boxed_slice(),
        lr: vec![[0; 2]; layout.headers].into_boxed_slice(),
        size: vec![0; layout.sizes].into_boxed_slice(),
    };
    layout.link(&shape.top, &mut m.ud, &mut m.lr, &mut m.size);
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::links::{Links, ROOT};
    use crate::nine;

    #[test]
    fn the_nine_by_nine_matrix_equals_the_compile_time_one() {
        let m = pristine(Size::NINE);
        let p = &nine::PRISTINE;
        assert_eq!(*m.layout(), nine::LAYOUT);
        assert_eq!(m.top(), p.top());
        assert_eq!(m.ud(), p.ud());
        assert_eq!(m.lr(), p.lr());
        assert_eq!(m.size(), p.size());
    }

    #[test]
    fn every_column_of_every_size_holds_n_rows_top_to_bottom() {
        for size in Size::ALL {
            let m = pristine(size);
            let n = size.side();
            let mut c = m.right(ROOT);
            let mut columns = 0;
            while c != ROOT {
                let mut rows = Vec::new();
                let mut i = m.down(c);
                while i != c {
                    assert_eq!(m.top()[i] as usize, c);
                    rows.push(i);
                    i = m.down(i);
                }
                assert_eq!((rows.len(), m.size()[c] as usize), (n, n), "{size}");
                assert!(rows.windows(2).all(|w| w[0] < w[1]));
                columns += 1;
                c = m.right(c);
            }
            assert_eq!(columns, 4 * n * n, "{size}");
        }
    }
}
