//! Régin's filtering algorithm for `alldifferent` (Régin 1994): generalised arc
//! consistency through a maximum matching and the strongly connected components of the
//! residual graph.

use super::{Matching, Violated};

/// Removes from `domains` every value that belongs to no solution of
/// `alldifferent(x₀, …, xₖ₋₁)`, or fails when the constraint has no solution: after it,
/// the constraint is *generalised arc consistent* (Simonis: *hyper-arc consistent*), each
/// value of each domain part of some assignment of all the variables to different values.
///
/// Régin's argument, in his words: a solution is a matching of the *value graph* that
/// covers the variables; so `v` stays in `D(x)` exactly when the edge `x — v` belongs to
/// some maximum matching. Take one maximum matching `M` ([`Matching::cover`]; none
/// covering the variables: [`Violated`]). By Berge's theorem an edge not in `M` belongs
/// to some maximum matching exactly when it lies on an *even alternating cycle* or on an
/// *even alternating path starting at a free vertex*. Orient the graph: edges of `M` from
/// variable to value, the others from value to variable. Then
///
/// - the even alternating cycles are the cycles of the oriented graph: an edge lies on
///   one exactly when its two ends are in the same *strongly connected component*;
/// - every variable is matched, so the free vertices are values; an edge lies on an even
///   alternating path from one exactly when its value can be reached from a free value.
///
/// Every other edge is removed (Régin calls the edges of `M` in no cycle nor such path
/// *vital*: they are kept, the variable holds that value in every solution).
///
/// Here the graph is folded onto the values: the only edge out of a variable `y` goes to
/// its value `M(y)`, so a path through `y` enters it by some `u ∈ D(y)` and leaves it by
/// `M(y)`: `u → M(y)` in the folded graph. An edge `y — u` not in `M` lies on a cycle
/// exactly when `M(y)` reaches `u` back, and on a path from a free value exactly when
/// `u` is free or reached from one. So with the folded graph's transitive closure
/// (Warshall's algorithm on bit rows, one row of at most 32 bits a value), each domain
/// keeps its matched value, the values its matched value reaches, and those reached from
/// a free value: one mask. (The components themselves are never listed: two ends of an
/// edge share a component exactly when each reaches the other.) A sudoku unit has as
/// many cells as digits, so the matching is perfect and no value is free: only the
/// cycles keep anything but `M(y)` there.
///
/// `matching` is kept from one call to the next (see [`Matching`]).
///
/// ```
/// use sudoku_cp::alldifferent::{regin, Matching};
///
/// // Régin's example: x1..x6 over the values 1..7 (bit v for value v).
/// let set = |vs: &[u32]| vs.iter().fold(0, |m, v| m | 1 << v);
/// let mut d = [
///     set(&[1, 2]), set(&[2, 3]), set(&[1, 3]), set(&[2, 4]), set(&[3, 4, 5, 6]), set(&[6, 7]),
/// ];
/// regin(&mut d, &mut Matching::default()).unwrap();
/// // x1, x2, x3 take 1, 2, 3 between them: x4 is left 4, and x5 loses 3 and 4.
/// assert_eq!(d, [set(&[1, 2]), set(&[2, 3]), set(&[1, 3]), set(&[4]), set(&[5, 6]), set(&[6, 7])]);
/// ```
pub fn regin(domains: &mut [u32], matching: &mut Matching) -> Result<(), Violated> {
    if !matching.cover(domains) {
        return Err(Violated);
    }
    // The folded residual graph on the values: u → M(y) for each u ∈ D(y) but M(y).
    let mut reach = [0u32; 32];
    let (mut used, mut matched) = (0u32, 0u32);
    for (y, &d) in domains.iter().enumerate() {
        let m = matching.value(y);
        used |= d;
        matched |= 1 << m;
        let mut others = d & !(1 << m);
        while others != 0 {
            let u = others.trailing_zeros();
            others &= others - 1;
            reach[u as usize] |= 1 << m;
        }
    }
    close(&mut reach, used);
    let free = used & !matched;
    let mut from_free = free;
    let mut f = free;
    while f != 0 {
        from_free |= reach[f.trailing_zeros() as usize];
        f &= f - 1;
    }
    for (y, d) in domains.iter_mut().enumerate() {
        let m = usize::from(matching.value(y));
        *d &= 1 << m | reach[m] | from_free;
    }
    Ok(())
}

/// Warshall's transitive closure on the bit rows of the values in `nodes`: afterwards
/// `rows[u]` holds every value reachable from `u` by a path of one edge or more.
fn close(rows: &mut [u32; 32], nodes: u32) {
    let mut vias = nodes;
    while vias != 0 {
        let via = vias.trailing_zeros();
        vias &= vias - 1;
        let through = rows[via as usize];
        if through == 0 {
            continue;
        }
        let mut from = nodes;
        while from != 0 {
            let u = from.trailing_zeros() as usize;
            from &= from - 1;
            if rows[u] & (1 << via) != 0 {
                rows[u] |= through;
            }
        }
    }
}
