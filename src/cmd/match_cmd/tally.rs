//! The match's score table: player A's wins, draws and losses on each side, the endings, and
//! the desynchronised games, which have no result and are kept out of W/D/L, the score and the
//! Elo estimate (an engine whose board parted from the referee's played another game than the
//! one refereed).

use std::collections::BTreeMap;

use super::game::GameResult;
use super::stats::{estimate, EloEstimate};

/// The games so far.
#[derive(Default)]
pub struct Tally {
    /// [A as attackers, A as defenders] x [A wins, draws, A loses].
    table: [[u32; 3]; 2],
    /// A's score in each game with a result (1, 0.5, 0), in order.
    scores: Vec<f64>,
    /// `winner: how` -> games.
    endings: BTreeMap<String, u32>,
    /// The numbers of the desynchronised games.
    desynced: Vec<u32>,
}

impl GameResult {
    /// Who won, as the reports say it (`None` for a desynchronised game).
    pub fn winner(self) -> Option<&'static str> {
        match self {
            GameResult::AttackersWin => Some("attackers"),
            GameResult::DefendersWin => Some("defenders"),
            GameResult::Draw => Some("draw"),
            GameResult::Desync => None,
        }
    }
}

impl Tally {
    /// Counts game `n`, which ended with `result` (`reason` says how) with A attacking or not.
    pub fn add(&mut self, n: u32, a_attacks: bool, result: GameResult, reason: &str) {
        let winner = result.winner().unwrap_or("desynchronised");
        *self
            .endings
            .entry(format!("{winner}: {reason}"))
            .or_default() += 1;
        let a_score = match (result, a_attacks) {
            (GameResult::Desync, _) => {
                self.desynced.push(n);
                return;
            }
            (GameResult::Draw, _) => 0.5,
            (GameResult::AttackersWin, true) | (GameResult::DefendersWin, false) => 1.0,
            _ => 0.0,
        };
        let col = if a_score == 1.0 {
            0
        } else if a_score == 0.5 {
            1
        } else {
            2
        };
        self.table[usize::from(!a_attacks)][col] += 1;
        self.scores.push(a_score);
    }

    /// A's wins, draws and losses (desynchronised games left out).
    pub fn totals(&self) -> (u32, u32, u32) {
        let t = &self.table;
        (t[0][0] + t[1][0], t[0][1] + t[1][1], t[0][2] + t[1][2])
    }

    /// Games with a result.
    pub fn counted(&self) -> usize {
        self.scores.len()
    }

    /// Games played, desynchronised ones included.
    pub fn played(&self) -> usize {
        self.scores.len() + self.desynced.len()
    }

    /// The desynchronised games' numbers.
    pub fn desynced(&self) -> &[u32] {
        &self.desynced
    }

    /// A's score over the games with a result (`None` without one).
    pub fn score(&self) -> Option<f64> {
        let (w, d, _) = self.totals();
        (self.counted() > 0).then(|| (w as f64 + d as f64 / 2.0) / self.counted() as f64)
    }

    /// The Elo estimate from the games with a result.
    pub fn elo(&self) -> EloEstimate {
        estimate(&self.scores)
    }

    /// Wins of each side: (attackers, defenders).
    pub fn by_side(&self) -> (u32, u32) {
        let t = &self.table;
        (t[0][0] + t[1][2], t[0][2] + t[1][0])
    }

    /// `[wins, draws, losses]` of A as attackers (`side` 0) or defenders (1).
    pub fn row(&self, side: usize) -> [u32; 3] {
        self.table[side]
    }

    /// The endings and how many games ended each way.
    pub fn endings(&self) -> &BTreeMap<String, u32> {
        &self.endings
    }

    /// The progress line's tally, `3/10 games, A: +2 =0 -1` (`, 1 desynchronised` when there
    /// are): the games it counts are the tally's, so it never shows a result before that game
    /// has ended.
    pub fn progress(&self, total: u32) -> String {
        let (w, d, l) = self.totals();
        let mut s = if self.played() == 0 {
            format!("0/{total} games")
        } else {
            format!("{}/{total} games, A: +{w} ={d} -{l}", self.played())
        };
        if !self.desynced.is_empty() {
            s.push_str(&format!(", {} desynchronised", self.desynced.len()));
        }
        s
    }

    /// The summary's lines about desynchronised games (none when there were none).
    pub fn desync_lines(&self) -> Vec<String> {
        if self.desynced.is_empty() {
            return Vec::new();
        }
        let list: Vec<String> = self.desynced.iter().map(u32::to_string).collect();
        vec![format!(
            "desynchronised: {} of {} games (game {}): an engine's board parted from the \
             referee's, so they have no result and are left out of the W/D/L, the score and \
             the Elo above",
            self.desynced.len(),
            self.played(),
            list.join(", ")
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn desynchronised_games_are_counted_apart() {
        let mut t = Tally::default();
        assert_eq!(t.progress(4), "0/4 games");
        t.add(1, true, GameResult::AttackersWin, "king captured");
        t.add(
            2,
            false,
            GameResult::Desync,
            "x (attackers) played a8-b8, ...",
        );
        assert_eq!(t.progress(4), "2/4 games, A: +1 =0 -0, 1 desynchronised");
        t.add(3, true, GameResult::DefendersWin, "king escaped");
        t.add(4, false, GameResult::Draw, "repetition");
        assert_eq!(t.totals(), (1, 1, 1));
        assert_eq!((t.counted(), t.played(), t.desynced()), (3, 4, &[2][..]));
        // (1 + 0.5 + 0) / 3 games with a result.
        assert_eq!(t.score(), Some(0.5));
        assert_eq!((t.row(0), t.row(1)), ([1, 0, 1], [0, 1, 0]));
        assert_eq!(t.by_side(), (1, 1));
        assert_eq!(
            t.endings()
                .get("desynchronised: x (attackers) played a8-b8, ..."),
            Some(&1)
        );
        assert_eq!(t.elo(), estimate(&[1.0, 0.0, 0.5]));
        assert!(t.desync_lines()[0].starts_with("desynchronised: 1 of 4 games (game 2)"));
        // Only desynchronised games: no score at all.
        let mut t = Tally::default();
        t.add(1, true, GameResult::Desync, "y");
        assert_eq!((t.score(), t.elo()), (None, EloEstimate::NoGames));
    }

    #[test]
    fn progress_counts_only_ended_games() {
        let mut t = Tally::default();
        t.add(1, true, GameResult::DefendersWin, "king escaped");
        assert_eq!(t.progress(4), "1/4 games, A: +0 =0 -1");
        t.add(2, false, GameResult::DefendersWin, "king escaped");
        t.add(3, true, GameResult::AttackersWin, "king captured");
        t.add(4, false, GameResult::Draw, "repetition");
        assert_eq!(t.progress(4), "4/4 games, A: +2 =1 -1");
    }
}
