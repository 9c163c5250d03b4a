//! `tafl8 otep`: the engine as an OpenTafl Engine Protocol (OTEP) engine on stdin/stdout, for
//! OpenTafl's host (its terminal UI, self-play and headless modes) or any OTEP referee. The
//! protocol's state lives in `session` (the clock arithmetic is the engine's `clock`); this file is the I/O:
//! a thread reads stdin, the main thread answers line by line, and a line that arrives while
//! the engine thinks is read as soon as the search ends (a `finish`, `goodbye`, new board or
//! new rules then cancels the move it found).

pub mod session;

use std::fs::File;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::Context;
use tafl8_engine::config::SearchConfig;
use tafl8_engine::Rules;

use session::{one_line, Session, Settings};

/// Play as an OTEP engine on stdin/stdout (OpenTafl's engine protocol).
///
/// Add it to OpenTafl with an engine .ini file (see docs/otep.md): OpenTafl starts the
/// command, sends the rules and the moves, and asks for ours. The rules come from the host (any
/// OpenTafl rules string tafl8 plays; others get an `error` naming the rule). The engine keeps the
/// game's positions, so its search sees repetitions coming; with a game clock (`clock` messages)
/// it budgets its time from the clock, otherwise it thinks --movetime per move. Lines it does
/// not understand get an `error 0` line; it exits on `goodbye` or at the end of its input.
#[derive(clap::Args, Debug)]
pub struct Options {
    /// Time per move in milliseconds when the host sends no clock; with a clock, the most a move
    /// may take [default without a clock: 2000].
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Node budget per move (0 = none).
    #[arg(long, default_value_t = 0)]
    nodes: u64,
    /// Deepest iteration.
    #[arg(long, default_value_t = 62)]
    depth: u8,
    /// Search features (see `tafl8 analyze --help`), e.g. `full,tt-bits=20`. The default,
    /// `best`, is the strongest engine measured for the host's rules (their `[ai] best`, else
    /// their own engine); with --level it is `engine`, the cart's own. Both are resolved when the
    /// host sends its rules: a preset's when the rules are a preset's (whatever the host calls
    /// it: OpenTafl's `Brandub` is tafl8's brandubh), else `full`. [default: best; with
    /// --level: engine]
    #[arg(long, value_name = "SPEC")]
    config: Option<String>,
    /// Play as the cart's difficulty level N (1-5): the cart itself, built for the host's rules
    /// and `--config` (the cart's own engine by default), run in the headless runner as the
    /// game runs it: the level's node budget and thinking time, root margin and seeded move
    /// choice, king race included. `--nodes`, `--depth` and `--movetime` are then not allowed.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=5))]
    level: Option<u8>,
    /// The seed of the level's move choice (`--level`), drawn from through the game as the
    /// cart's game draws.
    #[arg(long, value_name = "SEED", default_value_t = 1, requires = "level")]
    seed: u32,
    /// Append a transcript of the session to FILE: each line in (`<<`) and out (`>>`), with the
    /// milliseconds since start.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
}

/// A line from the host, or the end of its input.
enum Input {
    Line(String, Instant),
    Eof,
    TooLong(usize),
}

/// The longest line accepted: a position record of 11x11 is under 150 characters, a rules
/// string under 600; a move list can hold a whole game (up to a few thousand moves).
const MAX_LINE: usize = 1 << 20;

fn reader(tx: mpsc::Sender<Input>) {
    let stdin = std::io::stdin();
    let mut lock = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match std::io::Read::take(&mut lock, MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => {
                let _ = tx.send(Input::Eof);
                return;
            }
            Ok(n) if n > MAX_LINE && !buf.ends_with(b"\n") => {
                let rest = lock.skip_until(b'\n').unwrap_or(0);
                if tx.send(Input::TooLong(n + rest)).is_err() {
                    return;
                }
            }
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf).into_owned();
                if tx.send(Input::Line(line, Instant::now())).is_err() {
                    return;
                }
            }
        }
    }
}

/// Writes the engine's lines, each with one write so a host that reads raw chunks (OpenTafl
/// splits what one read returns at newlines) never sees half a line; and the transcript.
struct Out {
    log: Option<File>,
    start: Instant,
}

impl Out {
    fn log(&mut self, dir: &str, line: &str) {
        self.log_at(dir, line, Instant::now());
    }

    fn log_at(&mut self, dir: &str, line: &str, at: Instant) {
        if let Some(f) = &mut self.log {
            let ms = at.saturating_duration_since(self.start).as_millis();
            let _ = writeln!(f, "{ms} {dir} {}", line.trim_end());
        }
    }

    fn send(&mut self, line: &str) -> std::io::Result<()> {
        self.log(">>", line);
        let mut text = one_line(line);
        text.push('\n');
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(text.as_bytes())?;
        stdout.flush()
    }
}

/// Whether the lines that came in while we searched make the move we found pointless: the
/// host ended or changed the game before it could have seen our move. A host answers our move
/// with `move` or `error` first, so a line after one of those (a scripted session read ahead)
/// does not count, nor does the end of input (a script that ends after `play` wants the move).
fn move_is_stale(queue: &std::collections::VecDeque<Input>) -> bool {
    for i in queue {
        if let Input::Line(l, _) = i {
            match l.split_whitespace().next().unwrap_or("") {
                "move" | "error" => return false,
                "finish" | "goodbye" | "rules" | "position" | "side" | "opponent-move" | "play" => {
                    return true
                }
                _ => {}
            }
        }
    }
    false
}

/// Runs the engine until `goodbye` or the end of input.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    // Checked now (any ruleset resolves `engine` as well as another for that); resolved for the
    // host's rules when they come.
    let config = opts.config.clone().unwrap_or_else(|| {
        if opts.level.is_some() {
            "engine"
        } else {
            "best"
        }
        .to_string()
    });
    SearchConfig::parse_for(&config, &Rules::default_preset()).context("--config")?;
    if opts.level.is_some() && (opts.depth != 62 || opts.nodes != 0 || opts.movetime.is_some()) {
        anyhow::bail!(
            "--level plays the cart's level, with its own budgets: drop --depth, --nodes and \
             --movetime (or drop --level)"
        );
    }
    let log = match &opts.log {
        Some(p) => Some(tafl8_outfile::open_append(p).context("--log")?),
        None => None,
    };
    let mut out = Out {
        log,
        start: Instant::now(),
    };
    let settings = Settings {
        config: config.clone(),
        movetime: opts.movetime.map(Duration::from_millis),
        nodes: opts.nodes,
        depth: opts.depth.clamp(1, 62),
        level: opts.level,
        seed: opts.seed,
    };
    let announce = format!(
        "tafl8 {} OTEP engine (config `{}`{}, {})",
        env!("CARGO_PKG_VERSION"),
        config,
        opts.level
            .map(|l| format!(", level {l}, seed {}", opts.seed))
            .unwrap_or_default(),
        match opts.movetime {
            Some(ms) => format!("at most {ms} ms a move"),
            None => "2000 ms a move unless the host sends a clock".to_string(),
        }
    );
    let mut session = Session::new(settings, announce);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || reader(tx));

    // A closed stdout (the host went away) ends the session quietly. Only `hello` now:
    // OpenTafl's host crashes on a `status` or `error` line that comes before its game has a
    // window to show it in (the announcement waits for the first `play` or `analyze`).
    if out.send("hello").is_err() {
        return Ok(ExitCode::SUCCESS);
    }
    let mut queue: std::collections::VecDeque<Input> = std::collections::VecDeque::new();
    loop {
        let input = match queue.pop_front() {
            Some(i) => i,
            None => match rx.recv() {
                Ok(i) => i,
                Err(_) => break,
            },
        };
        let reply = match input {
            Input::Eof => {
                out.log("<<", "(end of input)");
                break;
            }
            Input::TooLong(n) => {
                out.log("<<", &format!("(a line of {n} bytes)"));
                session::Reply {
                    lines: vec![format!(
                        "error 0 a line of {n} bytes is longer than tafl8 accepts ({MAX_LINE}): ignored"
                    )],
                    ..Default::default()
                }
            }
            Input::Line(line, at) => {
                out.log_at("<<", &line, at);
                session.handle(&line, at)
            }
        };
        let mut lines = reply.lines;
        if let Some(i) = reply.move_line {
            // Lines that came in while we searched: if one moves the game on, the move is stale.
            while let Ok(i) = rx.try_recv() {
                queue.push_back(i);
            }
            if move_is_stale(&queue) {
                out.log("--", &format!("dropped `{}`: the host moved on", lines[i]));
                lines.remove(i);
                session.cancel_move();
            }
        }
        for l in &lines {
            if out.send(l).is_err() {
                return Ok(ExitCode::SUCCESS);
            }
        }
        if reply.quit {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}
