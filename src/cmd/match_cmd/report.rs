//! What the match adds up to as it goes (the tally, each engine's figures, the game records,
//! the games for `--json`) and the report at the end: the summary, or one JSON object.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use tafl8_engine::record::GameRecord;

use super::game::{Game, GameResult, Setup};
use super::stats::{EloEstimate, Moves};
use super::tally::Tally;
use super::{record, Options};

/// A game as the match placed it.
pub struct Played<'a> {
    /// Its number (1-based).
    pub n: u32,
    /// Whether player A attacked.
    pub a_attacks: bool,
    /// The attackers' and the defenders' names.
    pub names: &'a [String; 2],
    /// Plies of random opening.
    pub opening: usize,
}

/// The games so far.
pub struct Results {
    tally: Tally,
    moves: Moves,
    records: Vec<GameRecord>,
    /// `--record`, and whether it is rewritten after each game (a file: a match stopped early
    /// keeps its games) or written once at the end (a device or a FIFO).
    record: Option<(PathBuf, bool)>,
    /// Every game, for `--json`.
    games: Vec<serde_json::Value>,
}

impl Results {
    /// Nothing played yet; `--record` is checked now, before the first game.
    pub fn new(opts: &Options) -> anyhow::Result<Results> {
        let record = match &opts.record {
            Some(path) => {
                let way = tafl8_outfile::check(path).context("--record")?;
                Some((path.clone(), way == tafl8_outfile::Way::Replace))
            }
            None => None,
        };
        Ok(Results {
            tally: Tally::default(),
            moves: Moves::default(),
            records: Vec::new(),
            record,
            games: Vec::new(),
        })
    }

    /// The tally so far.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// Counts `game` (`players`: A's and B's names).
    pub fn add(
        &mut self,
        setup: &Setup,
        players: [&String; 2],
        at: &Played,
        game: &Game,
    ) -> anyhow::Result<()> {
        let r = game.result;
        self.tally.add(at.n, at.a_attacks, r, &game.reason);
        for (seat, s) in &game.stats {
            self.moves.add(players[*seat], *s);
        }
        if let Some(otr) = &setup.otr {
            self.records.push(record::game_record(
                setup, at.n, at.names, game, otr, at.opening,
            ));
            if let Some((path, true)) = &self.record {
                record::write_all(path, &self.records)?;
            }
        }
        if setup.opts.json {
            self.games.push(serde_json::json!({
                "game": at.n,
                "attackers": at.names[0],
                "defenders": at.names[1],
                "opening_plies": at.opening,
                "moves": game.records,
                "winner": r.winner(),
                "desynced": r == GameResult::Desync,
                "reason": game.reason,
                "plies": game.moves.len(),
                "ms": game.stats.iter().map(|(_, s)| (s.ms * 10.0).round() / 10.0).collect::<Vec<_>>(),
                "depth": game.stats.iter().map(|(_, s)| s.depth).collect::<Vec<_>>(),
                "nodes": game.stats.iter().map(|(_, s)| s.nodes).collect::<Vec<_>>(),
            }));
        }
        Ok(())
    }

    /// Writes the records that go out once, at the end (a device or a FIFO).
    pub fn write_at_end(&self) -> anyhow::Result<()> {
        match &self.record {
            Some((path, false)) => record::write_all(path, &self.records),
            _ => Ok(()),
        }
    }

    /// Prints the report (`players`: A's and B's names). The exit status is 1 when a game
    /// desynchronised: a disagreement between two rules engines, as a mismatch is for
    /// `tafl8 diff`; the report is whole either way.
    pub fn report(&self, setup: &Setup, players: [&String; 2]) -> anyhow::Result<ExitCode> {
        if setup.opts.json {
            println!(
                "{}",
                serde_json::to_string_pretty(&self.json(setup, players))?
            );
        } else {
            for line in self.summary(setup, players) {
                println!("{line}");
            }
        }
        Ok(if self.tally.desynced().is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        })
    }

    /// The report as one JSON object.
    fn json(&self, setup: &Setup, players: [&String; 2]) -> serde_json::Value {
        let t = &self.tally;
        let (w, d, l) = t.totals();
        // JSON has no infinity: an end that is not a number is `null`; with every game won
        // (lost) the bound of the exact interval is the low (high) end and the estimate `null`.
        let (e, lo, hi) = match t.elo() {
            EloEstimate::Interval { elo, low, high } => (finite(elo), finite(low), finite(high)),
            EloEstimate::AllWon { low, .. } => (None, finite(low), None),
            EloEstimate::AllLost { high, .. } => (None, None, finite(high)),
            EloEstimate::AllDrawn { .. } => (Some(0.0), None, None),
            EloEstimate::NoGames => (None, None, None),
        };
        let (att_wins, def_wins) = t.by_side();
        serde_json::json!({
            "variant": setup.rules.name(),
            "a": players[0],
            "b": players[1],
            "games": t.played(),
            "counted": t.counted(),
            "desynced": t.desynced().len(),
            "desynced_games": t.desynced(),
            "seed": setup.opts.seed,
            "opening_plies": setup.opts.opening_plies,
            "a_wins": w, "draws": d, "a_losses": l,
            "a_as_attackers": t.row(0), "a_as_defenders": t.row(1),
            "attackers_won": att_wins, "defenders_won": def_wins,
            "score": t.score(),
            "elo": e, "elo_low": lo, "elo_high": hi,
            "endings": t.endings(),
            "per_engine": self.moves.json(),
            "game_list": self.games,
        })
    }

    /// The report as lines of text.
    fn summary(&self, setup: &Setup, players: [&String; 2]) -> Vec<String> {
        let t = &self.tally;
        let opts = setup.opts;
        let (w, d, l) = t.totals();
        let mut out = vec![format!(
            "{} games of {}: A = `{}` vs B = `{}` ({} random opening plies, seed {})",
            t.played(),
            setup.rules.name(),
            players[0],
            players[1],
            opts.opening_plies,
            opts.seed
        )];
        let score = match t.score() {
            None => "no game with a result".to_string(),
            Some(s) if !t.desynced().is_empty() => format!(
                "score {:.1}% of the {} games with a result",
                100.0 * s,
                t.counted()
            ),
            Some(s) => format!("score {:.1}%", 100.0 * s),
        };
        out.push(format!("A: {w} wins, {d} draws, {l} losses ({score})"));
        let [a0, a1] = [t.row(0), t.row(1)];
        out.push(format!(
            "  A as attackers: +{} ={} -{}",
            a0[0], a0[1], a0[2]
        ));
        out.push(format!(
            "  A as defenders: +{} ={} -{}",
            a1[0], a1[1], a1[2]
        ));
        if t.counted() > 0 {
            let (att_wins, def_wins) = t.by_side();
            out.push(format!(
                "by side: attackers won {att_wins}, defenders won {def_wins}, draws {d} (attackers scored {:.1}%)",
                100.0 * (att_wins as f64 + d as f64 / 2.0) / t.counted() as f64
            ));
        }
        out.extend(t.desync_lines());
        out.push(t.elo().to_string());
        out.push("per move:".to_string());
        out.extend(self.moves.lines());
        out.push("endings:".to_string());
        out.extend(t.endings().iter().map(|(k, v)| format!("  {v:>4}  {k}")));
        if let Some((p, _)) = &self.record {
            out.push(format!("game records: {}", p.display()));
        }
        out
    }
}

/// JSON has no infinity: an infinite end is `null`.
fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some((v * 10.0).round() / 10.0)
}
