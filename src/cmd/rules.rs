//! `tafl8 rules`: print a ruleset as a TOML file to copy and edit; also the shared
//! `--variant NAME` / `--rules FILE` options other subcommands flatten in.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use tafl8_engine::config::SearchConfig;
use tafl8_engine::rules::{preset_source, PRESETS};
use tafl8_engine::Rules;

/// Which ruleset to use: a built-in preset or a rules file.
#[derive(clap::Args, Debug, Clone)]
pub struct RulesArgs {
    /// Built-in variant: ziege (default), brandubh, tablut or copenhagen.
    #[arg(long, value_name = "NAME", default_value = "ziege")]
    pub variant: String,
    /// A rules file (TOML, as `tafl8 rules` prints), or an OpenTafl rules string (as `tafl8
    /// rules --otep` prints, e.g. `dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe:
    /// start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`); overrides --variant.
    #[arg(long, value_name = "FILE|STRING")]
    pub rules: Option<PathBuf>,
}

impl RulesArgs {
    /// Loads and validates the chosen ruleset.
    pub fn load(&self) -> anyhow::Result<Arc<Rules>> {
        let rules = match &self.rules {
            Some(path) => load_rules_file(path)?,
            None => Rules::preset(&self.variant)?,
        };
        Ok(Arc::new(rules))
    }

    /// The search config `spec` names under `rules` (loaded from these options): `engine` and
    /// `best` are the preset's when `rules` are a preset's game under another name (an OpenTafl
    /// rules string names neither), as `match` and `otep` read them.
    pub fn config(rules: &Rules, spec: &str) -> anyhow::Result<SearchConfig> {
        SearchConfig::parse_for_host(spec, rules).context("--config")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_under_an_opentafl_string_is_the_presets() {
        // OpenTafl's own Copenhagen string (its repetition rule differs from the preset's).
        let cph = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/\
                   t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
        let args = RulesArgs {
            variant: "ziege".into(),
            rules: Some(PathBuf::from(cph)),
        };
        let rules = args.load().unwrap();
        let cph = Rules::preset("copenhagen").unwrap();
        for spec in ["best", "engine", "best,-lmr"] {
            let want = SearchConfig::parse_for(spec, &cph).unwrap();
            assert_eq!(RulesArgs::config(&rules, spec).unwrap(), want, "{spec}");
        }
        assert_ne!(
            SearchConfig::parse_for("best", &cph).unwrap(),
            SearchConfig::parse_for("best", &rules).unwrap(),
            "the string alone names no best: the test would not tell"
        );
    }
}

/// The ruleset a `--rules` value names (a TOML rules file, or an OpenTafl rules string when no
/// file has that name), validated. Every subcommand's `--rules` goes through here, `diff`'s
/// repeatable one included.
pub fn load_rules_file(path: &Path) -> anyhow::Result<Rules> {
    match path.to_str().filter(|s| is_otr(s) && !path.exists()) {
        Some(otr) => Ok(Rules::from_otr(otr)?),
        None => Ok(Rules::from_file(path)?),
    }
}

/// Whether `s` is an OpenTafl rules string rather than a file name (they start with the board
/// size entry).
pub fn is_otr(s: &str) -> bool {
    s.trim_start().starts_with("dim:")
}

/// Print a ruleset as a commented TOML file: save it, edit it, pass it back with --rules FILE
/// (or, with --otep, as an OpenTafl rules string).
#[derive(clap::Args, Debug)]
pub struct Options {
    #[command(flatten)]
    rules: RulesArgs,
    /// List the built-in variants instead.
    #[arg(long)]
    list: bool,
    /// Print the ruleset as an OpenTafl rules string (for OpenTafl's "Load notation", its
    /// variant files, or another OTEP engine) instead of TOML. A rule OpenTafl cannot express
    /// (e.g. Copenhagen's "a repetition loses for the defenders") is an error naming it.
    #[arg(long)]
    otep: bool,
}

/// Prints the preset's own file (comments included), or checks and echoes a --rules file.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    if opts.list {
        for name in PRESETS {
            println!("{name}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    if opts.otep {
        println!("{}", opts.rules.load()?.to_otr()?);
        return Ok(ExitCode::SUCCESS);
    }
    match &opts.rules.rules {
        Some(path) if path.to_str().is_some_and(is_otr) && !path.exists() => {
            // An OpenTafl rules string: print the ruleset it describes as a rules file.
            let rules = opts.rules.load()?;
            let toml = rules.file().to_toml();
            println!("# From the OpenTafl rules string:\n# {}\n", path.display());
            print!("{toml}");
        }
        Some(path) => {
            // Validate first, so a bad file is reported rather than echoed.
            opts.rules.load()?;
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            print!("{text}");
        }
        None => {
            opts.rules.load()?;
            let src = preset_source(&opts.rules.variant)
                .with_context(|| format!("no preset `{}`", opts.rules.variant))?;
            print!("{src}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
