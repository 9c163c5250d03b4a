//! The positions `tafl8 bench nodes` and `bench time` search, and the options that choose them:
//! the start, then the middle of recorded games (so the figures describe real middlegames) or,
//! without records, positions of seeded self-play games.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use tafl8_engine::config::SearchConfig;
use tafl8_engine::record::{parse_move_list, play_record, GameRecord};
use tafl8_engine::{Position, Rules, Status};

use super::search::sample;
use crate::cmd::rules::RulesArgs;

/// The ruleset, the positions and the search config of a benchmark over positions.
#[derive(clap::Args, Debug)]
pub struct CaseArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Positions searched besides the start: the middle position of each game in `--games`
    /// (the first N games of 20 plies or more), else positions from seeded self-play games.
    #[arg(long, default_value_t = 10)]
    positions: usize,
    /// OpenTafl game records (`.otg`, one or more records in the file, as `tafl8 match
    /// --record` writes them; e.g. `docs/strength/games/copenhagen.otg`) to take the positions
    /// from, replayed under the chosen rules.
    #[arg(long, value_name = "FILE")]
    games: Option<PathBuf>,
    /// Seed of the self-play sample (without `--games`).
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// Search config spec (default: the variant's engine).
    #[arg(long, value_name = "SPEC", default_value = "engine")]
    pub(super) config: String,
}

impl CaseArgs {
    /// The rules, the parsed config and the positions.
    pub(super) fn load(&self) -> anyhow::Result<(Arc<Rules>, SearchConfig, Vec<Case>)> {
        let rules = self.rules.load()?;
        let cfg = RulesArgs::config(&rules, &self.config)?;
        let cases = cases(&rules, self.games.as_ref(), self.positions, self.seed)?;
        Ok((rules, cfg, cases))
    }
}

/// One position to search, with where it comes from.
pub(super) struct Case {
    /// `start`, `game K ply P` or `self-play I`.
    pub(super) label: String,
    /// The position, with the game's history.
    pub(super) pos: Position,
}

/// A game's middle position (games shorter than this many plies are skipped).
const MIN_PLIES: usize = 20;

/// The records in `text`: each starts at a line beginning `[event:` (a file without one is one
/// record).
pub(crate) fn split_records(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("[event:") || out.is_empty() {
            out.push(String::new());
        }
        let last = out.last_mut().expect("pushed above");
        last.push_str(line);
        last.push('\n');
    }
    out.retain(|r| !r.trim().is_empty());
    out
}

/// The start, then the middle of each game in `path` that has `MIN_PLIES` plies or more, until
/// `count` are taken; each game is replayed under `rules` with every move and capture checked.
fn from_games(rules: &Arc<Rules>, path: &PathBuf, count: usize) -> anyhow::Result<Vec<Case>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("--games {}", path.display()))?;
    let mut out = vec![Case {
        label: "start".into(),
        pos: Position::start(rules.clone()),
    }];
    for (k, rec) in split_records(&text).iter().enumerate() {
        if out.len() > count {
            break;
        }
        let where_ = || format!("{}: game {}", path.display(), k + 1);
        let g = GameRecord::parse(rec).with_context(where_)?;
        if g.moves.len() < MIN_PLIES {
            continue;
        }
        let list = parse_move_list(rules.geometry(), &g.moves.join(" ")).with_context(where_)?;
        let mut pos = Position::start(rules.clone());
        let ply = list.len() / 2;
        for (i, (tok, r)) in list[..ply].iter().enumerate() {
            play_record(&mut pos, r, i + 1, tok).with_context(|| {
                format!(
                    "{} (its rules are `{}`; give them with --rules)",
                    where_(),
                    g.rules
                )
            })?;
        }
        if pos.status() == Status::Ongoing {
            out.push(Case {
                label: format!("game {} ply {ply}", k + 1),
                pos,
            });
        }
    }
    Ok(out)
}

/// The start and `count` more positions: the middle of the games in `games`, else positions
/// of seeded self-play games.
fn cases(
    rules: &Arc<Rules>,
    games: Option<&PathBuf>,
    count: usize,
    seed: u32,
) -> anyhow::Result<Vec<Case>> {
    Ok(match games {
        Some(path) => from_games(rules, path, count)?,
        None => sample(rules, count, seed)
            .into_iter()
            .enumerate()
            .map(|(i, pos)| Case {
                label: if i == 0 {
                    "start".into()
                } else {
                    format!("self-play {i}")
                },
                pos,
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_split_at_their_event_tags() {
        let text = "[event:a]\n[rules:x]\n1. a1-a2\n\n[event:b]\n[rules:y]\n1. b1-b2\n";
        let r = split_records(text);
        assert_eq!(r.len(), 2);
        assert!(r[0].contains("a1-a2") && !r[0].contains("b1-b2"));
        assert!(r[1].starts_with("[event:b]"));
        assert_eq!(split_records("[rules:x]\n1. a1-a2\n").len(), 1);
    }
}
