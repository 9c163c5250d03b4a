//! Subcommand registry: add a variant here and a module beside this file.

use std::process::ExitCode;

use clap::Subcommand;

pub mod analyze;
pub mod bench;
pub mod book;
pub mod build;
pub mod count;
pub mod diff;
pub mod lint;
pub mod match_cmd;
pub mod otep;
pub mod perft;
pub mod rules;
pub mod run;

/// Every `tafl8` subcommand.
#[derive(Subcommand)]
pub enum Command {
    /// Count a program's PICO-8 tokens and characters against the cart limits.
    ///
    /// Tokens are counted as PICO-8 counts them (the count shrinko8 reports); characters are
    /// P8SCII characters (a glyph is one); compressed is the size of the code compressed in the
    /// `.p8.png` format by tafl8's compressor (a few percent above shrinko8's, PICO-8's own does
    /// worse: keep a margin). Exit status: 0 when the program fits, 1 when it is over a limit, 2
    /// when the file cannot be read or lexed (the error says where).
    Count(count::Options),
    /// Lint a program: undefined globals (errors), unused and shadowed locals (warnings).
    ///
    /// A global is defined if PICO-8 provides it or the program assigns it anywhere. Findings are
    /// printed as `FILE:LINE:COL: severity: message [code]`. Exit status: 0 when there are no
    /// errors (warnings allowed), 1 when there are errors, 2 when the file cannot be read or
    /// parsed (the syntax error says where).
    Lint(lint::Options),
    /// Print a ruleset (built-in variant or --rules FILE) as a commented TOML file to copy and edit.
    Rules(rules::Options),
    /// Count leaf positions N plies ahead (perft), to check the move generator.
    Perft(perft::Options),
    /// Measure speed (e.g. `bench perft`: leaves per second); use a --release build.
    Bench(bench::Options),
    /// Search a position: best move, score, PV, nodes and time per iteration (`--tree`, `--json`).
    Analyze(analyze::Options),
    /// Two engine configs play each other from varied openings: W/D/L and Elo with a 95% interval.
    Match(match_cmd::Options),
    /// Play as an OpenTafl (OTEP) engine on stdin/stdout: OpenTafl's host or a referee sends the
    /// rules and the moves (see docs/otep.md for adding tafl8 to OpenTafl).
    Otep(otep::Options),
    /// Generate a variant's opening book by deep search (or --check a committed one).
    Book(book::Options),
    /// Run a cart headless: printh output, CPU per frame, screenshots (see `tafl8 run --help`).
    Run(run::Options),
    /// Build a PICO-8 cart from the engine's templates and print where every token went.
    ///
    /// Default: `carts/ziege.p8`. The Lua is rendered from `templates/` with the ruleset's tables,
    /// parsed and linted (an undefined global is an error), counted, and minified only if over
    /// PICO-8's character limit. `--all` rebuilds every committed cart; `--check` fails on a
    /// stale one; `--features list` prints each optional feature's token cost. Exit status: 0
    /// built, 1 over budget (the biggest parts are named), stale, or another error.
    Build(build::Options),
    /// Compare the cart's Lua with the Rust engine position by position (differential tests).
    ///
    /// Perft, every move's captures and outcome, evaluation, search results per depth and
    /// configuration, difficulty choices and self-play games; `--z8lua` adds the second opinion.
    /// Mismatches print both answers and a command that reruns the case. Exit 1 on a mismatch.
    Diff(diff::Options),
}

impl Command {
    /// Runs the chosen subcommand; the exit code tells success, a finding (lint warnings), or failure.
    pub fn run(self) -> anyhow::Result<ExitCode> {
        match self {
            Command::Build(opts) => build::run(opts),
            Command::Diff(opts) => diff::run(opts),
            Command::Count(opts) => count::run(opts),
            Command::Lint(opts) => lint::run(opts),
            Command::Rules(opts) => rules::run(opts),
            Command::Perft(opts) => perft::run(opts),
            Command::Bench(opts) => bench::run(opts),
            Command::Analyze(opts) => analyze::run(opts),
            Command::Match(opts) => match_cmd::run(opts),
            Command::Otep(opts) => otep::run(opts),
            Command::Book(opts) => book::run(opts),
            Command::Run(opts) => run::run(opts),
        }
    }
}
