//! Carts written to break `tafl8 run`, one or more per class of issue 30, each run as a
//! subprocess of the `tafl8` binary under a memory limit (`prlimit --as`) and a watchdog: the
//! run must end in time with the expected exit status and message, and never with a panic, an
//! abort or a signal. The carts are `tests/hostile/*.p8` (their first code line says what to
//! expect: `-- expect: exit=N frames=N [input=SCRIPT] [stdout=TEXT | stderr=TEXT]`) plus a few
//! too big to keep in the repository, written here. Every other command that reads a cart
//! (`lint`, `count`, `diff --cart`, `bench runner --cart`) reads them all under the same limits.
//!
//! `TAFL8_HOSTILE_BIN=path` runs the suite against another `tafl8` binary (to check that it
//! catches an older runner).

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Address space allowed to one run (`prlimit --as`): the runner's normal reservations (its
/// binary, the Lua state, the compiler thread's stack) fit well inside; the runaway buffers of
/// the carts here (2 GB of printh lines, 1.7 GB for a 10 MB cart) do not.
const MEMORY_LIMIT: u64 = 1 << 30;
/// Wall-clock time allowed to one run (a debug binary on a shared machine); the hangs these
/// carts caused lasted hours, or for ever.
const TIME_LIMIT: Duration = Duration::from_secs(60);

struct Expect {
    exit: i32,
    frames: u32,
    input: Option<String>,
    stdout: Option<String>,
    stderr: Option<String>,
}

fn parse_expect(cart: &str) -> Expect {
    let line = cart
        .lines()
        .find_map(|l| l.strip_prefix("-- expect: "))
        .expect("the cart says what to expect");
    let mut e = Expect {
        exit: 0,
        frames: 0,
        input: None,
        stdout: None,
        stderr: None,
    };
    // Fields are `key=value`; a value runs to the next ` key=` (stdout/stderr run to the end).
    let mut rest = line;
    while let Some((key, value)) = rest.split_once('=') {
        let (value, next) = match key {
            "stdout" | "stderr" => (value, ""),
            _ => {
                let cut = ["frames=", "input=", "stdout=", "stderr=", "exit="]
                    .iter()
                    .filter_map(|k| value.find(&format!(" {k}")))
                    .min()
                    .unwrap_or(value.len());
                (&value[..cut], value[cut..].trim_start())
            }
        };
        match key.trim() {
            "exit" => e.exit = value.trim().parse().unwrap(),
            "frames" => e.frames = value.trim().parse().unwrap(),
            "input" => e.input = Some(value.trim().to_string()),
            "stdout" => e.stdout = Some(value.to_string()),
            "stderr" => e.stderr = Some(value.to_string()),
            other => panic!("unknown field {other}"),
        }
        rest = next;
    }
    e
}

fn binary() -> PathBuf {
    std::env::var_os("TAFL8_HOSTILE_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_tafl8")))
}

/// Runs `tafl8 run CART` under the limits: (exit code, stdout, stderr), or what went wrong (a
/// signal, a run past the time limit).
fn run_limited(
    cart: &Path,
    frames: u32,
    input: Option<&Path>,
) -> Result<(i32, String, String), String> {
    let mut args: Vec<OsString> = vec![
        "run".into(),
        cart.into(),
        "--frames".into(),
        frames.to_string().into(),
        "--printh".into(),
    ];
    if let Some(i) = input {
        args.extend(["--input".into(), i.into()]);
    }
    tafl8_limited(&args)
}

/// Runs `tafl8 ARGS` under the limits: (exit code, stdout, stderr), or what went wrong (a
/// signal, a run past the time limit).
fn tafl8_limited(args: &[OsString]) -> Result<(i32, String, String), String> {
    let mut cmd = Command::new("prlimit");
    cmd.arg(format!("--as={MEMORY_LIMIT}"))
        .arg("--")
        .arg(binary())
        .args(args);
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prlimit runs tafl8");
    // Drain the pipes while waiting, so a chatty run cannot block on a full pipe.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out.read_to_end(&mut buf);
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {TIME_LIMIT:?}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    match status.code() {
        Some(code) => Ok((code, stdout, stderr)),
        None => Err(format!(
            "ended by a signal ({status}); stderr: {}",
            stderr.chars().take(400).collect::<String>()
        )),
    }
}

/// Runs a cart and checks it against `e`: the problems found, if any.
fn check(cart: &Path, e: &Expect, dir: &Path) -> Result<(), String> {
    let input = e.input.as_ref().map(|script| {
        let p = dir.join(format!(
            "{}.input",
            cart.file_stem().unwrap().to_string_lossy()
        ));
        std::fs::write(&p, format!("{script}\n")).unwrap();
        p
    });
    let name = cart.file_name().unwrap().to_string_lossy();
    let (code, stdout, stderr) =
        run_limited(cart, e.frames, input.as_deref()).map_err(|why| format!("{name}: {why}"))?;
    let head = |s: &str| s.chars().take(300).collect::<String>();
    if stderr.contains("panicked") || stderr.contains("RefCell") {
        return Err(format!("{name}: panicked: {}", head(&stderr)));
    }
    if code != e.exit {
        return Err(format!(
            "{name}: exit {code}, not {}: {}",
            e.exit,
            head(&stderr)
        ));
    }
    if let Some(want) = &e.stdout {
        if !stdout.lines().any(|l| l == want) {
            return Err(format!("{name}: no line `{want}` in {}", head(&stdout)));
        }
    }
    if let Some(want) = &e.stderr {
        if !stderr.contains(want.as_str()) {
            return Err(format!("{name}: `{want}` not in {}", head(&stderr)));
        }
    }
    Ok(())
}

/// Runs every case; fails listing every case that failed.
fn check_all(cases: &[(PathBuf, Expect)], dir: &Path) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(cart, e)| check(cart, e, dir).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} carts failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// A folder of this test's own (the tests run in parallel, each removes its folder).
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tafl8-hostile-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn hostile_carts_end_cleanly_within_limits() {
    let dir = temp_dir("carts");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let mut carts: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "p8"))
        .collect();
    carts.sort();
    assert!(carts.len() >= 15, "{} carts", carts.len());
    let cases: Vec<(PathBuf, Expect)> = carts
        .into_iter()
        .map(|c| {
            let e = parse_expect(&std::fs::read_to_string(&c).unwrap());
            (c, e)
        })
        .collect();
    check_all(&cases, &dir);
    let _ = std::fs::remove_dir_all(&dir);
}

const HEADER: &str = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n";

/// Carts past PICO-8's limits, too big to keep in the repository: their file name, code, and
/// the message `tafl8 run` gives (the place the limit is passed).
fn oversized() -> Vec<(&'static str, String, &'static str)> {
    vec![
        // A dense 10 MB cart (it took 1.7 GB before Lua's limit applied).
        (
            "dense.p8",
            "x+=1\n".repeat(2_000_000),
            "dense.p8:13111:1: the code has",
        ),
        // 35,000 terms (the lowering overflowed the stack; lint, count and diff --cart too).
        (
            "long_expression.p8",
            format!("x=1 y={}\n", vec!["x"; 35_000].join("+")),
            "long_expression.p8:4:65536: the code has 70005 characters",
        ),
        // 300,000 `.a` (the same).
        (
            "long_members.p8",
            format!("t={{}} t.a=t y=t{}\n", ".a".repeat(300_000)),
            "over PICO-8's limit of 65535",
        ),
        // 300,000 calls in a row, and 300,000 parentheses (lint and count overflowed).
        (
            "long_calls.p8",
            format!("function f() return f end y=f{}\n", "()".repeat(300_000)),
            "over PICO-8's limit of 65535",
        ),
        (
            "deep_parentheses.p8",
            format!("y={}1{}\n", "(".repeat(300_000), ")".repeat(300_000)),
            "over PICO-8's limit of 65535",
        ),
    ]
}

/// Writes the oversized carts into `dir`.
fn write_oversized(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    oversized()
        .into_iter()
        .map(|(file, code, want)| {
            let path = dir.join(file);
            std::fs::write(&path, format!("{HEADER}{code}")).unwrap();
            (path, want)
        })
        .collect()
}

/// The oversized carts: refused before they are parsed, with the place the limit is passed.
#[test]
fn oversized_carts_are_refused_quickly() {
    let dir = temp_dir("oversized");
    let cases: Vec<(PathBuf, Expect)> = write_oversized(&dir)
        .into_iter()
        .map(|(path, want)| {
            let e = Expect {
                exit: 1,
                frames: 1,
                input: None,
                stdout: None,
                stderr: Some(want.to_string()),
            };
            (path, e)
        })
        .collect();
    check_all(&cases, &dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `tafl8 ARGS` under the limits; `Err` says what is wrong unless it ends (no signal, no
/// panic, in time) with an exit status in `exits` and `want` in its output.
fn command_ends(args: &[OsString], exits: &[i32], want: &str) -> Result<(), String> {
    let shown = args
        .iter()
        .map(|a| a.to_string_lossy().chars().take(60).collect::<String>())
        .collect::<Vec<_>>()
        .join(" ");
    let (code, stdout, stderr) = tafl8_limited(args).map_err(|why| format!("{shown}: {why}"))?;
    let head = |s: &str| s.chars().take(300).collect::<String>();
    if stderr.contains("panicked") || stderr.contains("overflowed") {
        return Err(format!("{shown}: panicked: {}", head(&stderr)));
    }
    if !exits.contains(&code) {
        return Err(format!("{shown}: exit {code}: {}", head(&stderr)));
    }
    if !stdout.contains(want) && !stderr.contains(want) {
        return Err(format!(
            "{shown}: `{want}` not in the output: {} {}",
            head(&stdout),
            head(&stderr)
        ));
    }
    Ok(())
}

/// The small plan for `diff --cart`: the cart is refused (or fails) before any case matters.
fn diff_cart(cart: &Path) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec!["diff".into(), "--cart".into(), cart.into()];
    for a in [
        "--variant",
        "ziege",
        "--positions",
        "1",
        "--search-positions",
        "1",
        "--think-seeds",
        "1",
        "--games",
        "1",
        "--plies",
        "2",
    ] {
        args.push(a.into());
    }
    args
}

/// `lint`, `count`, `diff --cart` and `bench runner --cart` on the oversized carts: each ends
/// with its own clear verdict (count: over the limit; the others: the place PICO-8's limits or
/// the parser's are passed), within the limits. They used to overflow the stack (SIGABRT) or,
/// on the 10 MB cart, run out of memory.
#[test]
fn every_command_reads_oversized_carts_cleanly() {
    let dir = temp_dir("commands");
    let mut failures = Vec::new();
    for (path, _) in write_oversized(&dir) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let lint_says = if name == "dense.p8" {
            "more than the 1048576 tafl8 reads"
        } else if name == "deep_parentheses.p8" {
            "nesting deeper than 200 levels"
        } else {
            "expression nested more than 8192 levels deep"
        };
        let runs = [
            (vec!["lint".into(), path.clone().into()], vec![2], lint_says),
            (
                vec!["count".into(), path.clone().into()],
                vec![1],
                "over the limit: the cart will not load in PICO-8",
            ),
            (diff_cart(&path), vec![1], "over PICO-8's limit"),
            (
                vec![
                    "bench".into(),
                    "runner".into(),
                    "--cart".into(),
                    path.clone().into(),
                    "--runs".into(),
                    "1".into(),
                ],
                vec![1],
                "over PICO-8's limit",
            ),
        ];
        for (args, exits, want) in runs {
            if let Err(e) = command_ends(&args, &exits, want) {
                failures.push(e);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `lint` and `count` on every cart of `tests/hostile/` (the deepest trees PICO-8's limits allow
/// among them): a verdict, never a crash.
#[test]
fn lint_and_count_read_the_hostile_carts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let mut failures = Vec::new();
    let mut carts: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "p8"))
        .collect();
    carts.sort();
    for cart in carts {
        for (command, want) in [("lint", "error(s)"), ("count", "tokens")] {
            let args: Vec<OsString> = vec![command.into(), cart.clone().into()];
            if let Err(e) = command_ends(&args, &[0, 1], want) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
