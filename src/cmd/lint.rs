//! `tafl8 lint`: undefined globals, unused locals and shadowed locals in a PICO-8 program.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use tafl8_p8::cart::read_source;
use tafl8_p8::{lint, parse, Severity};

/// Lint a program: undefined globals (errors), unused and shadowed locals (warnings).
///
/// A global is defined if PICO-8 provides it or the program assigns it anywhere. Findings are
/// printed as `FILE:LINE:COL: severity: message [code]`. Exit status: 0 when there are no
/// errors (warnings allowed), 1 when there are errors, 2 when the file cannot be read or
/// parsed (the syntax error says where).
#[derive(clap::Args)]
pub struct Options {
    /// A cart (`.p8`: its `__lua__` section; `.p8.png`, `.p8.rom`: its decompressed code) or a
    /// `.lua` source file.
    pub file: PathBuf,
    /// Print one JSON object instead of lines:
    /// `{"file":..,"errors":N,"warnings":N,"findings":[{"line","col","severity","code","message"}]}`.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tafl8 lint`: exit 0 when there are no errors (warnings allowed), 1 when there are
/// errors, 2 when the file cannot be read or parsed.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    let path = opts.file.display().to_string();
    let source = match read_source(&opts.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let chunk = match parse(&source.code) {
        Ok(c) => c,
        Err(e) => {
            let line = e.pos.line as usize + source.line_offset;
            eprintln!("{path}:{line}:{}: error: {}", e.pos.col, e.message);
            return Ok(ExitCode::from(2));
        }
    };
    let findings = lint(&chunk);
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let warnings = findings.len() - errors;
    if opts.json {
        let list: Vec<_> = findings
            .iter()
            .map(|f| {
                serde_json::json!({
                    "line": f.pos.line as usize + source.line_offset,
                    "col": f.pos.col,
                    "severity": f.severity.to_string(),
                    "code": f.code,
                    "message": f.message,
                })
            })
            .collect();
        let v = serde_json::json!({
            "file": path,
            "errors": errors,
            "warnings": warnings,
            "findings": list,
        });
        println!("{}", serde_json::to_string(&v).context("encoding JSON")?);
    } else {
        for f in &findings {
            let line = f.pos.line as usize + source.line_offset;
            println!(
                "{path}:{line}:{}: {}: {} [{}]",
                f.pos.col, f.severity, f.message, f.code
            );
        }
        println!("{path}: {errors} error(s), {warnings} warning(s)");
    }
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_on(name: &str, text: &str) -> ExitCode {
        let dir = std::env::temp_dir().join(format!("tafl8-lint-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let code = run(Options { file, json: true }).unwrap();
        let _ = std::fs::remove_file(dir.join(name));
        code
    }

    #[test]
    fn exit_status_tells_errors_from_warnings_from_bad_files() {
        assert_eq!(run_on("ok.lua", "local a = 1 print(a)"), ExitCode::SUCCESS);
        assert_eq!(run_on("warn.lua", "local unused = 1"), ExitCode::SUCCESS);
        assert_eq!(run_on("err.lua", "print(nope)"), ExitCode::from(1));
        assert_eq!(run_on("bad.lua", "if then"), ExitCode::from(2));
        let cart = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\nprint(x)\n";
        assert_eq!(run_on("c.p8", cart), ExitCode::from(1));
    }
}
