//! `tafl8`: the command-line front door. One module per subcommand under `cmd/`, each with an
//! `Options` struct (clap) and a `run()`; errors are `anyhow` here and typed in the library crates.

mod cmd;

use std::process::ExitCode;

use clap::Parser;

/// Compile a tafl engine written in Rust into a PICO-8 cartridge, and prove the cart plays like the Rust.
#[derive(Parser)]
#[command(name = "tafl8", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: cmd::Command,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.run() {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
