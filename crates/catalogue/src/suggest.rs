//! "Did you mean": the name of a list closest to a misspelt one, by edit distance.

/// The candidate closest to `typed`, in lower case, by Damerau–Levenshtein distance (a letter added,
/// removed, changed, or two neighbours swapped: `nrovig` is one step from `norvig`), if
/// it is close enough to be what was meant: at most a third of the longer name's letters
/// away (one for names of up to five letters). Ties go to the first candidate, so the
/// catalogue's order decides.
pub fn closest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.trim().to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&typed, c), c))
        .filter(|&(d, c)| d <= (typed.chars().count().max(c.len()) / 3).max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// The names a solver list takes: the catalogue's, then `all` and `default`.
pub fn list_names() -> impl Iterator<Item = &'static str> {
    crate::names().chain(["all", "default"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_solver_finds_its_name() {
        let closest = |typed| closest(typed, list_names());
        assert_eq!(closest("nrovig"), Some("norvig"));
        assert_eq!(closest("dxl"), Some("dlx"));
        assert_eq!(closest("DLX"), Some("dlx"));
        assert_eq!(closest("logic-subset"), Some("logic-subsets"));
        assert_eq!(closest("anneal-esay"), Some("anneal-essay"));
        assert_eq!(closest("fast"), None);
        assert_eq!(closest("tdoku"), None);
        assert_eq!(closest("al"), Some("all"));
    }
}
