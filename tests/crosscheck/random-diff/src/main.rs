//! Random-game differential test: tafl8 plays random games (seeded xorshift32); at every position
//! the set of legal moves, and for every legal move the board after it (captures) and the ending,
//! must equal what the crates.io crate `hnefatafl` 0.0.2 computes with the same rules.
//! Usage: tafl8-crosscheck-random [GAMES_PER_VARIANT] (default 20). Exit 1 on any difference.

#[path = "../../hnefatafl-rs/src/rules.rs"]
mod rules;

use std::collections::BTreeSet;
use std::sync::Arc;

use hnefatafl::aliases::{MediumBasicGameLogic, MediumBasicGameState};
use hnefatafl::board::state::BoardState;
use hnefatafl::game::{GameOutcome, GameStatus, WinReason};
use hnefatafl::pieces::Side as HSide;
use hnefatafl::play::Play;
use hnefatafl::tiles::Tile;
use tafl8_engine::{
    notation, Geometry, MoveList, Position, Rules, Side, Square, Status, Xorshift32,
};

fn tile(g: Geometry, s: Square) -> Tile {
    let (f, r) = g.file_rank(s).expect("on-board square");
    Tile::new(r, f)
}

/// A position string with digit runs expanded to dots, so both crates' spellings compare.
fn expand(s: &str) -> String {
    let mut out = String::new();
    let mut n = 0;
    for c in s.trim_matches('/').chars() {
        if let Some(d) = c.to_digit(10) {
            n = n * 10 + d;
        } else {
            out.extend(std::iter::repeat_n('.', n as usize));
            n = 0;
            out.push(c);
        }
    }
    out.extend(std::iter::repeat_n('.', n as usize));
    out
}

/// tafl8's ending after a move, in a vocabulary both crates share.
fn our_ending(pos: &Position) -> &'static str {
    match pos.status() {
        Status::Ongoing => {
            let mut l = MoveList::new();
            pos.gen_moves(&mut l);
            if l.is_empty() {
                "no-moves"
            } else {
                "ongoing"
            }
        }
        Status::KingCaptured => "king-captured",
        Status::KingEscaped => "king-escaped",
        Status::ExitFort => "exit-fort",
        Status::Surrounded => "surrounded",
    }
}

fn their_ending(status: GameStatus) -> String {
    match status {
        GameStatus::Ongoing => "ongoing".into(),
        GameStatus::Over(GameOutcome::Win(WinReason::KingCaptured, _)) => "king-captured".into(),
        GameStatus::Over(GameOutcome::Win(WinReason::KingEscaped, _)) => "king-escaped".into(),
        GameStatus::Over(GameOutcome::Win(WinReason::ExitFort, _)) => "exit-fort".into(),
        GameStatus::Over(GameOutcome::Win(WinReason::Enclosed, _)) => "surrounded".into(),
        // The side to move next cannot move (all its pieces may be gone).
        GameStatus::Over(GameOutcome::Win(WinReason::NoPlays | WinReason::AllCaptured, _)) => {
            "no-moves".into()
        }
        other => format!("{other:?}"),
    }
}

fn main() {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(20);
    let mut failed = false;
    for variant in ["brandubh", "ziege", "tablut", "copenhagen"] {
        let (their_rules, size, _) = rules::ruleset(variant);
        let logic = MediumBasicGameLogic::new(their_rules, size);
        let ours = Arc::new(Rules::preset(variant).expect("preset"));
        let g = ours.geometry();
        let (mut positions, mut moves, mut diffs) = (0u64, 0u64, 0u64);
        for seed in 1..=games {
            let mut rng = Xorshift32::new(seed.wrapping_mul(2_654_435_761));
            let mut pos = Position::start(ours.clone());
            for _ in 0..200 {
                let mut list = MoveList::new();
                pos.gen_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                positions += 1;
                let fen = notation::position_string(g, pos.cells());
                let side = match pos.side_to_move() {
                    Side::Attackers => HSide::Attacker,
                    Side::Defenders => HSide::Defender,
                };
                let state = MediumBasicGameState::new(fen.trim_matches('/'), side).expect("fen");
                let mine: BTreeSet<(u8, u8)> = list.iter().map(|m| (m.from.0, m.to.0)).collect();
                let mut theirs = BTreeSet::new();
                for t in state.board.occupied_by_side(side) {
                    for vp in logic.iter_plays(t, &state).expect("occupied") {
                        let (from, to) = (vp.play.from, vp.play.to());
                        let f = g.square(from.col, from.row).expect("on board");
                        let t = g.square(to.col, to.row).expect("on board");
                        theirs.insert((f.0, t.0));
                    }
                }
                if mine != theirs {
                    diffs += 1;
                    println!("{variant}: move sets differ at {fen} ({side:?} to move)");
                    break;
                }
                for &m in list.iter() {
                    moves += 1;
                    let play = Play::from_tiles(tile(g, m.from), tile(g, m.to)).expect("straight");
                    let result = logic.do_play(play, state).expect("legal in hnefatafl");
                    let undo = pos.make(m);
                    let ending = our_ending(&pos);
                    let mut board = expand(&notation::position_string(g, pos.cells()));
                    if ending == "king-captured" {
                        // hnefatafl removes a captured king; tafl8 leaves him on the board.
                        board = board.replace('K', ".");
                    }
                    let their_board = expand(&result.new_state.board.to_fen());
                    let their = their_ending(result.new_state.status);
                    if board != their_board || ending != their {
                        diffs += 1;
                        if diffs <= 5 {
                            println!(
                                "{variant}: {} from {fen} ({side:?}): tafl8 {ending} {board}, hnefatafl {their} {their_board}",
                                m.display(g)
                            );
                        }
                    }
                    pos.unmake(&undo);
                }
                let m = list.as_slice()[rng.below(list.len() as u16) as usize];
                pos.make(m);
            }
        }
        println!("{variant}: {positions} positions, {moves} moves compared, {diffs} differences");
        failed |= diffs > 0;
    }
    std::process::exit(i32::from(failed));
}
