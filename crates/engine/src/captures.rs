//! Captures caused by a move, in the contract's order: custodial captures around the destination
//! in direction order N, E, S, W (the king's capture is tested at the same step as its direction),
//! then shieldwall captures (rows along the edge the mover stands on) in direction order N, E, S, W.

use crate::bitboard::Bits;
use crate::piece::{Side, ATTACKER, DEFENDER, EMPTY, KING, OFF};
use crate::position::{Position, Status};
use crate::rules::{KingCapture, FLAG_CORNER};
use crate::square::{step, Square};

impl Position {
    /// Whether square `sq` is hostile to a piece of kind `victim` (1..=3).
    ///
    /// Empty: only special squares, per their `hostile` lists. Off-board: never (the edge is not
    /// hostile). An enemy piece: always, except an unarmed king (then only an occupied-hostile
    /// special square counts). A friendly piece: only an occupied-hostile special square, or
    /// Linnaeus' throne rule.
    #[inline(always)]
    pub(crate) fn hostile_to(&self, sq: usize, victim: u8) -> bool {
        let c = self.cells[sq & 0xff];
        if c == EMPTY {
            return self.rules.hostile_empty_full()[sq & 0xff].contains(victim);
        }
        if c == OFF {
            return false;
        }
        let enemy = (c == ATTACKER) != (victim == ATTACKER);
        if enemy && (c != KING || self.rules.king_armed()) {
            return true;
        }
        if self.rules.hostile_occupied_full()[sq & 0xff].contains(victim) {
            return true;
        }
        !enemy && c == KING && victim == DEFENDER && self.linnaean_throne(sq)
    }

    /// Linnaeus' rule: the king on the throne with attackers on three of its four sides makes the
    /// throne hostile to the defender on the fourth.
    fn linnaean_throne(&self, sq: usize) -> bool {
        if !self.rules.linnaean_capture() || self.rules.throne().map(Square::index) != Some(sq) {
            return false;
        }
        let attackers = self
            .geometry()
            .directions()
            .iter()
            .filter(|&&d| self.cells[(sq as i16 + d) as usize] == ATTACKER)
            .count();
        attackers == 3
    }

    /// Whether the king on `k` is captured, the attacker having just moved next to it from
    /// direction `-d` (so the far square along the line is `k + d`).
    fn king_is_captured(&self, k: usize, d: i16) -> bool {
        let by_four = match self.rules.king_capture() {
            KingCapture::ByTwo => false,
            KingCapture::ByFour => true,
            KingCapture::ByFourNearThrone => self.rules.throne().is_some_and(|t| {
                let t = t.index() as i16;
                let k = k as i16;
                k == t || self.geometry().directions().iter().any(|&dd| k + dd == t)
            }),
        };
        if by_four {
            self.geometry()
                .directions()
                .iter()
                .all(|&dd| self.hostile_to(step(k, dd), KING))
        } else {
            self.hostile_to(step(k, d), KING)
        }
    }

    /// Whether piece `c` can take part in a capture for `side` (an unarmed king cannot).
    #[inline(always)]
    fn is_capturer(&self, c: u8, side: Side) -> bool {
        Side::of_piece(c) == Some(side) && (c != KING || self.rules.king_armed())
    }

    #[inline(always)]
    fn remove(&mut self, sq: usize) {
        let sq = sq & 0xff;
        let c = self.cells[sq];
        self.cells[sq] = EMPTY;
        self.bits[c as usize & 3] ^= self.rules.layout().bit(sq);
        self.hash ^= self.rules.zobrist().piece(c, Square(sq as u8));
        self.psq_remove(c, sq);
        self.cap_stack.push(sq as u8);
    }

    /// Applies every capture the piece `piece` just moved to `to` makes; returns how many pieces
    /// were removed (their squares are pushed on the capture stack).
    #[inline(always)]
    pub(crate) fn capture(&mut self, to: Square, piece: u8) -> u8 {
        // Every capture (custodial, the king's, a shieldwall) needs an enemy piece beside `to`;
        // most moves the search makes have none, and one test of the bitsets rules them out.
        if piece == KING && !self.rules.king_armed() || !self.enemy_beside(to) {
            return 0;
        }
        let before = self.cap_stack.len();
        let to = to.index();
        let side = self.side;
        let enemy_soldier = if side == Side::Attackers {
            DEFENDER
        } else {
            ATTACKER
        };
        // The four directions written out (in contract order), each with its step in a
        // register: the loop over them cost a load and a count per direction.
        let [north, east, south, west] = self.geometry().directions();
        self.capture_along(to, north, enemy_soldier, side);
        self.capture_along(to, east, enemy_soldier, side);
        self.capture_along(to, south, enemy_soldier, side);
        self.capture_along(to, west, enemy_soldier, side);
        // A shieldwall starts with an enemy piece beside `to` along its edge line (the
        // directions `shieldwall` walks; an enemy inward of `to` starts none).
        if self.rules.shieldwall() && self.rules.layout().along_edge(to) & self.enemies() != 0 {
            self.shieldwall(to, side);
        }
        (self.cap_stack.len() - before) as u8
    }

    /// The custodial capture (or the king's) by the piece on `to` in direction `d`.
    #[inline(always)]
    fn capture_along(&mut self, to: usize, d: i16, enemy_soldier: u8, side: Side) {
        let v = step(to, d);
        let c = self.cells[v];
        if c == enemy_soldier {
            if self.hostile_to(step(v, d), c) {
                self.remove(v);
            }
        } else if c == KING && side == Side::Attackers && self.king_is_captured(v, d) {
            self.status = Status::KingCaptured;
        }
    }

    /// The squares where a move of the side to move may close a shieldwall: an edge square
    /// with two enemy pieces next along its edge line, each with a capturer in front of it
    /// (what [`Position::shieldwall`] needs before it looks for a bracket), as a board bitset.
    pub(crate) fn shieldwall_squares(&self) -> Bits {
        let l = self.rules.layout();
        let [_, attackers, defenders, king] = self.bits;
        let (enemy, capturers) = if self.side == Side::Attackers {
            (defenders | king, attackers)
        } else {
            let armed = if self.rules.king_armed() { king } else { 0 };
            (attackers, defenders | armed)
        };
        // The enemy pieces on an edge line with a capturer one step inside, the two lines
        // running east-west together and the two running north-south together: two pieces
        // next to each other along a line stand on the same line, so nothing pairs across.
        let wall = |outward: usize| l.lines[outward] & l.shift(capturers, outward);
        let ranks = enemy & (wall(0) | wall(2));
        let files = enemy & (wall(1) | wall(3));
        // A wall needs two of them next to each other: most positions have none.
        let two = |x: Bits| x & x.wrapping_sub(1) != 0;
        let mut squares = 0;
        if two(ranks) {
            // Wall pieces with another next along, then one step back: the landing square.
            for back in [1, 3] {
                squares |= l.shift(ranks & l.shift(ranks, back), back);
            }
        }
        if two(files) {
            for back in [0, 2] {
                squares |= l.shift(files & l.shift(files, back), back);
            }
        }
        squares
    }

    /// Shieldwall: a row of two or more enemy pieces along the edge, bracketed by the mover at one
    /// end and by a capturer or an empty special corner at the other, with a capturer in front of
    /// every member, is captured (the king, if in the row, is not).
    fn shieldwall(&mut self, to: usize, side: Side) {
        let dirs = self.geometry().directions();
        let enemy = Some(side.opponent());
        for (i, d) in dirs.into_iter().enumerate() {
            // A wall on this line starts beside `to`: most moves find no enemy there.
            if Side::of_piece(self.cells[step(to, d)]) != enemy {
                continue;
            }
            // The perpendicular pointing off the board tells which edge we run along.
            let (p1, p2) = (dirs[(i + 1) % 4], dirs[(i + 3) % 4]);
            let out1 = self.cells[(to as i16 + p1) as usize] == OFF;
            let out2 = self.cells[(to as i16 + p2) as usize] == OFF;
            let front = match (out1, out2) {
                (true, false) => p2,
                (false, true) => p1,
                _ => continue,
            };
            let mut s = to as i16 + d;
            let mut members = 0;
            loop {
                let c = self.cells[s as usize];
                if Side::of_piece(c) != enemy {
                    break;
                }
                if !self.is_capturer(self.cells[(s + front) as usize], side) {
                    members = 0;
                    break;
                }
                members += 1;
                s += d;
            }
            if members < 2 {
                continue;
            }
            let end = self.cells[s as usize];
            let bracket = self.is_capturer(end, side)
                || (end == EMPTY && self.rules.flags()[s as usize] & FLAG_CORNER != 0);
            if !bracket {
                continue;
            }
            let mut m = to as i16 + d;
            while m != s {
                if self.cells[m as usize] != KING {
                    self.remove(m as usize);
                }
                m += d;
            }
        }
    }
}
