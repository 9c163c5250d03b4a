//! ASCII diagrams of a board: what `tafl8 analyze` prints and what the capture and puzzle
//! fixtures are written in. Highest rank on top, rank numbers on the left, file letters below;
//! `t` attacker, `T` defender, `K` king, `.` empty, `*` an empty throne or special corner. It
//! stands above the position: printing marks the special squares its rules flag.

use crate::notation::{err, NotationError};
use crate::piece::{ATTACKER, DEFENDER, EMPTY, KING, OFF};
use crate::position::Position;
use crate::rules::{FLAG_CORNER, FLAG_THRONE};
use crate::square::{Geometry, Square, MAX_AREA};

/// The ASCII diagram of a position: highest rank on top, rank numbers on the left, file letters
/// below. `t` attacker, `T` defender, `K` king, `.` empty, `*` an empty throne or special corner.
pub fn ascii_board(pos: &Position) -> String {
    let g = pos.geometry();
    let flags = pos.rules().flags();
    let mut out = String::new();
    for rank in (0..g.size()).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..g.size() {
            let sq = g.square(file, rank).map_or(0, Square::index);
            let ch = match pos.cells()[sq] {
                ATTACKER => 't',
                DEFENDER => 'T',
                KING => 'K',
                _ if flags[sq] & (FLAG_THRONE | FLAG_CORNER) != 0 => '*',
                _ => '.',
            };
            out.push(ch);
            out.push(' ');
        }
        out.pop();
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..g.size() {
        out.push((b'a' + file) as char);
        out.push(' ');
    }
    out.pop();
    out.push('\n');
    out
}

/// Reads a diagram like [`ascii_board`] prints (rank labels, spaces and the file-letter line are
/// optional): one row per rank, highest rank first, rows on separate lines or separated by `/`;
/// `.` or `*` empty. Errors give the row's line (or `/`-separated piece) and the column in it.
pub fn parse_diagram(g: Geometry, text: &str) -> Result<[u8; MAX_AREA], (usize, NotationError)> {
    let n = g.size() as usize;
    let mut rows: Vec<(usize, Vec<(usize, u8)>)> = Vec::new();
    for (li, line) in text.split(['\n', '/']).enumerate() {
        let body = line
            .trim_start()
            .trim_start_matches(|c: char| c.is_ascii_digit());
        let skipped = line.len() - body.len();
        let mut cells = Vec::new();
        let mut letters_only = true;
        for (ci, c) in body.char_indices() {
            let code = match c {
                ' ' | '\t' => continue,
                '.' | '*' => EMPTY,
                't' => ATTACKER,
                'T' => DEFENDER,
                'K' => KING,
                c if c.is_ascii_lowercase() => {
                    cells.push((skipped + ci + 1, OFF));
                    continue;
                }
                _ => {
                    return Err((
                        li + 1,
                        err(
                            skipped + ci + 1,
                            format!("unexpected `{c}`: use `t`, `T`, `K`, `.` or `*`"),
                        ),
                    ))
                }
            };
            letters_only = false;
            cells.push((skipped + ci + 1, code));
        }
        if cells.is_empty() || letters_only {
            continue;
        }
        if let Some(&(col, _)) = cells.iter().find(|(_, c)| *c == OFF) {
            return Err((
                li + 1,
                err(col, "unexpected letter: use `t`, `T`, `K`, `.` or `*`"),
            ));
        }
        rows.push((li + 1, cells));
    }
    if rows.len() != n {
        return Err((
            rows.last().map_or(1, |r| r.0),
            err(1, format!("found {} rows, expected {n}", rows.len())),
        ));
    }
    let mut out = [OFF; MAX_AREA];
    for (i, (line, cells)) in rows.iter().enumerate() {
        if cells.len() != n {
            return Err((
                *line,
                err(1, format!("row has {} squares, expected {n}", cells.len())),
            ));
        }
        let rank = (n - 1 - i) as u8;
        for (file, &(_, code)) in cells.iter().enumerate() {
            out[g.square(file as u8, rank).map_or(0, Square::index)] = code;
        }
    }
    Ok(out)
}
