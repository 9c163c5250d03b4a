//! The engine's switches as data: [`SearchConfig`] holds every search and evaluation feature
//! ([`EvalConfig`]) as a switch, so the cart's Lua templates can mirror exactly the same
//! algorithm, and matches and benchmarks can measure what each feature buys; a spec
//! (`full,-lmr,+corners`) names a config.
//!
//! Switches are data below the rules: a ruleset names the engine its cart plays (`[ai] engine`)
//! and is checked against the spec language when it is loaded. The configs made from a ruleset
//! ([`SearchConfig::of_rules`], [`SearchConfig::parse_for`]) are the rules' (`rules/engine.rs`).

mod eval;

pub use eval::EvalConfig;

/// The most plies of quiescence a config may ask for (`SearchConfig::max_qply`).
pub const MAX_QPLY: u8 = 8;
/// The most plies of king race a config may ask for (`SearchConfig::race`).
pub const MAX_RACE: u8 = 15;
/// The king race's plies when a spec turns it on without a number (`+race`).
pub const DEFAULT_RACE: u8 = 9;
/// The quiet race's plies when a spec turns it on without a number (`+qrace`): measured on
/// the lost attacking games against ftzm/hnefatafl, 13 refuted losing moves that 9 did not.
pub const DEFAULT_QUIET_RACE: u8 = 13;
/// The most contempt a config may ask for (`SearchConfig::contempt`): a little over three
/// attackers (300 each), past which a draw would outweigh real material.
pub const MAX_CONTEMPT: i16 = 1000;
/// The contempt when a spec turns it on without a number (`+contempt`): a third of an attacker.
pub const DEFAULT_CONTEMPT: i16 = 100;

/// The search features (each one a switch the cart mirrors).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Search the previous iteration's principal variation first.
    pub pv_first: bool,
    /// Two killer moves per ply (quiet moves that caused a cutoff in this iteration) tried early.
    pub killers: bool,
    /// History heuristic: quiet cutoff moves scored by `depth^2`, halved when one passes 16000.
    pub history: bool,
    /// Transposition table (best move first, and bound cutoffs).
    pub tt: bool,
    /// Log2 of the transposition table's entry count (the cart's table is small).
    pub tt_bits: u8,
    /// Capturing moves ordered before quiet ones.
    pub captures_first: bool,
    /// Principal variation search: moves after the first are searched with a null window
    /// `(alpha, alpha + 1)` and re-searched with the full window only if they beat alpha.
    pub pvs: bool,
    /// Late move reductions: with 3+ plies left, quiet moves from the 4th on (not TT, PV,
    /// capture or killer moves, not king moves) are searched one ply shallower first (two from
    /// the 12th on), and again at full depth if they beat alpha.
    pub lmr: bool,
    /// Quiescence search: at depth 0, captures (and king captures) are searched until quiet.
    pub quiescence: bool,
    /// Most plies of quiescence below the nominal depth (`qply=N` in a spec; a cart searches
    /// its build's, by default its ruleset's engine's). 1 = the side to move's captures, each
    /// answered by a static evaluation;
    /// see `docs/search.md` for how 1 and 6 compare.
    pub max_qply: u8,
    /// Known king escapes: the defenders to move with an open route win at once (in the main
    /// search and in quiescence), without searching the escape move.
    pub escape_win: bool,
    /// King-escape extension: the attackers to move at depth 0 facing an open route get one more
    /// ply to block it. (Off in `full`: at an equal node budget it cost more than it bought, see
    /// `docs/search.md`.)
    pub escape_extension: bool,
    /// Escape-aware quiescence, attackers' side: the attackers to move in quiescence facing an
    /// open king route may not stand pat (the king would step out); they try only the moves that
    /// land on a route (between the king and its escape square) or beside the king, and a move
    /// that leaves a route open scores the loss it is.
    pub escape_block: bool,
    /// Escape-aware quiescence, defenders' side: besides captures, the defenders try the king's
    /// moves to squares from which it has an open route (threats the attackers must answer with
    /// `escape_block`).
    pub escape_threat: bool,
    /// The king race (`search::race`): the plies of the narrow search that checks the
    /// attackers' chosen root move for a forced king escape (`race=N` in a spec; 0 = off).
    pub race: u8,
    /// The quiet race (Rust only, `search::guard`): the plies of the race behind one quiet
    /// move each side, which checks the attackers' root moves and looks for the defenders'
    /// proven wins after the search (`qrace=N` in a spec; 0 = off).
    pub quiet_race: u8,
    /// Null-move pruning (Rust only): at a null-window node with 3+ plies left whose static
    /// score already reaches beta, the side to move passes and the opponent searches
    /// `depth - 1 - R` plies (R = 2 + depth / 6); if it still cannot get below beta, the node is
    /// cut. Never twice in a row, never with a king route open (a pass would hand the king the
    /// edge) or a won or lost score in the window.
    pub null_move: bool,
    /// Contempt (Rust only): a draw (repetition or move limit) scores `-contempt` for the side
    /// the search plays and `+contempt` for its opponent, so the engine that thinks itself the
    /// stronger plays on rather than repeat (`contempt=N` in a spec; 0 = a draw is 0 for both).
    pub contempt: i16,
    /// Evaluation terms.
    pub eval: EvalConfig,
}

/// Switches the cart's Lua does not implement yet: the differential harness refuses a config
/// with any of them on, and the code generator never builds one (they are research features of
/// the Rust engine until the templates mirror them).
pub const NOT_IN_CART: [&str; 8] = [
    "region",
    "triangles",
    "enclosure",
    "threats",
    "potential",
    "null",
    "contempt",
    "qrace",
];

/// Names of the switches, as `+name` / `-name` in a config spec.
pub const FEATURES: [&str; 32] = [
    "pv",
    "killers",
    "history",
    "tt",
    "captures",
    "pvs",
    "lmr",
    "qsearch",
    "escape-win",
    "escape-ext",
    "escape-block",
    "escape-threat",
    "race",
    "qrace",
    "null",
    "contempt",
    "material",
    "pst",
    "escape",
    "guard",
    "mobility",
    "defended",
    "corners",
    "triangles",
    "king-moves",
    "region",
    "enclosure",
    "balance",
    "even",
    "tropism",
    "threats",
    "potential",
];

impl SearchConfig {
    /// Everything on that earns its keep (the engine the cart plays at the top level).
    pub const FULL: SearchConfig = SearchConfig {
        pv_first: true,
        killers: true,
        history: true,
        tt: true,
        tt_bits: 12,
        captures_first: true,
        pvs: true,
        lmr: true,
        quiescence: true,
        max_qply: 6,
        escape_win: true,
        escape_extension: false,
        escape_block: true,
        escape_threat: true,
        race: DEFAULT_RACE,
        quiet_race: 0,
        null_move: false,
        contempt: 0,
        eval: EvalConfig::FULL,
    };
    /// The seed-level engine: alpha-beta + iterative deepening + PV first; material and
    /// piece-square tables only.
    pub const SEED: SearchConfig = SearchConfig {
        pv_first: true,
        killers: false,
        history: false,
        tt: false,
        tt_bits: 12,
        captures_first: false,
        pvs: false,
        lmr: false,
        quiescence: false,
        max_qply: 6,
        escape_win: false,
        escape_extension: false,
        escape_block: false,
        escape_threat: false,
        race: 0,
        quiet_race: 0,
        null_move: false,
        contempt: 0,
        eval: EvalConfig::SEED,
    };
    /// Plain alpha-beta in generation order (the baseline of the ablation table).
    pub const BARE: SearchConfig = SearchConfig {
        pv_first: false,
        ..SearchConfig::SEED
    };

    /// Parses a ruleset's `[ai] engine`: a spec the cart can play, so no switch of
    /// [`NOT_IN_CART`] and the cart's fixed table size (`qply=` is allowed: the cart is built
    /// with the engine's quiescence depth).
    pub fn parse_engine(spec: &str) -> Result<SearchConfig, ConfigError> {
        let cfg = SearchConfig::parse(spec)?;
        let rust_only = cfg.rust_only();
        if !rust_only.is_empty() {
            return Err(ConfigError(format!(
                "`{spec}` turns on {}, which the cart does not have: an engine for the cart and \
                 the levels may use only the switches the templates mirror (remove them)",
                rust_only.join(", ")
            )));
        }
        if cfg.tt_bits != SearchConfig::FULL.tt_bits {
            return Err(ConfigError(format!(
                "`{spec}`: the cart's table size is fixed ({} bits): remove `tt-bits=`",
                SearchConfig::FULL.tt_bits
            )));
        }
        Ok(cfg)
    }

    /// Parses a spec: a base (`full`, `seed` or `bare`) followed by comma-separated `+feature` /
    /// `-feature` items, e.g. `full,-killers` or `seed,+tt`, and optionally `qply=N`, `race=N`,
    /// `qrace=N`, `contempt=N` and `tt-bits=N`.
    /// Feature names: [`FEATURES`].
    pub fn parse(spec: &str) -> Result<SearchConfig, ConfigError> {
        let mut items = spec.split(',').map(str::trim);
        let base = items.next().unwrap_or("");
        let mut cfg = match base {
            "full" => SearchConfig::FULL,
            "seed" => SearchConfig::SEED,
            "bare" => SearchConfig::BARE,
            _ => {
                return Err(ConfigError(format!(
                    "unknown base `{base}` in `{spec}`: start with full, seed or bare (or, where a variant is known, engine: its own engine, or best: the strongest measured for it)"
                )))
            }
        };
        for item in items {
            let value = |prefix: &str| item.strip_prefix(prefix);
            if let Some(v) = value("qply=") {
                let says = format!("qply takes 1 to {MAX_QPLY} (plies of quiescence)");
                cfg.max_qply = number(item, spec, v, 1..=MAX_QPLY, &says)?;
                continue;
            }
            if let Some(v) = value("race=") {
                let says = format!("race takes 0 (off) to {MAX_RACE} (plies of the king race)");
                cfg.race = number(item, spec, v, 0..=MAX_RACE, &says)?;
                continue;
            }
            if let Some(v) = value("qrace=") {
                let says = format!(
                    "qrace takes 0 (off) to {MAX_RACE} (plies of the race behind the quiet move)"
                );
                cfg.quiet_race = number(item, spec, v, 0..=MAX_RACE, &says)?;
                continue;
            }
            if let Some(v) = value("contempt=") {
                let says = format!(
                    "contempt takes 0 (off) to {MAX_CONTEMPT} (what a draw costs the engine, in \
                     the evaluation's units: an attacker is 300)"
                );
                cfg.contempt = number(item, spec, v, 0..=MAX_CONTEMPT, &says)?;
                continue;
            }
            if let Some(v) = value("tt-bits=") {
                cfg.tt_bits = number(item, spec, v, 1..=24, "tt-bits takes 1 to 24")?;
                continue;
            }
            let (on, name) = if let Some(n) = item.strip_prefix('+') {
                (true, n)
            } else if let Some(n) = item.strip_prefix('-') {
                (false, n)
            } else {
                return Err(ConfigError(format!(
                    "`{item}` in `{spec}`: write +feature or -feature"
                )));
            };
            if !cfg.set(name, on) {
                return Err(ConfigError(format!(
                    "unknown feature `{name}` in `{spec}`: use one of {}",
                    FEATURES.join(", ")
                )));
            }
        }
        Ok(cfg)
    }

    /// Whether feature `name` is on (`false` for a name that is no feature).
    pub fn is_on(&self, name: &str) -> bool {
        let mut on = *self;
        on.set(name, true) && on == *self
    }

    /// The switches of [`NOT_IN_CART`] this configuration turns on (the cart cannot play it
    /// unless this is empty).
    pub fn rust_only(&self) -> Vec<&'static str> {
        NOT_IN_CART
            .iter()
            .copied()
            .filter(|name| self.is_on(name))
            .collect()
    }

    /// Turns feature `name` on or off; `false` if there is no such feature.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let flag = match name {
            "pv" => &mut self.pv_first,
            "killers" => &mut self.killers,
            "history" => &mut self.history,
            "tt" => &mut self.tt,
            "captures" => &mut self.captures_first,
            "pvs" => &mut self.pvs,
            "lmr" => &mut self.lmr,
            "qsearch" => &mut self.quiescence,
            "escape-win" => &mut self.escape_win,
            "escape-ext" => &mut self.escape_extension,
            "escape-block" => &mut self.escape_block,
            "escape-threat" => &mut self.escape_threat,
            "race" => {
                // A number, not a flag: on keeps the plies set (or takes the default), off is 0.
                self.race = match (on, self.race) {
                    (false, _) => 0,
                    (true, 0) => DEFAULT_RACE,
                    (true, r) => r,
                };
                return true;
            }
            "qrace" => {
                self.quiet_race = match (on, self.quiet_race) {
                    (false, _) => 0,
                    (true, 0) => DEFAULT_QUIET_RACE,
                    (true, r) => r,
                };
                return true;
            }
            "contempt" => {
                self.contempt = match (on, self.contempt) {
                    (false, _) => 0,
                    (true, 0) => DEFAULT_CONTEMPT,
                    (true, c) => c,
                };
                return true;
            }
            "null" => &mut self.null_move,
            "material" => &mut self.eval.material,
            "pst" => &mut self.eval.pst,
            "escape" => &mut self.eval.escape,
            "guard" => &mut self.eval.king_guard,
            "mobility" => &mut self.eval.mobility,
            "defended" => &mut self.eval.defended,
            "corners" => &mut self.eval.corners,
            "triangles" => &mut self.eval.triangles,
            "king-moves" => &mut self.eval.king_moves,
            "region" => &mut self.eval.region,
            "enclosure" => &mut self.eval.enclosure,
            "balance" => &mut self.eval.balance,
            "even" => &mut self.eval.even,
            "tropism" => &mut self.eval.tropism,
            "threats" => &mut self.eval.threats,
            "potential" => &mut self.eval.potential,
            _ => return false,
        };
        *flag = on;
        true
    }
}

/// The number in a spec's `name=N` item (`value`), within `range`; else an error naming the
/// item and what it takes (`says`).
fn number<T: std::str::FromStr + PartialOrd>(
    item: &str,
    spec: &str,
    value: &str,
    range: std::ops::RangeInclusive<T>,
    says: &str,
) -> Result<T, ConfigError> {
    value
        .parse()
        .ok()
        .filter(|v| range.contains(v))
        .ok_or_else(|| ConfigError(format!("`{item}` in `{spec}`: {says}")))
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig::FULL
    }
}

/// A config spec that could not be read (the message says what and how to fix it).
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[error("{0}")]
pub struct ConfigError(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_read_back_by_name() {
        let c = SearchConfig::parse("full,-lmr,+region,+potential").unwrap();
        assert!(c.is_on("pvs") && !c.is_on("lmr") && !c.is_on("no-such-switch"));
        assert_eq!(c.rust_only(), ["region", "potential"]);
        assert!(SearchConfig::FULL.rust_only().is_empty());
    }

    #[test]
    fn specs() {
        assert_eq!(SearchConfig::parse("full").unwrap(), SearchConfig::FULL);
        let c = SearchConfig::parse("seed, +tt, -pv").unwrap();
        assert!(c.tt && !c.pv_first && !c.killers);
        let e = SearchConfig::parse("full,+nope").unwrap_err().to_string();
        assert!(
            e.contains("unknown feature `nope`") && e.contains("killers"),
            "{e}"
        );
        assert!(SearchConfig::parse("best").is_err());
        assert_eq!(SearchConfig::parse("full,qply=4").unwrap().max_qply, 4);
        assert_eq!(SearchConfig::parse("full,race=9").unwrap().race, 9);
        let c = SearchConfig::parse("full,+null,contempt=250").unwrap();
        assert!(c.null_move && c.contempt == 250);
        assert_eq!(c.rust_only(), ["null", "contempt"]);
        let c = SearchConfig::parse("full,+contempt").unwrap();
        assert_eq!(c.contempt, DEFAULT_CONTEMPT);
        assert_eq!(
            SearchConfig::parse("full,contempt=50,-contempt")
                .unwrap()
                .contempt,
            0
        );
        for bad in ["full,contempt=1001", "full,contempt=-5", "full,contempt=x"] {
            let e = SearchConfig::parse(bad).unwrap_err().0;
            assert!(e.contains("contempt takes 0"), "{e}");
        }
        assert_eq!(SearchConfig::FULL.quiet_race, 0);
        let c = SearchConfig::parse("full,+qrace").unwrap();
        assert_eq!(c.quiet_race, DEFAULT_QUIET_RACE);
        assert_eq!(c.rust_only(), ["qrace"]);
        assert_eq!(SearchConfig::parse("full,qrace=11").unwrap().quiet_race, 11);
        assert_eq!(
            SearchConfig::parse("full,qrace=11,-qrace")
                .unwrap()
                .quiet_race,
            0
        );
        assert!(SearchConfig::parse_engine("full,+qrace").is_err());
        for bad in ["full,qrace=16", "full,qrace=x"] {
            let e = SearchConfig::parse(bad).unwrap_err().0;
            assert!(e.contains("qrace takes 0"), "{e}");
        }
        for bad in ["full,race=99", "full,race=-1", "full,race="] {
            let e = SearchConfig::parse(bad).unwrap_err().0;
            assert!(e.contains("race takes 0"), "{e}");
        }
        for bad in ["full,qply=0", "full,qply=99", "full,qply=x"] {
            let e = SearchConfig::parse(bad).unwrap_err().0;
            assert!(e.contains("qply takes 1 to"), "{e}");
        }
        assert!(SearchConfig::parse("full,killers")
            .unwrap_err()
            .0
            .contains("+feature"));
        for f in FEATURES {
            assert!(SearchConfig::BARE.clone().set(f, true), "{f}");
        }
    }

    /// Every switch `set` knows is listed in [`FEATURES`] (the list error messages and help
    /// print): with every listed switch on, no switch is left off.
    #[test]
    fn features_lists_every_switch() {
        let mut none = SearchConfig::BARE;
        for f in FEATURES {
            none.set(f, false);
        }
        let mut all = none;
        for f in FEATURES {
            assert!(all.set(f, true), "{f}");
        }
        let text = format!("{all:?}");
        assert!(
            !text.contains("false"),
            "a switch missing from FEATURES: {text}"
        );
        assert!(format!("{none:?}").contains("false"));
    }
}
