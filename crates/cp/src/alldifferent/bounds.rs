//! Bounds consistency for `alldifferent` through Hall intervals (Leconte 1996, Puget
//! 1998).

use super::Violated;

/// Narrows the bounds of `domains` until `alldifferent(x₀, …, xₖ₋₁)` is *bounds
/// consistent*, or fails when the constraint has no solution even with every domain
/// taken as the whole interval between its bounds.
///
/// Bounds consistency (in the sense called bounds(ℤ)) asks of each variable that its
/// smallest and its largest value each extend to an assignment of all the variables to
/// different values in which every other variable takes a value between its own bounds,
/// the holes of its domain ignored. Puget's argument: a *Hall interval* is a range of
/// values `[a, b]` that holds the intervals of exactly `b − a + 1` variables; those
/// variables take all of its values between them, so no other variable can take one, and
/// a variable whose bound lies in it has that bound moved out of it (the smallest to
/// `b + 1` or beyond, the largest to `a − 1` or below, to the nearest value still in its
/// domain). More than `b − a + 1` variables inside `[a, b]` cannot all differ: no
/// solution. With no Hall interval left to move a bound out of, every bound has its
/// support (Hall's marriage theorem on the intervals).
///
/// Puget's algorithm finds the Hall intervals in O(k log k) after sorting the bounds;
/// with at most 32 values, counting the variables by their bounds in a table is quicker
/// than sorting: each sweep looks at every interval from a smallest bound up, in
/// O(k·(k + values)), and sweeps go on until no bound moves. Only bounds move: a value inside a domain stays (forward checking, which
/// the strategy applies too, takes the values of assigned cells out).
///
/// ```
/// use sudoku_cp::alldifferent::bounds;
///
/// let range = |a: u32, b: u32| (a..=b).fold(0, |m, v| m | 1 << v);
/// // x0 and x1 share {1, 2}: a Hall interval. x2 = [1, 4] loses 1 and 2; x3 = {2, 4}
/// // loses its smallest value, 2, and is left {4}: a Hall interval of its own, which
/// // takes 4 from x2.
/// let mut d = [range(1, 2), range(1, 2), range(1, 4), 1 << 2 | 1 << 4];
/// bounds(&mut d).unwrap();
/// assert_eq!(d, [range(1, 2), range(1, 2), 1 << 3, 1 << 4]);
/// ```
pub fn bounds(domains: &mut [u32]) -> Result<(), Violated> {
    while narrow_once(domains)? {}
    Ok(())
}

/// One sweep over the intervals that start at a smallest bound: the Hall intervals found
/// move the bounds in them at once. `true` when a bound moved.
///
/// For each start `a`, the variables whose smallest value is `a` or more are counted by
/// their largest value; running up the values `b` from `a`, the count so far is the
/// number of variables inside `[a, b]`. Moving a bound out of `[a, b]` does not change
/// that count for the later `b` (the variable moved keeps its largest value, or had its
/// smallest below `a`), so the sweep goes on over the narrowed domains.
fn narrow_once(domains: &mut [u32]) -> Result<bool, Violated> {
    if domains.contains(&0) {
        return Err(Violated);
    }
    let mut moved = false;
    let mut starts: u32 = domains.iter().fold(0, |m, &d| m | lowest(d));
    while starts != 0 {
        let a = starts.trailing_zeros();
        starts &= starts - 1;
        let mut by_largest = [0u32; 32];
        let mut last = a;
        for &d in domains.iter() {
            if lowest(d) >= 1 << a {
                let high = top(d);
                by_largest[high as usize] += 1;
                last = last.max(high);
            }
        }
        let mut inside = 0;
        for b in a..=last {
            inside += by_largest[b as usize];
            let width = b - a + 1;
            if inside > width {
                return Err(Violated);
            }
            if inside == width {
                moved |= move_bounds_out(domains, below(b + 1) & !below(a));
            }
        }
    }
    Ok(moved)
}

/// Moves out of the Hall interval `interval` every bound in it of a variable not inside
/// it: `true` when one moved.
fn move_bounds_out(domains: &mut [u32], interval: u32) -> bool {
    let mut moved = false;
    for d in domains.iter_mut() {
        let outside = *d & !interval != 0;
        let bound_in = (lowest(*d) | highest(*d)) & interval != 0;
        if outside && bound_in {
            // A bound in the interval and a value outside it: the bound lies at one end
            // of the domain, so the values of the interval are all at that end.
            *d &= !interval;
            moved = true;
        }
    }
    moved
}

/// The lowest bit of a non-empty mask.
#[inline]
const fn lowest(d: u32) -> u32 {
    d & d.wrapping_neg()
}

/// The highest bit of a non-empty mask.
#[inline]
const fn highest(d: u32) -> u32 {
    1 << top(d)
}

/// The index of the highest bit of a non-empty mask.
#[inline]
const fn top(d: u32) -> u32 {
    31 - d.leading_zeros()
}

/// The bits below bit `a` (`a` up to 32).
#[inline]
const fn below(a: u32) -> u32 {
    if a >= 32 {
        u32::MAX
    } else {
        (1 << a) - 1
    }
}
