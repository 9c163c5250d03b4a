//! The Lua side: something that runs the cart's code with the harness and returns its `printh`
//! lines. [`Runner`] is tafl8's headless PICO-8 (exact 16.16 numbers, CPU model); [`Z8lua`] is
//! the second opinion, z8lua (PyPI `lupaz8`, the Lua fork PICO-8 credits), with stand-ins for the
//! two API functions it lacks (`printh` collects lines, `stat` reads 0 so nothing yields).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use tafl8_runner::session::{RunOptions, Session};
use tafl8_runner::vm::Limits;

use crate::error::DiffError;
use crate::target::Target;

/// What a run printed, and the error that stopped it early, if any.
#[derive(Clone, Debug, Default)]
pub struct Output {
    /// The `printh` lines (one per request answered).
    pub lines: Vec<String>,
    /// The Lua error that ended the run before every request was answered.
    pub error: Option<String>,
    /// The cart's instructions before the first frame (the runner's CPU model; 0 for z8lua).
    pub instructions: u64,
    /// The live Lua memory at the end, in bytes as PICO-8 counts it (`stat(0)` * 1024; the
    /// runner only, 0 for z8lua): the code, the data and what the requests left (a search's
    /// transposition table).
    pub lua_memory: usize,
}

/// A Lua implementation that can run the harness.
pub trait Backend {
    /// Its name in reports (`runner`, `z8lua`).
    fn name(&self) -> &'static str;
    /// Runs `target`'s code with the harness on `requests`.
    fn run(&self, target: &Target, requests: &[String]) -> Result<Output, DiffError>;
}

/// Where a profiled run's instructions went, per function of the program (harness included).
#[derive(Clone, Debug, Default)]
pub struct Profile {
    /// Each function's own instructions (callees excluded).
    pub instructions: BTreeMap<String, u64>,
    /// How many times each function was called.
    pub calls: BTreeMap<String, u64>,
}

/// tafl8's headless runner.
#[derive(Clone, Copy, Debug, Default)]
pub struct Runner;

/// Limits for harness runs: the whole batch runs before the first frame, far beyond one frame's
/// budget, so only a true runaway (4e10 of the runner's own VM instructions) stops it. (The
/// default suite's depth-4 searches of 11x11 positions under `seed` and `bare`, which have no
/// capture ordering or table, reach 3 million nodes: one took past 4e9, and 35 s.) A batch is a
/// test rig, not a game PICO-8 runs, so PICO-8's Lua memory and code limits do not apply to it.
const HARNESS_LIMITS: Limits = Limits {
    instructions_per_frame: 40_000_000_000,
    memory_bytes: 256 << 20,
    lua_memory: None,
    code_limits: false,
};

impl Backend for Runner {
    fn name(&self) -> &'static str {
        "runner"
    }

    fn run(&self, target: &Target, requests: &[String]) -> Result<Output, DiffError> {
        self.run_profiled(target, requests, false)
            .map(|(out, _)| out)
    }
}

impl Runner {
    /// [`Backend::run`], and with `profile` set, the instructions of each of the program's
    /// functions (its own code, callees excluded; the harness's included), the setup and
    /// protocol of every request too.
    pub fn run_profiled(
        &self,
        target: &Target,
        requests: &[String],
        profile: bool,
    ) -> Result<(Output, Profile), DiffError> {
        self.run_model(target, requests, profile, false)
    }

    /// [`Runner::run_profiled`], with the comparisons used as conditions counted as free when
    /// `free_tests` is set (the lower end of the CPU model's uncertainty, see
    /// `tafl8_p8::LowerOptions::free_tests`).
    pub fn run_model(
        &self,
        target: &Target,
        requests: &[String],
        profile: bool,
        free_tests: bool,
    ) -> Result<(Output, Profile), DiffError> {
        let mut cart = target.cart.clone();
        cart.set_lua(&target.program(requests));
        let session =
            Session::from_cart_model(&cart, "harness.p8", HARNESS_LIMITS, profile, free_tests)
                .map_err(|e| DiffError::Backend {
                    backend: "runner".into(),
                    message: format!("the cart with the harness does not load: {e}"),
                })?;
        let out = match session.run(&RunOptions {
            limits: HARNESS_LIMITS,
            ..RunOptions::default()
        }) {
            Ok(report) => Output {
                lines: report.printh,
                error: None,
                instructions: report.cpu.startup,
                lua_memory: session.live_memory().unwrap_or(0),
            },
            Err(e) => Output {
                lines: session.vm().machine().borrow().printh.clone(),
                error: Some(e.to_string()),
                instructions: 0,
                lua_memory: 0,
            },
        };
        let profile = Profile {
            instructions: session.profile(),
            calls: session.calls(),
        };
        Ok((out, profile))
    }
}

/// z8lua through Python (`<venv>/bin/python` with `lupaz8` installed).
#[derive(Clone, Debug)]
pub struct Z8lua {
    python: PathBuf,
}

/// Runs one program file in z8lua: `printh` collects, `stat` is 0; prints the lines, then
/// `error: ...` and exits 3 if the program failed.
const Z8_DRIVER: &str = r#"
import sys, lupaz8
L = lupaz8.LuaRuntime(encoding=None)
L.execute(b"__out={} function printh(s) add(__out,tostr(s)) end function stat() return 0 end")
err = None
try:
    L.execute(open(sys.argv[1], "rb").read())
    L.execute(b"_init()")
except Exception as e:
    err = str(e)
out = L.eval(b"__out")
for i in range(1, len(out) + 1):
    sys.stdout.buffer.write(out[i] + b"\n")
if err:
    sys.stdout.write("error: " + err.replace("\n", " ") + "\n")
    sys.exit(3)
"#;

static PROGRAMS: AtomicUsize = AtomicUsize::new(0);

impl Z8lua {
    /// z8lua from the Python venv at `venv` (the one `.ci/oracles.sh` makes).
    pub fn new(venv: &Path) -> Result<Z8lua, DiffError> {
        let python = venv.join("bin").join("python");
        if !python.exists() {
            return Err(DiffError::Backend {
                backend: "z8lua".into(),
                message: format!(
                    "{} not found: make the venv with `bash .ci/oracles.sh` and pass its path (TAFL8_VENV)",
                    python.display()
                ),
            });
        }
        Ok(Z8lua { python })
    }
}

impl Backend for Z8lua {
    fn name(&self) -> &'static str {
        "z8lua"
    }

    fn run(&self, target: &Target, requests: &[String]) -> Result<Output, DiffError> {
        let err = |message: String| DiffError::Backend {
            backend: "z8lua".into(),
            message,
        };
        let n = PROGRAMS.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("tafl8-diff-{}-{n}.lua", std::process::id()));
        // z8lua compiles P8SCII bytes, as PICO-8 does after loading a `.p8` file.
        let bytes = tafl8_p8::token::p8scii::to_p8scii(&target.program(requests));
        std::fs::write(&path, bytes).map_err(|e| err(format!("{}: {e}", path.display())))?;
        let out = Command::new(&self.python)
            .arg("-c")
            .arg(Z8_DRIVER)
            .arg(&path)
            .output();
        let _ = std::fs::remove_file(&path);
        let out = out.map_err(|e| err(format!("{}: {e}", self.python.display())))?;
        let text = String::from_utf8_lossy(&out.stdout);
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut error = None;
        if !out.status.success() {
            match lines.last() {
                Some(l) if l.starts_with("error: ") => error = lines.pop(),
                _ => {
                    return Err(err(format!(
                        "python failed ({}): {}",
                        out.status,
                        String::from_utf8_lossy(&out.stderr).trim()
                    )))
                }
            }
        }
        Ok(Output {
            lines,
            error,
            instructions: 0,
            lua_memory: 0,
        })
    }
}
