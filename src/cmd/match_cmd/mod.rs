//! `tafl8 match`: two players, tafl8 configurations or outside OTEP engines, play pairs of
//! games from the same random openings with the sides swapped; tafl8 referees every move and
//! prints W/D/L, each side's results, an Elo difference with a 95% interval, and each engine's
//! time and depth per move. Files: `game` (one game), `player` (who plays), `external` (an OTEP
//! engine process), `verdict` (what an engine's move means), `stats` and `tally` (the sums),
//! `record` (the game records); the clock is the engine's (`tafl8_engine::clock`).

mod external;
mod game;
mod player;
mod record;
mod report;
mod stats;
mod tally;
mod turn;
mod verdict;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use tafl8_engine::clock::TimeControl;
use tafl8_engine::{Rules, Side, Xorshift32};

use super::rules::RulesArgs;
use external::External;
use game::{opening, play_game, Setup};
use player::{parse_internal, Player, Seat};
use report::{Played, Results};

/// Play two engines against each other and estimate the Elo difference.
///
/// A tafl8 player is a spec: a search config (`engine`, the variant's own and the default;
/// `best`, the strongest measured for the variant, as `tafl8 otep` plays it; both the preset's
/// under an OpenTafl rules string of its game; or `full`, `seed`, `bare`; then
/// `+feature`/`-feature`)
/// and optional `nodes=N`, `depth=N`, `movetime=MS`, `level=L`, `cart=L`, `w.WEIGHT=V` (an
/// evaluation weight, for tuning), `pst=FILE` (piece-square tables fitted by `tafl8 tune`,
/// added to the evaluation's; Rust only) or `book` (play from the variant's opening book while the
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
    let otr = rules_string(&opts, &rules)?;
    let mut seats = make_seats(&opts, &rules)?;
    start_engines(&mut seats, &opts, &rules, otr.as_deref())?;
    let setup = Setup {
        rules: &rules,
        otr,
        opts: &opts,
    };
    let mut results = Results::new(&opts)?;
    play_pairs(&setup, &mut seats, &mut results)?;
    results.write_at_end()?;
    for s in &mut seats {
        if let Player::External(e) = &mut s.player {
            e.stop();
        }
    }
    results.report(&setup, [&seats[0].name, &seats[1].name])
}

/// The rules as an OpenTafl rules string, when an outside engine must be told them or a game
/// record names them.
fn rules_string(opts: &Options, rules: &Rules) -> anyhow::Result<Option<String>> {
    if opts.a_cmd.is_none() && opts.b_cmd.is_none() && opts.record.is_none() {
        return Ok(None);
    }
    Ok(Some(rules.to_otr().context(
        "the engines are told the rules, and game records name them, as an OpenTafl rules string",
    )?))
}

/// Players A and B (told apart by their names when both have the same).
fn make_seats(opts: &Options, rules: &Rules) -> anyhow::Result<[Seat; 2]> {
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
            rules,
        )
        .context("player A")?,
        seat(
            opts.b.as_ref(),
            opts.b_cmd.as_ref(),
            opts.b_name.as_ref(),
            nodes,
            log("B"),
            rules,
        )
        .context("player B")?,
    ];
    if seats[0].name == seats[1].name {
        seats[0].name.push_str(" (A)");
        seats[1].name.push_str(" (B)");
    }
    let externals = opts.a_cmd.is_some() || opts.b_cmd.is_some();
    if cfg!(debug_assertions) && !externals {
        eprintln!("warning: debug build; matches are much faster with --release");
    }
    Ok(seats)
}

/// Starts the outside engines (OpenTafl's with its uncounted warm-up searches).
fn start_engines(
    seats: &mut [Seat; 2],
    opts: &Options,
    rules: &Rules,
    otr: Option<&str>,
) -> anyhow::Result<()> {
    for s in seats {
        if let Player::External(e) = &mut s.player {
            e.ensure().map_err(|f| anyhow::anyhow!("{}: {f}", s.name))?;
            if e.opentafl && opts.warmup > 0 {
                warm_up(
                    e,
                    otr.unwrap_or_default(),
                    rules.first_side(),
                    opts.warmup,
                    Duration::from_secs(opts.move_timeout),
                )?;
            }
        }
    }
    Ok(())
}

/// Plays the games, a pair per random opening (A attacks, then defends), with a progress bar.
fn play_pairs(setup: &Setup, seats: &mut [Seat; 2], results: &mut Results) -> anyhow::Result<()> {
    let opts = setup.opts;
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
    bar.set_message(results.tally().progress(2 * pairs));
    let mut rng = Xorshift32::new(opts.seed);
    for pair in 0..pairs {
        let open = opening(setup.rules, opts.opening_plies, &mut rng);
        for (i, a_attacks) in [true, false].into_iter().enumerate() {
            let seed = opts
                .seed
                .wrapping_mul(7919)
                .wrapping_add(pair * 2 + i as u32);
            let [a, b] = &mut *seats;
            let (order, who) = if a_attacks {
                ([a, b], [0, 1])
            } else {
                ([b, a], [1, 0])
            };
            let names = [order[0].name.clone(), order[1].name.clone()];
            let game = play_game(setup, order, who, &open, seed)?;
            let n = 2 * pair + i as u32 + 1;
            if opts.show_games {
                bar.suspend(|| {
                    println!(
                        "game {n} (A {}): {:?} in {} plies ({}): {}",
                        if a_attacks { "attacks" } else { "defends" },
                        game.result,
                        game.moves.len(),
                        game.reason,
                        game.moves.join(" ")
                    )
                });
            }
            let players = [&seats[0].name, &seats[1].name];
            let played = Played {
                n,
                a_attacks,
                names: &names,
                opening: open.len(),
            };
            results.add(setup, players, &played, &game)?;
            bar.inc(1);
            bar.set_message(results.tally().progress(2 * pairs));
        }
    }
    bar.finish_and_clear();
    Ok(())
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
