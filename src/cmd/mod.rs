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
pub mod tune;

/// Every `tafl8` subcommand. Each one's help (the summary in `tafl8 --help` and the whole text
/// in `tafl8 CMD --help`) is the doc comment of its `Options`: one text per command, so the
/// long help is never hidden behind a shorter one here.
#[derive(Subcommand)]
pub enum Command {
    Count(count::Options),
    Lint(lint::Options),
    Rules(rules::Options),
    Perft(perft::Options),
    Bench(bench::Options),
    Analyze(analyze::Options),
    Match(match_cmd::Options),
    Otep(otep::Options),
    Book(book::Options),
    Run(run::Options),
    Build(build::Options),
    Diff(diff::Options),
    Tune(tune::Options),
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
            Command::Tune(opts) => tune::run(opts),
        }
    }
}
