//! Perft of tafl8's presets computed by the independent `hnefatafl` crate (0.0.2, MIT).
//! Usage: tafl8-crosscheck-hnefatafl VARIANT MAX_DEPTH [POSITION [SIDE]] -> "perft D N" lines.
//! POSITION is an OpenTafl string (first row = rank 1, as this crate also reads it).
//! Convention (same as tafl8): a game that ended before the last ply is not expanded;
//! repetition is switched off.

use hnefatafl::aliases::{MediumBasicGameLogic, MediumBasicGameState};
use hnefatafl::board::state::BoardState;
use hnefatafl::game::GameStatus;
use hnefatafl::pieces::PieceType::Soldier;
use hnefatafl::collections::PieceSet;
use hnefatafl::pieces::{Piece, Side, BASIC_PIECES, KING};
use hnefatafl::rules::EnclosureWinRules::WithoutEdgeAccess;
use hnefatafl::rules::KingAttack::Armed;
use hnefatafl::rules::KingStrength::{Strong, StrongByThrone, Weak};
use hnefatafl::rules::{HostilityRules, OccupyRules, PassRules, Ruleset, ShieldwallRules};

fn set(attackers: bool, defenders: bool, king: bool) -> PieceSet {
    let mut s = PieceSet::none();
    if attackers {
        s = s.with_piece(Piece::attacker(Soldier));
    }
    if defenders {
        s = s.with_piece(Piece::defender(Soldier));
    }
    if king {
        s = s.with_piece(KING);
    }
    s
}

/// tafl8's presets, field by field (see crates/engine/rules/*.toml), in this crate's terms.
fn ruleset(variant: &str) -> (Ruleset, u8, &'static str) {
    let all = set(true, true, true);
    let none = PieceSet::none();
    let king = set(false, false, true);
    let base = Ruleset {
        pieces: BASIC_PIECES,
        edge_escape: false,
        king_strength: Weak,
        king_attack: Armed,
        shieldwall: None,
        exit_fort: false,
        hostile_tiles: HostilityRules { throne: none, corners: none, edge: none },
        occupiable_tiles: OccupyRules { throne: king, corners: all },
        passable_tiles: PassRules { throne: all },
        slow_pieces: none,
        starting_side: Side::Attacker,
        enclosure_win: None,
        repetition_rule: None,
        draw_on_no_plays: false,
        linnaean_capture: false,
    };
    match variant {
        "ziege" => (
            Ruleset { edge_escape: true, ..base },
            7,
            "2t1t2/3t3/t1TTT1t/1tTKTt1/t1TTT1t/3t3/2t1t2",
        ),
        "brandubh" => (
            Ruleset {
                hostile_tiles: HostilityRules { throne: none, corners: all, edge: none },
                occupiable_tiles: OccupyRules { throne: king, corners: king },
                ..base
            },
            7,
            "3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3",
        ),
        "tablut" => (
            Ruleset {
                edge_escape: true,
                king_strength: StrongByThrone,
                hostile_tiles: HostilityRules { throne: all, corners: none, edge: none },
                occupiable_tiles: OccupyRules { throne: none, corners: all },
                enclosure_win: Some(WithoutEdgeAccess),
                linnaean_capture: true,
                ..base
            },
            9,
            "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3",
        ),
        "copenhagen" => (
            Ruleset {
                king_strength: Strong,
                shieldwall: Some(ShieldwallRules {
                    corners_may_close: true,
                    captures: PieceSet::from_piece_type(Soldier),
                }),
                exit_fort: true,
                hostile_tiles: HostilityRules { throne: all, corners: all, edge: none },
                occupiable_tiles: OccupyRules { throne: king, corners: king },
                enclosure_win: Some(WithoutEdgeAccess),
                ..base
            },
            11,
            "3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3",
        ),
        other => panic!("unknown variant {other}"),
    }
}

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
    let state = MediumBasicGameState::new(position.as_deref().unwrap_or(start), side)
        .expect("position");
    for d in 1..=max {
        println!("perft {d} {}", perft(&logic, &state, d));
    }
}
