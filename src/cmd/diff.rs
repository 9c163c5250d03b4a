//! `tafl8 diff`: the differential comparison from the command line — the cart's Lua (the exact
//! code `tafl8 build` ships, run in the headless runner, and optionally in z8lua) against the Rust
//! engine, position by position.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context};
use indicatif::{HumanDuration, ProgressBar, ProgressState, ProgressStyle};
use tafl8_codegen::RulesetTag;
use tafl8_diff::{compare, Backend, Case, CasePos, Check, Plan, Report, Runner, Target, Z8lua};
use tafl8_engine::book::Book;
use tafl8_engine::config::SearchConfig;
use tafl8_engine::difficulty::{Level, LEVELS};
use tafl8_engine::notation::{parse_move, parse_position_string};
use tafl8_engine::rules::PRESETS;
use tafl8_engine::{Rules, Side};

use super::rules::load_rules_file;

/// Compare the cart's Lua with the Rust engine position by position (differential tests).
///
/// Perft, every legal move's captures and outcome, evaluation, search (best move, score, node
/// count, PV, root scores) at each depth under several search configurations, difficulty-level
/// choices for seeded PRNGs, and self-play games; `--z8lua` adds the second opinion.
///
/// Every mismatch is printed with the variant, position, configuration, both answers and a
/// command that reruns just that case (the options --position/--side/--moves/--check...).
/// Exit status: 0 all equal, 1 mismatches, 2 the comparison could not run.
#[derive(clap::Args, Debug)]
pub struct Options {
    /// Variant(s) to compare (repeat the option; default: every preset unless --rules is given).
    #[arg(long, value_name = "V")]
    variant: Vec<String>,
    /// Your own ruleset(s) to compare: a rules file (TOML, as `tafl8 rules` prints) or an
    /// OpenTafl rules string (as `tafl8 rules --otep` prints); repeat the option; compared after
    /// the --variant ones.
    #[arg(long, value_name = "FILE")]
    rules: Vec<PathBuf>,
    /// A cart file to compare instead of a fresh build: `.p8`, `.p8.png` or `.p8.rom` (the PNG
    /// cart you are about to share, say). Its code is run against the Rust engine for the one
    /// --variant or --rules given (a cart built for another ruleset is refused, naming the one
    /// it was built for), under the one --config it was built with (default `engine`, the
    /// ruleset's own engine, what `tafl8 build` makes).
    #[arg(long, value_name = "FILE")]
    cart: Option<PathBuf>,
    /// Search configuration(s) (the text is `config_help`, defaults from `DEFAULT_CONFIGS`).
    #[arg(long, value_name = "SPEC", help = config_help())]
    config: Vec<String>,
    /// A first check in under a minute (15 s for the presets in a release build on 2 busy
    /// cores): every preset (or the ones given) under its own engine only, a few cases of every
    /// kind (`--positions 20 --placements 20 --search-positions 2 --search-depth 3 --think-seeds
    /// 1 --max-level 3 --book-seeds 1 --games 1 --plies 20`). The default run compares far
    /// more.
    #[arg(long, conflicts_with_all = [
        "positions", "placements", "search_positions", "search_depth", "think_seeds",
        "max_level", "book_seeds", "games", "plies",
    ])]
    quick: bool,
    /// Random reachable positions per variant (besides the start).
    #[arg(long, value_name = "N", default_value_t = 100)]
    positions: usize,
    /// Perft depth at every position.
    #[arg(long, value_name = "D", default_value_t = 2)]
    depth: u8,
    /// Free placements (random cells) per variant for the move, capture and eval checks.
    #[arg(long, value_name = "N", default_value_t = 50)]
    placements: usize,
    /// Positions searched at every depth (the start, then reachable ones).
    #[arg(long, value_name = "N", default_value_t = 4)]
    search_positions: usize,
    /// Deepest search compared (every depth from 1).
    #[arg(long, value_name = "D", default_value_t = 4)]
    search_depth: u8,
    /// PRNG seeds per difficulty level and searched position.
    #[arg(long, value_name = "N", default_value_t = 2)]
    think_seeds: usize,
    /// Highest difficulty level compared (the text is `max_level_help`, from `LEVELS`).
    #[arg(long, value_name = "L", default_value_t = LEVELS.len() as u8, help = max_level_help())]
    max_level: u8,
    /// PRNG seeds for the opening book's choice at each position along random book lines.
    #[arg(long, value_name = "N", default_value_t = 3)]
    book_seeds: usize,
    /// Self-play games from the start per variant and configuration.
    #[arg(long, value_name = "N", default_value_t = 2)]
    games: usize,
    /// Most plies per self-play game.
    #[arg(long, value_name = "N", default_value_t = 40)]
    plies: u16,
    /// Seed of every random choice (positions, PRNG seeds); the same seed gives the same cases.
    #[arg(long, value_name = "S", default_value_t = 0x7AF1_D1FF)]
    seed: u32,
    /// Also run every case in z8lua (the second opinion; needs the oracle venv, see --venv).
    #[arg(long)]
    z8lua: bool,
    /// The Python venv with lupaz8 (default: $TAFL8_VENV).
    #[arg(long, value_name = "DIR")]
    venv: Option<PathBuf>,
    /// Cases per Lua run.
    #[arg(long, value_name = "N", default_value_t = 40)]
    batch: usize,
    /// Print one JSON object: {"cases","mismatches","by_check","by_variant","details"}.
    #[arg(long)]
    json: bool,
    /// One case only, from this OpenTafl position string (with --check; see a mismatch's
    /// `reproduce:` line).
    #[arg(long, value_name = "STR")]
    position: Option<String>,
    /// Side to move in --position.
    #[arg(long, value_name = "SIDE")]
    side: Option<Side>,
    /// Moves played from --position, comma-separated (`c1-b1,d6-e6`; `-` for none).
    #[arg(long, value_name = "LIST")]
    moves: Option<String>,
    /// The one check to run at --position: perft, moves, eval, search, think, book, race or game.
    #[arg(long, value_name = "NAME")]
    check: Option<String>,
    /// Node limit for --check search (0 = none).
    #[arg(long, value_name = "N", default_value_t = 0)]
    nodes: u64,
    /// Difficulty level for --check think (attackers' level for --check game).
    #[arg(long, value_name = "L", default_value_t = 3)]
    level: u8,
    /// Defenders' level for --check game.
    #[arg(long, value_name = "L", default_value_t = 3)]
    defender_level: u8,
    /// Plies of the king race for --check race (the defenders to move at --position).
    #[arg(long, value_name = "N", default_value_t = tafl8_engine::config::DEFAULT_RACE)]
    race_plies: u8,
}

/// `--config`'s help, listing the default configurations.
pub fn config_help() -> String {
    format!(
        "Search configuration(s), as `tafl8 analyze --config` reads them (`full`, `seed,+tt`, \
         `engine`: the ruleset's own, ...); each gets its own cart. Default: {} (every preset's \
         engine is one of them; a --rules file's own engine is added when it is not), or `engine` with \
         --cart. Perft and the move checks run under \
         the first one",
        DEFAULT_CONFIGS.map(|c| format!("`{c}`")).join(", ")
    )
}

/// `--max-level`'s help, with each level's node budget as `LEVELS` has it.
pub fn max_level_help() -> String {
    let budgets: Vec<String> = LEVELS
        .iter()
        .map(|l| format!("{} {}", l.level, thousands(l.nodes)))
        .collect();
    format!(
        "Highest difficulty level compared (1-{}; nodes per move by level: {})",
        LEVELS.len(),
        budgets.join(", ")
    )
}

/// `n` with a comma every three digits (8000 → "8,000").
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

const DEFAULT_CONFIGS: [&str; 7] = [
    "full",
    "seed",
    "bare",
    "full,+mobility,+defended,+escape-ext,+corners,+tropism,+even",
    "full,-pvs,-lmr,-tt",
    "full,-escape-block,-escape-threat,-balance,-king-moves",
    "full,-escape-block",
];

/// Runs the comparison and prints the summary.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    let variants: Vec<String> = if opts.variant.is_empty() && opts.rules.is_empty() {
        PRESETS.iter().map(|s| s.to_string()).collect()
    } else {
        opts.variant.clone()
    };
    // Each ruleset with the option that selects it again in a repro command.
    let mut rulesets: Vec<(Arc<Rules>, String)> = Vec::new();
    for v in &variants {
        let rules = Rules::preset(v)
            .with_context(|| format!("--variant {v}: use one of {}", PRESETS.join(", ")))?;
        rulesets.push((Arc::new(rules), format!("--variant {v}")));
    }
    for path in &opts.rules {
        let rules = load_rules_file(path).with_context(|| format!("--rules {}", path.display()))?;
        rulesets.push((Arc::new(rules), format!("--rules '{}'", path.display())));
    }
    let configs: Vec<String> = if (opts.cart.is_some() || opts.quick) && opts.config.is_empty() {
        // What `tafl8 build` puts in a cart unless told otherwise.
        vec!["engine".to_string()]
    } else if opts.config.is_empty() {
        DEFAULT_CONFIGS.iter().map(|s| s.to_string()).collect()
    } else {
        opts.config.clone()
    };
    let mut backends: Vec<Box<dyn Backend>> = vec![Box::new(Runner)];
    if opts.z8lua {
        let venv = opts
            .venv
            .clone()
            .or_else(|| std::env::var_os("TAFL8_VENV").map(PathBuf::from))
            .context(
                "--z8lua needs the oracle venv: --venv DIR or TAFL8_VENV (bash .ci/oracles.sh)",
            )?;
        backends.push(Box::new(Z8lua::new(&venv)?));
    }
    let mut plan = Plan {
        positions: opts.positions,
        perft_depth: opts.depth,
        placements: opts.placements,
        search_positions: opts.search_positions,
        search_depth: opts.search_depth,
        think_seeds: opts.think_seeds,
        max_level: opts.max_level,
        book_seeds: opts.book_seeds,
        games: opts.games,
        game_plies: opts.plies,
        seed: opts.seed,
    };
    if opts.quick {
        plan = Plan {
            positions: 20,
            placements: 20,
            search_positions: 2,
            search_depth: 3,
            think_seeds: 1,
            max_level: 3,
            book_seeds: 1,
            games: 1,
            game_plies: 20,
            ..plan
        };
    }
    // Every (variant, config) job with its cases, built before running so the bar knows the total.
    let mut jobs = Vec::new();
    if opts.cart.is_some() && (rulesets.len() != 1 || configs.len() != 1) {
        bail!(
            "--cart compares one cart: give exactly one --variant or --rules (its ruleset) and at \
             most one --config (the configuration it was built with; default engine, the ruleset's own)"
        );
    }
    // Every configuration diffed, for the report (a ruleset may add its own engine).
    let mut used: Vec<String> = Vec::new();
    for (rules, rules_arg) in &rulesets {
        let mut specs = configs.clone();
        if opts.config.is_empty() && opts.cart.is_none() && !opts.quick {
            // A ruleset whose own engine none of the defaults is gets it diffed too: its cart
            // plays it.
            let own = SearchConfig::of_rules(rules);
            let covered = specs
                .iter()
                .any(|s| SearchConfig::parse_for(s, rules).is_ok_and(|c| c == own));
            if !covered {
                specs.push("engine".to_string());
            }
        }
        for spec in &specs {
            if !used.contains(spec) {
                used.push(spec.clone());
            }
        }
        for (i, spec) in specs.iter().enumerate() {
            let mut target = Target::new(rules.clone(), spec)?;
            target.rules_arg = rules_arg.clone();
            if let Some(path) = &opts.cart {
                use_cart_file(&mut target, path)?;
            }
            let cases = match &opts.check {
                Some(check) => single_case(rules, &opts, check)?,
                None => interleave(tafl8_diff::cases(
                    rules,
                    &plan,
                    i == 0,
                    target.book.as_ref(),
                    target.cfg.race,
                )),
            };
            jobs.push((target, cases));
            if opts.check.is_some() {
                break;
            }
        }
    }
    let total: usize = jobs.iter().map(|j| j.1.len()).sum::<usize>() * backends.len();
    let bar = if opts.json {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(total as u64)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} cases  {msg}  [{elapsed}, eta {steady_eta}]",
        )
        .map(|s| {
            s.with_key(
                "steady_eta",
                |st: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let eta = steady_eta(st.elapsed(), st.pos(), st.len().unwrap_or(0));
                    let _ = write!(w, "{}", HumanDuration(eta));
                },
            )
        })
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut report = Report::default();
    let mut by_variant: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let lens: Vec<usize> = jobs.iter().map(|(_, cases)| cases.len()).collect();
    for (j, range) in round_robin(&lens, 5 * opts.batch.max(1)) {
        let (target, cases) = &jobs[j];
        let cases = &cases[range];
        let name = target.rules.name().to_string();
        bar.set_message(format!("{name} [{}]", target.spec));
        for b in &backends {
            let r = compare(target, b.as_ref(), cases, opts.batch, &mut |n| {
                bar.inc(n as u64)
            })?;
            let e = by_variant.entry(name.clone()).or_default();
            e.0 += r.cases;
            e.1 += r.mismatches;
            for m in &r.details {
                bar.suspend(|| {
                    if !opts.json {
                        eprintln!("{m}");
                    }
                });
            }
            report.merge(r);
        }
    }
    bar.finish_and_clear();
    if opts.json {
        let v = serde_json::json!({
            "cases": report.cases,
            "mismatches": report.mismatches,
            "by_check": report.by_check,
            "by_variant": by_variant.iter().map(|(k, (c, m))| (k.clone(), serde_json::json!({"cases": c, "mismatches": m}))).collect::<serde_json::Map<_, _>>(),
            "backends": backends.iter().map(|b| b.name()).collect::<Vec<_>>(),
            "configs": used,
            "details": report.details,
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        for (v, (c, m)) in &by_variant {
            println!("{v:<12} {c:>7} cases  {m} mismatches");
        }
        let checks: Vec<String> = report
            .by_check
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        println!(
            "total        {:>7} cases  {} mismatches  ({}; backends: {}; configs: {})",
            report.cases,
            report.mismatches,
            checks.join(", "),
            backends
                .iter()
                .map(|b| b.name())
                .collect::<Vec<_>>()
                .join(", "),
            used.join(" | ")
        );
    }
    Ok(if report.mismatches == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The cases of a job in an order that mixes their kinds: the plan lists them kind by kind
/// (perft, moves and evaluations first, searches and games last, a thousand times dearer), so
/// progress in cases said nothing about the time left. Taken with a stride near n/phi (coprime to
/// n), every stretch of the run holds about its share of each kind. The cases do not depend on
/// one another, so only the order of the printed mismatches changes.
fn interleave(cases: Vec<Case>) -> Vec<Case> {
    let n = cases.len();
    if n < 3 {
        return cases;
    }
    let gcd = |mut a: usize, mut b: usize| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let mut stride = (n as f64 / 1.618_034) as usize;
    while gcd(stride, n) != 1 {
        stride += 1;
    }
    let mut slots: Vec<Option<Case>> = cases.into_iter().map(Some).collect();
    (0..n)
        .filter_map(|i| slots[i * stride % n].take())
        .collect()
}

/// The jobs' cases in slices of `step`, in the order that keeps every job at about the same
/// fraction done: the (variant, configuration) jobs differ tenfold in cost per case (a
/// configuration without pruning searches far more), so run one after another the mean rate
/// of the first said little about the rest. Each slice is a whole number of Lua runs.
fn round_robin(lens: &[usize], step: usize) -> Vec<(usize, std::ops::Range<usize>)> {
    let mut work: Vec<(f64, usize, std::ops::Range<usize>)> = Vec::new();
    for (j, &n) in lens.iter().enumerate() {
        for start in (0..n).step_by(step.max(1)) {
            let end = (start + step).min(n);
            work.push((end as f64 / n as f64, j, start..end));
        }
    }
    work.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    work.into_iter().map(|(_, j, r)| (j, r)).collect()
}

/// Time left at the run's mean rate so far: elapsed x (left / done). indicatif's own `{eta}`
/// follows the last few steps' rate, which swung between 23 s and 24 min as cheap and dear cases
/// alternated; the whole run's mean, over cases interleaved by kind, settles instead.
fn steady_eta(elapsed: std::time::Duration, done: u64, total: u64) -> std::time::Duration {
    if done == 0 {
        return std::time::Duration::ZERO;
    }
    elapsed.mul_f64(total.saturating_sub(done) as f64 / done as f64)
}

/// Makes `target` run the code of the cart file at `path` (any cart format) instead of the
/// fresh build; the Rust side keeps the target's ruleset and configuration.
fn use_cart_file(target: &mut Target, path: &std::path::Path) -> anyhow::Result<()> {
    let cart = tafl8_p8::Cart::read_file(path)?;
    let code = cart
        .lua()
        .with_context(|| format!("--cart {}: the cart has no code", path.display()))?
        .to_string();
    // The cart's own code, checked as `tafl8 run` checks it (PICO-8 runs nothing past its
    // limits; the parser says where it cannot read it), so an error names the cart's line, not
    // the line of the cart with the test harness appended.
    let offset = cart.lua_line_offset().unwrap_or(0);
    let at = |line: u32, col: u32| format!("{}:{}:{col}", path.display(), line as usize + offset);
    match tafl8_p8::over_limit(&code) {
        Ok(Some(o)) => bail!("--cart {}: {o}", at(o.line, o.col)),
        Ok(None) => {}
        Err(e) => bail!("--cart {}: {}", at(e.line, e.col), e.message),
    }
    if let Err(e) = tafl8_p8::parse(&code) {
        bail!("--cart {}: {}", at(e.pos.line, e.pos.col), e.message);
    }
    // Another ruleset's cart fails in its Lua in every case: say so once, up front.
    match RulesetTag::read(&code) {
        Some(tag) => {
            if let Err(why) = tag.check(&target.rules) {
                let fix = if PRESETS.contains(&tag.name.as_str()) {
                    format!("compare it with --variant {}", tag.name)
                } else {
                    "compare it with --rules and the rules file it was built from".to_string()
                };
                bail!("--cart {}: {why}; {fix}", path.display());
            }
        }
        None => eprintln!(
            "warning: --cart {}: the cart does not say which ruleset it was built for (no \
             `-- tafl8 ruleset` line: built by an older tafl8 or another tool); comparing it as \
             a {} cart",
            path.display(),
            target.rules.name()
        ),
    }
    // A cart whose code carries the opening book is compared with the engine's own book.
    target.book = if code.contains("function bookmove()") {
        Some(Book::builtin(&target.rules).with_context(|| {
            format!(
                "--cart {}: the cart has an opening book but the engine has none for {}",
                path.display(),
                target.rules.name()
            )
        })?)
    } else {
        None
    };
    target.code = code;
    target.cart = cart;
    target.rules_arg = format!("{} --cart '{}'", target.rules_arg, path.display());
    Ok(())
}

/// The one case `--position/--side/--moves/--check` describe.
fn single_case(rules: &Arc<Rules>, opts: &Options, check: &str) -> anyhow::Result<Vec<Case>> {
    let g = rules.geometry();
    let mut pos = CasePos::start(rules);
    if let Some(s) = &opts.position {
        pos.cells = parse_position_string(g, s).with_context(|| format!("--position `{s}`"))?;
    }
    if let Some(side) = opts.side {
        pos.side = side;
    }
    if let Some(list) = opts.moves.as_deref().filter(|l| *l != "-" && !l.is_empty()) {
        for m in list.split(',') {
            pos.moves
                .push(parse_move(g, m.trim()).with_context(|| format!("--moves: `{m}`"))?);
        }
    }
    // The position must be a legal starting point for the engine (exactly one king); moves are
    // checked against the generator so a typo cannot make the two sides diverge for nothing.
    let mut p = tafl8_engine::Position::from_cells(rules.clone(), pos.cells, pos.side)
        .context("--position")?;
    for &m in &pos.moves {
        p.play(m)
            .map_err(|e| anyhow::anyhow!("--moves: {} is not legal here: {e}", m.display(g)))?;
    }
    let seed = opts.seed;
    let check = match check {
        "perft" => Check::Perft { depth: opts.depth },
        "moves" => Check::Moves,
        "eval" => Check::Eval,
        "search" => Check::Search {
            depth: opts.search_depth,
            nodes: opts.nodes,
        },
        "think" => Check::Think {
            level: opts.level,
            seed,
        },
        "book" => Check::Book { seed },
        "race" => Check::Race {
            plies: opts.race_plies,
        },
        "game" => Check::Game {
            attackers: opts.level,
            defenders: opts.defender_level,
            seed,
            plies: opts.plies,
        },
        other => {
            bail!("--check {other}: use perft, moves, eval, search, think, book, race or game")
        }
    };
    for (name, l) in [
        ("--level", opts.level),
        ("--defender-level", opts.defender_level),
    ] {
        if Level::get(l).is_none() {
            bail!("{name} {l}: difficulty levels are 1 to {}", LEVELS.len());
        }
    }
    if matches!(
        check,
        Check::Think { .. } | Check::Book { .. } | Check::Game { .. }
    ) && seed == 0
    {
        bail!("--seed 0: the cart's PRNG state must never be 0; use another seed");
    }
    Ok(vec![Case { pos, check }])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interleaving_spreads_every_kind_over_the_run() {
        let rules = Arc::new(Rules::preset("ziege").unwrap());
        let plan = Plan {
            positions: 30,
            perft_depth: 2,
            placements: 30,
            search_positions: 4,
            search_depth: 4,
            think_seeds: 2,
            max_level: 5,
            book_seeds: 3,
            games: 2,
            game_plies: 40,
            seed: 1,
        };
        let book = Book::builtin(&rules);
        let cases = tafl8_diff::cases(&rules, &plan, true, book.as_ref(), 9);
        let key = |c: &Case| {
            format!("{:?}", c.check)
                .chars()
                .take_while(|c| c.is_alphanumeric())
                .collect::<String>()
        };
        let mut all: Vec<String> = cases.iter().map(key).collect();
        let mixed = interleave(cases);
        let mut got: Vec<String> = mixed.iter().map(key).collect();
        // A permutation.
        let first_tenth: Vec<String> = got[..got.len() / 10].to_vec();
        all.sort();
        got.sort();
        assert_eq!(all, got);
        // The plan lists searches last; the first tenth of the run now holds its share of them
        // (within half of it either way), and of every other kind present.
        for kind in ["Perft", "Moves", "Eval", "Search", "Think"] {
            let share = all.iter().filter(|k| *k == kind).count() as f64 / all.len() as f64;
            let early =
                first_tenth.iter().filter(|k| *k == kind).count() as f64 / first_tenth.len() as f64;
            assert!(
                (early - share).abs() <= share / 2.0 + 0.02,
                "{kind}: {early:.3} of the first tenth, {share:.3} of all"
            );
        }
    }

    #[test]
    fn slices_keep_every_job_at_the_same_pace() {
        let order = round_robin(&[10, 4, 0], 2);
        // Every case once, each job's slices in order.
        let mut seen = [Vec::new(), Vec::new()];
        for (j, r) in &order {
            seen[*j].extend(r.clone());
        }
        assert_eq!(seen[0], (0..10).collect::<Vec<_>>());
        assert_eq!(seen[1], (0..4).collect::<Vec<_>>());
        // Job 1 (two slices) is half done when job 0 (five slices) is: after 0..2, 2..4 of
        // job 0 (40%) comes 0..2 of job 1 (50%).
        assert_eq!(order[..3], [(0, 0..2), (0, 2..4), (1, 0..2)]);
        assert_eq!(order.last(), Some(&(1, 2..4)));
    }

    #[test]
    fn the_eta_is_the_runs_mean_rate() {
        use std::time::Duration;
        assert_eq!(steady_eta(Duration::from_secs(10), 0, 100), Duration::ZERO);
        // 25 of 100 in 10 s: 75 more at 2.5 per second is 30 s.
        assert_eq!(
            steady_eta(Duration::from_secs(10), 25, 100),
            Duration::from_secs(30)
        );
        assert_eq!(
            steady_eta(Duration::from_secs(10), 100, 100),
            Duration::ZERO
        );
    }
}
