//! `tafl8 count`: a program's PICO-8 tokens and characters against the cart limits.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use tafl8_p8::cart::read_source;
use tafl8_p8::count::compressed_size_of;
use tafl8_p8::{count, CHAR_LIMIT, COMPRESSED_LIMIT, TOKEN_LIMIT};

/// Count a program's PICO-8 tokens and characters against the cart limits.
///
/// Tokens are counted as PICO-8 counts them (the count shrinko8 reports); characters are
/// P8SCII characters (a glyph is one); compressed is the size of the code compressed in the
/// `.p8.png` format by tafl8's compressor (a few percent above shrinko8's, PICO-8's own does
/// worse: keep a margin). A program within the limits that does not parse is an error too:
/// PICO-8 would not load it. Exit status: 0 when the program fits, 1 when it is over a limit, 2
/// when the file cannot be read or lexed, or parsed when within the limits (the error says
/// where).
#[derive(clap::Args)]
pub struct Options {
    /// A cart (`.p8`: its `__lua__` section; `.p8.png`, `.p8.rom`: its decompressed code) or a
    /// `.lua` source file.
    pub file: PathBuf,
    /// Print one JSON object instead of a table (the text is `json_help`, limits from the code).
    #[arg(long, help = json_help())]
    pub json: bool,
}

/// `--json`'s help, with the limits the code checks.
fn json_help() -> String {
    format!(
        "Print one JSON object instead of a table: {{\"file\":F,\"tokens\":N,\"chars\":N,\
         \"compressed\":N,\"token_limit\":{TOKEN_LIMIT},\"char_limit\":{CHAR_LIMIT},\
         \"compressed_limit\":{COMPRESSED_LIMIT},\"fits\":true}}"
    )
}

/// Runs `tafl8 count`.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    let path = opts.file.display().to_string();
    let (counts, compressed) = match read_source(&opts.file) {
        Err(e) => return bad_file(&e.to_string()),
        Ok(source) => match count(&source.code) {
            Ok(c) => {
                // A program PICO-8 cannot parse does not load, however few its tokens. One over
                // the token or character limit does not load either: it is reported as over
                // the limit, whether it parses or not (the parser refuses some such programs:
                // an expression deeper than the token limit allows, a source over 1 MiB).
                let within = c.tokens <= TOKEN_LIMIT && c.chars <= CHAR_LIMIT;
                if let Some(e) = within
                    .then(|| tafl8_p8::parse(&source.code).err())
                    .flatten()
                {
                    let line = e.pos.line as usize + source.line_offset;
                    return bad_file(&format!("{path}:{line}:{}: {}", e.pos.col, e.message));
                }
                (c, compressed_size_of(&source.code))
            }
            Err(e) => {
                let line = e.line as usize + source.line_offset;
                return bad_file(&format!("{path}:{line}:{}: {}", e.col, e.message));
            }
        },
    };
    let fits = counts.tokens <= TOKEN_LIMIT
        && counts.chars <= CHAR_LIMIT
        && compressed <= COMPRESSED_LIMIT;
    if opts.json {
        let v = serde_json::json!({
            "file": path,
            "tokens": counts.tokens,
            "chars": counts.chars,
            "compressed": compressed,
            "token_limit": TOKEN_LIMIT,
            "char_limit": CHAR_LIMIT,
            "compressed_limit": COMPRESSED_LIMIT,
            "fits": fits,
        });
        println!("{}", serde_json::to_string(&v).context("encoding JSON")?);
    } else {
        println!("{path}");
        print_row("tokens", counts.tokens, TOKEN_LIMIT);
        print_row("chars", counts.chars, CHAR_LIMIT);
        print_row("compressed", compressed, COMPRESSED_LIMIT);
        if !fits {
            println!("over the limit: the cart will not load in PICO-8");
        }
    }
    Ok(if fits {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn print_row(name: &str, n: usize, limit: usize) {
    let share = 100.0 * n as f64 / limit as f64;
    println!("  {name:<11}{n:>6} / {limit:<6}{share:>6.1}%");
}

/// Reports a file that cannot be counted; exit status 2 keeps it apart from "over the limit".
fn bad_file(message: &str) -> anyhow::Result<ExitCode> {
    eprintln!("error: {message}");
    Ok(ExitCode::from(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_on(name: &str, text: &str) -> ExitCode {
        let dir = std::env::temp_dir().join(format!("tafl8-count-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let code = run(Options { file, json: true }).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        code
    }

    #[test]
    fn exit_status_tells_fits_over_and_bad() {
        assert_eq!(run_on("ok.lua", "x=1\n"), ExitCode::SUCCESS);
        // 8193 tokens: `x=1` is 3, each ` x=1` after it 3 more; 2731 * 3 = 8193.
        let over = "x=1 ".repeat(2731);
        assert_eq!(run_on("over.lua", &over), ExitCode::from(1));
        assert_eq!(run_on("bad.lua", "x=\"open\n"), ExitCode::from(2));
        // Lexes, but does not parse.
        assert_eq!(
            run_on("broken.lua", "function f(\n x = = 1\nend\n"),
            ExitCode::from(2)
        );
        let cart = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\nx=1\n";
        assert_eq!(run_on("ok.p8", cart), ExitCode::SUCCESS);
        assert_eq!(
            run_on("nolua.p8", "pico-8 cartridge\nversion 42\n"),
            ExitCode::from(2)
        );
    }
}
