//! Book generation: from the start, search each book position deeply with a root margin, keep
//! the best few moves within the margin, weight them by their gap to the best, and follow every
//! kept move to the next book ply.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::position::{Position, Status};
use crate::rules::Rules;
use crate::search::{Limits, SearchConfig, Searcher};

use super::{Book, BookEntry};

/// How to generate a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookParams {
    /// Search depth per book position.
    pub depth: u8,
    /// Book positions are those fewer than this many plies from the start.
    pub plies: u8,
    /// Most moves kept per position.
    pub moves: usize,
    /// Moves within this many points of the best are kept.
    pub margin: i16,
}

/// Generates the book of `rules`' start with the full engine (deterministic: the same rules and
/// parameters always give the same book).
pub fn generate(rules: &Arc<Rules>, params: BookParams) -> Book {
    let mut searcher = Searcher::new(rules, SearchConfig::FULL);
    searcher.set_root_margin(params.margin);
    let mut queue = VecDeque::new();
    queue.push_back(Position::start(rules.clone()));
    let mut entries: Vec<BookEntry> = Vec::new();
    while let Some(mut pos) = queue.pop_front() {
        if entries.iter().any(|e| e.key == pos.hash()) {
            continue;
        }
        let r = searcher.search(&mut pos, Limits::depth(params.depth));
        if r.best.is_none() || r.score.is_decided() {
            continue;
        }
        let top = r.score.get() as i32;
        let mut kept: Vec<_> = r
            .root_scores
            .iter()
            .filter(|s| s.exact && top - (s.score.get() as i32) <= params.margin as i32)
            .collect();
        // Best first; ties keep search order (a stable sort).
        kept.sort_by_key(|s| -(s.score.get() as i32));
        kept.truncate(params.moves.clamp(1, 15));
        let margin = params.margin.max(1) as i32;
        let moves: Vec<_> = kept
            .iter()
            .map(|s| {
                let gap = top - s.score.get() as i32;
                (s.mv, (8 - gap * 7 / margin).clamp(1, 8) as u8)
            })
            .collect();
        if (pos.ply() as usize) + 1 < params.plies as usize {
            for &(m, _) in &moves {
                let mut child = pos.clone();
                child.make(m);
                if child.status() == Status::Ongoing {
                    queue.push_back(child);
                }
            }
        }
        entries.push(BookEntry {
            key: pos.hash(),
            moves,
        });
    }
    Book::new(entries)
}
