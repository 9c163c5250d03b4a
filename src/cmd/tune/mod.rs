//! `tafl8 tune`: piece-square tables fitted to game records (Rust only).

mod fit;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context};
use tafl8_engine::config::SearchConfig;
use tafl8_engine::eval::fitted::{FittedTables, FITTED_MAX};
use tafl8_engine::eval::{evaluate_for_defenders, Evaluator};
use tafl8_engine::record::{parse_move_list, play_record, GameRecord};
use tafl8_engine::{Geometry, Position, Rules, Status, ATTACKER, DEFENDER, KING};

use crate::cmd::bench::split_records;
use crate::cmd::rules::RulesArgs;
use fit::Sample;

/// Fit piece-square tables to game records (Rust only: the cart never plays them).
///
/// Every position of every game (after the random opening plies) is a sample whose label is the
/// game's result for the defenders; the fit finds table values that, added to the engine's
/// evaluation, best predict those results (a logistic model, mean squared error, L2 penalty:
/// Texel tuning). On a board symmetric under its 8 rotations and reflections (every preset but
/// ziege) the squares of one orbit share a value. Every `--holdout`-th game is left out of the
/// fit and reported apart, so an over-fit shows. The errors "before" are the evaluation's
/// alone, with its best scale and intercept (how often each side wins whatever the position). A match player loads the result with
/// `pst=FILE` (`tafl8 match --a best,pst=FILE`).
#[derive(clap::Args, Debug)]
pub struct Options {
    #[command(flatten)]
    rules: RulesArgs,
    /// Game records (`.otg`, one or more records a file, as `tafl8 match --record` writes
    /// them); games that do not replay under the rules, or have no result, are skipped and
    /// counted.
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    games: Vec<PathBuf>,
    /// Where to write the tables (written whole or not at all).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The evaluation the tables are added to (a search config spec; its evaluation terms).
    #[arg(long, value_name = "SPEC", default_value = "best")]
    config: String,
    /// Every Nth game is held out of the fit to measure it (0: none).
    #[arg(long, default_value_t = 5)]
    holdout: usize,
    /// Plies skipped at the start of each game (its random opening).
    #[arg(long, default_value_t = 2)]
    skip: usize,
    /// Gradient steps.
    #[arg(long, default_value_t = 1500)]
    steps: usize,
    /// L2 penalty per squared point (larger keeps the values nearer 0; compare the held-out
    /// error of a few to choose).
    #[arg(long, default_value_t = 1e-7)]
    l2: f64,
    /// The largest value a square may get (at most 400).
    #[arg(long, default_value_t = 150, value_parser = clap::value_parser!(i16).range(1..=400))]
    limit: i16,
    /// Print one JSON object (the figures and the output path).
    #[arg(long)]
    json: bool,
}

/// Samples taken from the records, with what was skipped.
#[derive(Default)]
struct Data {
    train: Vec<Sample>,
    test: Vec<Sample>,
    games: usize,
    held: usize,
    skipped: Vec<String>,
}

/// Runs the fit.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    let rules = opts.rules.load()?;
    let cfg = crate::cmd::rules::RulesArgs::config(&rules, &opts.config)?;
    let ev = Evaluator::new(&rules);
    let g = rules.geometry();
    let classes = Classes::of(&rules);
    let data = load(&opts, &rules, &ev, &cfg, &classes)?;
    if data.train.is_empty() {
        bail!(
            "no position to fit from {} game(s) ({} skipped{}): give records of games under these rules",
            data.games,
            data.skipped.len(),
            data.skipped.first().map(|s| format!(", e.g. {s}")).unwrap_or_default()
        );
    }
    let params = 3 * classes.count;
    let (k, base) = fit::baseline(&data.train, params);
    let before = (
        fit::error(&data.train, &base, k),
        fit::error(&data.test, &base, k),
    );
    let theta = fit::fit(
        &data.train,
        &base,
        k,
        opts.steps,
        2.0,
        opts.l2,
        opts.limit.min(FITTED_MAX) as f64,
    );
    let rounded: Vec<f64> = theta.iter().map(|t| t.round()).collect();
    let after = (
        fit::error(&data.train, &rounded, k),
        fit::error(&data.test, &rounded, k),
    );
    let mut tables = FittedTables::zero(g.size());
    for sq in g.squares() {
        let c = classes.of[sq.index()];
        for t in 0..3 {
            tables.table_mut(t)[sq.index()] = rounded[t * classes.count + c] as i16;
        }
    }
    let comment = format!(
        "Fitted by `tafl8 tune` to {} positions of {} games ({} held out: {} positions), K {:.0}, \
         L2 {}, limit {}.\n\
         Intercept (not in the tables) {:.0}. Mean squared error: train {:.5} -> {:.5}, held out \
         {:.5} -> {:.5}.\n\
         Added to the generated tables of the config `{}`; load with pst=FILE in a match player.",
        data.train.len(),
        data.games,
        data.held,
        data.test.len(),
        k,
        opts.l2,
        opts.limit,
        rounded[params],
        before.0,
        after.0,
        before.1,
        after.1,
        opts.config
    );
    tafl8_outfile::write(&opts.out, tables.to_text(g, &comment).as_bytes())
        .with_context(|| format!("--out {}", opts.out.display()))?;
    if opts.json {
        let j = serde_json::json!({
            "out": opts.out.display().to_string(),
            "games": data.games,
            "skipped": data.skipped,
            "train_positions": data.train.len(),
            "test_positions": data.test.len(),
            "k": k,
            "l2": opts.l2,
            "intercept": rounded[params],
            "train_error": [before.0, after.0],
            "test_error": [before.1, after.1],
        });
        println!("{j}");
    } else {
        println!("{comment}");
        for s in &data.skipped {
            eprintln!("skipped: {s}");
        }
        println!("wrote {}", opts.out.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Which fitted value each square uses: its orbit under the board's symmetries when the start
/// position has them all, else the square itself.
struct Classes {
    of: Vec<usize>,
    count: usize,
}

impl Classes {
    fn of(rules: &Rules) -> Classes {
        let g = rules.geometry();
        let n = g.size();
        let cells = rules.start_cells();
        let images = |f: u8, r: u8| {
            let (a, b) = (n - 1 - f, n - 1 - r);
            [
                (f, r),
                (a, r),
                (f, b),
                (a, b),
                (r, f),
                (b, f),
                (r, a),
                (b, a),
            ]
        };
        let at = |f: u8, r: u8| g.square(f, r).map(|s| cells[s.index()]);
        let symmetric = g.squares().all(|sq| {
            let (f, r) = g.file_rank(sq).unwrap_or((0, 0));
            images(f, r).iter().all(|&(x, y)| at(x, y) == at(f, r))
        });
        let mut of = vec![0; g.area()];
        let mut keys = std::collections::BTreeMap::new();
        for sq in g.squares() {
            let (f, r) = g.file_rank(sq).unwrap_or((0, 0));
            let key = if symmetric {
                images(f, r).into_iter().min().unwrap_or((f, r))
            } else {
                (f, r)
            };
            let next = keys.len();
            of[sq.index()] = *keys.entry(key).or_insert(next);
        }
        Classes {
            of,
            count: keys.len(),
        }
    }
}

/// Reads every game, replays it and turns its positions into samples.
fn load(
    opts: &Options,
    rules: &Arc<Rules>,
    ev: &Evaluator,
    cfg: &SearchConfig,
    classes: &Classes,
) -> anyhow::Result<Data> {
    let mut data = Data::default();
    for path in &opts.games {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("--games {}", path.display()))?;
        for (i, rec) in split_records(&text).iter().enumerate() {
            let at = format!("{}: game {}", path.display(), i + 1);
            match samples(rec, rules, ev, cfg, classes, opts.skip) {
                Ok(s) => {
                    let held = opts.holdout > 0 && data.games % opts.holdout == opts.holdout - 1;
                    data.games += 1;
                    if held {
                        data.held += 1;
                        data.test.extend(s);
                    } else {
                        data.train.extend(s);
                    }
                }
                Err(e) => data.skipped.push(format!("{at}: {e:#}")),
            }
        }
    }
    Ok(data)
}

/// The samples of one record.
fn samples(
    rec: &str,
    rules: &Arc<Rules>,
    ev: &Evaluator,
    cfg: &SearchConfig,
    classes: &Classes,
    skip: usize,
) -> anyhow::Result<Vec<Sample>> {
    let g: Geometry = rules.geometry();
    let game = GameRecord::parse(rec)?;
    let result = match game
        .tags
        .iter()
        .find(|(k, _)| k == "result")
        .map(|(_, v)| v.as_str())
    {
        Some("1") => 0.0,
        Some("-1") => 1.0,
        Some("0") => 0.5,
        other => bail!("no result to learn from (result tag {other:?})"),
    };
    let list = parse_move_list(g, &game.moves.join(" "))?;
    let mut pos = Position::start(rules.clone());
    let mut out = Vec::new();
    for (i, (tok, r)) in list.iter().enumerate() {
        if i >= skip && pos.status() == Status::Ongoing {
            out.push(sample(&pos, ev, cfg, classes, result));
        }
        play_record(&mut pos, r, i + 1, tok)
            .with_context(|| format!("its rules are `{}`", game.rules))?;
    }
    Ok(out)
}

/// One position as a sample.
fn sample(
    pos: &Position,
    ev: &Evaluator,
    cfg: &SearchConfig,
    classes: &Classes,
    result: f64,
) -> Sample {
    let count = classes.count as u32;
    let mut terms = Vec::new();
    for sq in pos.geometry().squares() {
        let c = classes.of[sq.index()] as u32;
        match pos.cell(sq) {
            ATTACKER => terms.push((c, -1.0)),
            DEFENDER => terms.push((count + c, 1.0)),
            KING => terms.push((2 * count + c, 1.0)),
            _ => {}
        }
    }
    Sample {
        base: evaluate_for_defenders(pos, ev, &cfg.eval) as f64,
        terms,
        result,
    }
}
