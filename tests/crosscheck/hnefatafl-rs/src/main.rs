//! Perft of tafl8's presets computed by the independent `hnefatafl` crate (0.0.2, MIT).
//! Usage: tafl8-crosscheck-hnefatafl VARIANT MAX_DEPTH [POSITION [SIDE]] -> "perft D N" lines.
//! POSITION is an OpenTafl string (first row = rank 1, as this crate also reads it).
//! Convention (same as tafl8): a game that ended before the last ply is not expanded;
//! repetition is switched off.

mod rules;

use hnefatafl::aliases::{MediumBasicGameLogic, MediumBasicGameState};
use hnefatafl::board::state::BoardState;
use hnefatafl::game::GameStatus;
use hnefatafl::pieces::Side;
use rules::ruleset;

fn perft(logic: &MediumBasicGameLogic, state: &MediumBasicGameState, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for tile in state.board.occupied_by_side(state.side_to_play) {
        for play in logic.iter_plays(tile, state).expect("occupied tile") {
            if depth == 1 {
                n += 1;
                continue;
            }
            let next = logic.do_valid_play(play, *state).new_state;
            if let GameStatus::Ongoing = next.status {
                n += perft(logic, &next, depth - 1);
            }
        }
    }
    n
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = args.get(1).map(String::as_str).unwrap_or("brandubh");
    let max: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(3);
    let (rules, size, start) = ruleset(variant);
    let position = args.get(3).map(|p| p.trim_matches('/').to_string());
    let side = match args.get(4).map(String::as_str) {
        None | Some("attackers") => Side::Attacker,
        Some("defenders") => Side::Defender,
        Some(other) => panic!("unknown side {other}"),
    };
    let logic = MediumBasicGameLogic::new(rules, size);
    let state =
        MediumBasicGameState::new(position.as_deref().unwrap_or(start), side).expect("position");
    for d in 1..=max {
        println!("perft {d} {}", perft(&logic, &state, d));
    }
}
