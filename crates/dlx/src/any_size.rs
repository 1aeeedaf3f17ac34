//! The matrix of any grid size, built once per size on first use and cloned for each
//! solve: the same flat arrays as the 9x9 one, in boxed slices whose lengths are known
//! at run time.

use std::sync::OnceLock;

use sudoku_core::Size;

use crate::links::{Layout, Links};

/// What never changes in the matrix of one size: its layout and the column of every
/// node.
#[derive(Debug)]
pub(crate) struct Shape {
    layout: Layout,
    top: Box<[u16]>,
}

/// The dancing-links matrix of one size: the up/down links of every node, the
/// left/right links of the headers, and the column sizes.
#[derive(Debug, Clone)]
pub(crate) struct AnySize {
    shape: &'static Shape,
    ud: Box<[[u16; 2]]>,
    lr: Box<[[u16; 2]]>,
    size: Box<[u8]>,
}

impl AnySize {
    /// The full matrix of `size`, before any given is selected: built on first use,
    /// then kept for the life of the program.
    pub(crate) fn pristine(size: Size) -> &'static AnySize {
        const SLOTS: usize = Size::ALL.len();
        static CACHE: [OnceLock<AnySize>; SLOTS] = [const { OnceLock::new() }; SLOTS];
        CACHE[size.box_size() - Size::FOUR.box_size()].get_or_init(|| AnySize::full(size))
    }

    /// Builds the full matrix of `size`.
    fn full(size: Size) -> AnySize {
        let layout = Layout::of(size);
        let mut top = vec![0u16; layout.nodes].into_boxed_slice();
        layout.fill_top(&mut top);
        let shape: &'static Shape = Box::leak(Box::new(Shape { layout, top }));
        let mut m = AnySize {
            shape,
            ud: vec![[0; 2]; layout.nodes].into_boxed_slice(),
            lr: vec![[0; 2]; layout.headers].into_boxed_slice(),
            size: vec![0; layout.sizes].into_boxed_slice(),
        };
        layout.link(&shape.top, &mut m.ud, &mut m.lr, &mut m.size);
        m
    }
}

impl Links for AnySize {
    #[inline(always)]
    fn layout(&self) -> &Layout {
        &self.shape.layout
    }
    #[inline(always)]
    fn top(&self) -> &[u16] {
        &self.shape.top
    }
    #[inline(always)]
    fn ud(&self) -> &[[u16; 2]] {
        &self.ud
    }
    #[inline(always)]
    fn ud_mut(&mut self) -> &mut [[u16; 2]] {
        &mut self.ud
    }
    #[inline(always)]
    fn lr(&self) -> &[[u16; 2]] {
        &self.lr
    }
    #[inline(always)]
    fn lr_mut(&mut self) -> &mut [[u16; 2]] {
        &mut self.lr
    }
    #[inline(always)]
    fn size(&self) -> &[u8] {
        &self.size
    }
    #[inline(always)]
    fn size_mut(&mut self) -> &mut [u8] {
        &mut self.size
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::links::ROOT;
    use crate::nine;

    #[test]
    fn the_nine_by_nine_matrix_equals_the_compile_time_one() {
        let m = AnySize::pristine(Size::NINE);
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
            let m = AnySize::pristine(size);
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
