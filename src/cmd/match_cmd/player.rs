//! A player in a match: tafl8's own engine with a configuration and limits (searched in this
//! process), or an outside OTEP engine (a command the referee runs).

use std::time::Duration;

use anyhow::{bail, Context};
use std::sync::Arc;
use tafl8_engine::config::SearchConfig;
use tafl8_engine::difficulty::Level;
use tafl8_engine::eval::{Evaluator, FittedTables, Weights, WEIGHTS, WEIGHT_NAMES};
use tafl8_engine::search::Limits;

use tafl8_diff::Target;
use tafl8_engine::Rules;

use super::external::External;

/// tafl8's engine as a player.
#[derive(Clone, Debug)]
pub struct Internal {
    /// Search configuration.
    pub cfg: SearchConfig,
    /// Depth and node limits.
    pub limits: Limits,
    /// A difficulty level's move choice.
    pub level: Option<Level>,
    /// Play from the opening book while the position is in it.
    pub book: bool,
    /// A wall-clock budget per move (`movetime=MS`).
    pub movetime: Option<Duration>,
    /// Evaluation weights (`w.NAME=V` items change them from the defaults, for tuning).
    pub weights: Weights,
    /// `pst=FILE`: fitted piece-square tables added to the evaluation's (Rust only).
    pub fitted: Option<Arc<FittedTables>>,
    /// `cart=N`: the cart itself plays level N (run in the runner as the game runs it: bound
    /// by the level's thinking time), its cart built for the match's rules and this config.
    pub cart: Option<Arc<Target>>,
}

/// A seat: the player and its name.
pub struct Seat {
    /// Shown in reports and game records.
    pub name: String,
    /// Who plays.
    pub player: Player,
}

/// One side of a match.
pub enum Player {
    /// tafl8's engine.
    Internal(Internal),
    /// An OTEP engine.
    External(External),
}

/// Reads a player spec (see `tafl8 match --help`); a spec without a base plays `rules`' own
/// engine (`engine`: what the variant's cart and levels play). `engine` and `best` are a
/// preset's whenever `rules` are that preset's game, an OpenTafl rules string's too.
pub fn parse_internal(spec: &str, default_nodes: u64, rules: &Rules) -> anyhow::Result<Internal> {
    let mut limits = Limits::nodes(default_nodes);
    let mut level = None;
    let mut book = false;
    let mut movetime = None;
    let mut weights = WEIGHTS;
    let mut cart = false;
    let mut fitted = None;
    let (mut nodes, mut depth) = (None, None);
    let mut cfg_items = Vec::new();
    for item in spec.split(',').map(str::trim) {
        if item == "book" {
            book = true;
            continue;
        }
        match item.split_once('=') {
            Some(("nodes", v)) => nodes = Some(v.parse().with_context(|| format!("`{item}`"))?),
            Some(("depth", v)) => depth = Some(v.parse().with_context(|| format!("`{item}`"))?),
            Some(("movetime", v)) => {
                let ms: u64 = v.parse().with_context(|| format!("`{item}`"))?;
                movetime = Some(Duration::from_millis(ms));
            }
            Some((w, v)) if w.starts_with("w.") => {
                let v: i16 = v
                    .parse()
                    .with_context(|| format!("`{item}`: a weight is an integer"))?;
                if !weights.set(&w[2..], v) {
                    bail!(
                        "`{item}`: no weight `{}`; the weights are {}",
                        &w[2..],
                        WEIGHT_NAMES.join(", ")
                    );
                }
            }
            Some(("pst", path)) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("`{item}`: reading the tables"))?;
                let t = FittedTables::parse(&text, rules.geometry()).map_err(|e| {
                    anyhow::anyhow!("{path}:{e} (`{item}`; `tafl8 tune` writes such a file)")
                })?;
                fitted = Some(Arc::new(t));
            }
            Some(("cart", v)) => {
                let n: u8 = v.parse().with_context(|| format!("`{item}`"))?;
                let l =
                    Level::of(rules, n).with_context(|| format!("`{item}`: levels are 1 to 5"))?;
                limits = l.limits();
                level = Some(l);
                cart = true;
            }
            Some(("level", v)) => {
                let n: u8 = v.parse().with_context(|| format!("`{item}`"))?;
                let l =
                    Level::of(rules, n).with_context(|| format!("`{item}`: levels are 1 to 5"))?;
                limits = l.limits();
                level = Some(l);
            }
            _ => cfg_items.push(item),
        }
    }
    if movetime.is_some() && nodes.is_none() && level.is_none() {
        // A player timed by the clock has no node budget unless it names one.
        limits.nodes = 0;
    }
    // An explicit budget wins over a level's, in any order: `level=5,nodes=40000` is level 5's
    // move choice with a 40,000-node budget (how strength scales with the cart's speed).
    if let Some(n) = nodes {
        limits.nodes = n;
    }
    if let Some(d) = depth {
        limits.depth = d;
    }
    if let Some(l) = &mut level {
        l.nodes = limits.nodes;
        l.depth = limits.depth;
    }
    if cfg_items.is_empty() || cfg_items[0].starts_with(['+', '-']) || cfg_items[0].contains('=') {
        cfg_items.insert(0, "engine");
    }
    let cfg_spec = cfg_items.join(",");
    // An OpenTafl rules string names no `[ai]`: for a preset's game `engine` and `best` are the
    // preset's, as `tafl8 otep` reads them (else `best` under `$CPH` would be plain `full`).
    let cfg = SearchConfig::parse_for_host(&cfg_spec, rules)
        .with_context(|| format!("player spec `{spec}`"))?;
    if cart
        && (nodes.is_some()
            || depth.is_some()
            || movetime.is_some()
            || weights != WEIGHTS
            || fitted.is_some())
    {
        bail!(
            "player spec `{spec}`: `cart=N` plays the cart itself, with its level's budgets and \
             the default weights: drop nodes=, depth=, movetime=, w.NAME= and pst= (or use \
             level=N for the engine)"
        );
    }
    let cart = if cart {
        let target = Target::new(Arc::new(rules.clone()), &cfg_spec)
            .with_context(|| format!("player spec `{spec}`: the cart"))?;
        Some(Arc::new(target))
    } else {
        None
    };
    Ok(Internal {
        cfg,
        limits,
        level,
        book,
        movetime,
        weights,
        fitted,
        cart,
    })
}

impl Internal {
    /// The evaluator this player searches with: its weights and fitted tables.
    pub fn evaluator(&self, rules: &Rules) -> Evaluator {
        Evaluator::with_fitted(rules, &self.weights, self.fitted.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brandubh() -> Rules {
        Rules::preset("brandubh").unwrap()
    }

    #[test]
    fn player_specs() {
        let p = parse_internal("seed,nodes=300", 5000, &brandubh()).unwrap();
        assert_eq!((p.cfg, p.limits.nodes), (SearchConfig::SEED, 300));
        let p = parse_internal("level=2", 5000, &brandubh()).unwrap();
        assert_eq!(p.level.unwrap().level, 2);
        assert!(
            !parse_internal("-killers", 10, &brandubh())
                .unwrap()
                .cfg
                .killers
        );
        assert!(parse_internal("level=9", 1, &brandubh()).is_err());
        assert!(parse_internal("seed,book", 1, &brandubh()).unwrap().book);
        assert!(parse_internal("fast", 1, &brandubh()).is_err());
        let p = parse_internal("nodes=40000,level=5", 1, &brandubh()).unwrap();
        assert_eq!((p.level.unwrap().nodes, p.limits.nodes), (40_000, 40_000));
        assert_eq!(p.level.unwrap().depth, 62);
        let p = parse_internal("full,w.king_guard=60", 1, &brandubh()).unwrap();
        assert_eq!(p.weights.king_guard, 60);
        assert!(parse_internal("full,w.nope=1", 1, &brandubh()).is_err());
        // Without a base a player plays the variant's engine; `full` overrides it.
        let ziege = Rules::preset("ziege").unwrap();
        let own = SearchConfig::of_rules(&ziege);
        assert_ne!(own, SearchConfig::FULL);
        assert_eq!(parse_internal("level=5", 1, &ziege).unwrap().cfg, own);
        assert_eq!(
            parse_internal("engine,nodes=9", 1, &ziege).unwrap().cfg,
            own
        );
        assert_eq!(
            parse_internal("full,level=5", 1, &ziege).unwrap().cfg,
            SearchConfig::FULL
        );
        let p = parse_internal("full,movetime=1500", 5000, &brandubh()).unwrap();
        assert_eq!(p.movetime, Some(Duration::from_millis(1500)));
        assert_eq!(
            p.limits.nodes, 0,
            "no default node budget for a timed player"
        );
        let p = parse_internal("full,movetime=1500,nodes=900", 5000, &brandubh()).unwrap();
        assert_eq!(p.limits.nodes, 900);
    }

    #[test]
    fn a_rules_strings_engine_and_best_are_its_presets() {
        // OpenTafl's rules strings carry no `[ai]`: under one, `best` and `engine` (and a
        // level's engine) are the preset's whose game it is. Copenhagen's is OpenTafl's own
        // (its repetition rule is the mover's loss, not the preset's defenders').
        const CPH: &str = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y \
            start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
        for (v, otr) in [
            ("copenhagen", CPH.to_string()),
            ("ziege", Rules::preset("ziege").unwrap().to_otr().unwrap()),
            ("tablut", Rules::preset("tablut").unwrap().to_otr().unwrap()),
        ] {
            let preset = Rules::preset(v).unwrap();
            let otr = Rules::from_otr(&otr).unwrap();
            for spec in ["best", "engine", "level=5"] {
                let base = if spec == "best" { "best" } else { "engine" };
                assert_eq!(
                    parse_internal(spec, 1, &otr).unwrap().cfg,
                    SearchConfig::parse_for(base, &preset).unwrap(),
                    "{v} {spec}"
                );
            }
        }
        let cph = Rules::from_otr(CPH).unwrap();
        assert!(parse_internal("best", 1, &cph).unwrap().cfg.eval.potential);
    }
}
