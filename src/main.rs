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

/// A reader that closes the pipe early (`tafl8 ... | head`) is not an error of tafl8's: `print!`
/// panics on a closed stdout, so that one panic ends the program quietly with success, as
/// `analyze` does when its report meets a closed pipe; every other panic keeps the default
/// report.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_stdout();
    let cli = Cli::parse();
    match cli.command.run() {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
