//! OpenTafl move and game records: reading the moves of a game (`d2-a2xa3`, `Kf6-f10`, lists as
//! OpenTafl writes them) to replay them with every move checked, and writing the games tafl8
//! plays in the form OpenTafl saves (`.otg`: tags, then numbered turns).
//!
//! The format is OpenTafl's notation spec (section 2, move records; section 4, game records):
//! `[piece]<from>-<to>[x[piece]<square>[/[piece]<square>]...][+|-|++|--]`, where the piece
//! letter is written for special pieces only (here: `K`, the king). Jumps (`^`) and berserk
//! moves (`=`) are not part of any game tafl8 plays, so they are errors.

use crate::moves::Move;
use crate::notation::NotationError;
use crate::piece::KING;
use crate::play::PlayError;
use crate::position::{Position, Status, Undo};
use crate::square::{Geometry, Square};

/// One move as a record gives it: the move, and the captures when the record lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// The move.
    pub mv: Move,
    /// Whether the record marks the mover as the king (`K` before the origin).
    pub king: bool,
    /// The captured squares the record lists (`None` when it lists none: plain `d1-d3`
    /// records do not say whether the move captured).
    pub captures: Option<Vec<Square>>,
}

/// Why a record could not be replayed.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The text is not a list of move records (the message names the bad record and column).
    #[error("{0}")]
    Syntax(NotationError),
    /// The move is illegal in the position reached.
    #[error("move {index} (`{text}`) is illegal: {reason}")]
    Illegal {
        /// 1-based position of the move in the list.
        index: usize,
        /// The record.
        text: String,
        /// Which rule forbids it.
        reason: PlayError,
    },
    /// The record says the king moves, but another piece stands on the origin.
    #[error("move {index} (`{text}`) names the king (`K`), but the king is not on its origin")]
    NotTheKing {
        /// 1-based position of the move in the list.
        index: usize,
        /// The record.
        text: String,
    },
    /// The captures the record lists are not the ones the move makes under these rules.
    #[error("move {index} (`{text}`) lists captures {listed} but under these rules it captures {actual}: the game was played under other rules")]
    Captures {
        /// 1-based position of the move in the list.
        index: usize,
        /// The record.
        text: String,
        /// The squares the record lists.
        listed: String,
        /// The squares the move captures here.
        actual: String,
    },
}

fn err(column: usize, problem: impl Into<String>) -> NotationError {
    NotationError {
        column,
        problem: problem.into(),
    }
}

/// Reads a square name starting at byte `i` of `s` (a lower-case file letter, then the rank).
fn square_at(g: Geometry, s: &str, i: usize) -> Result<(Square, usize), NotationError> {
    let b = s.as_bytes();
    let n = g.size();
    let last = (b'a' + n - 1) as char;
    if !b.get(i).is_some_and(u8::is_ascii_lowercase) {
        return Err(err(
            i + 1,
            format!("expected a square like `d1` (files a-{last}, ranks 1-{n})"),
        ));
    }
    let mut j = i + 1;
    while b.get(j).is_some_and(u8::is_ascii_digit) {
        j += 1;
    }
    let name = &s[i..j];
    let sq = g.parse_square(name).ok_or_else(|| {
        err(
            i + 1,
            format!("`{name}` is not a square of this {n}x{n} board (files a-{last}, ranks 1-{n})"),
        )
    })?;
    Ok((sq, j))
}

/// Skips an optional piece letter at `i` (a letter followed by another letter: `Kf6`, `tb1`).
/// Returns whether it was the king's and the index after it; other pieces are errors.
fn piece_at(s: &str, i: usize) -> Result<(bool, usize), NotationError> {
    let b = s.as_bytes();
    match (b.get(i), b.get(i + 1)) {
        (Some(&p), Some(next)) if p.is_ascii_alphabetic() && next.is_ascii_alphabetic() => {
            match p {
                b'K' => Ok((true, i + 1)),
                b't' | b'T' => Ok((false, i + 1)),
                _ => Err(err(
                    i + 1,
                    format!(
                        "piece `{}` is not in tafl8's games: only `t` (attacker), `T` (defender) and `K` (king)",
                        p as char
                    ),
                )),
            }
        }
        _ => Ok((false, i)),
    }
}

/// Parses one move record for board `g` (`d1-d3`, `d1d3`, `Kf6-f10`, `g7-g10xf10`,
/// `c6-b6xb5/b7+`), checking only that the squares are on the board.
pub fn parse_move_record(g: Geometry, s: &str) -> Result<MoveRecord, NotationError> {
    let b = s.as_bytes();
    let (king, i) = piece_at(s, 0)?;
    let (from, mut i) = square_at(g, s, i)?;
    match b.get(i) {
        Some(b'-') => i += 1,
        Some(b'^' | b'=') => {
            return Err(err(
                i + 1,
                "jumps (`^`) and berserk moves (`=`) are not part of tafl8's games",
            ))
        }
        _ => {}
    }
    let (to, mut i) = square_at(g, s, i)?;
    let mut captures = None;
    if b.get(i) == Some(&b'x') {
        let mut list = Vec::new();
        i += 1;
        loop {
            let (_, j) = piece_at(s, i)?;
            let (sq, j) = square_at(g, s, j)?;
            list.push(sq);
            i = j;
            if b.get(i) == Some(&b'/') {
                i += 1;
            } else {
                break;
            }
        }
        captures = Some(list);
    }
    let info = i;
    while matches!(b.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    if i - info > 3 || i != b.len() {
        return Err(err(
            i + 1,
            format!(
                "unexpected `{}` after the move: a record is like `d1-d3`, `Kf6-f10` or `g7-g10xf10`",
                &s[i.min(s.len())..]
            ),
        ));
    }
    Ok(MoveRecord {
        mv: Move::new(from, to),
        king,
        captures,
    })
}

/// Parses a list of move records separated by spaces, commas or `|` (OTEP's move lists); turn
/// numbers like `12.` (as in a game record's move text) are skipped. The error's column counts
/// from the start of `text`.
pub fn parse_move_list(
    g: Geometry,
    text: &str,
) -> Result<Vec<(String, MoveRecord)>, NotationError> {
    let mut out = Vec::new();
    let is_sep = |c: char| c.is_whitespace() || c == ',' || c == '|';
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (is_sep(c), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                let tok = &text[s..i];
                start = None;
                let turn = tok
                    .strip_suffix('.')
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
                if turn {
                    continue;
                }
                let rec = parse_move_record(g, tok).map_err(|e| NotationError {
                    column: text[..s].chars().count() + e.column,
                    problem: format!("`{tok}`: {}", e.problem),
                })?;
                out.push((tok.to_string(), rec));
            }
            _ => {}
        }
    }
    Ok(out)
}

/// Plays `rec` (the `index`-th move of a list, 1-based, for errors) on `pos`: it must be legal,
/// name the king only if the king moves, and capture exactly what it lists (when it lists
/// captures). The position is unchanged on error.
pub fn play_record(
    pos: &mut Position,
    rec: &MoveRecord,
    index: usize,
    text: &str,
) -> Result<Undo, RecordError> {
    pos.check(rec.mv).map_err(|reason| RecordError::Illegal {
        index,
        text: text.to_string(),
        reason,
    })?;
    if rec.king && pos.cell(rec.mv.from) != KING {
        return Err(RecordError::NotTheKing {
            index,
            text: text.to_string(),
        });
    }
    let undo = pos.make(rec.mv);
    if let Some(listed) = &rec.captures {
        // A captured king stays on tafl8's board; OpenTafl's records list him like a capture.
        let mut actual: Vec<Square> = pos
            .last_captures(&undo)
            .iter()
            .map(|&s| Square(s))
            .collect();
        if pos.status() == Status::KingCaptured {
            actual.push(pos.king_square());
        }
        let mut want = listed.clone();
        actual.sort();
        want.sort();
        if actual != want {
            let g = pos.geometry();
            let names = |v: &[Square]| {
                if v.is_empty() {
                    "nothing".to_string()
                } else {
                    v.iter()
                        .map(|&s| g.name(s).to_string())
                        .collect::<Vec<_>>()
                        .join("/")
                }
            };
            let e = RecordError::Captures {
                index,
                text: text.to_string(),
                listed: names(listed),
                actual: names(&actual),
            };
            pos.unmake(&undo);
            return Err(e);
        }
    }
    Ok(undo)
}

/// Plays a whole list (as [`parse_move_list`] reads it) from `pos`.
pub fn play_move_list(pos: &mut Position, text: &str) -> Result<usize, RecordError> {
    let list = parse_move_list(pos.geometry(), text).map_err(RecordError::Syntax)?;
    for (i, (tok, rec)) in list.iter().enumerate() {
        play_record(pos, rec, i + 1, tok)?;
    }
    Ok(list.len())
}

/// The OpenTafl record of a move just made (`undo` from `make`/`play`, `pos` the position after
/// it), as OpenTafl writes its own game records: `K` for the king, the captures after `x`
/// (a captured king last, as `K` and his square: `e6-e5xKd5`), no info symbols.
pub fn move_record(pos: &Position, undo: &Undo) -> String {
    let g = pos.geometry();
    let mv = undo.mv();
    let mut s = String::new();
    if pos.cell(mv.to) == KING {
        s.push('K');
    }
    s.push_str(&mv.display(g));
    let mut caps: Vec<String> = pos
        .last_captures(undo)
        .iter()
        .map(|&c| g.name(Square(c)).to_string())
        .collect();
    if pos.status() == Status::KingCaptured {
        caps.push(format!("K{}", g.name(pos.king_square())));
    }
    for (i, c) in caps.iter().enumerate() {
        s.push(if i == 0 { 'x' } else { '/' });
        s.push_str(c);
    }
    s
}

/// A game in OpenTafl's game record format: tags (the rules tag last, as the spec asks), a
/// blank line, then one line per turn (`1. d1-d3 h6-h9`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// Tags other than `rules`, in order (`event`, `attackers`, `result`, ...).
    pub tags: Vec<(String, String)>,
    /// The OpenTafl rules string of the game.
    pub rules: String,
    /// Move records in order, the first side's first.
    pub moves: Vec<String>,
}

impl GameRecord {
    /// Reads a game record: `[tag:value]` lines (the `rules` tag is required), then the move
    /// text; commentary in brackets after a turn (`[...|...]`) is skipped. The moves are checked
    /// only for their form here (replay them with [`play_move_list`]).
    pub fn parse(text: &str) -> Result<GameRecord, NotationError> {
        let mut rec = GameRecord::default();
        let mut rules = None;
        let mut moves = String::new();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            let bad = |problem: String| NotationError {
                column: 1,
                problem: format!("line {}: {problem}", i + 1),
            };
            if let Some(inner) = t.strip_prefix('[') {
                let inner = inner
                    .strip_suffix(']')
                    .ok_or_else(|| bad("a tag or comment must end with `]`".into()))?;
                if moves.is_empty() {
                    let (k, v) = inner
                        .split_once(':')
                        .ok_or_else(|| bad(format!("`[{inner}]` is not a `[tag:value]` line")))?;
                    if k == "rules" {
                        rules = Some(v.to_string());
                    } else {
                        rec.tags.push((k.to_string(), v.to_string()));
                    }
                }
                // Later bracketed lines are commentary.
                continue;
            }
            moves.push_str(t);
            moves.push(' ');
        }
        rec.rules = rules.ok_or_else(|| NotationError {
            column: 1,
            problem: "no `[rules:...]` tag: a game record names its rules".into(),
        })?;
        rec.moves = moves
            .split_whitespace()
            .filter(|t| {
                !t.strip_suffix('.')
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            })
            .map(str::to_string)
            .collect();
        Ok(rec)
    }

    /// The record as text (ends with a newline). Tag values have their newlines and `]`
    /// replaced, since the format has no escapes.
    pub fn to_text(&self) -> String {
        let clean = |v: &str| v.replace(['\n', '\r'], " ").replace(']', ")");
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!("[{}:{}]\n", clean(k), clean(v)));
        }
        out.push_str(&format!("[rules:{}]\n\n", clean(&self.rules)));
        for (turn, pair) in self.moves.chunks(2).enumerate() {
            out.push_str(&format!("{}. {}\n", turn + 1, pair.join(" ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_from_the_spec() {
        // Examples from OpenTafl's notation spec, section 2 (11x11 squares).
        let g = Geometry::new(11).unwrap();
        let sq = |s| g.parse_square(s).unwrap();
        let r = parse_move_record(g, "e5-e8xe9").unwrap();
        assert_eq!(r.mv, Move::new(sq("e5"), sq("e8")));
        assert_eq!(r.captures, Some(vec![sq("e9")]));
        let r = parse_move_record(g, "Ke1-a1--").unwrap();
        assert!(r.king && r.captures.is_none());
        assert_eq!(parse_move_record(g, "a3-e3+").unwrap().mv.to, sq("e3"));
        assert_eq!(parse_move_record(g, "e3-e4++").unwrap().mv.from, sq("e3"));
        assert_eq!(
            parse_move_record(g, "c6-b6xb5/tb7").unwrap().captures,
            Some(vec![sq("b5"), sq("b7")])
        );
        // Copenhagen's k file is a square, not the king.
        assert!(!parse_move_record(g, "k4-i4").unwrap().king);
        assert_eq!(parse_move_record(g, "d1d3").unwrap().mv.to, sq("d3"));
        for bad in [
            "ce6^e8",
            "Ne8=e4xe3",
            "e5-e8x",
            "e5-e8+++-",
            "e5",
            "z1-z2",
            "e5-e8 junk",
        ] {
            assert!(parse_move_record(g, bad).is_err(), "{bad}");
        }
        let e = parse_move_record(g, "ce6^e8").unwrap_err();
        assert!(e.problem.contains("piece `c`"), "{e}");
    }

    #[test]
    fn lists_skip_turn_numbers_and_point_at_the_bad_token() {
        let g = Geometry::new(7).unwrap();
        let l = parse_move_list(g, "1. d6-e6 d3-a3\n2. d2-a2xa3, d4-d3|a4-a3").unwrap();
        let texts: Vec<&str> = l.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(texts, ["d6-e6", "d3-a3", "d2-a2xa3", "d4-d3", "a4-a3"]);
        let e = parse_move_list(g, "d6-e6 d3-h3").unwrap_err();
        // `d3-h3` starts at column 7; `h3` is its 4th character.
        assert_eq!(e.column, 10, "{e}");
        assert!(parse_move_list(g, "").unwrap().is_empty());
    }

    #[test]
    fn game_record_text() {
        let r = GameRecord {
            tags: vec![
                ("result".into(), "1".into()),
                ("termination".into(), "a]b".into()),
            ],
            rules: "dim:7 start:/7/7/7/3K3/7/7/7/".into(),
            moves: vec!["d1-d3".into(), "Kd4-c4".into(), "a4-a5".into()],
        };
        assert_eq!(
            r.to_text(),
            "[result:1]\n[termination:a)b]\n[rules:dim:7 start:/7/7/7/3K3/7/7/7/]\n\n1. d1-d3 Kd4-c4\n2. a4-a5\n"
        );
    }
}
