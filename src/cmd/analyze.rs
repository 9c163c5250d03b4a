//! `tafl8 analyze`: search one position and show what the engine thinks, iteration by iteration.

use std::fmt::Write as _;
use std::process::ExitCode;

use std::time::{Duration, Instant};

use anyhow::Context;
use tafl8_diff::cart_player::cart_think;
use tafl8_diff::{CasePos, Target};
use tafl8_engine::config::{SearchConfig, FEATURES, NOT_IN_CART};
use tafl8_engine::diagram::ascii_board;
use tafl8_engine::difficulty::{seeded_rng, think_within, Level};
use tafl8_engine::record::{parse_move_list, play_move_list};
use tafl8_engine::search::{Limits, Searcher, TimeLimit};
use tafl8_engine::{Position, Side};

use super::rules::RulesArgs;

/// Search a position: best move, score, principal variation, nodes and time per iteration.
#[derive(clap::Args, Debug)]
pub struct Options {
    #[command(flatten)]
    rules: RulesArgs,
    /// Position as an OpenTafl string (rank 1 first, e.g. `/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`);
    /// default: the variant's start.
    #[arg(long, value_name = "S")]
    position: Option<String>,
    /// Side to move in the position given (before --moves; default: the variant's first side).
    #[arg(long, value_name = "attackers|defenders")]
    side: Option<Side>,
    /// The game so far: moves played from the start (or from --position), each checked, e.g.
    /// `c1-b1,d6-e6` or an OpenTafl move list (`c1-b1|d6-e6|a3-b3xb2`; spaces, commas and `|`
    /// separate; turn numbers like `1.` are skipped; listed captures must match). The search
    /// knows these positions, so it sees a repetition coming.
    #[arg(long, value_name = "LIST")]
    moves: Option<String>,
    /// Deepest iteration, 1 to 62 plies (default 6, or as deep as the time allows with
    /// --movetime).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=62))]
    depth: Option<u8>,
    /// Node budget (0 = none): the last completed iteration stands when it runs out.
    #[arg(long, default_value_t = 0)]
    nodes: u64,
    /// Wall-clock budget in milliseconds, all of it spent unless the move is forced or the
    /// score decided: the last iteration is cut when it runs out, and its moves that finished
    /// count when the previous best is among them (a `cut` row). The result then depends on
    /// the machine's speed.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Search features as a spec (the text is `config_help`, the names from the engine's list).
    #[arg(long, value_name = "SPEC", help = config_help())]
    config: Option<String>,
    /// The move the cart's difficulty level N (1-5) plays here: the cart itself, built for these
    /// rules and `--config` (its own engine by default), run in the headless runner as the game
    /// runs it (bound by the level's node budget and thinking time), its root margin and seeded
    /// move choice, the king race included; then the engine's search at the nodes the cart
    /// reached, for the root moves it chose among. `--depth`/`--nodes`/`--movetime` are then not
    /// allowed.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=5))]
    level: Option<u8>,
    /// The seed of the level's move choice (`--level`), as the cart seeds its generator.
    #[arg(long, value_name = "SEED", default_value_t = 1, requires = "level")]
    seed: u32,
    /// Print the search tree of the last iteration to N plies: each move with the window it was
    /// searched in, its score and whether it caused a cutoff.
    #[arg(long, value_name = "N", default_value_t = 0)]
    tree: usize,
    /// Print one JSON object (`best` like "d1-d3", `score`, `pv`, `nodes`, `depth`, `ms`,
    /// `iterations`).
    #[arg(long)]
    json: bool,
}

impl Options {
    /// `--config`, or its default: the cart's own engine for a level (`--level` plays the
    /// cart), else the strongest measured for the variant.
    fn config(&self) -> &str {
        match (&self.config, self.level) {
            (Some(c), _) => c,
            (None, Some(_)) => "engine",
            (None, None) => "best",
        }
    }
}

/// `--config`'s help: the feature names from the engine's own list, never retyped.
fn config_help() -> String {
    let in_cart: Vec<&str> = FEATURES
        .iter()
        .copied()
        .filter(|f| !NOT_IN_CART.contains(f))
        .collect();
    format!(
        "Search features as a spec: `best` (the default: the strongest engine measured for the \
         variant, its rules' `[ai] best`, else `engine`), `engine` (the variant's own: what its \
         cart and levels play, `full` unless its rules name another; the default with --level), \
         `full`, `seed` or `bare`, then `+feature`/`-feature` ({}; Rust only, not in the cart: \
         {}), `tt-bits=N`, `qply=N` (quiescence plies), `race=N` (plies of the king race that checks \
         the attackers' choice), `qrace=N` (plies of the race behind one quiet move: the attackers' \
         choices checked and the defenders' proven wins played, in a tenth of a time limit whose \
         unused part goes back to the search; Rust only) \
         and `contempt=N` (what a draw costs the engine; Rust only)",
        in_cart.join(", "),
        NOT_IN_CART.join(", ")
    )
}

/// Runs the analysis.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    let rules = opts.rules.load()?;
    let side = opts.side.unwrap_or(rules.first_side());
    let mut pos = match &opts.position {
        Some(s) => Position::from_string(rules.clone(), s, side)
            .with_context(|| format!("--position `{s}`"))?,
        None => {
            let mut p = Position::start(rules.clone());
            if side != p.side_to_move() {
                p = Position::from_cells(rules.clone(), *p.cells(), side)?;
            }
            p
        }
    };
    // The position the moves start from and the moves, for the cart (`--level`).
    let base = CasePos {
        cells: *pos.cells(),
        side: pos.side_to_move(),
        moves: Vec::new(),
    };
    let mut played = Vec::new();
    if let Some(list) = &opts.moves {
        let before = pos.history().len();
        play_move_list(&mut pos, list).context("--moves")?;
        let recs = parse_move_list(rules.geometry(), list).context("--moves")?;
        played = recs.into_iter().map(|(_, r)| r.mv).collect();
        debug_assert_eq!(pos.history().len() - before, played.len());
    }
    let side = pos.side_to_move();
    // `--rules` may be an OpenTafl string: a preset's game plays the preset's engine.
    let spec = rules.resolve_host_spec(opts.config());
    let cfg = SearchConfig::parse(&spec).context("--config")?;
    let mut searcher = Searcher::new(&rules, cfg);
    searcher.set_trace(opts.tree);
    if let Some(n) = opts.level {
        if opts.depth.is_some() || opts.nodes != 0 || opts.movetime.is_some() {
            anyhow::bail!(
                "--level {n} plays the level's own budget: drop --depth, --nodes and --movetime \
                 (or drop --level to search with them)"
            );
        }
        let at = CasePos {
            moves: played,
            ..base
        };
        return level_report(&opts, n, &mut searcher, &mut pos, &at);
    }
    let time = opts
        .movetime
        .map(|ms| TimeLimit::movetime(Duration::from_millis(ms)));
    let default_depth = if time.is_some() { 62 } else { 6 };
    let limits = Limits {
        depth: opts.depth.unwrap_or(default_depth),
        nodes: opts.nodes,
        time,
    };
    let t0 = Instant::now();
    let r = searcher.decide(&mut pos, limits);
    let guard = searcher.guard_report();
    let race = (cfg.race > 0 && side == Side::Defenders).then(|| {
        let before = searcher.race_nodes();
        let plies = searcher.race_at_root(&mut pos, cfg.race);
        (plies, searcher.race_nodes() - before)
    });
    let elapsed = t0.elapsed();
    let g = rules.geometry();
    let mv = |m: &tafl8_engine::Move| m.display(g);
    let mut o = String::new();
    if opts.json {
        let its: Vec<serde_json::Value> = r
            .iterations
            .iter()
            .map(|i| {
                serde_json::json!({
                    "depth": i.depth,
                    "best": mv(&i.best),
                    "score": i.score.get(),
                    "pv": i.pv.iter().map(mv).collect::<Vec<_>>(),
                    "nodes": i.nodes,
                    "ms": i.time.as_secs_f64() * 1e3,
                    "complete": i.complete,
                })
            })
            .collect();
        let out = serde_json::json!({
            "variant": rules.name(),
            "side": side.name(),
            "best": r.best.as_ref().map(mv),
            "score": r.score.get(),
            "pv": r.pv.iter().map(mv).collect::<Vec<_>>(),
            "nodes": r.nodes,
            "depth": r.depth,
            "ms": elapsed.as_secs_f64() * 1e3,
            "iterations": its,
            "quiet_race": (cfg.quiet_race > 0).then(|| serde_json::json!({
                "checked": guard.checked,
                "proven": guard.proven,
                "unfinished": guard.unfinished,
                "ms": guard.elapsed.as_secs_f64() * 1e3,
            })),
        });
        writeln!(o, "{}", serde_json::to_string_pretty(&out)?)?;
        return emit(&o);
    }
    write!(o, "{}", ascii_board(&pos))?;
    writeln!(o, "{} to move, config `{spec}`", side)?;
    writeln!(
        o,
        "{:>5} {:>8} {:>10} {:>9}  pv",
        "depth", "score", "nodes", "ms"
    )?;
    for i in &r.iterations {
        let pv: Vec<String> = i.pv.iter().map(mv).collect();
        // A cut iteration kept (its best of the moves that finished): `6 cut`.
        let depth = match i.complete {
            true => i.depth.to_string(),
            false => format!("{} cut", i.depth),
        };
        writeln!(
            o,
            "{:>5} {:>8} {:>10} {:>9.1}  {}",
            depth,
            i.score.to_string(),
            i.nodes,
            i.time.as_secs_f64() * 1e3,
            pv.join(" ")
        )?;
    }
    match r.best {
        Some(b) => writeln!(
            o,
            "best {} score {} ({} nodes in total, {:.1} ms)",
            mv(&b),
            r.score,
            r.nodes,
            elapsed.as_secs_f64() * 1e3
        )?,
        None => writeln!(o, "no move: the game is over")?,
    }
    if let Some((plies, nodes)) = race {
        match plies {
            0 => writeln!(
                o,
                "king race ({} plies): no forced escape found ({nodes} nodes)",
                cfg.race
            )?,
            p => writeln!(
                o,
                "king race ({} plies): the king escapes by force within {p} plies ({nodes} nodes)",
                cfg.race
            )?,
        }
    }
    if cfg.quiet_race > 0 && guard.checked > 0 {
        let what = match side {
            Side::Attackers => format!("{} refuted", guard.proven),
            Side::Defenders if guard.proven > 0 => "a proven win found".to_string(),
            Side::Defenders => "no proven win".to_string(),
        };
        writeln!(
            o,
            "quiet race ({} plies): {} root moves checked, {what}{} ({:.1} ms)",
            cfg.quiet_race,
            guard.checked,
            if guard.unfinished {
                ", stopped by its time"
            } else {
                ""
            },
            guard.elapsed.as_secs_f64() * 1e3
        )?;
    }
    if opts.tree > 0 {
        writeln!(
            o,
            "\nsearch tree of the last iteration (window is the mover's view):"
        )?;
        for t in &r.tree {
            writeln!(
                o,
                "{}{} [{}, {}] = {}{}",
                "  ".repeat(t.ply),
                mv(&t.mv),
                t.alpha,
                t.beta,
                t.score,
                if t.cutoff { "  cutoff" } else { "" }
            )?;
        }
    }
    emit(&o)
}

/// `--level N`: the move the cart's level N plays here, and the root moves it chose among.
fn level_report(
    opts: &Options,
    n: u8,
    searcher: &mut Searcher,
    pos: &mut Position,
    at: &CasePos,
) -> anyhow::Result<ExitCode> {
    let mut level = Level::of(pos.rules(), n).context("--level takes 1 to 5")?;
    let rng0 = seeded_rng(opts.seed).state();
    let t0 = Instant::now();
    // The cart itself, as the game runs it (bound by the level's time too), then the engine
    // with the nodes the cart reached: the same choice, with its root scores to show.
    let spec = pos.rules().resolve_host_spec(opts.config());
    let target = Target::new(pos.rules().clone(), &spec).context("building the cart")?;
    let cart = cart_think(&target, at, n, rng0).context("the cart's think")?;
    level.nodes = cart.engine_nodes(&level);
    let mut rng = tafl8_engine::Xorshift32::new(rng0);
    let t = think_within(searcher, pos, &level, level.limits(), &mut rng);
    let elapsed = t0.elapsed();
    if t.mv != cart.mv || rng.state() != cart.rng {
        anyhow::bail!(
            "the cart chose {:?} and the engine with its {} nodes {:?}: please report this \
             position (`tafl8 diff --check think` compares them)",
            cart.mv,
            cart.nodes,
            t.mv
        );
    }
    let g = pos.geometry();
    let mv = |m: &tafl8_engine::Move| m.display(g);
    let r = &t.result;
    let mut o = String::new();
    if opts.json {
        let roots: Vec<serde_json::Value> = r
            .root_scores
            .iter()
            .map(|rs| {
                serde_json::json!({
                    "move": mv(&rs.mv), "score": rs.score.get(), "exact": rs.exact,
                })
            })
            .collect();
        let out = serde_json::json!({
            "variant": pos.rules().name(),
            "side": pos.side_to_move().name(),
            "level": n,
            "seed": opts.seed,
            "config": spec,
            "budget": {"depth": level.depth, "nodes": Level::of(pos.rules(), n).map(|l| l.nodes),
                       "margin": level.margin, "halvings": level.halvings,
                       "seconds": f64::from(level.frames) / 30.0},
            "cart": {"seconds": cart.cpu_frames / 30.0, "nodes": cart.nodes,
                     "timed_out": cart.timed_out},
            "move": t.mv.as_ref().map(mv),
            "best": r.best.as_ref().map(mv),
            "score": r.score.get(),
            "nodes": r.nodes,
            "race_nodes": t.race_nodes,
            "depth": r.depth,
            "ms": elapsed.as_secs_f64() * 1e3,
            "root": roots,
        });
        writeln!(o, "{}", serde_json::to_string_pretty(&out)?)?;
        return emit(&o);
    }
    write!(o, "{}", ascii_board(pos))?;
    let budget = Level::of(pos.rules(), n).map_or(0, |l| l.nodes);
    writeln!(
        o,
        "{} to move; level {n} (depth {}, {budget} nodes or {:.2} PICO-8 s, margin {}, {} \
         halvings), config `{}`, seed {}",
        pos.side_to_move(),
        level.depth,
        f64::from(level.frames) / 30.0,
        level.margin,
        level.halvings,
        spec,
        opts.seed
    )?;
    writeln!(
        o,
        "the cart thought {:.2} PICO-8 s ({}): depth {}, {} nodes, {} race nodes ({:.1} ms here)",
        cart.cpu_frames / 30.0,
        if cart.timed_out {
            "its time stopped it"
        } else {
            "within its time"
        },
        r.depth,
        r.nodes,
        t.race_nodes,
        elapsed.as_secs_f64() * 1e3
    )?;
    let mut roots: Vec<_> = r.root_scores.iter().collect();
    roots.sort_by_key(|rs| std::cmp::Reverse(rs.score));
    writeln!(
        o,
        "root moves, best first (at most 10; `<=` an upper bound):"
    )?;
    for rs in roots.iter().take(10) {
        let bound = if rs.exact { "  " } else { "<=" };
        writeln!(o, "  {:>8} {bound} {}", mv(&rs.mv), rs.score)?;
    }
    match t.mv {
        Some(m) => writeln!(o, "level {n} plays {}", mv(&m))?,
        None => writeln!(o, "no move: the game is over")?,
    }
    emit(&o)
}

/// Writes the report; a closed pipe (`| head`) is not an error.
fn emit(text: &str) -> anyhow::Result<ExitCode> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(ExitCode::SUCCESS),
    }
}
