//! Subcommand registry: add a variant here and a module beside this file.

use std::process::ExitCode;

use clap::Subcommand;

/// Every `tafl8` subcommand.
#[derive(Subcommand)]
pub enum Command {}

impl Command {
    /// Runs the chosen subcommand; the exit code tells success, a finding (lint warnings), or failure.
    pub fn run(self) -> anyhow::Result<ExitCode> {
        match self {}
    }
}
