//! `tafl8 book`: generate a variant's opening book by deep search (the committed books under
//! `crates/engine/book/` are made with it), or check a committed one is up to date.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};
use tafl8_engine::book::{builtin_text, generate_with_progress, Book, BookParams};
use tafl8_engine::rules::PRESETS;

use super::rules::RulesArgs;

/// Generate an opening book by deep search from a variant's start (or --check a committed one).
///
/// The book's text is printed on standard output, or written to --out FILE; its size in the
/// cart goes to standard error. The committed books, built into tafl8 and its carts, are
/// `crates/engine/book/<variant>.book`: `tafl8 book --variant V --out crates/engine/book/V.book`
/// regenerates one (then `tafl8 build --all` puts it in the carts), and `tafl8 book --variant V
/// --check` checks the one built into tafl8 is what a fresh generation gives. The defaults are
/// the committed settings; a --release build takes about a minute for the 7x7 variants.
#[derive(clap::Args, Debug)]
pub struct Options {
    #[command(flatten)]
    rules: RulesArgs,
    /// Search depth per book position (default by board size: `defaults_help`).
    #[arg(long, help = defaults_help("Search depth per book position", |n| default_params(n).0))]
    depth: Option<u8>,
    /// Book positions are those fewer than this many plies from the start.
    #[arg(long, help = defaults_help(
        "Book positions are those fewer than this many plies from the start",
        |n| default_params(n).1
    ))]
    plies: Option<u8>,
    /// Most moves kept per position.
    #[arg(long, default_value_t = 3)]
    moves: usize,
    /// Moves within this many points of the best are kept.
    #[arg(long, default_value_t = 40)]
    margin: i16,
    /// Write the book's text form here (atomically); default: print it.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Instead of writing, fail if the book differs from a fresh generation: the --out file, or
    /// without --out the variant's book built into tafl8 (`crates/engine/book/<variant>.book`).
    #[arg(long)]
    check: bool,
}

/// The committed books' settings for a board of side `n`: (search depth, plies).
fn default_params(n: u8) -> (u8, u8) {
    let depth = match n {
        0..=7 => 7,
        8..=9 => 5,
        _ => 4,
    };
    (depth, if n <= 7 { 4 } else { 3 })
}

/// An option's help: `what`, then its default on the presets' board sizes.
fn defaults_help(what: &str, f: impl Fn(u8) -> u8) -> String {
    let by_size: Vec<String> = [7u8, 9, 11]
        .iter()
        .map(|&n| format!("{} on {n}x{n}", f(n)))
        .collect();
    format!("{what} (default: {})", by_size.join(", "))
}

/// Generates (or checks) the book.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    let rules = opts.rules.load()?;
    if let (Some(path), false) = (&opts.out, opts.check) {
        // Before the search, not after it.
        tafl8_outfile::check(path).context("--out")?;
    }
    let n = rules.geometry().size();
    let (depth, plies) = default_params(n);
    let params = BookParams {
        depth: opts.depth.unwrap_or(depth),
        plies: opts.plies.unwrap_or(plies),
        moves: opts.moves,
        margin: opts.margin,
    };
    // Progress on a terminal (indicatif draws nothing when stderr is not one).
    let bar = ProgressBar::new(1);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} positions searched (depth {msg})  [{elapsed}]",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message(params.depth.to_string());
    let book = generate_with_progress(&rules, params, |searched, queued| {
        bar.set_length((searched + queued) as u64);
        bar.set_position(searched as u64);
    });
    bar.finish_and_clear();
    let g = rules.geometry();
    let header = params.header(rules.name(), book.entries().len());
    let text = book.to_text(g, &header);
    let compact = book.to_compact(g);
    let lua = format!("book=\"{compact}\"");
    let tokens = tafl8_p8::count(&lua).map(|c| c.tokens).unwrap_or(0);
    eprintln!(
        "{}: {} positions, {} moves; in the cart: {} bytes as one string, {} tokens for `book=\"...\"`",
        rules.name(),
        book.entries().len(),
        book.entries().iter().map(|e| e.moves.len()).sum::<usize>(),
        compact.len(),
        tokens
    );
    let committed = format!("crates/engine/book/{}.book", rules.name());
    match (&opts.out, opts.check) {
        (Some(path), true) => {
            let old = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            if Book::from_text(&old, g)? != book {
                bail!(
                    "{} is stale: regenerate it with the command in its header",
                    path.display()
                );
            }
            eprintln!("{} is up to date", path.display());
        }
        (None, true) => {
            let Some(old) = builtin_text(rules.name()) else {
                bail!(
                    "--check: tafl8 has no book for `{}` built in (the variants' are {}): give \
                     --out FILE to check a book file",
                    rules.name(),
                    PRESETS.join(", ")
                );
            };
            if Book::from_text(old, g)? != book {
                bail!(
                    "the book built into tafl8 for {} ({committed}) is stale: regenerate it \
                     with --out {committed}, then rebuild tafl8 and the carts",
                    rules.name()
                );
            }
            eprintln!("the book built into tafl8 ({committed}) is up to date");
        }
        (Some(path), false) => {
            tafl8_outfile::write(path, text.as_bytes())?;
        }
        (None, false) => {
            print!("{text}");
            if builtin_text(rules.name()).is_some() {
                eprintln!("printed; --out {committed} replaces the committed book");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
