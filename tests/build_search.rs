//! Differential check of the AI in the cart: the Lua rendered for a search configuration finds
//! the same best move, score, principal variation, node count and completed depth as the Rust
//! `Searcher`, evaluates positions to the same values, and the difficulty levels pick the same
//! moves for the same PRNG seed.

use std::collections::BTreeSet;
use std::sync::Arc;

use tafl8_codegen::{build, engine_set, BuildRequest};
use tafl8_engine::config::SearchConfig;
use tafl8_engine::difficulty::{seeded_rng, think, Level};
use tafl8_engine::eval::{evaluate, Evaluator};
use tafl8_engine::search::{Limits, Searcher};
use tafl8_engine::{MoveList, Position, Rules, Status};
use tafl8_runner::session::{RunOptions, Session};
use tafl8_runner::vm::Limits as VmLimits;

fn run_lua(rules: &Rules, features: BTreeSet<String>, qply: u8, harness: &str) -> Vec<String> {
    let full = BuildRequest::full(rules.clone());
    let req = BuildRequest {
        features,
        depths: tafl8_codegen::SearchDepths {
            max_qply: qply,
            ..full.depths
        },
        ..full
    };
    let built = build(&req).expect("cart builds");
    let mut cart = built.cart.clone();
    cart.set_lua(&format!("{}\n{harness}", built.code));
    let limits = VmLimits {
        instructions_per_frame: 20_000_000_000,
        memory_bytes: 512 << 20,
        // A harness batch, not a game: PICO-8's Lua memory limit does not apply.
        lua_memory: None,
        // The harness is appended to a full cart: past PICO-8's token limit.
        code_limits: false,
    };
    let session = Session::from_cart(&cart, "search.p8", limits).expect("cart loads");
    session
        .run(&RunOptions::default())
        .expect("harness runs")
        .printh
}

fn raw(hex: &str) -> i64 {
    let digits = hex.trim_start_matches("0x").replace('.', "");
    u32::from_str_radix(&digits, 16).unwrap_or_else(|e| panic!("bad hex `{hex}`: {e}")) as i32
        as i64
}

/// Start plus positions after seeded random playouts (fresh: no history, like the Lua's setup).
fn positions(rules: &Arc<Rules>, count: usize, seed: u32) -> Vec<Position> {
    let mut out = vec![Position::start(rules.clone())];
    let mut rng = seeded_rng(seed);
    let mut list = MoveList::new();
    while out.len() <= count {
        let mut p = Position::start(rules.clone());
        for _ in 0..2 + rng.below(16) {
            p.gen_moves(&mut list);
            if list.is_empty() {
                break;
            }
            p.make(list.as_slice()[rng.below(list.len() as u16) as usize]);
        }
        if p.status() == Status::Ongoing {
            out.push(Position::from_cells(rules.clone(), *p.cells(), p.side_to_move()).unwrap());
        }
    }
    out
}

fn setup_call(p: &Position) -> String {
    let area = p.geometry().area();
    let cells: Vec<String> = (1..area).map(|s| p.cells()[s].to_string()).collect();
    format!(
        "setup(split\"{}\",{})",
        cells.join(","),
        p.side_to_move().code()
    )
}

fn features_of(spec: &str) -> (SearchConfig, BTreeSet<String>) {
    let cfg = SearchConfig::parse(spec).unwrap();
    let set = tafl8_codegen::set_of(&cfg);
    (cfg, set)
}

/// Searches every position to `depth` in Lua and in Rust and compares everything reported.
fn compare_search(variant: &str, spec: &str, depth: u8, count: usize) {
    compare_search_rules(Rules::preset(variant).unwrap(), spec, depth, count);
}

fn compare_search_rules(rules: Rules, spec: &str, depth: u8, count: usize) {
    let variant = rules.name().to_string();
    let rules = Arc::new(rules);
    let (cfg, set) = features_of(spec);
    let g = rules.geometry();
    let cases = positions(&rules, count, 0xBEEF);
    let mut h = String::from("function _init()\n");
    for p in &cases {
        h.push_str(&format!(
            " {} local m,s=search({depth},0) local t=\"\" for k=1,pvl[0] do t..=\" \"..pv[0][k] end printh((m or -1)..\" \"..(s or 0)..\" \"..tostr(nodes,1)..\" \"..sdep..\" \"..evaluate()..t)\n",
            setup_call(p)
        ));
    }
    h.push_str("end\n");
    let lines = run_lua(&rules, set, cfg.max_qply, &h);
    assert_eq!(lines.len(), cases.len(), "{lines:?}");
    let ev = Evaluator::new(&rules);
    for (i, (line, p)) in lines.iter().zip(&cases).enumerate() {
        let mut q = p.clone();
        let mut searcher = Searcher::new(&rules, cfg);
        let r = searcher.search(&mut q, Limits::depth(depth));
        let pv: Vec<String> = r.pv.iter().map(|m| m.code(g).to_string()).collect();
        let want = format!(
            "{} {} {} {} {}{}",
            r.best.map_or(-1, |m| i64::from(m.code(g))),
            r.score.get(),
            r.nodes,
            r.depth,
            evaluate(p, &ev, &cfg.eval).get(),
            pv.iter().map(|m| format!(" {m}")).collect::<String>()
        );
        let f: Vec<&str> = line.split(' ').collect();
        let got = format!(
            "{} {} {} {}{}",
            f[0],
            f[1],
            raw(f[2]),
            f[3],
            f[4..].iter().map(|x| format!(" {x}")).collect::<String>()
        );
        assert_eq!(
            got, want,
            "{variant} `{spec}` depth {depth} case {i} (best score nodes depth eval pv...): position {}",
            setup_call(p)
        );
    }
}

#[test]
fn ziege_full_search_matches_rust() {
    compare_search("ziege", "full", 3, 8);
}

#[test]
fn ziege_feature_subsets_match_rust() {
    for spec in [
        "bare",
        "seed",
        "full,-tt,-pvs",
        "full,-lmr,-killers",
        "full,+mobility,+defended,-qsearch",
        "full,-escape-win,+escape-ext",
    ] {
        compare_search("ziege", spec, 3, 4);
    }
}

#[test]
fn other_presets_search_matches_rust() {
    compare_search("brandubh", "full", 3, 4);
    compare_search("tablut", "full", 2, 3);
    compare_search("copenhagen", "full", 2, 2);
}

#[test]
fn difficulty_levels_pick_like_rust() {
    let rules = Arc::new(Rules::preset("ziege").unwrap());
    let g = rules.geometry();
    let cases = positions(&rules, 3, 0xFACE);
    let mut h = String::from("function _init()\n");
    let mut want = Vec::new();
    for p in &cases {
        for level in 1..=3u8 {
            for seed in [1u32, 77, 4242] {
                h.push_str(&format!(
                    " {} seed({}) printh(think({level}) or -1)\n",
                    setup_call(p),
                    tafl8_codegen::tables::fixed_literal(seed)
                ));
                let mut q = p.clone();
                let mut s = Searcher::new(&rules, SearchConfig::of_rules(&rules));
                let mut rng = seeded_rng(seed);
                let m = think(&mut s, &mut q, &Level::of(&rules, level).unwrap(), &mut rng);
                want.push(m.map_or(-1, |m| i64::from(m.code(g))).to_string());
            }
        }
    }
    h.push_str("end\n");
    // The levels as the game plays them: the variant's own engine in both languages.
    let qply = SearchConfig::of_rules(&rules).max_qply;
    let got = run_lua(&rules, engine_set(&rules), qply, &h);
    assert_eq!(got, want);
}

/// Rules no preset uses: an unarmed king (he neither captures nor helps to), a move limit the
/// search reaches (3 plies: drawn), and a king captured by four everywhere.
fn unusual_rules() -> Rules {
    let mut file = Rules::preset("ziege").unwrap().file().clone();
    file.name = "unusual".into();
    file.king_armed = false;
    file.move_limit = 3;
    file.king_capture = tafl8_engine::rules::KingCapture::ByFour;
    Rules::from_rules_file(file).unwrap()
}

#[test]
fn unusual_rules_search_matches_rust() {
    compare_search_rules(unusual_rules(), "full", 3, 4);
}
