//! The optional features a cart can leave out to save tokens: the engine's search and evaluation
//! switches ([`SearchConfig`]), with the value `--fit` weighs against their token cost.

use std::collections::BTreeSet;

use tafl8_engine::config::SearchConfig;
use tafl8_engine::Rules;

/// One optional feature.
#[derive(Debug, Clone, Copy)]
pub struct Feature {
    /// Its name on the command line (`--features`), the engine's `SearchConfig` switch name.
    pub name: &'static str,
    /// What it does.
    pub description: &'static str,
    /// How much it is worth to the cart's play, relative (`--fit` drops the lowest value per
    /// token first). Estimates from what each feature does for the search (material and the king's
    /// escape matter most, move-ordering refinements least), not measured Elo.
    pub value: u32,
}

/// Every optional feature, named as `SearchConfig::set` names them.
pub const FEATURES: &[Feature] = &[
    Feature {
        name: "material",
        description: "piece values in the evaluation",
        value: 100,
    },
    Feature {
        name: "pst",
        description: "piece-square tables in the evaluation",
        value: 40,
    },
    Feature {
        name: "escape",
        description: "king escape distance and open routes in the evaluation",
        value: 60,
    },
    Feature {
        name: "guard",
        description: "attackers next to the king in the evaluation",
        value: 20,
    },
    Feature {
        name: "mobility",
        description: "legal-move difference in the evaluation (slow)",
        value: 4,
    },
    Feature {
        name: "defended",
        description: "soldiers with a friendly neighbour in the evaluation",
        value: 4,
    },
    Feature {
        name: "escape-win",
        description: "open king route with the defenders to move: a win at once, unsearched",
        value: 50,
    },
    Feature {
        name: "escape-ext",
        description: "open king route at the horizon: the attackers get a ply to block it",
        value: 10,
    },
    Feature {
        name: "escape-block",
        description: "open king route in quiescence: the attackers must block it, no standing pat",
        value: 20,
    },
    Feature {
        name: "escape-threat",
        description: "the king's moves to an open route searched in quiescence",
        value: 10,
    },
    Feature {
        name: "race",
        description: "the king race: the attackers' chosen move checked for a forced escape",
        value: 30,
    },
    Feature {
        name: "balance",
        description: "the start's material subtracted from the evaluation (even = about 0)",
        value: 15,
    },
    Feature {
        name: "even",
        description: "the start's table value subtracted too (the start itself = 0)",
        value: 5,
    },
    Feature {
        name: "king-moves",
        description: "the king's mobility in the evaluation",
        value: 8,
    },
    Feature {
        name: "corners",
        description: "corner seals in the evaluation (corner-escape boards)",
        value: 6,
    },
    Feature {
        name: "tropism",
        description: "attackers near the king in the evaluation",
        value: 6,
    },
    Feature {
        name: "qsearch",
        description: "quiescence search of captures at the horizon",
        value: 35,
    },
    Feature {
        name: "pv",
        description: "previous iteration's principal variation searched first",
        value: 20,
    },
    Feature {
        name: "tt",
        description: "transposition table (best move first, bound cutoffs)",
        value: 30,
    },
    Feature {
        name: "captures",
        description: "capturing moves ordered first",
        value: 25,
    },
    Feature {
        name: "killers",
        description: "two killer moves per ply ordered early",
        value: 12,
    },
    Feature {
        name: "history",
        description: "history heuristic for quiet moves",
        value: 10,
    },
    Feature {
        name: "pvs",
        description: "principal variation search (null windows after the first move)",
        value: 12,
    },
    Feature {
        name: "lmr",
        description: "late move reductions for quiet moves",
        value: 15,
    },
    Feature {
        name: "book",
        description: "opening book (the variant's built-in book)",
        value: 25,
    },
];

/// Features that are not `SearchConfig` switches.
const NOT_SEARCH: &[&str] = &["book"];

/// The feature set a configuration describes: every feature that is a search switch on in
/// `cfg`, plus those that are not search switches (the book: a cart is built complete).
pub fn set_of(cfg: &SearchConfig) -> BTreeSet<String> {
    FEATURES
        .iter()
        .filter(|f| NOT_SEARCH.contains(&f.name) || cfg.is_on(f.name))
        .map(|f| f.name.to_string())
        .collect()
}

/// The feature set of the engine's full configuration (`SearchConfig::FULL`) plus the book.
pub fn full_set() -> BTreeSet<String> {
    set_of(&SearchConfig::FULL)
}

/// The feature set of `rules`' own engine (its `[ai] engine`, `full` when it names none) plus
/// the book: the default build, so the cart plays what the variant's levels play in Rust.
pub fn engine_set(rules: &Rules) -> BTreeSet<String> {
    set_of(&SearchConfig::of_rules(rules))
}

/// Every feature.
pub fn all_set() -> BTreeSet<String> {
    FEATURES.iter().map(|f| f.name.to_string()).collect()
}

/// The search configuration a feature set describes (everything else off; TT size as in FULL).
pub fn config_of(features: &BTreeSet<String>) -> SearchConfig {
    let mut cfg = SearchConfig::FULL;
    for f in FEATURES.iter().filter(|f| !NOT_SEARCH.contains(&f.name)) {
        cfg.set(f.name, features.contains(f.name));
    }
    cfg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_feature_is_an_engine_switch_and_full_round_trips() {
        for f in FEATURES.iter().filter(|f| !NOT_SEARCH.contains(&f.name)) {
            assert!(SearchConfig::FULL.clone().set(f.name, true), "{}", f.name);
        }
        assert_eq!(config_of(&full_set()), SearchConfig::FULL);
        let ziege = Rules::preset("ziege").unwrap();
        // The quiescence depth is not a feature but a build parameter (`BuildRequest::max_qply`).
        let mut own = SearchConfig::of_rules(&ziege);
        assert_ne!(own.max_qply, SearchConfig::FULL.max_qply);
        own.max_qply = SearchConfig::FULL.max_qply;
        assert_eq!(config_of(&engine_set(&ziege)), own);
        assert!(
            !engine_set(&ziege).contains("escape-block") && engine_set(&ziege).contains("book")
        );
        assert!(full_set().contains("tt") && !full_set().contains("mobility"));
    }
}
