//! The cart's own choice, as the game makes it: the cart's `think` in a coroutine, resumed once a
//! frame in the runner's frame loop, yielding when a frame's CPU is spent, and stopped by its
//! level's thinking time (the CPU it may use, counted by `stat(1)` where it yields).
//!
//! The engine has no PICO-8 clock, so where the time stops the cart it plays another search
//! than the engine's `think` at the level's node budget. But the cart stops at a node exactly as
//! a node budget would stop it there: [`CartChoice::engine_nodes`] is the budget under which the
//! engine's `think` plays the same move, which [`check`] holds it to. `tafl8 match`'s `cart=N`
//! player and `tafl8 bench cart --game` play through this.

use tafl8_engine::difficulty::{think_within, Level};
use tafl8_engine::search::Searcher;
use tafl8_engine::{Move, Xorshift32};
use tafl8_runner::session::{RunOptions, Session};
use tafl8_runner::vm::Limits;

use crate::case::{Case, CasePos, Check};
use crate::error::DiffError;
use crate::target::Target;

/// What the cart chose, and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct CartChoice {
    /// The move (`None`: no legal move).
    pub mv: Option<Move>,
    /// The generator's state after the choice.
    pub rng: u32,
    /// Nodes the search visited.
    pub nodes: u64,
    /// The deepest iteration it completed.
    pub depth: u8,
    /// The CPU it used, in frames (30 a second at 100%): `stat(1)` summed where it yielded.
    pub cpu_frames: f64,
    /// Whether the thinking time stopped it (else the node budget or the depth did).
    pub timed_out: bool,
    /// The instructions the frames of its thinking took (the runner's CPU model; the cart's
    /// loop around it included, which does nothing else).
    pub instructions: u64,
    /// The frames it took.
    pub frames: u32,
}

impl CartChoice {
    /// The node budget under which the engine's `think` searches as the cart did: the nodes it
    /// visited when the time stopped it, else the level's own budget.
    pub fn engine_nodes(&self, level: &Level) -> u64 {
        if self.timed_out {
            self.nodes
        } else {
            level.nodes
        }
    }
}

/// A frame of the loop after the choice costs a few instructions; a thinking one thousands.
const IDLE: u64 = 100;

/// The longest the cart may think, in frames: far past any level's time (which stops it first).
const MAX_FRAMES: u32 = 600;

/// Runs the cart's level-`level` choice at `pos` in the runner's frame loop, the game's
/// generator at state `rng` (a non-zero xorshift32 state).
pub fn cart_think(
    target: &Target,
    pos: &CasePos,
    level: u8,
    rng: u32,
) -> Result<CartChoice, DiffError> {
    let g = target.rules.geometry();
    // The request line's fields: `nop side cells moves`.
    let req = Case {
        pos: pos.clone(),
        check: Check::Eval,
    }
    .request(&target.rules);
    let f: Vec<&str> = req.split(' ').collect();
    let moves = if f[3] == "-" {
        String::new()
    } else {
        format!(
            " local ms=split\"{}\"\n for i=1,#ms do\n  mk(ms[i])\n end\n",
            f[3]
        )
    };
    let driver = format!(
        "function _init()\n setup(split\"{cells}\",{side})\n{moves} rs,slice,co={rng},true,cocreate(think)\nend\n\
         function _update()\n if co then\n  local ok,m=coresume(co,{level})\n  assert(ok,m)\n  if costatus(co)==\"dead\" then\n   printh(\"think \"..(m or \"-\")..\" \"..tostr(rs,1)..\" \"..tostr(nodes,1)..\" \"..sdep..\" \"..tostr(fr+stat(1),1)..\" \"..(lim<levels[{level}][2] and 1 or 0))\n   co=nil\n  end\n end\nend\nfunction _draw()\nend\n",
        cells = f[2],
        side = f[1],
        rng = tafl8_codegen::tables::fixed_literal(rng),
    );
    let mut cart = target.cart.clone();
    cart.set_lua(&format!("{}\n{driver}", target.code));
    let limits = Limits {
        code_limits: false,
        ..Limits::default()
    };
    let session =
        Session::from_cart_lowered(&cart, "cart_player.p8", limits, false).map_err(|e| {
            DiffError::Backend {
                backend: "runner".into(),
                message: format!("the cart with its player does not load: {e}"),
            }
        })?;
    let report = session
        .run(&RunOptions {
            frames: MAX_FRAMES,
            limits,
            ..RunOptions::default()
        })
        .map_err(|e| DiffError::Backend {
            backend: "runner".into(),
            message: format!("the cart's think: {e}"),
        })?;
    let line = report
        .printh
        .iter()
        .find(|l| l.starts_with("think "))
        .ok_or_else(|| DiffError::Backend {
            backend: "runner".into(),
            message: format!("the cart did not choose within {MAX_FRAMES} frames"),
        })?;
    let w: Vec<&str> = line.split(' ').collect();
    let bad = || DiffError::Backend {
        backend: "runner".into(),
        message: format!("the cart's answer `{line}`"),
    };
    let raw = |s: &str| -> Result<u32, DiffError> {
        u32::from_str_radix(&s.trim_start_matches("0x").replace('.', ""), 16).map_err(|_| bad())
    };
    if w.len() != 7 {
        return Err(bad());
    }
    let mv = match w[1] {
        "-" => None,
        code => Some(
            code.parse::<i16>()
                .ok()
                .and_then(|c| Move::from_code(c, g))
                .ok_or_else(bad)?,
        ),
    };
    // The frames it thought in: up to the one it answered in (the loop idles after). The
    // report keeps one point a frame up to its series length, far above MAX_FRAMES.
    let per_frame = report.cpu.series();
    debug_assert_eq!(report.cpu.frames_per_point(), 1);
    let frames = per_frame
        .iter()
        .rposition(|&n| n > IDLE)
        .map_or(0, |i| i as u32 + 1);
    Ok(CartChoice {
        mv,
        rng: raw(w[2])?,
        nodes: u64::from(raw(w[3])?),
        depth: w[4].parse().map_err(|_| bad())?,
        cpu_frames: f64::from(raw(w[5])?) / 65536.0,
        timed_out: w[6] == "1",
        instructions: per_frame[..frames as usize].iter().sum(),
        frames,
    })
}

/// Checks the cart's choice against the engine's `think` under the node budget it reached:
/// the same move and generator state, or a message saying how they differ.
pub fn check(
    target: &Target,
    pos: &CasePos,
    level: u8,
    rng: u32,
    cart: &CartChoice,
) -> Result<(), String> {
    let rules = &target.rules;
    let mut lv = Level::of(rules, level).ok_or_else(|| format!("no level {level}"))?;
    lv.nodes = cart.engine_nodes(&lv);
    let mut p = pos.position(rules);
    let mut r = Xorshift32::new(rng);
    let t = think_within(
        &mut Searcher::new(rules, target.cfg),
        &mut p,
        &lv,
        lv.limits(),
        &mut r,
    );
    let want = (t.mv, r.state(), t.result.nodes, t.result.depth);
    let got = (cart.mv, cart.rng, cart.nodes, cart.depth);
    if want == got {
        Ok(())
    } else {
        Err(format!(
            "the cart chose {got:?} (move, generator, nodes, depth), the engine with {} nodes {want:?}",
            lv.nodes
        ))
    }
}
