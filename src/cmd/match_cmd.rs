//! `tafl8 match`: two engine configurations play each other, alternating sides, from varied
//! openings; prints W/D/L, each side's results and an Elo difference with a 95% interval.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context};
use tafl8_engine::book::Book;
use tafl8_engine::difficulty::{self, Level};
use tafl8_engine::eval::{Weights, WEIGHTS, WEIGHT_NAMES};
use tafl8_engine::search::{Limits, SearchConfig, Searcher};
use tafl8_engine::{Move, MoveList, Position, Rules, Side, Xorshift32};

use super::rules::RulesArgs;

/// Play two engine configurations against each other and estimate the Elo difference.
///
/// A player is a spec: a search config (`full`, `seed`, `bare`, then `+feature`/`-feature`) and
/// optional `nodes=N`, `depth=N`, `level=L`, `w.WEIGHT=V` (an evaluation weight, for tuning) or
/// `book` (play from the variant's opening book while the position is in it) items, e.g. `full,nodes=20000`, `seed`, `full,-killers`, `level=3,book`. Games come in pairs: the same random opening (see --opening-plies)
/// is played twice with the sides swapped, so neither player gets the easier side more often.
#[derive(clap::Args, Debug)]
pub struct Options {
    #[command(flatten)]
    rules: RulesArgs,
    /// Player A.
    #[arg(long, value_name = "CFG")]
    a: String,
    /// Player B.
    #[arg(long, value_name = "CFG")]
    b: String,
    /// Number of games (rounded up to an even number: games come in pairs).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Node budget per move for players without their own `nodes=`.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Random plies played from the start before the engines take over (varied openings).
    #[arg(long, default_value_t = 2)]
    opening_plies: u32,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 200)]
    max_plies: u16,
    /// Seed of the opening and difficulty choices (same seed, same games).
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// No progress bar (for logs).
    #[arg(long)]
    quiet: bool,
    /// Print every game's moves and result.
    #[arg(long)]
    show_games: bool,
}

/// One player: a search config, limits, and optionally a difficulty level's move choice.
#[derive(Clone, Debug)]
struct Player {
    cfg: SearchConfig,
    weights: Weights,
    limits: Limits,
    level: Option<Level>,
    book: bool,
}

fn parse_player(spec: &str, default_nodes: u64) -> anyhow::Result<Player> {
    let mut limits = Limits::nodes(default_nodes);
    let mut level = None;
    let mut book = false;
    let mut weights = WEIGHTS;
    let mut cfg_items = Vec::new();
    for item in spec.split(',').map(str::trim) {
        if item == "book" {
            book = true;
            continue;
        }
        match item.split_once('=') {
            Some(("nodes", v)) => limits.nodes = v.parse().with_context(|| format!("`{item}`"))?,
            Some(("depth", v)) => limits.depth = v.parse().with_context(|| format!("`{item}`"))?,
            Some((w, v)) if w.starts_with("w.") => {
                let v: i16 = v
                    .parse()
                    .with_context(|| format!("`{item}`: a weight is an integer"))?;
                if !weights.set(&w[2..], v) {
                    bail!(
                        "`{item}`: no weight `{}`; the weights are {}",
                        &w[2..],
                        WEIGHT_NAMES.join(", ")
                    );
                }
            }
            Some(("level", v)) => {
                let n: u8 = v.parse().with_context(|| format!("`{item}`"))?;
                let l = Level::get(n).with_context(|| format!("`{item}`: levels are 1 to 5"))?;
                limits = l.limits();
                level = Some(l);
            }
            _ => cfg_items.push(item),
        }
    }
    if cfg_items.is_empty() || cfg_items[0].starts_with(['+', '-']) || cfg_items[0].contains('=') {
        cfg_items.insert(0, "full");
    }
    let cfg = SearchConfig::parse(&cfg_items.join(","))
        .with_context(|| format!("player spec `{spec}`"))?;
    Ok(Player {
        cfg,
        weights,
        limits,
        level,
        book,
    })
}

/// Result of one game from the attackers' point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum GameResult {
    AttackersWin,
    DefendersWin,
    Draw,
}

fn play_game(
    rules: &Arc<Rules>,
    attackers: &Player,
    defenders: &Player,
    opening: &[Move],
    max_plies: u16,
    seed: u32,
    moves: &mut Vec<String>,
) -> anyhow::Result<GameResult> {
    let mut pos = Position::start(rules.clone());
    for &m in opening {
        pos.play(m)?;
    }
    let mut sa = Searcher::with_weights(rules, attackers.cfg, &attackers.weights);
    let mut sd = Searcher::with_weights(rules, defenders.cfg, &defenders.weights);
    let mut rng = difficulty::seeded_rng(seed);
    let book = Book::builtin(rules);
    loop {
        if let Some(o) = pos.outcome() {
            return Ok(match o.winner {
                Some(Side::Attackers) => GameResult::AttackersWin,
                Some(Side::Defenders) => GameResult::DefendersWin,
                None => GameResult::Draw,
            });
        }
        if pos.ply() >= max_plies {
            return Ok(GameResult::Draw);
        }
        let (player, searcher) = match pos.side_to_move() {
            Side::Attackers => (attackers, &mut sa),
            Side::Defenders => (defenders, &mut sd),
        };
        let from_book = match (&book, player.book) {
            (Some(b), true) => b.choose(&pos, &mut rng),
            _ => None,
        };
        let mv = match (from_book, &player.level) {
            (Some(m), _) => Some(m),
            (None, Some(l)) => difficulty::think(searcher, &mut pos, l, &mut rng),
            (None, None) => searcher.search(&mut pos, player.limits).best,
        };
        let Some(mv) = mv else {
            bail!("the engine found no move in an ongoing game")
        };
        moves.push(mv.display(rules.geometry()));
        pos.play(mv)?;
    }
}

/// A random opening of `plies` moves from the start (reproducible from the rng).
fn opening(rules: &Arc<Rules>, plies: u32, rng: &mut Xorshift32) -> Vec<Move> {
    let mut pos = Position::start(rules.clone());
    let mut list = MoveList::new();
    let mut out = Vec::new();
    for _ in 0..plies {
        pos.gen_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let m = list.as_slice()[rng.below(list.len() as u16) as usize];
        let undo = pos.make(m);
        if pos.outcome().is_some() {
            // Openings never end the game: the engines should play it.
            pos.unmake(&undo);
            break;
        }
        out.push(m);
    }
    out
}

/// Elo difference for a score fraction (infinite at 0 or 1).
fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// Elo estimate and 95% interval from per-game scores (1, 0.5, 0) by the normal approximation
/// of the mean score.
pub fn elo_interval(scores: &[f64]) -> (f64, f64, f64) {
    let n = scores.len().max(1) as f64;
    let p = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - p) * (s - p)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    (elo(p), elo(p - 1.96 * se), elo(p + 1.96 * se))
}

/// Runs the match.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    let rules = opts.rules.load()?;
    let a = parse_player(&opts.a, opts.nodes).context("--a")?;
    let b = parse_player(&opts.b, opts.nodes).context("--b")?;
    if cfg!(debug_assertions) {
        eprintln!("warning: debug build; matches are much faster with --release");
    }
    let pairs = opts.games.div_ceil(2).max(1);
    let bar = if opts.quiet {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(2 * pairs as u64)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games {msg} [{elapsed}<{eta}]",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut rng = Xorshift32::new(opts.seed);
    // [a as attackers, a as defenders] x [a wins, draws, b wins]
    let mut table = [[0u32; 3]; 2];
    let mut scores = Vec::new();
    for pair in 0..pairs {
        let open = opening(&rules, opts.opening_plies, &mut rng);
        for (i, a_attacks) in [true, false].into_iter().enumerate() {
            let (att, def) = if a_attacks { (&a, &b) } else { (&b, &a) };
            let seed = opts
                .seed
                .wrapping_mul(7919)
                .wrapping_add(pair * 2 + i as u32);
            let mut moves: Vec<String> = open.iter().map(|m| m.display(rules.geometry())).collect();
            let r = play_game(&rules, att, def, &open, opts.max_plies, seed, &mut moves)?;
            if opts.show_games {
                bar.suspend(|| {
                    println!(
                        "game {} (A {}): {r:?} in {} plies: {}",
                        2 * pair + i as u32 + 1,
                        if a_attacks { "attacks" } else { "defends" },
                        moves.len(),
                        moves.join(" ")
                    )
                });
            }
            let a_score = match (r, a_attacks) {
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
            table[i][col] += 1;
            scores.push(a_score);
            let (w, d, l) = totals(&table);
            bar.set_message(format!("A: +{w} ={d} -{l}"));
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    let (w, d, l) = totals(&table);
    let (e, lo, hi) = elo_interval(&scores);
    println!(
        "{} games of {}: A = `{}` vs B = `{}` ({} random opening plies, seed {})",
        scores.len(),
        rules.name(),
        opts.a,
        opts.b,
        opts.opening_plies,
        opts.seed
    );
    println!(
        "A: {w} wins, {d} draws, {l} losses (score {:.1}%)",
        100.0 * (w as f64 + d as f64 / 2.0) / scores.len() as f64
    );
    println!(
        "  A as attackers: +{} ={} -{}",
        table[0][0], table[0][1], table[0][2]
    );
    println!(
        "  A as defenders: +{} ={} -{}",
        table[1][0], table[1][1], table[1][2]
    );
    let att_wins = table[0][0] + table[1][2];
    let def_wins = table[0][2] + table[1][0];
    println!(
        "by side: attackers won {att_wins}, defenders won {def_wins}, draws {d} (attackers scored {:.1}%)",
        100.0 * (att_wins as f64 + d as f64 / 2.0) / scores.len() as f64
    );
    println!("Elo(A - B) = {e:+.0}, 95% interval [{lo:+.0}, {hi:+.0}]");
    Ok(ExitCode::SUCCESS)
}

fn totals(t: &[[u32; 3]; 2]) -> (u32, u32, u32) {
    (t[0][0] + t[1][0], t[0][1] + t[1][1], t[0][2] + t[1][2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_by_hand() {
        // 75% score: -400 log10(1/0.75 - 1) = -400 log10(1/3) = +190.8.
        let (e, lo, hi) = elo_interval(&[1.0, 1.0, 1.0, 0.0]);
        assert!((e - 190.85).abs() < 0.1, "{e}");
        assert!(lo < e && e < hi);
        assert_eq!(elo_interval(&[0.5, 0.5]).0, 0.0);
        assert_eq!(elo(1.0), f64::INFINITY);
    }

    #[test]
    fn player_specs() {
        let p = parse_player("seed,nodes=300", 5000).unwrap();
        assert_eq!((p.cfg, p.limits.nodes), (SearchConfig::SEED, 300));
        let p = parse_player("level=2", 5000).unwrap();
        assert_eq!(p.level.unwrap().level, 2);
        assert!(!parse_player("-killers", 10).unwrap().cfg.killers);
        assert!(parse_player("level=9", 1).is_err());
        assert!(parse_player("seed,book", 1).unwrap().book);
        assert!(parse_player("fast", 1).is_err());
    }
}
