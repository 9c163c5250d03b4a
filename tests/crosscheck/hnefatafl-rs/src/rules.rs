//! tafl8's presets expressed as `hnefatafl` 0.0.2 rulesets (shared by both cross-check harnesses).

use hnefatafl::collections::PieceSet;
use hnefatafl::pieces::PieceType::Soldier;
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
pub fn ruleset(variant: &str) -> (Ruleset, u8, &'static str) {
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
        hostile_tiles: HostilityRules {
            throne: none,
            corners: none,
            edge: none,
        },
        occupiable_tiles: OccupyRules {
            throne: king,
            corners: all,
        },
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
            Ruleset {
                edge_escape: true,
                ..base
            },
            7,
            "2ttt2/1T1T1T1/t5t/tT1K1Tt/t5t/1T1T1T1/2ttt2",
        ),
        "brandubh" => (
            Ruleset {
                hostile_tiles: HostilityRules {
                    throne: none,
                    corners: all,
                    edge: none,
                },
                occupiable_tiles: OccupyRules {
                    throne: king,
                    corners: king,
                },
                ..base
            },
            7,
            "3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3",
        ),
        "tablut" => (
            Ruleset {
                edge_escape: true,
                king_strength: StrongByThrone,
                hostile_tiles: HostilityRules {
                    throne: all,
                    corners: none,
                    edge: none,
                },
                occupiable_tiles: OccupyRules {
                    throne: none,
                    corners: all,
                },
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
                hostile_tiles: HostilityRules {
                    throne: all,
                    corners: all,
                    edge: none,
                },
                occupiable_tiles: OccupyRules {
                    throne: king,
                    corners: king,
                },
                enclosure_win: Some(WithoutEdgeAccess),
                ..base
            },
            11,
            "3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3",
        ),
        other => panic!("unknown variant {other}"),
    }
}
