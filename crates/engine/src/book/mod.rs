//! The opening book: positions (by zobrist hash) with a few good moves and their weights,
//! generated offline by deep search from a preset's start ([`generate`]), stored as text under
//! `crates/engine/book/` and baked into the cart as one compact string ([`Book::to_compact`]).
//!
//! Text form (the committed file), one position per line, sorted by key:
//! `KEY MOVE:WEIGHT MOVE:WEIGHT ...` with KEY the hash as 8 hex digits (the 32 raw bits) and
//! moves like `d1-d3`; `#` starts a comment line.
//!
//! Compact form (the cart's string): per position, 8 hex digits of key, 1 hex digit `n` (the
//! move count, 1..=15), then `n` times 4 hex digits of the move code `from * AREA + to` and 1 hex
//! digit of weight (1..=15). The cart reads a key as `tonum("0x"..hi.."."..lo)` (the same 32
//! bits in 16.16), a move code as `tonum("0x"..code)`.

mod generate;

pub use generate::{generate, generate_with_progress, BookParams};

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rng::Xorshift32;
use crate::square::Geometry;

/// One book position: its key and its moves with weights (most preferred first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The position's zobrist hash.
    pub key: i32,
    /// Moves and weights (1..=15).
    pub moves: Vec<(Move, u8)>,
}

/// An opening book, sorted by key.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Book {
    entries: Vec<BookEntry>,
}

/// A book text or string that could not be read: where, what, and how to fix it.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[error("line {line}, column {column}: {problem}")]
pub struct BookError {
    /// 1-based line (1 for the compact form).
    pub line: usize,
    /// 1-based column (character offset in the compact form).
    pub column: usize,
    /// What is wrong and how to fix it.
    pub problem: String,
}

fn err(line: usize, column: usize, problem: impl Into<String>) -> BookError {
    BookError {
        line,
        column,
        problem: problem.into(),
    }
}

/// The committed book text of a built-in variant (`crates/engine/book/NAME.book`).
pub fn builtin_text(variant: &str) -> Option<&'static str> {
    match variant {
        "ziege" => Some(include_str!("../../book/ziege.book")),
        "brandubh" => Some(include_str!("../../book/brandubh.book")),
        "tablut" => Some(include_str!("../../book/tablut.book")),
        "copenhagen" => Some(include_str!("../../book/copenhagen.book")),
        _ => None,
    }
}

impl Book {
    /// The committed book of `rules`' variant (by name), if there is one and it was generated
    /// for this board (a rules file reusing a preset's name with another layout gets none: its
    /// start position is not in the book, which `walk`-style checks would show).
    pub fn builtin(rules: &crate::rules::Rules) -> Option<Book> {
        let book = Book::from_text(builtin_text(rules.name())?, rules.geometry()).ok()?;
        let start = Position::start(std::sync::Arc::new(rules.clone()));
        book.lookup(start.hash()).is_some().then_some(book)
    }

    /// A book of `entries` (sorted by key here; duplicate keys are merged, first kept).
    pub fn new(mut entries: Vec<BookEntry>) -> Book {
        entries.sort_by_key(|e| e.key);
        entries.dedup_by_key(|e| e.key);
        Book { entries }
    }

    /// The positions.
    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    /// The entry of the position with hash `key`.
    pub fn lookup(&self, key: i32) -> Option<&BookEntry> {
        self.entries
            .binary_search_by_key(&key, |e| e.key)
            .ok()
            .map(|i| &self.entries[i])
    }

    /// A book move for `pos`, chosen by weight with `rng` (`rng.below(total)`, then walking the
    /// moves in stored order); `None` when the position is not in the book or a stored move is
    /// not legal here (a hash collision: the book is then ignored).
    pub fn choose(&self, pos: &Position, rng: &mut Xorshift32) -> Option<Move> {
        let e = self.lookup(pos.hash())?;
        let mut list = MoveList::new();
        pos.gen_moves(&mut list);
        if !e.moves.iter().all(|(m, _)| list.iter().any(|l| l == m)) {
            return None;
        }
        let total: u16 = e.moves.iter().map(|&(_, w)| w as u16).sum();
        let mut r = rng.below(total);
        for &(m, w) in &e.moves {
            if r < w as u16 {
                return Some(m);
            }
            r -= w as u16;
        }
        None
    }

    /// The text form (see the module doc), with `header` lines as comments first.
    pub fn to_text(&self, g: Geometry, header: &str) -> String {
        let mut out = String::new();
        for l in header.lines() {
            out.push_str("# ");
            out.push_str(l);
            out.push('\n');
        }
        for e in &self.entries {
            out.push_str(&format!("{:08x}", e.key as u32));
            for (m, w) in &e.moves {
                out.push_str(&format!(" {}:{w}", m.display(g)));
            }
            out.push('\n');
        }
        out
    }

    /// Reads the text form.
    pub fn from_text(text: &str, g: Geometry) -> Result<Book, BookError> {
        let mut entries = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let ln = i + 1;
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split(' ');
            let key = words.next().unwrap_or("");
            if key.len() != 8 {
                return Err(err(ln, 1, format!("`{key}`: a key is 8 hex digits")));
            }
            let key = u32::from_str_radix(key, 16)
                .map_err(|_| err(ln, 1, format!("`{key}` is not hexadecimal")))?
                as i32;
            let mut moves = Vec::new();
            let mut col = 10;
            for w in words {
                let (m, wt) = w.split_once(':').ok_or_else(|| {
                    err(
                        ln,
                        col,
                        format!("`{w}`: write a move and weight like `d1-d3:4`"),
                    )
                })?;
                let mv = crate::notation::parse_move(g, m).map_err(|e| err(ln, col, e.problem))?;
                let wt: u8 = wt
                    .parse()
                    .ok()
                    .filter(|w| (1..=15).contains(w))
                    .ok_or_else(|| err(ln, col, format!("weight `{wt}`: use 1 to 15")))?;
                moves.push((mv, wt));
                col += w.len() + 1;
            }
            if moves.is_empty() || moves.len() > 15 {
                return Err(err(ln, 1, "a position needs 1 to 15 moves"));
            }
            entries.push(BookEntry { key, moves });
        }
        Ok(Book::new(entries))
    }

    /// The compact form for the cart (see the module doc).
    pub fn to_compact(&self, g: Geometry) -> String {
        let mut out = String::new();
        for e in &self.entries {
            out.push_str(&format!("{:08x}{:x}", e.key as u32, e.moves.len()));
            for (m, w) in &e.moves {
                out.push_str(&format!("{:04x}{:x}", m.code(g), w));
            }
        }
        out
    }

    /// Reads the compact form.
    pub fn from_compact(s: &str, g: Geometry) -> Result<Book, BookError> {
        let b = s.as_bytes();
        let hex = |at: usize, len: usize| -> Result<u32, BookError> {
            let part = b
                .get(at..at + len)
                .ok_or_else(|| err(1, at + 1, "the string ends inside an entry"))?;
            let t = std::str::from_utf8(part).map_err(|_| err(1, at + 1, "not ASCII"))?;
            u32::from_str_radix(t, 16).map_err(|_| err(1, at + 1, format!("`{t}` is not hex")))
        };
        let mut entries = Vec::new();
        let mut i = 0;
        while i < b.len() {
            let key = hex(i, 8)? as i32;
            let n = hex(i + 8, 1)? as usize;
            if n == 0 {
                return Err(err(1, i + 9, "a position needs at least one move"));
            }
            i += 9;
            let mut moves = Vec::new();
            for _ in 0..n {
                let code = hex(i, 4)?;
                let mv = i16::try_from(code)
                    .ok()
                    .and_then(|c| Move::from_code(c, g))
                    .ok_or_else(|| err(1, i + 1, format!("move code {code} is off the board")))?;
                let w = hex(i + 4, 1)? as u8;
                if w == 0 {
                    return Err(err(1, i + 5, "a weight is 1 to 15"));
                }
                moves.push((mv, w));
                i += 5;
            }
            entries.push(BookEntry { key, moves });
        }
        Ok(Book::new(entries))
    }
}
