//! `tafl8 match`: two players, tafl8 configurations or outside OTEP engines, play pairs of
//! games from the same random openings with the sides swapped; tafl8 referees every move and
//! prints W/D/L, each side's results, an Elo difference with a 95% interval, and each engine's
//! time and depth per move. Files: `game` (one game), `player` (who plays), `external` (an OTEP
//! engine process), `gameclock` (the referee's clock), `stats` (the sums), `record` (the game
//! records).

mod external;
mod game;
mod gameclock;
mod player;
mod record;
mod stats;
mod tally;
mod verdict;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use tafl8_engine::{Rules, Side, Xorshift32};

use super::rules::RulesArgs;
use external::External;
use game::{opening, play_game, GameResult, Seat, Setup};
use gameclock::TimeControl;
use player::{parse_internal, Player};
use stats::{EloEstimate, Moves};
use tally::Tally;

/// Play two engines against each other and estimate the Elo difference.
///
/// A tafl8 player is a spec: a search config (`engine`, the variant's own and the default, or
/// `full`, `seed`, `bare`; then `+feature`/`-feature`)
/// and optional `nodes=N`, `depth=N`, `movetime=MS`, `level=L`, `cart=L`, `w.WEIGHT=V` (an
/// evaluation weight, for tuning) or `book` (play from the variant's opening book while the
/// position is in it) items, e.g. `full,nodes=20000`, `seed`, `full,-killers`, `level=3,book`.
/// `level=L` is the engine at difficulty level L's node budget and move choice; `cart=L` is the
/// cart itself playing level L, run in the headless runner as the game runs it, bound by the
/// level's thinking time too (slower to play; what a PICO-8 player meets). An outside engine speaking OTEP (OpenTafl's engine
/// protocol) is a shell command: `--b-cmd "tafl8 otep --movetime 2000"`, or OpenTafl's AI (see
/// docs/otep.md); tafl8 referees its moves (an unreadable move, a crash or no move in time
/// loses the game) and tells it the rules as an OpenTafl rules string. A move that is illegal
/// on the referee's board, or whose listed captures (`e7-a7xa8/a9`) are not the ones it makes
/// there, shows that the engine's board has parted from the referee's: the game is
/// desynchronised, has no result, is left out of W/D/L, score and Elo, and reported apart;
/// the exit status is then 1. Games come in pairs: the same
/// random opening (see --opening-plies) is played twice with the sides swapped, so neither
/// player gets the easier side more often.
#[derive(clap::Args, Debug)]
pub struct Options {
    #[command(flatten)]
    rules: RulesArgs,
    /// Player A: a tafl8 spec.
    #[arg(long, value_name = "CFG", required_unless_present = "a_cmd")]
    a: Option<String>,
    /// Player A: an OTEP engine command (run with `sh -c`), instead of --a.
    #[arg(long, value_name = "CMD", conflicts_with = "a")]
    a_cmd: Option<String>,
    /// Player A's name in reports and game records (default: its spec or command).
    #[arg(long, value_name = "NAME")]
    a_name: Option<String>,
    /// Player B: a tafl8 spec.
    #[arg(long, value_name = "CFG", required_unless_present = "b_cmd")]
    b: Option<String>,
    /// Player B: an OTEP engine command (run with `sh -c`), instead of --b.
    #[arg(long, value_name = "CMD", conflicts_with = "b")]
    b_cmd: Option<String>,
    /// Player B's name in reports and game records.
    #[arg(long, value_name = "NAME")]
    b_name: Option<String>,
    /// Number of games, at least 1 (rounded up to an even number: games come in pairs).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Node budget per move for tafl8 players without their own `nodes=` (default 5000, or
    /// none with --movetime or --clock).
    #[arg(long)]
    nodes: Option<u64>,
    /// Wall-clock budget per move for tafl8 players without their own `movetime=`, in
    /// milliseconds (the games then depend on the machine's speed). An OTEP engine's own time
    /// is set on its command line, or by --clock.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// A game clock for both players, `MAIN[+INC][/PERIODxCOUNT]` in seconds (e.g. `60+1`,
    /// `300/10x3`), kept by the referee as OpenTafl keeps one: OTEP engines get `clock` lines,
    /// tafl8 players budget from it, and a player whose time runs out loses.
    #[arg(long, value_name = "TC")]
    clock: Option<TimeControl>,
    /// Seconds an OTEP engine may take for a move when there is no game clock.
    #[arg(long, value_name = "S", default_value_t = 60)]
    move_timeout: u64,
    /// Uncounted searches an OpenTafl engine makes before the match (its JIT is slow at first).
    #[arg(long, value_name = "N", default_value_t = 4)]
    warmup: u32,
    /// Random plies played from the start before the engines take over (varied openings).
    #[arg(long, default_value_t = 2)]
    opening_plies: u32,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 200)]
    max_plies: u16,
    /// Seed of the opening and difficulty choices (same seed, same games).
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// Write every game, in OpenTafl's game record notation, to FILE (a file is rewritten after
    /// each game; a FIFO, a device or /dev/stdout gets them once, at the end).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Keep a transcript of each OTEP engine's session in DIR.
    #[arg(long, value_name = "DIR")]
    log_dir: Option<PathBuf>,
    /// Print one JSON object at the end: the summary and every game.
    #[arg(long)]
    json: bool,
    /// No progress bar (for logs).
    #[arg(long)]
    quiet: bool,
    /// Print every game's moves and result.
    #[arg(long)]
    show_games: bool,
}

/// Makes a seat from the options.
fn seat(
    spec: Option<&String>,
    cmd: Option<&String>,
    name: Option<&String>,
    nodes: u64,
    log: Option<PathBuf>,
    rules: &Rules,
) -> anyhow::Result<Seat> {
    Ok(match (spec, cmd) {
        (_, Some(cmd)) => {
            let name = name.cloned().unwrap_or_else(|| cmd.clone());
            Seat {
                player: Player::External(External::new(name.clone(), cmd.clone(), log)),
                name,
            }
        }
        (Some(spec), None) => Seat {
            player: Player::Internal(parse_internal(spec, nodes, rules)?),
            name: name.cloned().unwrap_or_else(|| spec.clone()),
        },
        (None, None) => bail!("give a tafl8 spec or an engine command"),
    })
}

/// OpenTafl's engine starts slowly (a cold JIT): a few searches from the start, not counted.
fn warm_up(
    e: &mut External,
    otr: &str,
    first: Side,
    n: u32,
    timeout: Duration,
) -> anyhow::Result<()> {
    for _ in 0..n {
        e.send(&format!("rules {otr}"))
            .and_then(|()| e.send(&format!("play {first}")))
            .and_then(|()| e.wait_move(Instant::now() + timeout))
            .and_then(|_| e.settle())
            .and_then(|()| e.send("finish 0"))
            .map_err(|f| anyhow::anyhow!("{}: warm-up search: {f}", e.name))?;
    }
    Ok(())
}

/// Runs the match.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    let rules = opts.rules.load()?;
    let externals = opts.a_cmd.is_some() || opts.b_cmd.is_some();
    let otr = if externals || opts.record.is_some() {
        Some(rules.to_otr().context(
            "the engines are told the rules, and game records name them, as an OpenTafl rules string",
        )?)
    } else {
        None
    };
    if let Some(d) = &opts.log_dir {
        std::fs::create_dir_all(d).with_context(|| format!("--log-dir {}", d.display()))?;
    }
    let log = |n: &str| opts.log_dir.as_ref().map(|d| d.join(format!("{n}.log")));
    let timed = opts.movetime.is_some() || opts.clock.is_some();
    let nodes = opts.nodes.unwrap_or(if timed { 0 } else { 5000 });
    let mut seats = [
        seat(
            opts.a.as_ref(),
            opts.a_cmd.as_ref(),
            opts.a_name.as_ref(),
            nodes,
            log("A"),
            &rules,
        )
        .context("player A")?,
        seat(
            opts.b.as_ref(),
            opts.b_cmd.as_ref(),
            opts.b_name.as_ref(),
            nodes,
            log("B"),
            &rules,
        )
        .context("player B")?,
    ];
    if seats[0].name == seats[1].name {
        seats[0].name.push_str(" (A)");
        seats[1].name.push_str(" (B)");
    }
    if cfg!(debug_assertions) && !externals {
        eprintln!("warning: debug build; matches are much faster with --release");
    }
    for s in &mut seats {
        if let Player::External(e) = &mut s.player {
            e.ensure().map_err(|f| anyhow::anyhow!("{}: {f}", s.name))?;
            if e.opentafl && opts.warmup > 0 {
                let otr = otr.as_deref().unwrap_or_default();
                warm_up(
                    e,
                    otr,
                    rules.first_side(),
                    opts.warmup,
                    Duration::from_secs(opts.move_timeout),
                )?;
            }
        }
    }
    let setup = Setup {
        rules: &rules,
        otr,
        opts: &opts,
    };
    let pairs = opts.games.div_ceil(2);
    let bar = if opts.quiet {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(2 * pairs as u64)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(PROGRESS_TEMPLATE)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut tally = Tally::default();
    bar.set_message(tally.progress(2 * pairs));
    let mut rng = Xorshift32::new(opts.seed);
    let mut moves = Moves::default();
    let mut records = Vec::new();
    // Checked before the first game; a file is rewritten after each game (a match stopped
    // early keeps its games), a device or a FIFO written once at the end.
    let record_as_we_go = match &opts.record {
        Some(path) => {
            tafl8_outfile::check(path).context("--record")? == tafl8_outfile::Way::Replace
        }
        None => false,
    };
    let mut games_json = Vec::new();
    for pair in 0..pairs {
        let open = opening(&rules, opts.opening_plies, &mut rng);
        for (i, a_attacks) in [true, false].into_iter().enumerate() {
            let seed = opts
                .seed
                .wrapping_mul(7919)
                .wrapping_add(pair * 2 + i as u32);
            let [a, b] = &mut seats;
            let (order, who) = if a_attacks {
                ([a, b], [0, 1])
            } else {
                ([b, a], [1, 0])
            };
            let names = [order[0].name.clone(), order[1].name.clone()];
            let game = play_game(&setup, order, who, &open, seed)?;
            let n = 2 * pair + i as u32 + 1;
            let r = game.result;
            if opts.show_games {
                bar.suspend(|| {
                    println!(
                        "game {n} (A {}): {r:?} in {} plies ({}): {}",
                        if a_attacks { "attacks" } else { "defends" },
                        game.moves.len(),
                        game.reason,
                        game.moves.join(" ")
                    )
                });
            }
            tally.add(n, a_attacks, r, &game.reason);
            for (seat_ix, s) in &game.stats {
                moves.add(&seats[*seat_ix].name, *s);
            }
            if let Some(otr) = &setup.otr {
                records.push(record::game_record(
                    &setup,
                    n,
                    &names,
                    &game,
                    otr,
                    open.len(),
                ));
                if let Some(path) = opts.record.as_ref().filter(|_| record_as_we_go) {
                    record::write_all(path, &records)?;
                }
            }
            if opts.json {
                games_json.push(serde_json::json!({
                    "game": n,
                    "attackers": names[0],
                    "defenders": names[1],
                    "opening_plies": open.len(),
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
            bar.inc(1);
            bar.set_message(tally.progress(2 * pairs));
        }
    }
    bar.finish_and_clear();
    if let Some(path) = opts.record.as_ref().filter(|_| !record_as_we_go) {
        record::write_all(path, &records)?;
    }
    for s in &mut seats {
        if let Player::External(e) = &mut s.player {
            e.stop();
        }
    }
    let (w, d, l) = tally.totals();
    // JSON has no infinity: an end that is not a number is `null`; with every game won (lost)
    // the bound of the exact interval is the low (high) end and the estimate `null`.
    let (e, lo, hi) = match tally.elo() {
        EloEstimate::Interval { elo, low, high } => (finite(elo), finite(low), finite(high)),
        EloEstimate::AllWon { low, .. } => (None, finite(low), None),
        EloEstimate::AllLost { high, .. } => (None, None, finite(high)),
        EloEstimate::AllDrawn { .. } => (Some(0.0), None, None),
        EloEstimate::NoGames => (None, None, None),
    };
    let (att_wins, def_wins) = tally.by_side();
    let desynced = !tally.desynced().is_empty();
    // A desynchronised game is a disagreement between two rules engines, as a mismatch is for
    // `tafl8 diff`: the report is whole, and the exit status says it.
    let status = if desynced {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    };
    if opts.json {
        let out = serde_json::json!({
            "variant": rules.name(),
            "a": seats[0].name,
            "b": seats[1].name,
            "games": tally.played(),
            "counted": tally.counted(),
            "desynced": tally.desynced().len(),
            "desynced_games": tally.desynced(),
            "seed": opts.seed,
            "opening_plies": opts.opening_plies,
            "a_wins": w, "draws": d, "a_losses": l,
            "a_as_attackers": tally.row(0), "a_as_defenders": tally.row(1),
            "attackers_won": att_wins, "defenders_won": def_wins,
            "score": tally.score(),
            "elo": e, "elo_low": lo, "elo_high": hi,
            "endings": tally.endings(),
            "per_engine": moves.json(),
            "game_list": games_json,
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(status);
    }
    println!(
        "{} games of {}: A = `{}` vs B = `{}` ({} random opening plies, seed {})",
        tally.played(),
        rules.name(),
        seats[0].name,
        seats[1].name,
        opts.opening_plies,
        opts.seed
    );
    let counted = tally.counted() as f64;
    let score = match tally.score() {
        None => "no game with a result".to_string(),
        Some(s) if desynced => format!(
            "score {:.1}% of the {} games with a result",
            100.0 * s,
            tally.counted()
        ),
        Some(s) => format!("score {:.1}%", 100.0 * s),
    };
    println!("A: {w} wins, {d} draws, {l} losses ({score})");
    let [a0, a1] = [tally.row(0), tally.row(1)];
    println!("  A as attackers: +{} ={} -{}", a0[0], a0[1], a0[2]);
    println!("  A as defenders: +{} ={} -{}", a1[0], a1[1], a1[2]);
    if counted > 0.0 {
        println!(
            "by side: attackers won {att_wins}, defenders won {def_wins}, draws {d} (attackers scored {:.1}%)",
            100.0 * (att_wins as f64 + d as f64 / 2.0) / counted
        );
    }
    for line in tally.desync_lines() {
        println!("{line}");
    }
    println!("{}", tally.elo());
    println!("per move:");
    for line in moves.lines() {
        println!("{line}");
    }
    println!("endings:");
    for (k, v) in tally.endings() {
        println!("  {v:>4}  {k}");
    }
    if let Some(p) = &opts.record {
        println!("game records: {}", p.display());
    }
    Ok(status)
}

/// JSON has no infinity: an infinite end is `null`.
fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some((v * 10.0).round() / 10.0)
}

/// The progress line: the games counted in the message are the games in its tally, so it never
/// shows a result before that game has ended (the bar's own position may run ahead of it).
const PROGRESS_TEMPLATE: &str = "{bar:40} {msg} [{elapsed}<{eta}]";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_bar_shows_no_position_of_its_own() {
        // The count comes from the message, made from the tally, never from the bar's position
        // (which was drawn ahead of or behind the tally: "0/2 games A: +0 =0 -1").
        // The message's tally is checked in `tally`.
        assert!(!PROGRESS_TEMPLATE.contains("{pos}"));
    }
}
