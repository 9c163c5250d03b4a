//! Text forms: OpenTafl position strings and moves like `d1-d3`. They name only squares and cell
//! codes, so the rules (which read their starting layout as a position string) stand above them;
//! the ASCII diagram of a position, which marks the squares its rules flag, is in `diagram`.
//!
//! OpenTafl position strings list rows separated by `/` (leading and trailing `/` optional here),
//! and — per the OpenTafl notation spec, "position records always start at the 'a' file on the
//! first rank" — the FIRST row is rank 1 (the bottom row, where a1 is), then rank 2, and so on up.
//! Within a row, files go a, b, c...; a number is that many empty squares; `t` attacker, `T`
//! defender, `K` (or `k`) king. So the string reads in increasing square-index order.

use crate::moves::Move;
use crate::piece::{ATTACKER, DEFENDER, EMPTY, KING, OFF};
use crate::square::{Geometry, Square, MAX_AREA};

/// A text that could not be read: what is wrong, at which column (1-based), and how to fix it.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[error("column {column}: {problem}")]
pub struct NotationError {
    /// 1-based column (character) in the input where the problem is.
    pub column: usize,
    /// What is wrong and how to fix it.
    pub problem: String,
}

/// The error at `column` saying `problem` (also `diagram`'s).
pub(crate) fn err(column: usize, problem: impl Into<String>) -> NotationError {
    NotationError {
        column,
        problem: problem.into(),
    }
}

/// Parses an OpenTafl position string for board `g` into cells (ring cells `OFF`).
pub fn parse_position_string(g: Geometry, s: &str) -> Result<[u8; MAX_AREA], NotationError> {
    let n = g.size() as usize;
    let mut cells = [OFF; MAX_AREA];
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    if chars.first() == Some(&'/') {
        i = 1;
    }
    let mut rank = 0usize;
    let mut file = 0usize;
    let mut row_start = i + 1;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        match c {
            '/' => {
                if file != n {
                    return Err(err(
                        col,
                        format!(
                            "row {} (rank {}) starting at column {row_start} has {file} squares, expected {n}",
                            rank + 1,
                            rank + 1
                        ),
                    ));
                }
                rank += 1;
                file = 0;
                row_start = col + 1;
                i += 1;
                if i == chars.len() {
                    break;
                }
                continue;
            }
            '0'..='9' => {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let num: String = chars[start..i].iter().collect();
                let k: usize = num.parse().unwrap_or(usize::MAX);
                if k == 0 || k > n - file {
                    return Err(err(
                        start + 1,
                        format!("{num} empty squares do not fit in a row of {n} (rank {})", rank + 1),
                    ));
                }
                if rank >= n {
                    return Err(err(start + 1, format!("more than {n} rows: remove the extra rows")));
                }
                for f in file..file + k {
                    cells[g.square(f as u8, rank as u8).map_or(0, Square::index)] = EMPTY;
                }
                file += k;
                continue;
            }
            't' | 'T' | 'k' | 'K' => {
                if rank >= n {
                    return Err(err(col, format!("more than {n} rows: remove the extra rows")));
                }
                if file >= n {
                    return Err(err(
                        col,
                        format!("row {} (rank {}) is longer than {n} squares", rank + 1, rank + 1),
                    ));
                }
                let code = match c {
                    't' => ATTACKER,
                    'T' => DEFENDER,
                    _ => KING,
                };
                cells[g.square(file as u8, rank as u8).map_or(0, Square::index)] = code;
                file += 1;
            }
            _ => {
                return Err(err(
                    col,
                    format!(
                        "unexpected `{c}`: use `t` (attacker), `T` (defender), `K` (king), a count of empty squares, or `/` between rows"
                    ),
                ))
            }
        }
        i += 1;
    }
    if file != 0 {
        if file != n {
            return Err(err(
                chars.len() + 1,
                format!(
                    "the last row (rank {}) has {file} squares, expected {n}",
                    rank + 1
                ),
            ));
        }
        rank += 1;
    }
    if rank != n {
        return Err(err(
            chars.len() + 1,
            format!("found {rank} rows, expected {n} (rank 1 first, separated by `/`)"),
        ));
    }
    Ok(cells)
}

/// Writes the OpenTafl position string of `cells` (rank 1 first, with leading and trailing `/`).
pub fn position_string(g: Geometry, cells: &[u8; MAX_AREA]) -> String {
    let mut out = String::from("/");
    for rank in 0..g.size() {
        let mut empties = 0;
        for file in 0..g.size() {
            let sq = g.square(file, rank).map_or(0, Square::index);
            let ch = match cells[sq] {
                ATTACKER => 't',
                DEFENDER => 'T',
                KING => 'K',
                _ => {
                    empties += 1;
                    continue;
                }
            };
            if empties > 0 {
                out.push_str(&empties.to_string());
                empties = 0;
            }
            out.push(ch);
        }
        if empties > 0 {
            out.push_str(&empties.to_string());
        }
        out.push('/');
    }
    out
}

/// Parses a move like `d1-d3` (also `d1d3`), checking only that both squares are on board `g`.
pub fn parse_move(g: Geometry, s: &str) -> Result<Move, NotationError> {
    let t = s.trim();
    let offset = s.len() - s.trim_start().len();
    let split = t
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c.is_ascii_lowercase() || c == '-')
        .map(|(i, _)| i)
        .ok_or_else(|| {
            err(
                offset + 1,
                format!("`{t}` is not a move: write it like `d1-d3`"),
            )
        })?;
    let from_s = &t[..split];
    let rest = &t[split..];
    let (to_s, to_off) = match rest.strip_prefix('-') {
        Some(r) => (r, split + 1),
        None => (rest, split),
    };
    let n = g.size();
    let last = (b'a' + n - 1) as char;
    let from = g.parse_square(from_s).ok_or_else(|| {
        err(
            offset + 1,
            format!(
                "`{from_s}` is not a square of this {n}x{n} board (files a-{last}, ranks 1-{n})"
            ),
        )
    })?;
    let to = g.parse_square(to_s).ok_or_else(|| {
        err(
            offset + to_off + 1,
            format!("`{to_s}` is not a square of this {n}x{n} board (files a-{last}, ranks 1-{n})"),
        )
    })?;
    Ok(Move::new(from, to))
}
