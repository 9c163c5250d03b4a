//! The calibration cart (`tafl8 build --calibration`) and the CPU table it checks: the constructs
//! the generated carts use, each with what the runner charges for it and what published
//! measurements of PICO-8 give, in one place ([`PROBES`]). The cart runs each construct in a
//! loop on PICO-8 (stat(1) deltas, an empty loop subtracted) and a node of the variant's own
//! engine, and prints the measurement beside the runner's prediction; `docs/runner.md`'s CPU
//! table is [`markdown_table`], and `tests/calibration.rs` checks that the runner measures each
//! construct at its [`Probe::runner`] and that that equals [`Probe::published`] where one
//! exists.
//!
//! Figures are in the runner's unit, a Lua VM instruction: 2 of PICO-8's cycles, 2^22 a
//! second, which is what the wiki's older "ticks" and the BBS measurements count (the wiki's
//! current revision doubles them, in cycles at 2^23 a second).

use std::collections::BTreeSet;

use serde::Serialize;
use tafl8_engine::config::SearchConfig;
use tafl8_engine::Rules;

use crate::budget::Budget;
use crate::error::CodegenError;
use crate::parts::{Group, Part, PARTS};
use crate::pipeline::{context, included, render_parts, Built};
use crate::tag::RulesetTag;

/// Where a published figure comes from (the short names of `docs/runner.md`'s sources table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The PICO-8 wiki's CPU page, section "Lua cycles" (measured on 0.1.12c), as issue 27
    /// quotes it (the section's text was not retrievable here).
    WikiLua,
    /// The PICO-8 wiki's CPU page, revision 1547, "Functions with a system cost" (ticks,
    /// PICO-8 0.1.x; the current revision gives the same figures doubled, in cycles).
    Wiki1547,
    /// Lexaloffle BBS post 60180, samhocevar, "API CPU costs" (2018-12-20): stat(1)/stat(2)
    /// deltas over 1,024 calls.
    Bbs60180,
    /// samhocevar's merge-sort post on the Lexaloffle BBS: `{unpack(t)}` is "almost free" for
    /// PICO-8's CPU.
    BbsMergeSort,
    /// Nothing published: the runner's own choice, named in the row.
    None,
}

impl Source {
    /// The short name the docs use.
    pub fn name(self) -> &'static str {
        match self {
            Source::WikiLua => "wiki Lua",
            Source::Wiki1547 => "wiki 1547",
            Source::Bbs60180 => "BBS 60180",
            Source::BbsMergeSort => "BBS merge sort",
            Source::None => "-",
        }
    }
}

/// One construct the calibration cart measures.
#[derive(Debug, Clone, Copy)]
pub struct Probe {
    /// Its short name in the cart's output.
    pub name: &'static str,
    /// PICO-8 Lua run once a repetition, with the locals `a, b, c` (3, 5, 7), `t` (the list
    /// 1..8, fresh for each construct), `f` (an empty function), `s` ("ab"), `o` (a coroutine
    /// of `f`, not yet resumed), the upvalue `u` and the global `gv` (both 1).
    pub code: &'static str,
    /// What the runner counts for one `code`, in instructions.
    pub runner: f64,
    /// How the runner's figure is made up.
    pub runner_text: &'static str,
    /// What the published source gives for one `code`, in instructions, when it does.
    pub published: Option<f64>,
    /// How the source states it (or why the runner's choice, when nothing is published).
    pub published_text: &'static str,
    /// The PICO-8 version measured.
    pub version: &'static str,
    /// Where the published figure comes from.
    pub source: Source,
    /// The most repetitions a measurement runs (see [`Probe::at_most`]).
    pub max_reps: u32,
}

impl Probe {
    /// The same probe measured over at most `n` repetitions: for a construct whose effect
    /// piles up (a line printed to the host each time), at the cost of a coarser reading.
    pub const fn at_most(self, n: u32) -> Probe {
        Probe {
            max_reps: n,
            ..self
        }
    }

    /// How many repetitions measure it, given the runner's figure `predicted`: about a seventh
    /// of a frame's instructions (20,000), 8 at least, [`Probe::max_reps`] at most, so that
    /// stat(1) resolves a few thousandths of an instruction a repetition.
    pub fn reps(&self, predicted: f64) -> u32 {
        ((20_000.0 / predicted.max(1.0)).floor() as u32)
            .clamp(MIN_REPS, self.max_reps.max(MIN_REPS))
    }
}

/// The fewest repetitions a measurement runs.
const MIN_REPS: u32 = 8;
/// The most, for a probe that sets no other limit.
const MAX_REPS: u32 = 1024;

/// A probe: its name and code, the runner's figure and how it is made up, and the published
/// figure (if any), how it is stated, the version measured and the source.
const fn probe(
    name: &'static str,
    code: &'static str,
    (runner, runner_text): (f64, &'static str),
    (published, published_text, version, source): (Option<f64>, &'static str, &'static str, Source),
) -> Probe {
    Probe {
        name,
        code,
        runner,
        runner_text,
        published,
        published_text,
        version,
        source,
        max_reps: MAX_REPS,
    }
}

const LUA: &str = "0.1.12c";
const OLD: &str = "0.1.x";
const NONE: &str = "-";

/// Every construct measured, in the cart's order. A call's figure counts the function into a
/// register, each argument and `CALL` ("call 2 + arguments" on the wiki counts the global read
/// with the call); a built-in's own charge comes after the `+`.
pub const PROBES: &[Probe] = &[
    probe(
        "local",
        "a=b",
        (1.0, "MOVE 1"),
        (None, "not listed", NONE, Source::None),
    ),
    probe(
        "global",
        "a=gv",
        (1.0, "GETTABUP 1"),
        (Some(1.0), "globals 1", LUA, Source::WikiLua),
    ),
    probe(
        "setglob",
        "gv=a",
        (1.0, "SETTABUP 1"),
        (Some(1.0), "globals 1", LUA, Source::WikiLua),
    ),
    probe(
        "upval",
        "a=u",
        (1.0, "GETUPVAL 1"),
        (Some(1.0), "upvalues 1", LUA, Source::WikiLua),
    ),
    probe(
        "arith",
        "a=b+c",
        (1.0, "ADD 1"),
        (Some(1.0), "arithmetic 1", LUA, Source::WikiLua),
    ),
    probe(
        "bitop",
        "a=b&c",
        (1.0, "BAND 1"),
        (Some(1.0), "arithmetic 1", LUA, Source::WikiLua),
    ),
    probe(
        "index",
        "a=t[b]",
        (1.0, "GETTABLE 1"),
        (Some(1.0), "table access 1", LUA, Source::WikiLua),
    ),
    probe(
        "setidx",
        "t[b]=a",
        (1.0, "SETTABLE 1"),
        (Some(1.0), "table access 1", LUA, Source::WikiLua),
    ),
    probe(
        "len",
        "a=#t",
        (1.0, "LEN 1"),
        (None, "not listed", NONE, Source::None),
    ),
    probe(
        "newtab",
        "a={}",
        (1.0, "NEWTABLE 1"),
        (None, "not listed", NONE, Source::None),
    ),
    probe(
        "cmpval",
        "a=b<c",
        (2.0, "LT 1 + LOADBOOL 1"),
        (Some(2.0), "comparison as a value 2", LUA, Source::WikiLua),
    ),
    probe(
        "cmpif",
        "if b<c then a=b end",
        (2.0, "LT 1 (its JMP inline) + MOVE 1"),
        (
            None,
            "comparison in a condition 0 (the branch itself not stated)",
            LUA,
            Source::WikiLua,
        ),
    ),
    probe(
        "concat",
        "a=b..c",
        (3.0, "MOVE 2 + CONCAT 1"),
        (Some(3.0), "concat 3", LUA, Source::WikiLua),
    ),
    probe(
        "call0",
        "f()",
        (3.0, "MOVE 1 + CALL 1 + RETURN 1"),
        (Some(3.0), "call 2, return 1", LUA, Source::WikiLua),
    ),
    probe(
        "call2",
        "f(a,b)",
        (5.0, "MOVE 3 + CALL 1 + RETURN 1"),
        (
            Some(5.0),
            "call 2 + 2 arguments, return 1",
            LUA,
            Source::WikiLua,
        ),
    ),
    probe(
        "for8",
        "for _j=1,8 do end",
        (13.0, "LOADK 3 + FORPREP 1 + FORLOOP 9"),
        (Some(13.0), "numeric for 5 + n", LUA, Source::WikiLua),
    ),
    probe(
        "add",
        "add(t,a)",
        (9.0, "call 4 + 5"),
        (Some(9.0), "add: call + 5", LUA, Source::WikiLua),
    ),
    probe(
        "del",
        "add(t,f) del(t,f)",
        (17.0, "add 9, call 4 + 4 (no element moved)"),
        (
            Some(17.0),
            "del: call + 4 + 3 per element moved",
            LUA,
            Source::WikiLua,
        ),
    ),
    probe(
        "deli",
        "add(t,f) deli(t)",
        (16.0, "add 9, call 3 + 4"),
        (
            None,
            "not published (deli came after 0.1.12c): charged as del",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "count",
        "a=count(t)",
        (31.0, "call 3 + 4 + 3 per element"),
        (
            None,
            "not published: charged as a del moving every element",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "all",
        "for _v in all(t) do end",
        (55.0, "call 3, loop 2 + 8, + 2 + 5 per element"),
        (
            None,
            "not published: charged as foreach without the function (its walk)",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "foreach",
        "foreach(t,f)",
        (54.0, "call 4 + 2 + 8 x (5 + f's RETURN 1)"),
        (Some(54.0), "2 + n(5 + c)", LUA, Source::WikiLua),
    ),
    probe(
        "pairs",
        "for _k,_v in pairs(t) do end",
        (55.0, "as all"),
        (None, "not published: charged as all", NONE, Source::None),
    ),
    probe(
        "ipairs",
        "for _k,_v in ipairs(t) do end",
        (55.0, "as pairs"),
        (None, "not published: charged as pairs", NONE, Source::None),
    ),
    probe(
        "unpack",
        "a,b=unpack(t)",
        (5.0, "call 3, MOVE 2"),
        (
            None,
            "\"almost free\" (no figure)",
            OLD,
            Source::BbsMergeSort,
        ),
    ),
    probe(
        "band",
        "a=band(b,c)",
        (1.0, "as the operator"),
        (Some(1.0), "band as a function 1", LUA, Source::WikiLua),
    ),
    probe(
        "flr",
        "a=flr(b)",
        (1.0, "as the operator"),
        (Some(1.0), "flr as a function 1", LUA, Source::WikiLua),
    ),
    probe(
        "peek",
        "a=peek(b)",
        (1.0, "as the operator"),
        (Some(1.0), "peek as a function 1", LUA, Source::WikiLua),
    ),
    probe(
        "max",
        "a=max(b,c)",
        (4.0, "call 4"),
        (
            None,
            "not published: a call (flr, published, is cheaper)",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "min",
        "a=min(b,c)",
        (4.0, "call 4"),
        (None, "not published: a call, as max", NONE, Source::None),
    ),
    probe(
        "abs",
        "a=abs(b)",
        (3.0, "call 3"),
        (None, "not published: a call", NONE, Source::None),
    ),
    probe(
        "assert",
        "assert(b)",
        (3.0, "call 3"),
        (
            None,
            "not published: a call (a true value is returned)",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "mid",
        "a=mid(a,b,c)",
        (5.0, "call 5"),
        (None, "not published: a call", NONE, Source::None),
    ),
    probe(
        "rnd",
        "a=rnd(b)",
        (7.0, "call 3 + 4"),
        (Some(7.0), "rnd: 4 system", OLD, Source::Wiki1547),
    ),
    probe(
        "srand",
        "srand(b)",
        (11.0, "call 3 + 8"),
        (Some(11.0), "srand: 8", LUA, Source::WikiLua),
    ),
    probe(
        "sqrt",
        "a=sqrt(b)",
        (27.0, "call 3 + 24"),
        (
            Some(27.0),
            "sqrt(i): 3 Lua + 24 system",
            "Dec 2018",
            Source::Bbs60180,
        ),
    ),
    probe(
        "sin",
        "a=sin(b)",
        (27.0, "call 3 + 24"),
        (None, "not published: charged as sqrt", NONE, Source::None),
    ),
    probe(
        "pow4",
        "a=b^4",
        (8.0, "POW 1 + 7"),
        (Some(8.0), "x^4: 8", "Dec 2018", Source::Bbs60180),
    ),
    probe(
        "pow.5",
        "a=b^.5",
        (16.0, "POW 1 + 15"),
        (Some(16.0), "x^.5: 16", "Dec 2018", Source::Bbs60180),
    ),
    probe(
        "stat",
        "a=stat(b)",
        (19.0, "call 3 + 16"),
        (Some(19.0), "stat: 16 system", OLD, Source::Wiki1547),
    ),
    probe(
        "tostr",
        "a=tostr(b)",
        (12.0, "call 3 + 9"),
        (Some(12.0), "tostr: call + 9", LUA, Source::WikiLua),
    ),
    probe(
        "tonum",
        "a=tonum(s)",
        (12.0, "call 3 + 9"),
        (None, "not published: charged as tostr", NONE, Source::None),
    ),
    probe(
        "sub",
        "a=sub(s,1,1)",
        (14.0, "call 5 + 9"),
        (None, "not published: charged as tostr", NONE, Source::None),
    ),
    probe(
        "split",
        "a=split(s)",
        (12.0, "call 3 + 9 a field"),
        (None, "not published: a tostr a field", NONE, Source::None),
    ),
    probe(
        "chr",
        "a=chr(b)",
        (12.0, "call 3 + 9"),
        (None, "not published: charged as tostr", NONE, Source::None),
    ),
    probe(
        "btn",
        "a=btn(b)",
        (7.0, "call 3 + 4"),
        (Some(7.0), "btn: 4 system", OLD, Source::Wiki1547),
    ),
    probe(
        "btnp",
        "a=btnp(b)",
        (7.0, "call 3 + 4"),
        (Some(7.0), "btnp: 4 system", OLD, Source::Wiki1547),
    ),
    probe(
        "time",
        "a=time()",
        (18.0, "call 2 + 16"),
        (
            None,
            "not published: charged as stat (it reads the clock)",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "cocreat",
        "a=cocreate(f)",
        (27.0, "call 3 + 24"),
        (
            None,
            "not published: charged as sqrt, the dearest fixed charge of a built-in that draws nothing",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "coresum",
        "a=cocreate(f) coresume(a)",
        (55.0, "cocreate 27, call 3 + 24, f's RETURN 1"),
        (
            None,
            "not published: charged as sqrt, as cocreate",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "yield",
        "a=cocreate(yield) coresume(a) coresume(a)",
        (105.0, "cocreate 27, coresume 27 twice, yield 24"),
        (
            None,
            "not published: charged as sqrt, as cocreate",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "costat",
        "a=costatus(o)",
        (12.0, "call 3 + 9"),
        (
            None,
            "not published: charged as tostr (it returns a string)",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "menuitm",
        "menuitem(1,s,f)",
        (14.0, "call 5 + 9"),
        (
            None,
            "not published: charged as tostr (it keeps its label)",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "printh",
        "printh(s)",
        (3.0, "call 3"),
        (
            None,
            "not published: a call (only the harness and this cart print, after what they measure)",
            NONE,
            Source::None,
        ),
    )
    .at_most(128),
    probe(
        "sfx",
        "sfx(-1)",
        (19.0, "call 3 + 16"),
        (Some(19.0), "sfx: 16 system", OLD, Source::Wiki1547),
    ),
    probe(
        "music",
        "music(-1)",
        (19.0, "call 3 + 16"),
        (Some(19.0), "music: 16 system", OLD, Source::Wiki1547),
    ),
    probe(
        "cls",
        "cls()",
        (1026.0, "call 2 + 1024"),
        (
            Some(1026.0),
            "cls: 2 Lua + 1024 system",
            OLD,
            Source::Wiki1547,
        ),
    ),
    probe(
        "rectfil",
        "rectfill(0,0,15,15,a)",
        (23.0, "call 7 + 256/16"),
        (
            Some(23.0),
            "max(1, flr(n/16)), n pixels",
            OLD,
            Source::Wiki1547,
        ),
    ),
    probe(
        "rect",
        "rect(0,0,15,15,a)",
        (29.0, "call 7 + 8 + 14"),
        (
            Some(29.0),
            "max(1, 2ceil(a/4)) + max(0, 2ceil(b/2-1))",
            OLD,
            Source::Wiki1547,
        ),
    ),
    probe(
        "line",
        "line(0,0,15,0,a)",
        (15.0, "call 7 + 16/2"),
        (Some(15.0), "ceil(n/2), n pixels", OLD, Source::Wiki1547),
    ),
    probe(
        "circfil",
        "circfill(64,64,4,a)",
        (12.0, "call 6 + its pixels / 16: 6"),
        (
            None,
            "not published (\"?\"): charged as rectfill of its pixels",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "circ",
        "circ(64,64,4,a)",
        (22.0, "call 6 + its pixels / 2: 16"),
        (
            None,
            "not published (\"?\"): charged as line of its pixels",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "pset",
        "pset(0,0,a)",
        (6.0, "call 5 + 1"),
        (
            None,
            "not published: charged as a one-pixel rectfill",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "pget",
        "a=pget(0,0)",
        (5.0, "call 4 + 1"),
        (None, "not published: as pset", NONE, Source::None),
    ),
    probe(
        "spr",
        "spr(1,0,0)",
        (69.0, "call 5 + 64"),
        (Some(69.0), "n pixels (8x8)", OLD, Source::Wiki1547),
    ),
    probe(
        "sspr",
        "sspr(0,0,8,8,0,0)",
        (72.0, "call 8 + 64"),
        (
            Some(72.0),
            "n pixels of the destination",
            OLD,
            Source::Wiki1547,
        ),
    ),
    probe(
        "map",
        "map(0,0,0,0,2,2)",
        (9.0, "call 8 + 1 (no cell drawn)"),
        (
            Some(9.0),
            "max(1, 64n), n cells drawn",
            OLD,
            Source::Wiki1547,
        ),
    ),
    probe(
        "print",
        "print(\"ab\",0,0,a)",
        (24.0, "call 6 + 2 + 8 x 2"),
        (Some(24.0), "2 + 8n, n characters", OLD, Source::Wiki1547),
    ),
    probe(
        "memcpy",
        "memcpy(0x4300,0x6000,64)",
        (70.0, "call 5 + 65"),
        (Some(70.0), "n + 1, n bytes", OLD, Source::Wiki1547),
    ),
    probe(
        "memset",
        "memset(0x4300,0,64)",
        (37.0, "call 5 + 32"),
        (Some(37.0), "max(1, ceil(n/2))", OLD, Source::Wiki1547),
    ),
    probe(
        "poke",
        "poke(0x4300,a)",
        (4.0, "call 4"),
        (None, "not published: a call", NONE, Source::None),
    ),
    probe(
        "pal",
        "pal(b,c)",
        (5.0, "call 4 + 1"),
        (
            None,
            "not published: charged as memset of the byte it writes",
            NONE,
            Source::None,
        ),
    ),
    probe(
        "palrst",
        "pal()",
        (18.0, "call 2 + 16"),
        (
            None,
            "not published: charged as memset of the 32 palette bytes",
            NONE,
            Source::None,
        ),
    ),
];

/// The search the cart measures a node of: full width to this depth from the start, unsliced.
pub const NODE_DEPTH: u8 = 2;

/// The runner's own figures, baked into the cart beside the measurements: one per probe, then
/// the node.
#[derive(Debug, Clone, Default)]
pub struct Predictions {
    /// Instructions a repetition of each probe, in [`PROBES`] order.
    pub probes: Vec<f64>,
    /// Instructions a node of the search.
    pub node: f64,
}

/// The calibration template.
pub const CALIBRATION: Part = Part {
    name: "calibration/calib",
    path: "calibration/calib.lua",
    source: include_str!("../../../templates/calibration/calib.lua"),
    group: Group::Game,
    feature: None,
};

#[derive(Serialize)]
struct ProbeContext {
    code: &'static str,
    /// The parameters after `n`: the locals the code uses by name, `_` for the others before
    /// the last one used.
    params: String,
    /// ` return a` when the code uses `a` (one `RETURN`, as the implicit one costs: it reads
    /// `a`, which some probes only assign, for the linter).
    ret: &'static str,
}

/// The parameter list after `n` for `code` (see [`ProbeContext::params`]).
fn params(code: &str) -> String {
    let used = |name: &str| {
        code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| w == name)
    };
    let names = ["a", "b", "c", "t", "f", "s", "o"];
    let last = names.iter().rposition(|n| used(n));
    names[..last.map_or(0, |l| l + 1)]
        .iter()
        .map(|n| {
            if used(n) {
                format!(",{n}")
            } else {
                ",_".into()
            }
        })
        .collect()
}

fn number(x: f64) -> String {
    let s = format!("{x:.1}");
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

/// Builds `rules`' calibration cart: its engine (the game cart's templates but the game's own,
/// the book and the difficulty levels), then the calibration code with `predictions` baked in (zeros when `None`: the first pass,
/// whose run in the runner gives them).
pub fn build(rules: &Rules, predictions: Option<&Predictions>) -> Result<Built, CodegenError> {
    let features: BTreeSet<String> = crate::features::engine_set(rules);
    let mut ctx = context(
        rules,
        &features,
        crate::pipeline::SearchDepths::of(&SearchConfig::of_rules(rules)),
    );
    let zeros = Predictions {
        probes: vec![0.0; PROBES.len()],
        node: 0.0,
    };
    let p = predictions.unwrap_or(&zeros);
    let extra = serde_json::json!({
        "probes": PROBES
            .iter()
            .map(|p| {
                let params = params(p.code);
                let ret = if params.starts_with(",a") { " return a" } else { "" };
                ProbeContext { code: p.code, params, ret }
            })
            .collect::<Vec<_>>(),
        "names": PROBES.iter().map(|p| p.name).collect::<Vec<_>>().join(","),
        "predictions": p.probes.iter().map(|&x| number(x)).collect::<Vec<_>>().join(","),
        "reps": PROBES.iter().zip(&p.probes).map(|(probe, &x)| probe.reps(x).to_string()).collect::<Vec<_>>().join(","),
        "published": PROBES.iter().map(|p| p.published.map_or("-".to_string(), number)).collect::<Vec<_>>().join(","),
        "node_prediction": number(p.node),
        "node_depth": NODE_DEPTH,
        "variant": rules.name(),
    });
    let mut map = serde_json::to_value(&ctx)
        .ok()
        .and_then(|v| v.as_object().cloned())
        .unwrap_or_default();
    if let serde_json::Value::Object(more) = extra {
        map.extend(more);
    }
    ctx = minijinja::Value::from_serialize(&map);
    // The engine and the search; not the game, the book, the difficulty levels or the king
    // race that guards their choice (a search node uses none of them, and Copenhagen's cart has
    // few tokens to spare).
    let mut parts: Vec<Part> = PARTS
        .iter()
        .filter(|p| {
            p.group != Group::Game
                && !matches!(p.name, "ai/book" | "ai/difficulty" | "ai/race")
                && included(p, &features)
        })
        .copied()
        .collect();
    parts.push(CALIBRATION);
    let r = render_parts(rules, &parts, &ctx)?;
    let tokens = tafl8_p8::count(&r.code)
        .map(|c| c.tokens)
        .unwrap_or(usize::MAX);
    if tokens > tafl8_p8::TOKEN_LIMIT {
        return Err(CodegenError::OverBudget {
            tokens,
            budget: tafl8_p8::TOKEN_LIMIT,
            biggest: "the calibration cart: engine and probes together".to_string(),
        });
    }
    let tag = RulesetTag::of(rules).line();
    let code = format!("{tag}\n{}", r.code);
    let chars = tafl8_p8::count::count_chars(&code);
    if chars > tafl8_p8::CHAR_LIMIT {
        return Err(CodegenError::OverChars {
            chars,
            limit: tafl8_p8::CHAR_LIMIT,
        });
    }
    let budget = Budget {
        variant: rules.name().to_string(),
        parts: r.parts,
        functions: r.functions,
        tokens,
        chars,
        budget: tafl8_p8::TOKEN_LIMIT,
        token_limit: tafl8_p8::TOKEN_LIMIT,
        char_limit: tafl8_p8::CHAR_LIMIT,
        features: features.iter().cloned().collect(),
        dropped: Vec::new(),
        minified: false,
    };
    let cart = crate::cartfile::assemble(&code)?;
    Ok(Built { code, budget, cart })
}

/// One line of the cart's output, parsed: `name measured predicted published` (`-` when none).
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The probe's name (`node<N>` for the search node, N its node count).
    pub name: String,
    /// Instructions a repetition, as measured.
    pub measured: f64,
    /// The runner's prediction baked into the cart.
    pub predicted: f64,
    /// The published figure, if any.
    pub published: Option<f64>,
}

/// The readings among `lines` (the cart's printh output); other lines are skipped.
pub fn readings(lines: &[String]) -> Vec<Reading> {
    lines
        .iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let [name, m, p, pb] = w.as_slice() else {
                return None;
            };
            Some(Reading {
                name: name.to_string(),
                measured: m.parse().ok()?,
                predicted: p.parse().ok()?,
                published: pb.parse().ok(),
            })
        })
        .collect()
}

/// `docs/runner.md`'s CPU table, from [`PROBES`].
pub fn markdown_table() -> String {
    let mut s = String::from(
        "| construct | runner | published | version | source |\n|---|---|---|---|---|\n",
    );
    for p in PROBES {
        let published = match p.published {
            Some(x) => format!("{} ({})", number(x), p.published_text),
            None => p.published_text.to_string(),
        };
        s.push_str(&format!(
            "| `{}` | {} ({}) | {} | {} | {} |\n",
            p.code.replace('|', "\\|"),
            number(p.runner),
            p.runner_text,
            published,
            p.version,
            p.source.name()
        ));
    }
    s
}
