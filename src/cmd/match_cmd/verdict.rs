//! What the referee makes of an outside engine's move: a move it plays, a move it cannot read
//! (the engine loses), or a sign that the engine's board is no longer the referee's (the game
//! is desynchronised: no result).
//!
//! An OTEP engine keeps its own board and may ignore the board the referee sends with every
//! move (OpenTafl's engine replays the moves on its own board). When its rules and the
//! referee's differ on a capture, the two boards part without either noticing, and the engine
//! later plays a piece that is gone, or moves through a square it believes empty. A move
//! record that lists its captures (`e7-a7xa8/a9`) shows the parting at once: the referee
//! compares the list with the captures the move makes on its board. A record without a list
//! (`e7-a7`, what OpenTafl's engine and tafl8's send) says nothing about captures, so the
//! parting shows only when a move is illegal on the referee's board. An illegal move is read
//! as a desynchronised board, not as a blunder that loses: the referee cannot tell an engine
//! that breaks the rules from one whose rules differ from its own, and a win it credited for
//! that would measure the rules engines, not the players.

use tafl8_engine::record::{parse_move_record, play_record, RecordError};
use tafl8_engine::{Move, Position};

/// The referee's reading of an engine's `move` text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A legal move, with the captures it lists (if any) the referee's.
    Move(Move),
    /// The engine loses (why: an unreadable record, a crash, no move in time).
    Forfeit(String),
    /// The engine's board is not the referee's (what showed it).
    Desync(String),
}

/// Reads `text`, an engine's move on `pos` (the referee's board, not changed).
pub fn judge(pos: &Position, text: &str) -> Verdict {
    let rec = match parse_move_record(pos.geometry(), text) {
        Ok(r) => r,
        Err(e) => return Verdict::Forfeit(format!("unreadable move `{text}`: {e}")),
    };
    let mut after = pos.clone();
    match play_record(&mut after, &rec, 1, text) {
        Ok(_) => Verdict::Move(rec.mv),
        Err(RecordError::Illegal { reason, .. }) => Verdict::Desync(format!(
            "played {text}, illegal on the referee's board ({reason})"
        )),
        Err(RecordError::NotTheKing { .. }) => Verdict::Desync(format!(
            "played {text} as the king's move, but on the referee's board the king is not on {}",
            pos.geometry().name(rec.mv.from)
        )),
        Err(RecordError::Captures { listed, actual, .. }) => Verdict::Desync(format!(
            "played {text}, listing the captures {listed}, where on the referee's board it captures {actual}"
        )),
        Err(RecordError::Syntax(e)) => Verdict::Forfeit(format!("unreadable move `{text}`: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use tafl8_engine::record::play_move_list;
    use tafl8_engine::Rules;

    /// OpenTafl's own Copenhagen rules string (docs/otep.md).
    const CPH: &str = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

    /// Copenhagen up to the shieldwall OpenTafl v0.4.8.0b's rules engine missed (issue 29):
    /// attackers on a8 and a9 against the edge, defenders in front of them on b8 and b9 and
    /// above them on a10; the defenders' next move, e7-a7, closes the wall from below.
    fn before_the_wall() -> Position {
        let rules = Arc::new(Rules::from_otr(CPH).unwrap());
        let mut pos = Position::start(rules);
        play_move_list(
            &mut pos,
            "f10-f9 f8-b8 f9-a9 f7-f9 a7-d7 f9-b9 h1-h2 g7-g10 h2-h3 g10-a10 d7-d8",
        )
        .unwrap();
        pos
    }

    #[test]
    fn listed_captures_are_checked_against_the_referees() {
        let pos = before_the_wall();
        let mv = |s: &str| {
            Move::new(
                pos.geometry().parse_square(&s[..2]).unwrap(),
                pos.geometry().parse_square(&s[3..5]).unwrap(),
            )
        };
        // No list, or the right one (in any order): the move.
        assert_eq!(judge(&pos, "e7-a7"), Verdict::Move(mv("e7-a7")));
        assert_eq!(judge(&pos, "e7-a7xa9/a8"), Verdict::Move(mv("e7-a7")));
        // An engine that missed the shieldwall lists one capture, or a wrong one.
        let Verdict::Desync(why) = judge(&pos, "e7-a7xa8") else {
            panic!("{:?}", judge(&pos, "e7-a7xa8"))
        };
        assert!(
            why.contains("listing the captures a8") && why.contains("captures a8/a9"),
            "{why}"
        );
        assert!(matches!(judge(&pos, "h3-h4xh5"), Verdict::Desync(_)));
        // The king named where he is not.
        let Verdict::Desync(why) = judge(&pos, "Ke7-a7") else {
            panic!()
        };
        assert!(why.contains("the king is not on e7"), "{why}");
    }

    #[test]
    fn a_piece_that_is_gone_is_a_desync_and_gibberish_loses() {
        let mut pos = before_the_wall();
        play_move_list(&mut pos, "e7-a7xa8/a9 h3-h2 b8-c8").unwrap();
        // On a board that missed the capture a8 still holds an attacker, free to go to b8.
        let Verdict::Desync(why) = judge(&pos, "a8-b8") else {
            panic!("{:?}", judge(&pos, "a8-b8"))
        };
        assert!(why.contains("there is no piece on a8"), "{why}");
        assert!(matches!(judge(&pos, "z9"), Verdict::Forfeit(_)));
        assert!(matches!(judge(&pos, "a1-a2^a3"), Verdict::Forfeit(_)));
    }
}
