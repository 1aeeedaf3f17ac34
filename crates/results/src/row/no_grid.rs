//! The grid columns' text when there is no grid: [`NO_GRID`], never an empty field, so
//! that a data tool reads the column as strings even when no row has a grid (pandas reads
//! a column empty in every row as numbers, all NaN). An empty field, as versions before
//! it wrote, still reads as no grid.

use serde::{Deserialize, Deserializer, Serializer};

use super::GridText;

/// What `solution` holds for a row without a solution, and `original` for a row whose
/// puzzle is the corpus's own: a grid's text is never `-`.
pub const NO_GRID: &str = "-";

/// Whether a grid column's text means no grid: [`NO_GRID`], or empty.
fn is_no_grid(text: &str) -> bool {
    text.is_empty() || text == NO_GRID
}

/// `solution`: the grid's text, [`NO_GRID`] when the row holds none (an empty text).
pub mod solution {
    use super::*;

    /// Writes `text`, or [`NO_GRID`] for an empty one.
    pub fn serialize<S: Serializer>(text: &GridText, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if text.is_empty() { NO_GRID } else { text })
    }

    /// Reads a grid's text; [`NO_GRID`] or an empty field as an empty text.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GridText, D::Error> {
        let text = GridText::deserialize(d)?;
        Ok(if is_no_grid(&text) {
            GridText::new()
        } else {
            text
        })
    }
}

/// `original`: the corpus's puzzle's text, [`NO_GRID`] when there is none.
pub mod original {
    use super::*;

    /// Writes the grid's text, or [`NO_GRID`] for none (or an empty text).
    pub fn serialize<S: Serializer>(grid: &Option<Box<GridText>>, s: S) -> Result<S::Ok, S::Error> {
        super::solution::serialize(grid.as_deref().unwrap_or(&GridText::new()), s)
    }

    /// Reads a grid's text; [`NO_GRID`] or an empty field as none.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Box<GridText>>, D::Error> {
        let text = super::solution::deserialize(d)?;
        Ok((!text.is_empty()).then(|| Box::new(text)))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::{header_line, Row, Status};

    /// A row of `status`, without a solution or an original.
    fn unsolved(status: Status) -> Row {
        Row {
            corpus: Arc::from("c.txt"),
            index: 0,
            line: 1,
            name: None,
            solver: Arc::from("naive"),
            limit: 1,
            status,
            solutions: 0,
            nodes: 5,
            backtracks: 1,
            nanoseconds: 7,
            median_nanoseconds: 7,
            retimed: crate::Retimed::Trusted(0),
            puzzle: "1.3.|.4..|2...|1..4".into(),
            solution: super::GridText::new(),
            original: None,
            problem: None,
        }
    }

    /// The rows of a CSV's text.
    fn rows_of(text: &str) -> Vec<Row> {
        csv::Reader::from_reader(text.as_bytes())
            .deserialize()
            .map(Result::unwrap)
            .collect()
    }

    #[test]
    fn a_dash_and_an_empty_field_both_read_back_as_no_grid() {
        let header = String::from_utf8(header_line()).unwrap();
        let line = "c.txt,0,1,,naive,1,no_solution,0,5,1,7,7,0,1.3.|.4..|2...|1..4";
        let want = unsolved(Status::NoSolution);
        for ending in [",-,-", ",,", ",-,", ",,-"] {
            let rows = rows_of(&format!("{header}{line}{ending}\n"));
            assert_eq!(rows, std::slice::from_ref(&want), "{ending}");
        }
        // A CSV written before the `original` column.
        let older = header.replace(",original", "");
        assert_eq!(rows_of(&format!("{older}{line},\n")), [want]);
    }
}
