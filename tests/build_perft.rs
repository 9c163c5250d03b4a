//! The first differential check: the engine Lua inside the built cart (rendered for each preset,
//! run in the headless runner) counts the same perft leaves and computes the same zobrist hashes
//! as the Rust engine, from the start and from positions reached by seeded random playouts.

use std::sync::Arc;

use tafl8_codegen::{build, BuildRequest};
use tafl8_engine::rules::PRESETS;
use tafl8_engine::{perft, MoveList, Position, Rules, Xorshift32};
use tafl8_runner::session::{RunOptions, Session};
use tafl8_runner::vm::Limits;

/// Runs `harness` (PICO-8 Lua defining `_init`, which replaces the game's) after the cart's code
/// and returns the `printh` lines.
fn run_in_cart(rules: &Rules, harness: &str) -> Vec<String> {
    let built = build(&BuildRequest::full(rules.clone())).expect("cart builds");
    let mut cart = built.cart.clone();
    cart.set_lua(&format!("{}\n{harness}", built.code));
    let limits = Limits {
        instructions_per_frame: 4_000_000_000,
        memory_bytes: 256 << 20,
        // A harness batch, not a game: PICO-8's Lua memory limit does not apply.
        lua_memory: None,
        // The harness is appended to a full cart: past PICO-8's token limit.
        code_limits: false,
    };
    let session = Session::from_cart(&cart, "perft.p8", limits).expect("cart loads");
    session
        .run(&RunOptions::default())
        .expect("harness runs")
        .printh
}

/// A 16.16 number printed by `tostr(x, 1)` (`0x0001.2345`) as its raw 32 bits.
fn raw_bits(hex: &str) -> u32 {
    let digits: String = hex.trim_start_matches("0x").replace('.', "");
    u32::from_str_radix(&digits, 16).unwrap_or_else(|e| panic!("bad hex `{hex}`: {e}"))
}

/// The start position plus `count` positions after seeded random playouts of up to 12 plies.
fn positions(rules: &Arc<Rules>, count: usize) -> Vec<Position> {
    let mut out = vec![Position::start(rules.clone())];
    let mut rng = Xorshift32::new(0xC0DE);
    let mut list = MoveList::new();
    while out.len() <= count {
        let mut p = Position::start(rules.clone());
        let plies = 1 + rng.below(12);
        for _ in 0..plies {
            p.gen_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let m = list.as_slice()[rng.below(list.len() as u16) as usize];
            p.make(m);
        }
        if p.status() == tafl8_engine::Status::Ongoing {
            // A fresh position from the same cells: the Lua's setup has no history either.
            let fresh = Position::from_cells(rules.clone(), *p.cells(), p.side_to_move())
                .expect("one king");
            out.push(fresh);
        }
    }
    out
}

fn check_variant(name: &str, start_depth: u32, random_depth: u32, random_positions: usize) {
    check_rules(
        Rules::preset(name).unwrap(),
        start_depth,
        random_depth,
        random_positions,
    );
}

fn check_rules(rules: Rules, start_depth: u32, random_depth: u32, random_positions: usize) {
    let name = rules.name().to_string();
    let rules = Arc::new(rules);
    let area = rules.geometry().area();
    let cases = positions(&rules, random_positions);
    // The differential harness's `hperft` (leaves in units of 0x0.0001, exact past 32767); the
    // `_init` below replaces the harness's request loop.
    let mut harness = String::from(tafl8_diff::HARNESS);
    harness.push_str("function _init()\n");
    for (i, p) in cases.iter().enumerate() {
        let cells: Vec<String> = (1..area).map(|s| p.cells()[s].to_string()).collect();
        let depth = if i == 0 { start_depth } else { random_depth };
        harness.push_str(&format!(
            " setup(split\"{}\",{}) printh(tostr(hash,1)..\" \"..tostr(hperft({depth}),1))\n",
            cells.join(","),
            p.side_to_move().code()
        ));
    }
    harness.push_str("end\n");
    let lines = run_in_cart(&rules, &harness);
    assert_eq!(
        lines.len(),
        cases.len(),
        "{name}: one line per case: {lines:?}"
    );
    for (i, (line, p)) in lines.iter().zip(&cases).enumerate() {
        let depth = if i == 0 { start_depth } else { random_depth };
        let (hash, leaves) = line.split_once(' ').unwrap();
        let mut q = p.clone();
        let want = perft(&mut q, depth);
        assert_eq!(
            raw_bits(hash),
            p.hash() as u32,
            "{name} case {i}: zobrist hash differs (side {:?})",
            p.side_to_move()
        );
        assert_eq!(
            raw_bits(leaves) as u64,
            want,
            "{name} case {i}: perft({depth}) differs; cells {:?}",
            &p.cells()[..area]
        );
    }
}

#[test]
fn ziege_cart_perft_matches_rust() {
    check_variant("ziege", 3, 2, 20);
}

#[test]
fn other_presets_cart_perft_matches_rust() {
    for name in PRESETS.iter().filter(|&&n| n != "ziege") {
        let start = if *name == "brandubh" { 3 } else { 2 };
        check_variant(name, start, 2, if *name == "copenhagen" { 6 } else { 12 });
    }
}

/// Rules no preset uses: an unarmed king, king captured by four anywhere, an 8x8 board without a
/// throne (so no centre square), corners special and escape to the corners.
#[test]
fn unusual_rules_cart_perft_matches_rust() {
    let mut file = Rules::preset("ziege").unwrap().file().clone();
    file.name = "unarmed".into();
    file.king_armed = false;
    file.king_capture = tafl8_engine::rules::KingCapture::ByFour;
    check_rules(Rules::from_rules_file(file).unwrap(), 3, 2, 8);
    let text = r#"
name = "octo"
size = 8
start = "/2tttt2/3TT3/t6t/tTTKTT1t/t1TTTT1t/t6t/3TT3/2tttt2/"
first = "defenders"
escape = "corners"
king_armed = true
king_capture = "by-two"
move_limit = 0
surround_win = true
shieldwall = false
exit_fort = false
linnaean_capture = false
[throne]
enabled = false
[corners]
special = true
hostile = ["attackers", "defenders"]
pass = ["king"]
stop = ["king"]
[repetition]
result = "attackers-lose"
count = 3
"#;
    check_rules(Rules::from_toml(text, "octo").unwrap(), 2, 2, 8);
}
