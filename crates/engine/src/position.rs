//! A position: the padded mailbox, side to move, zobrist hash, ply counter and the hash history
//! repetition needs; `make`/`unmake` for search.

use std::sync::Arc;

use crate::bitboard::Bits;
use crate::moves::Move;
use crate::notation::{parse_position_string, NotationError};
use crate::piece::{Side, ATTACKER, DEFENDER, EMPTY, KING, OFF};
use crate::psq::{psq_sum, PsqTable};
use crate::rules::{Rules, FLAG_EDGE, FLAG_ESCAPE};
use crate::square::{Geometry, Square, CELLS, MAX_AREA};

/// Most pieces one move can capture: 3 custodial (the square the mover came from is empty) plus
/// two shieldwalls of at most n - 2 pieces each along an 11-square edge.
pub const MAX_CAPTURES: usize = 3 + 2 * 9;

/// Why a game already ended by the last move (the cheap, move-local endings; see `outcome()` for all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Status {
    /// Nothing ended the game on the last move.
    Ongoing = 0,
    /// The attackers captured the king.
    KingCaptured = 1,
    /// The king reached an escape square.
    KingEscaped = 2,
    /// The defenders built an exit fort.
    ExitFort = 3,
    /// The attackers enclosed every defender.
    Surrounded = 4,
}

/// What [`Position::probe`] looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Probe {
    /// Captures (of a piece or the king) only.
    Captures,
    /// Captures and endings, in a position whose defenders are not surrounded
    /// (`is_surrounded()` is false; what a search reaches almost always).
    Endings,
    /// Captures and endings, in a position whose defenders are surrounded already.
    EndingsSurrounded,
}

/// What `make` changed, so `unmake` can restore the position exactly.
///
/// Small on purpose (4 bytes, returned in a register): the captured squares live on the
/// position's capture stack (see [`Position::last_captures`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    pub(crate) mv: Move,
    pub(crate) ncaps: u8,
    pub(crate) status: Status,
    /// The kept material and table sum before the move (see [`crate::psq`]).
    pub(crate) psq: i32,
}

impl Undo {
    /// How many pieces this move captured.
    pub fn captures(&self) -> usize {
        self.ncaps as usize
    }
    /// The move that was made.
    pub fn mv(&self) -> Move {
        self.mv
    }
}

/// A position under a ruleset.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) rules: Arc<Rules>,
    pub(crate) cells: [u8; CELLS],
    pub(crate) side: Side,
    pub(crate) hash: i32,
    pub(crate) king: Square,
    pub(crate) status: Status,
    pub(crate) ply: u16,
    pub(crate) history: Vec<i32>,
    /// Squares captured by the moves made so far, most recent last (`unmake` pops them).
    pub(crate) cap_stack: Vec<u8>,
    /// The squares of each piece code (`ATTACKER`, `DEFENDER`, `KING`; entry 0 unused) as board
    /// bitsets, kept in step with `cells` (see [`crate::bitboard`]).
    pub(crate) bits: [Bits; 4],
    /// The evaluation's material and table sum over the pieces, kept for `psq_table` (0
    /// without one; see [`crate::psq`]).
    pub(crate) psq: i32,
    /// The table `psq` is kept for, if any.
    pub(crate) psq_table: Option<Arc<PsqTable>>,
}

/// Why a position could not be built.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// The position string is malformed.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The layout does not have exactly one king.
    #[error("the position has {0} kings (`K`): it needs exactly one")]
    Kings(usize),
}

impl PartialEq for Position {
    /// Positions are equal when board, side, hash, status, ply and history are (rules by identity
    /// of content is not compared: positions of different rules are never compared in practice).
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells
            && self.side == other.side
            && self.hash == other.hash
            && self.king == other.king
            && self.status == other.status
            && self.ply == other.ply
            && self.history == other.history
            && self.cap_stack == other.cap_stack
    }
}

impl Position {
    /// The starting position of `rules`.
    pub fn start(rules: Arc<Rules>) -> Position {
        let cells = *rules.start_cells();
        let side = rules.first_side();
        // The start was validated to hold exactly one king.
        Position::from_cells(rules, cells, side).unwrap_or_else(|e| unreachable!("{e}"))
    }

    /// A position from an OpenTafl position string (first row = rank 1) with `side` to move.
    pub fn from_string(rules: Arc<Rules>, s: &str, side: Side) -> Result<Position, PositionError> {
        let cells = parse_position_string(rules.geometry(), s)?;
        Position::from_cells(rules, cells, side)
    }

    /// A position from raw cells (ring cells must be `OFF`; they are forced to it).
    pub fn from_cells(
        rules: Arc<Rules>,
        area_cells: [u8; MAX_AREA],
        side: Side,
    ) -> Result<Position, PositionError> {
        let g = rules.geometry();
        let mut cells = [OFF; CELLS];
        for (i, c) in cells.iter_mut().enumerate() {
            if g.on_board(Square(i as u8)) {
                *c = area_cells[i];
            }
        }
        let kings: Vec<usize> = (0..MAX_AREA).filter(|&i| cells[i] == KING).collect();
        if kings.len() != 1 {
            return Err(PositionError::Kings(kings.len()));
        }
        let hash = rules.zobrist().hash_of(&cells, side);
        let mut bits = [0; 4];
        for (i, &c) in cells.iter().enumerate() {
            if (ATTACKER..=KING).contains(&c) {
                bits[c as usize] |= rules.layout().bit(i);
            }
        }
        let mut pos = Position {
            bits,
            king: Square(kings[0] as u8),
            rules,
            cells,
            side,
            hash,
            status: Status::Ongoing,
            ply: 0,
            history: Vec::with_capacity(256),
            cap_stack: Vec::with_capacity(256),
            psq: 0,
            psq_table: None,
        };
        if pos.rules.flags()[pos.king.index()] & FLAG_ESCAPE != 0 {
            pos.status = Status::KingEscaped;
        }
        Ok(pos)
    }

    /// The ruleset.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }
    /// Board geometry.
    pub fn geometry(&self) -> Geometry {
        self.rules.geometry()
    }
    /// The cell code (`EMPTY`, `ATTACKER`, `DEFENDER`, `KING`, `OFF`) at `sq`.
    #[inline(always)]
    pub fn cell(&self, sq: Square) -> u8 {
        self.cells[sq.index()]
    }
    /// All cells, indexed by square.
    pub fn cells(&self) -> &[u8; MAX_AREA] {
        self.cells
            .first_chunk::<MAX_AREA>()
            .unwrap_or_else(|| unreachable!("CELLS >= MAX_AREA"))
    }
    /// Side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }
    /// The zobrist hash (32 bits, as PICO-8 holds them).
    pub fn hash(&self) -> i32 {
        self.hash
    }
    /// The king's square.
    pub fn king_square(&self) -> Square {
        self.king
    }
    /// The ending the last move caused, if any (cheap; see `outcome()` for the full test).
    pub fn status(&self) -> Status {
        self.status
    }
    /// Plies played since this position was set up.
    pub fn ply(&self) -> u16 {
        self.ply
    }
    /// The squares the last move made captured (valid right after `make` returned `undo`).
    pub fn last_captures(&self, undo: &Undo) -> &[u8] {
        &self.cap_stack[self.cap_stack.len() - undo.ncaps as usize..]
    }
    /// Hashes of the earlier positions, oldest first (one per move made).
    pub fn history(&self) -> &[i32] {
        &self.history
    }

    /// Makes `mv` (assumed legal: from [`Position::gen_moves`] or checked by `play`) and returns
    /// what `unmake` needs. No allocation unless the history grows past its capacity.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let (from, to) = (mv.from.index(), mv.to.index());
        let piece = self.cells[from];
        debug_assert!(
            Side::of_piece(piece) == Some(self.side),
            "make: no piece of the side to move on {from}"
        );
        debug_assert!(self.cells[to] == EMPTY, "make: destination {to} occupied");
        self.history.push(self.hash);
        self.cells[from] = EMPTY;
        self.cells[to] = piece;
        let l = self.rules.layout();
        self.bits[piece as usize & 3] ^= l.bit(from) | l.bit(to);
        let psq = self.psq;
        self.psq_move(piece, from, to);
        let z = self.rules.zobrist();
        self.hash ^= z.piece(piece, mv.from) ^ z.piece(piece, mv.to);
        let status = self.status;
        if piece == KING {
            self.king = mv.to;
        }
        // Built at the end from registers: filling a stack struct field by field and reading it
        // back whole stalls store forwarding, which cost a third of `make`.
        let ncaps = self.capture(mv.to, piece);
        if self.status == Status::Ongoing {
            self.status = self.ending_after(mv.to, piece);
        }
        self.pass_turn();
        Undo {
            mv,
            ncaps,
            status,
            psq,
        }
    }

    /// The hand-over shared by [`Position::make`] and [`Position::make_null`]: the other side
    /// moves, the hash's side key flips and the ply counts on. Called last in `make`, since its
    /// captures and endings look at the side that moved.
    #[inline(always)]
    fn pass_turn(&mut self) {
        self.hash ^= self.rules.zobrist().side();
        self.side = self.side.opponent();
        self.ply = self
            .ply
            .checked_add(1)
            .filter(|&p| p <= i16::MAX as u16)
            .unwrap_or_else(|| unreachable!("ply counter left PICO-8's integer range"));
    }

    /// Whether `mv` (legal, as for `make`) would capture a piece or the king, or with `endings`
    /// also end the game, exactly as `make` would find it; the position is left as it was. Only
    /// the board changes and is restored (no hash, history or ply), so the search can test its
    /// many candidate moves for the few worth making.
    ///
    /// The tests that need no board change are inlined into the callers' loops; the rest is
    /// [`Position::probe_board`].
    #[inline(always)]
    pub(crate) fn probe(&mut self, mv: Move, look: Probe) -> bool {
        if self.status != Status::Ongoing {
            // What the board probe below would find: the ending stands whatever the move.
            return true;
        }
        // Every capture (custodial, the king's, a shieldwall) starts with an enemy piece beside
        // the landing square. Most candidates have none (with shieldwalls every edge square is
        // one), so they capture nothing, and the ending is decided without touching the board.
        if !self.enemy_beside(mv.to) {
            if look == Probe::Captures {
                return false;
            }
            if let Some(ends) = self.quiet_ending(mv, look == Probe::EndingsSurrounded) {
                return ends;
            }
        }
        self.probe_board(mv, look)
    }

    /// [`Position::probe`] on the board: the move's pieces placed, its captures and ending
    /// found as `make` finds them, and the board restored.
    #[inline(never)]
    fn probe_board(&mut self, mv: Move, look: Probe) -> bool {
        let endings = look != Probe::Captures;
        let (from, to) = (mv.from.index(), mv.to.index());
        let piece = self.cells[from];
        let (hash, status, king, psq) = (self.hash, self.status, self.king, self.psq);
        let moved = {
            let l = self.rules.layout();
            l.bit(from) | l.bit(to)
        };
        self.cells[from] = EMPTY;
        self.cells[to] = piece;
        self.bits[piece as usize & 3] ^= moved;
        if piece == KING {
            self.king = mv.to;
        }
        let ncaps = self.capture(mv.to, piece);
        let mut hit = ncaps > 0 || self.status != Status::Ongoing;
        if !hit && endings && status == Status::Ongoing {
            hit = self.ending_after(mv.to, piece) != Status::Ongoing;
        }
        let enemy = if self.side == Side::Attackers { 2 } else { 1 };
        for _ in 0..ncaps {
            let sq = self
                .cap_stack
                .pop()
                .unwrap_or_else(|| unreachable!("capture stack"));
            self.cells[sq as usize] = enemy;
            self.bits[enemy as usize] |= self.rules.layout().bit(sq as usize);
        }
        self.cells[to] = EMPTY;
        self.cells[from] = piece;
        self.bits[piece as usize & 3] ^= moved;
        (self.hash, self.status, self.king, self.psq) = (hash, status, king, psq);
        hit
    }

    /// Whether a piece of the side not to move stands beside `to` (what a capture by a move
    /// landing there needs first; the mover's own pieces and the king of the side to move never
    /// count).
    #[inline(always)]
    pub(crate) fn enemy_beside(&self, to: Square) -> bool {
        self.rules.layout().beside(to.index()) & self.enemies() != 0
    }

    /// The pieces of the side not to move, the king with his defenders.
    #[inline(always)]
    pub(crate) fn enemies(&self) -> Bits {
        if self.side == Side::Attackers {
            self.bits[DEFENDER as usize] | self.bits[KING as usize]
        } else {
            self.bits[ATTACKER as usize]
        }
    }

    /// The squares of `near | edge` (the two parts of the search's capture squares: custodial
    /// and king captures, all beside an enemy piece; the edge, for shieldwalls) where a move of
    /// a soldier (not the king) of the side to move may make [`Position::probe`] with `look`
    /// answer true. Every other square of them captures nothing (off `near` only a shieldwall
    /// can capture, which needs [`Position::shieldwall_squares`]) and ends nothing (the
    /// defenders' soldiers end the game only in an exit fort, with the king on the edge; the
    /// attackers only by a surround, which only a square of `near` or of
    /// [`Layout::edge_cuts`](crate::bitboard::Layout::edge_cuts) can close). So the search can
    /// leave those moves out unprobed.
    pub(crate) fn probe_squares(&self, near: Bits, edge: Bits, look: Probe) -> Bits {
        self.probe_squares_both(near, edge, look).1
    }

    /// [`Position::probe_squares`] for captures only, and for `look`, at once.
    pub(crate) fn probe_squares_both(&self, near: Bits, edge: Bits, look: Probe) -> (Bits, Bits) {
        let l = self.rules.layout();
        let targets = near | edge;
        let walls = if edge != 0 {
            self.shieldwall_squares()
        } else {
            0
        };
        let keep = near | (edge & walls);
        if look == Probe::Captures {
            return (keep, keep);
        }
        if self.status != Status::Ongoing || look == Probe::EndingsSurrounded {
            return (keep, targets);
        }
        if self.side == Side::Defenders {
            let on_edge = self.rules.flags_full()[self.king.index()] & FLAG_EDGE != 0;
            if self.rules.exit_fort() && on_edge {
                return (keep, targets);
            }
        } else if self.rules.surround_win() {
            let cuts = edge & l.edge_cuts(l.board & !self.bits[ATTACKER as usize]);
            return (keep, keep | cuts);
        }
        (keep, keep)
    }

    /// The ending after `mv` (legal, capturing nothing), as `ending_after` would find it, read
    /// from the bitsets without making the move; `None` when only the board can tell (an exit
    /// fort, possible only with the king on the edge). `surrounded` is `is_surrounded()` now.
    #[inline]
    fn quiet_ending(&self, mv: Move, surrounded: bool) -> Option<bool> {
        let piece = self.cells[mv.from.index()];
        let flags = self.rules.flags_full();
        if piece == KING && flags[mv.to.index()] & FLAG_ESCAPE != 0 {
            return Some(true);
        }
        if self.side == Side::Defenders {
            let king = if piece == KING { mv.to } else { self.king };
            let fort_possible = self.rules.exit_fort() && flags[king.index()] & FLAG_EDGE != 0;
            return if fort_possible { None } else { Some(false) };
        }
        if !self.rules.surround_win() {
            return Some(false);
        }
        // `is_surrounded` on the board after the move: only the attacker moved.
        let l = self.rules.layout();
        let to = mv.to.index();
        let attackers = self.bits[ATTACKER as usize] ^ l.bit(mv.from.index()) ^ l.bit(to);
        if !surrounded && l.around(to) & attackers == 0 {
            // No attacker around `to`: its free neighbours stay joined around it, so any way the
            // defenders had to the edge through `to` (or onto it) goes around it now, and the
            // square left (`from`) only opens more. Not surrounded before, not after.
            return Some(false);
        }
        let defenders = self.bits[DEFENDER as usize] | self.bits[KING as usize];
        Some(!l.fill_reaches(defenders, l.board & !attackers, l.edge))
    }

    /// Passes the move to the opponent (the search's null move; never a legal move in the
    /// game): side, hash and ply change, and the hash before it goes on the history like a
    /// move's, so [`Position::unmake_null`] restores it exactly.
    pub(crate) fn make_null(&mut self) {
        debug_assert!(
            self.status == Status::Ongoing,
            "make_null: the game is over"
        );
        self.history.push(self.hash);
        self.pass_turn();
    }

    /// Takes back [`Position::make_null`].
    pub(crate) fn unmake_null(&mut self) {
        self.side = self.side.opponent();
        self.ply -= 1;
        self.hash = self
            .history
            .pop()
            .unwrap_or_else(|| unreachable!("unmake_null without make_null"));
    }

    /// Takes back the move `undo` was returned for (moves must be unmade in reverse order).
    #[inline]
    pub fn unmake(&mut self, undo: &Undo) {
        let (from, to) = (undo.mv.from.index(), undo.mv.to.index());
        self.side = self.side.opponent();
        self.ply -= 1;
        let piece = self.cells[to];
        self.cells[to] = EMPTY;
        self.cells[from] = piece;
        let l = self.rules.layout();
        self.bits[piece as usize & 3] ^= l.bit(from) | l.bit(to);
        if piece == KING {
            self.king = undo.mv.from;
        }
        let enemy = if self.side == Side::Attackers { 2 } else { 1 };
        for _ in 0..undo.ncaps {
            let sq = self
                .cap_stack
                .pop()
                .unwrap_or_else(|| unreachable!("capture stack"));
            self.cells[sq as usize] = enemy;
            self.bits[enemy as usize] |= l.bit(sq as usize);
        }
        self.status = undo.status;
        self.psq = undo.psq;
        // The history holds the hash before the move: popping it restores the hash exactly.
        self.hash = self
            .history
            .pop()
            .unwrap_or_else(|| unreachable!("unmake without make"));
    }
}

/// The evaluation's kept material and table sum ([`crate::psq`]).
impl Position {
    /// Makes the position keep `table`'s sum over its pieces from now on (`None`: stop).
    pub(crate) fn set_psq_table(&mut self, table: Option<Arc<PsqTable>>) {
        self.psq = table.as_ref().map_or(0, |t| psq_sum(&self.bits, t));
        self.psq_table = table;
    }

    /// The kept sum, if the position keeps it for `table` (the same allocation).
    #[inline(always)]
    pub(crate) fn psq_for(&self, table: &Arc<PsqTable>) -> Option<i32> {
        match &self.psq_table {
            Some(t) if Arc::ptr_eq(t, table) => Some(self.psq),
            _ => None,
        }
    }

    /// The kept sum after `piece` moved from padded square `from` to `to`.
    #[inline(always)]
    pub(crate) fn psq_move(&mut self, piece: u8, from: usize, to: usize) {
        if let Some(t) = &self.psq_table {
            let row = &t.by_square[piece as usize & 3];
            self.psq += row[to & (CELLS - 1)] as i32 - row[from & (CELLS - 1)] as i32;
        }
    }

    /// The kept sum after the piece `code` on padded square `sq` was captured.
    #[inline(always)]
    pub(crate) fn psq_remove(&mut self, code: u8, sq: usize) {
        if let Some(t) = &self.psq_table {
            self.psq -= t.by_square[code as usize & 3][sq & (CELLS - 1)] as i32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::random_walks;

    /// The piece bitsets rebuilt from the mailbox, square by square.
    fn bits_of(pos: &Position) -> [Bits; 4] {
        let l = pos.rules.layout();
        let mut bits = [0; 4];
        for sq in pos.geometry().squares() {
            let c = pos.cell(sq);
            if (ATTACKER..=KING).contains(&c) {
                bits[c as usize] |= l.bit(sq.index());
            }
        }
        bits
    }

    #[test]
    fn a_null_move_passes_and_comes_back() {
        for name in crate::rules::PRESETS {
            let rules = Arc::new(Rules::preset(name).unwrap());
            let mut pos = Position::start(rules.clone());
            let mut list = crate::MoveList::new();
            pos.gen_moves(&mut list);
            pos.make(list.as_slice()[list.len() / 2]);
            let before = pos.clone();
            pos.make_null();
            assert_eq!(pos.side_to_move(), before.side_to_move().opponent());
            assert_eq!(pos.ply(), before.ply() + 1);
            assert_eq!(pos.cells(), before.cells());
            // The incremental hash is the hash computed from scratch for the other side.
            assert_eq!(
                pos.hash(),
                rules.zobrist().hash_of(pos.cells(), pos.side_to_move()),
                "{name}"
            );
            assert_eq!(pos.history().last(), Some(&before.hash()));
            pos.unmake_null();
            assert_eq!(pos, before, "{name}");
        }
    }

    #[test]
    fn a_surround_closed_away_from_the_defenders_is_a_probe_square() {
        // Copenhagen, the king alone on f3 walled in by attackers but for f2-f1 to the edge:
        // e1-f1 lands on the edge beside no defender and closes the wall (e1, left empty, is
        // off the king's side of it), so the attackers win. No capture is possible there; the
        // attackers around f1 are what keep it among the probe squares.
        let rules = Arc::new(Rules::preset("copenhagen").unwrap());
        let wall = "4t1t4/4t1t4/4tKt4/5t5/11/11/11/11/11/11/11";
        let mut pos = Position::from_string(rules.clone(), wall, Side::Attackers).unwrap();
        let m = crate::notation::parse_move(rules.geometry(), "e1-f1").unwrap();
        assert!(!pos.enemy_beside(m.to));
        assert!(!pos.is_surrounded());
        let (near, edge) = crate::search::capture_parts(&pos);
        let f1 = rules.layout().bit(m.to.index());
        assert_ne!(edge & f1, 0);
        assert_eq!(pos.probe_squares(near, edge, Probe::Captures) & f1, 0);
        assert_ne!(pos.probe_squares(near, edge, Probe::Endings) & f1, 0);
        assert!(pos.probe(m, Probe::Endings));
        pos.make(m);
        assert_eq!(pos.status(), Status::Surrounded);
    }

    #[test]
    fn shieldwalls_land_on_shieldwall_squares() {
        // By hand (Copenhagen): defenders on c1 and d1 with attackers in front on c2 and d2 and
        // on e1; b5-b1 closes the wall and takes both. b1 is beside no capture by custody.
        let rules = Arc::new(Rules::preset("copenhagen").unwrap());
        let wall = "2TTt6/2tt7/11/11/1t9/11/5K5/11/11/11/11";
        let mut pos = Position::from_string(rules.clone(), wall, Side::Attackers).unwrap();
        let l = rules.layout();
        let m = crate::notation::parse_move(rules.geometry(), "b5-b1").unwrap();
        let b1 = l.bit(m.to.index());
        assert_ne!(pos.shieldwall_squares() & b1, 0);
        let (near, _) = crate::search::capture_parts(&pos);
        assert_eq!(near & b1, 0);
        assert_eq!(pos.make(m).captures(), 2);
        // Random boards whose two outer rings are filled at random, the king on the throne:
        // every capture that no custodial or king mark explains lands on a shieldwall square.
        let mut rng = crate::rng::Xorshift32::new(29);
        let mut walls = 0;
        for _ in 0..3000 {
            let mut cells = [EMPTY; MAX_AREA];
            let g = rules.geometry();
            for sq in g.squares() {
                let (f, r) = g.file_rank(sq).unwrap();
                let outer = f.min(r).min(10 - f).min(10 - r) < 2;
                let corner = rules.flags()[sq.index()] & crate::rules::FLAG_CORNER != 0;
                if outer && !corner {
                    cells[sq.index()] =
                        [EMPTY, EMPTY, ATTACKER, DEFENDER][rng.next_u32() as usize % 4];
                }
            }
            cells[g.centre().unwrap().index()] = KING;
            for side in [Side::Attackers, Side::Defenders] {
                let mut pos = Position::from_cells(rules.clone(), cells, side).unwrap();
                let (near, _) = crate::search::capture_parts(&pos);
                let walled = pos.shieldwall_squares();
                let mut list = crate::MoveList::new();
                pos.gen_moves(&mut list);
                for &m in list.iter() {
                    let undo = pos.make(m);
                    let to = l.bit(m.to.index());
                    if undo.captures() > 0 && near & to == 0 {
                        assert_ne!(walled & to, 0, "{m:?} on {cells:?}");
                        walls += 1;
                    }
                    pos.unmake(&undo);
                }
            }
        }
        assert!(walls > 100, "{walls}");
    }

    #[test]
    fn shieldwall_squares_equal_the_edge_by_edge_walk() {
        // Along seeded random walks on every preset (both sides to move): the squares found
        // with the lines paired up equal those found edge line by edge line.
        let mut found = 0;
        crate::testutil::random_walks(31, 1500, 200, |_, pos| {
            let l = pos.rules.layout();
            let [_, attackers, defenders, king] = pos.bits;
            let (enemy, capturers) = if pos.side == Side::Attackers {
                (defenders | king, attackers)
            } else {
                let armed = if pos.rules.king_armed() { king } else { 0 };
                (attackers, defenders | armed)
            };
            let mut want = 0;
            for outward in 0..4 {
                let wall = enemy & l.lines[outward] & l.shift(capturers, outward);
                for along in [(outward + 1) % 4, (outward + 3) % 4] {
                    let back = (along + 2) % 4;
                    want |= l.shift(wall & l.shift(wall, back), back);
                }
            }
            assert_eq!(pos.shieldwall_squares(), want);
            found += want.count_ones();
        });
        assert!(found > 100, "{found}");
    }

    #[test]
    fn bitsets_and_probes_follow_the_mailbox() {
        // Every preset, pseudo-random walks (restarted when a game ends); at each position every
        // move is probed and made: the probe must agree with `make` and leave the position
        // untouched, and the bitsets must match the cells after each make and unmake.
        // The soldiers' moves off `probe_squares` must not capture when made, nor end the
        // game if they land on a capture square.
        let (mut hits, mut left_out) = (0, [0u32; 2]);
        random_walks(2463534242, 400, 120, |step, pos| {
            let name = step.preset;
            assert_eq!(pos.bits, bits_of(pos), "{name}");
            let look = if pos.is_surrounded() {
                Probe::EndingsSurrounded
            } else {
                Probe::Endings
            };
            let rules = pos.rules.clone();
            let l = rules.layout();
            let (near, edge) = crate::search::capture_parts(pos);
            let may_take = pos.probe_squares(near, edge, Probe::Captures);
            let may_end = pos.probe_squares(near, edge, look);
            for &m in step.moves.iter() {
                let before = pos.clone();
                let taken = pos.probe(m, Probe::Captures);
                let ends = pos.probe(m, look);
                let soldier = pos.cell(m.from) != KING;
                let to = l.bit(m.to.index());
                assert_eq!(
                    *pos, before,
                    "{name}: the probe of {m:?} changed the position"
                );
                assert_eq!(pos.bits, before.bits, "{name}: {m:?}");
                let undo = pos.make(m);
                assert_eq!(pos.bits, bits_of(pos), "{name}: after {m:?}");
                let captured = undo.captures() > 0 || pos.status() == Status::KingCaptured;
                assert_eq!(taken, captured, "{name}: {m:?}");
                assert_eq!(ends, captured || pos.status() != Status::Ongoing, "{name}");
                if soldier && to & may_take == 0 {
                    assert!(!captured, "{name}: {m:?} captured off the probe squares");
                    left_out[0] += 1;
                }
                // Endings count only on the search's capture squares: quiescence looks no
                // further.
                if soldier && to & (near | edge) != 0 && to & may_end == 0 {
                    assert!(
                        !captured && pos.status() == Status::Ongoing,
                        "{name}: {m:?} captured or ended off the probe squares"
                    );
                    left_out[1] += 1;
                }
                hits += taken as u32;
                pos.unmake(&undo);
                assert_eq!(*pos, before, "{name}: {m:?}");
                assert_eq!(pos.bits, before.bits, "{name}: {m:?}");
            }
        });
        // The walks must have met captures, or the probe comparison proves little.
        assert!(hits > 100, "{hits}");
        assert!(left_out.iter().all(|&n| n > 1000), "{left_out:?}");
    }
}
