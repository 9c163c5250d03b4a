//! `tafl8 build`: render the engine and game templates for a ruleset, hold them to PICO-8's token
//! budget, and write the cart (with a budget table: where every token went): `.p8` text, or a
//! `.p8.png` / `.p8.rom` when the output's name asks for one.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use tafl8_codegen::{build, BuildRequest, SearchDepths, FEATURES};
use tafl8_engine::config::SearchConfig;
use tafl8_engine::rules::PRESETS;
use tafl8_engine::Rules;
use tafl8_p8::CartFormat;

use super::rules::{is_otr, RulesArgs};

/// Build a PICO-8 cart from the engine's templates and print where every token went.
///
/// The engine's Lua is rendered from `templates/` with the ruleset's tables computed by the Rust
/// engine; the program is parsed and linted (an undefined global is an error), counted, and
/// minified only if it is over PICO-8's character limit. Over the token budget the build fails
/// and names the biggest parts, unless --fit drops optional features (least value per token
/// first) until it fits. The cart's first line names the ruleset it was built for (`tafl8 run`
/// and `tafl8 diff --cart` check it).
///
/// Where it goes (-o overrides): a built-in variant's cart is the committed `carts/<variant>.p8`;
/// a --rules file's goes beside that file (`my.toml` -> `my.p8`), an OpenTafl rules string's to
/// `./<name>.p8`, so your own rules never write over the project's carts. `-o NAME.p8.png`
/// writes a PNG cart to share (`.p8.rom` the bare ROM, `/dev/stdout` the cart on standard output
/// and the report on standard error); `--all` rebuilds every committed cart, `.p8` and
/// `.p8.png`; `--check` fails on a stale one; `--features list` prints each optional feature's
/// token cost. `--calibration` builds the variant's calibration cart instead (default
/// `carts/calib/<variant>.p8`, or `<rules>.calib.p8` beside a rules file; see docs/runner.md,
/// "Calibration"): its engine with loops that measure what each construct the carts use costs
/// on PICO-8, beside the runner's figures.
/// Exit status: 0 built, 1 over budget, stale (--check) or another error.
#[derive(clap::Args, Debug)]
pub struct Options {
    #[command(flatten)]
    rules: RulesArgs,
    /// Optional search/evaluation features: `engine` (default: the variant's own engine, what
    /// its levels play: its rules' `[ai] engine`, or `full`), `full` (the engine's full
    /// configuration), `all`, `none`, or a comma list read left to right (`full,-killers`,
    /// `none,+material`). `--features list` prints each feature's token cost for the variant.
    /// The quiescence depth is not a feature: the cart searches as many plies as the ruleset's
    /// engine (its `qply=`, else 6).
    #[arg(long, value_name = "LIST", default_value = "engine")]
    features: String,
    /// Token budget to hold the program to (the default is PICO-8's limit).
    #[arg(long, value_name = "N", default_value_t = tafl8_p8::TOKEN_LIMIT)]
    budget: usize,
    /// Output cart (default: `carts/<variant>.p8`; with --rules, beside the rules file, see
    /// above). The name chooses the format: `.p8.png` a PNG cart to share (picture with label,
    /// code compressed; an error if it does not fit the compressed limit), `.p8.rom` the bare
    /// ROM, anything else `.p8` text.
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    output: Option<PathBuf>,
    /// Over budget, drop the optional features with the least value per token until it fits.
    #[arg(long)]
    fit: bool,
    /// Print the budget as one JSON object per cart instead of the table.
    #[arg(long)]
    json: bool,
    /// Build every built-in variant into carts/, as `.p8` and `.p8.png` (ignores --variant,
    /// --rules and -o).
    #[arg(long)]
    all: bool,
    /// Do not write: fail (exit 1) if the cart on disk differs from a fresh build (stale).
    #[arg(long)]
    check: bool,
    /// Build the calibration cart (the variant's engine, each construct the carts use measured
    /// in a loop, a search node, and the runner's own figures beside them) instead of the game;
    /// default output `carts/calib/<variant>.p8`. `--all` rebuilds these too.
    #[arg(long)]
    calibration: bool,
}

/// Which cart a job builds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Game,
    Calibration,
}

/// Parses `--features` for `rules`: `engine`, `full`, `all`, `none`, names, `+name`, `-name`,
/// comma separated, left to right.
fn parse_features(spec: &str, rules: &Rules) -> anyhow::Result<BTreeSet<String>> {
    let mut set = BTreeSet::new();
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        match item {
            "all" => set.extend(tafl8_codegen::all_set()),
            "full" => set.extend(tafl8_codegen::full_set()),
            "engine" => set.extend(tafl8_codegen::engine_set(rules)),
            "none" => set.clear(),
            _ => {
                let (on, name) = match item.as_bytes()[0] {
                    b'-' => (false, &item[1..]),
                    b'+' => (true, &item[1..]),
                    _ => (true, item),
                };
                if !FEATURES.iter().any(|f| f.name == name) {
                    anyhow::bail!(
                        "--features: unknown feature `{name}`: use engine, full, all, none or {}",
                        FEATURES
                            .iter()
                            .map(|f| f.name)
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                }
                if on {
                    set.insert(name.to_string());
                } else {
                    set.remove(name);
                }
            }
        }
    }
    Ok(set)
}

/// Builds the carts asked for, prints their budgets, and writes (or checks) them.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    if opts.features == "list" {
        return list_features(&opts);
    }
    // Checked once before any build, so a bad list fails before anything is written.
    parse_features(&opts.features, &Rules::default_preset())?;
    let jobs: Vec<(Rules, Kind, Vec<PathBuf>)> = if opts.all {
        let mut jobs = Vec::new();
        for name in PRESETS {
            let rules = Rules::preset(name)?;
            let outs = ["p8", "p8.png"].map(|ext| PathBuf::from(format!("carts/{name}.{ext}")));
            jobs.push((rules.clone(), Kind::Game, outs.to_vec()));
            let calib = PathBuf::from(format!("carts/calib/{name}.p8"));
            jobs.push((rules, Kind::Calibration, vec![calib]));
        }
        jobs
    } else {
        let rules = (*opts.rules.load()?).clone();
        let kind = if opts.calibration {
            Kind::Calibration
        } else {
            Kind::Game
        };
        let out = match (&opts.output, kind) {
            (Some(o), _) => o.clone(),
            (None, Kind::Calibration) if opts.rules.rules.is_none() => {
                PathBuf::from(format!("carts/calib/{}.p8", rules.name()))
            }
            // Beside the game cart's default place (`my.toml` -> `my.calib.p8`).
            (None, Kind::Calibration) => {
                default_output(&opts.rules, &rules)?.with_extension("calib.p8")
            }
            (None, Kind::Game) => default_output(&opts.rules, &rules)?,
        };
        vec![(rules, kind, vec![out])]
    };
    // A cart written to standard output leaves it to the cart alone: the report goes to stderr.
    let to_stderr = jobs
        .iter()
        .any(|(_, _, outs)| outs.iter().any(|o| tafl8_outfile::is_stdout(o)));
    macro_rules! report {
        ($($arg:tt)*) => {
            if to_stderr {
                eprint!($($arg)*)
            } else {
                print!($($arg)*)
            }
        };
    }
    let started = Instant::now();
    let mut stale = Vec::new();
    for (rules, kind, outs) in jobs {
        if kind == Kind::Calibration {
            let built = tafl8_diff::calibration::build(&rules)
                .with_context(|| format!("building {}'s calibration cart", rules.name()))?;
            if opts.json {
                report!("{}\n", serde_json::to_string(&built.budget)?);
            } else {
                report!("{}", built.budget.table());
            }
            write_or_check(&built, &outs, &opts, &mut stale, &mut |s| report!("{s}"))?;
            continue;
        }
        let req = BuildRequest {
            features: parse_features(&opts.features, &rules)?,
            depths: SearchDepths::of(&SearchConfig::of_rules(&rules)),
            rules,
            budget: opts.budget,
            fit: opts.fit,
        };
        let built = match build(&req) {
            Ok(b) => b,
            Err(
                e @ (tafl8_codegen::CodegenError::OverBudget { .. }
                | tafl8_codegen::CodegenError::CoreOverBudget { .. }),
            ) => {
                eprintln!("error: {}: {e}", req.rules.name());
                return Ok(ExitCode::from(1));
            }
            Err(e) => return Err(e).with_context(|| format!("building {}", req.rules.name())),
        };
        if opts.json {
            report!("{}\n", serde_json::to_string(&built.budget)?);
        } else {
            report!("{}", built.budget.table());
        }
        write_or_check(&built, &outs, &opts, &mut stale, &mut |s| report!("{s}"))?;
    }
    if !opts.json {
        report!("built in {:.3} s\n", started.elapsed().as_secs_f64());
    }
    if !stale.is_empty() {
        eprintln!(
            "error: stale cart(s): {} (rebuild with `tafl8 build --all`)",
            stale.join(", ")
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `built` to each of `outs` (or, with --check, records those on disk that differ in
/// `stale`), reporting each file written through `report`.
fn write_or_check(
    built: &tafl8_codegen::Built,
    outs: &[PathBuf],
    opts: &Options,
    stale: &mut Vec<String>,
    report: &mut dyn FnMut(String),
) -> anyhow::Result<()> {
    for out in outs {
        let bytes = built
            .cart
            .to_bytes(CartFormat::of_path(out))
            .with_context(|| format!("building {}", out.display()))?;
        if opts.check {
            if std::fs::read(out).ok().as_ref() != Some(&bytes) {
                stale.push(out.display().to_string());
            }
        } else {
            tafl8_outfile::write(out, &bytes)?;
            if !opts.json {
                report(format!("wrote {}\n", out.display()));
            }
        }
    }
    Ok(())
}

/// Where a build writes without `-o`: a preset's committed cart `carts/<variant>.p8`; a rules
/// file's cart beside the file (`my.toml` -> `my.p8`); an OpenTafl rules string's `./<name>.p8`.
/// A user's rules never default onto a committed cart: that is an error asking for `-o`.
fn default_output(args: &RulesArgs, rules: &Rules) -> anyhow::Result<PathBuf> {
    let out = match &args.rules {
        None => return Ok(PathBuf::from(format!("carts/{}.p8", rules.name()))),
        Some(p) if p.to_str().is_some_and(is_otr) && !p.exists() => {
            let name: String = rules
                .name()
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            PathBuf::from(format!("{name}.p8"))
        }
        Some(p) => p.with_extension("p8"),
    };
    let committed = PRESETS
        .iter()
        .flat_map(|name| ["p8", "p8.png"].map(|ext| PathBuf::from(format!("carts/{name}.{ext}"))));
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    for cart in committed {
        if same(&out, &cart) {
            anyhow::bail!(
                "--rules: the cart would go to {}, a committed cart: name the output with -o",
                out.display()
            );
        }
    }
    Ok(out)
}

/// Prints each optional feature with its token cost for the chosen variant.
fn list_features(opts: &Options) -> anyhow::Result<ExitCode> {
    let rules = (*opts.rules.load()?).clone();
    let costs = tafl8_codegen::feature_costs(&rules)?;
    if opts.json {
        let list: Vec<_> = costs
            .iter()
            .map(|(f, t)| {
                serde_json::json!({"name": f.name, "tokens": t, "value": f.value, "description": f.description})
            })
            .collect();
        println!("{}", serde_json::to_string(&list)?);
    } else {
        println!(
            "{}: optional features (tokens saved by leaving each one out)",
            rules.name()
        );
        for (f, t) in costs {
            println!(
                "  {:<12} {:>5}  value {:>3}  {}",
                f.name, t, f.value, f.description
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
