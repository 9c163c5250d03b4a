//! Time to count an 8192-token cart, and shrinko8 on the same file in the same run.
//!
//! `cargo bench -p tafl8-p8 --bench count` builds a program of exactly 8192 tokens from corpus
//! sources, times `tafl8_p8::count` on it (criterion, plus a best-of loop for the summary), then, if
//! `TAFL8_VENV` names the oracle venv, times shrinko8 on the same file: in process (tokenize +
//! count, `shrinko_time.py`) and as the command line (`shrinko8 FILE --count`). See `README.md`.

use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use tafl8_p8::{count, TOKEN_LIMIT};

/// Whole programs to repeat (PICO-8 accepts redefinitions), in rotation.
const PARTS: &[&str] = &[
    include_str!("../tests/corpus/34_engine_like.lua"),
    include_str!("../tests/corpus/23_game_loop.lua"),
    include_str!("../tests/corpus/13_functions.lua"),
    include_str!("../tests/corpus/22_metatables.lua"),
    include_str!("../tests/corpus/06_bitwise.lua"),
];

/// A program of exactly `target` tokens: corpus sources while they fit, then filler statements
/// (`f()` costs 2 tokens, `a=1` 3, a final `return` 1).
fn program(target: usize) -> String {
    let mut src = String::new();
    let mut tokens = 0;
    for part in PARTS.iter().cycle() {
        let n = count(part).expect("corpus lexes").tokens;
        if tokens + n > target {
            break;
        }
        src.push_str(part);
        src.push('\n');
        tokens += n;
    }
    let mut rest = target - tokens;
    let ends_with_return = rest % 2 == 1 && rest < 3;
    if rest % 2 == 1 && rest >= 3 {
        src.push_str("a=1\n");
        rest -= 3;
    }
    if ends_with_return {
        rest -= 1;
    }
    for _ in 0..rest / 2 {
        src.push_str("f()\n");
    }
    if ends_with_return {
        src.push_str("return\n");
    }
    src
}

fn best_of(iterations: u32, mut f: impl FnMut()) -> Duration {
    (0..iterations)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn bench(c: &mut Criterion) {
    let src = tafl8_p8::count::normalize_newlines(&program(TOKEN_LIMIT));
    let counts = count(&src).expect("generated program lexes");
    assert_eq!(
        counts.tokens, TOKEN_LIMIT,
        "generator must hit the limit exactly"
    );
    let file = std::env::temp_dir().join(format!("tafl8-bench-{}.lua", TOKEN_LIMIT));
    std::fs::write(&file, &src).expect("write bench program");
    println!(
        "program: {} tokens, {} chars, written to {}",
        counts.tokens,
        counts.chars,
        file.display()
    );

    c.bench_function("count 8192-token cart", |b| {
        b.iter(|| count(black_box(&src)).unwrap())
    });

    let ours = best_of(200, || {
        black_box(count(black_box(&src)).unwrap());
    });
    println!("tafl8 count (best of 200): {:.3} ms", ms(ours));
    shrinko(&file, counts.tokens, ours);
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Times shrinko8 on `file` and prints how many times faster `ours` is.
fn shrinko(file: &Path, tokens: usize, ours: Duration) {
    let Some(venv) = std::env::var_os("TAFL8_VENV") else {
        println!("shrinko8: skipped (set TAFL8_VENV=<venv with shrinko>, e.g. /work/main/.venv)");
        return;
    };
    let venv = Path::new(&venv);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/shrinko_time.py");
    let out = Command::new(venv.join("bin/python"))
        .arg(&script)
        .arg(file)
        .arg("20")
        .output()
        .expect("run python");
    let line = String::from_utf8_lossy(&out.stdout);
    println!("{}", line.trim());
    let best = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("best_s="))
        .and_then(|s| s.parse::<f64>().ok());
    if let Some(best) = best {
        assert!(
            line.contains(&format!("tokens={tokens} ")),
            "shrinko8 counts the file differently: {line}"
        );
        println!(
            "shrinko8 in-process tokenize+count (best of 20): {:.3} ms -> tafl8 is {:.0}x faster",
            best * 1e3,
            best / ours.as_secs_f64()
        );
    } else {
        println!(
            "shrinko8 in-process: no figure ({})",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let cli = best_of(3, || {
        let status = Command::new(venv.join("bin/shrinko8"))
            .arg(file)
            .args(["--count", "--no-count-compress"])
            .output()
            .expect("run shrinko8");
        assert!(status.status.success());
    });
    println!(
        "shrinko8 FILE --count --no-count-compress (best of 3, includes Python start-up): {:.1} ms -> tafl8 is {:.0}x faster",
        ms(cli),
        cli.as_secs_f64() / ours.as_secs_f64()
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
