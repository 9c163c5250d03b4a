//! Carts written to break the runner, in process: the runner's internals are out of the cart's
//! reach, and nothing the cart defines runs while the runner holds the machine. (The subprocess
//! suite `tests/hostile_carts.rs` at the workspace root runs one cart per class under time and
//! memory limits.)

mod support;

use support::{printh, run_with};
use tafl8_runner::session::RunError;
use tafl8_runner::vm::{Limits, VmError};

/// `1+1` is 2 whatever the cart names its variables: the operator helpers, the cost counter and
/// its reader are not the cart's to read or replace.
#[test]
fn internal_names_are_out_of_reach() {
    let out = printh(
        "__p8_add=function() return 99 end
function __p8_sub() return 99 end
__p8_cycles=function() return -5 end
__p8_cost=10000 __p8=nil
printh(1+1)
local __p8_mul=function() return 99 end
printh(2*3 .. ' ' .. 5-1)
printh(select('#',...))
printh(stat(1)>=0 and 'cpu ok' or 'cpu bad')",
    );
    assert_eq!(out, ["2", "6 4", "0", "cpu ok"]);
}

/// A cart's own globals keep working under the names it gave them.
#[test]
fn a_cart_may_use_names_that_start_with_p8() {
    let out = printh(
        "__p8_x=3 local __p8_y=4
function __p8_f(a) return a+__p8_x+__p8_y end
printh(__p8_f(1))",
    );
    assert_eq!(out, ["8"]);
}

/// A later error is reported as itself, not as a runaway, however the cart redefines names.
#[test]
fn a_redefined_counter_does_not_turn_an_error_into_a_runaway() {
    let e = run_with(
        "__p8_cycles=function() while true do end end
function _update() if t()>0.05 then local v=nil printh(v.x) end end",
        3,
        "",
        Limits::default(),
    )
    .unwrap_err();
    let RunError::Vm(VmError::Lua(msg)) = e else {
        panic!("expected a Lua error, got {e:?}");
    };
    assert!(msg.contains("attempt to index local 'v'"), "{msg}");
}

/// `menuitem` reads its label before it touches the machine: a label whose `__tostring` draws
/// runs (it was a "RefCell already borrowed" panic).
#[test]
fn a_label_that_draws_while_it_is_read() {
    let (_, r) = run_with(
        "lbl=setmetatable({},{__tostring=function() pset(1,1,8) rectfill(0,0,3,3,9) return 'go' end})
function _init() menuitem(1,lbl,function() printh('picked') end) printh(pget(1,1)) end
function _update() end",
        2,
        "2: menu 1",
        Limits::default(),
    )
    .unwrap();
    assert_eq!(r.printh, ["9", "picked"]);
    assert_eq!(r.menu[0].label, "go");
}

/// `stat(1)` reads the CPU model without calling anything of the cart's.
#[test]
fn stat_1_after_the_cart_redefines_everything() {
    let out = printh(
        "function __p8_cycles() pset(0,0,1) return 0 end
for i=1,100 do local x=i*2 end
local s=stat(1)
printh(s>0 and s<1 and 'ok' or tostr(s))",
    );
    assert_eq!(out, ["ok"]);
}

/// A finalizer that draws, run by a collection inside `menuitem`, runs after the callback (it
/// was a "RefCell already borrowed" panic); its effects show as Lua's would.
#[test]
fn a_finalizer_that_draws() {
    let (_, r) = run_with(
        "mt={__gc=function(o) pset(2,2,o.c) printh('gc '..o.c) end}
big='x' for i=1,10 do big=big..big end
function _update()
 for i=1,200 do setmetatable({c=8},mt) end
 for i=1,3000 do menuitem(1,big..i) end
end
function _draw() printh(pget(2,2)) end",
        1,
        "",
        Limits::default(),
    )
    .unwrap();
    assert!(r.printh.iter().any(|l| l == "gc 8"), "{:?}", r.printh);
    assert_eq!(r.printh.last().map(String::as_str), Some("8"));
}

/// A finalizer that never ends is stopped by the instruction limit, and the error names `__gc`
/// (Lua 5.2 turns hooks off inside finalizers: it hung the run for good).
#[test]
fn a_finalizer_that_loops_forever_during_play() {
    let e = run_with(
        "function _update() setmetatable({},{__gc=function() while true do end end}) for i=1,2000 do local t={i} end end",
        30,
        "",
        Limits {
            instructions_per_frame: 1_000_000,
            ..Limits::default()
        },
    )
    .unwrap_err();
    assert!(
        matches!(e, RunError::Vm(VmError::FinalizerRunaway { .. })),
        "{e:?}"
    );
    assert!(e.to_string().contains("__gc"), "{e}");
}

/// An object still alive at the end of the run: its finalizer never runs, and the run ends.
#[test]
fn a_finalizer_that_loops_forever_at_exit() {
    let (session, r) = run_with(
        "keep=setmetatable({},{__gc=function() while true do end end}) printh('ok')",
        0,
        "",
        Limits::default(),
    )
    .unwrap();
    assert_eq!(r.printh, ["ok"]);
    drop(session);
}

/// Finalizers keep Lua's meaning: the metatable's current `__gc`, called with the object, once;
/// one set after `setmetatable` is not armed; errors are Lua's "error in __gc metamethod".
#[test]
fn finalizers_keep_lua_semantics() {
    let mut out = printh(
        "local mt={__gc=function(o) printh('a '..o.n) end}
local late={}
setmetatable({n=1},mt)
setmetatable({n=2},late) late.__gc=function() printh('never') end
mt.__gc=function(o) printh('b '..o.n) end
printh(getmetatable(setmetatable({n=3},mt))==mt)
printh(rawget(mt,'__gc')~=nil)
collectgarbage_probe=stat(0)",
    );
    let (mut first, mut finalized) = (out.clone(), out.split_off(2));
    first.truncate(2);
    finalized.sort();
    assert_eq!(first, ["true", "true"]);
    assert_eq!(finalized, ["b 1", "b 3"]);
    let e = run_with(
        "setmetatable({},{__gc=function() local boom=nil boom.x=1 end}) local x=stat(0)",
        0,
        "",
        Limits::default(),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            == "error in __gc metamethod (test.p8:4: attempt to index local 'boom' (a nil value))",
        "{e}"
    );
}

/// Runs `lua`'s `_update` for a frame under a tenth of the default instruction limit (enough to
/// show the loop stops; a test under the default one would take seconds); the error.
fn runaway(lua: &str) -> RunError {
    let limits = Limits {
        instructions_per_frame: Limits::default().instructions_per_frame / 10,
        ..Limits::default()
    };
    run_with(lua, 1, "", limits).unwrap_err()
}

/// Drawing is charged as PICO-8 charges it, so a drawing loop reaches the instruction limit like
/// any other loop (it ran about 580,000 full-screen fills a frame, over an hour).
#[test]
fn drawing_loops_reach_the_limit() {
    for call in [
        "rectfill(-2000,-2000,2000,2000,8)",
        "ovalfill(-2000,-2000,2000,2000,8)",
        "circfill(64,64,30000,8)",
        "circfill(5000,5000,1000,8)",
        "oval(-2000,-2000,2000,2000,8)",
        "map(0,0,-5000,-5000,128,64)",
        "sspr(0,0,8,8,-500,-500,1024,1024)",
        "print(big,0,0,7)",
    ] {
        let lua = format!(
            "big='x' for i=1,19 do big=big..big end
function _update() while true do {call} end end"
        );
        let e = runaway(&lua);
        assert!(
            matches!(e, RunError::Vm(VmError::Runaway { frame: 1, .. })),
            "{call}: {e:?}"
        );
    }
}

/// A cart past PICO-8's character limit is refused before it is parsed or lowered, at the
/// character past the limit (a dense 10 MB cart took 1.7 GB).
#[test]
fn a_cart_past_the_character_limit_is_refused() {
    let lua = "x+=1\n".repeat(2_000_000);
    let e = run_with(&lua, 0, "", Limits::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "test.p8:13111:1: the code has 10000000 characters, over PICO-8's limit of 65535 (PICO-8 \
         will not run it; the limit is passed here): shorten the code"
    );
}

/// The same for tokens.
#[test]
fn a_cart_past_the_token_limit_is_refused() {
    let lua = "x=1\n".repeat(2731);
    let e = run_with(&lua, 0, "", Limits::default()).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("test.p8:2734:3: the code has 8193 tokens, over PICO-8's limit of 8192"),
        "{e}"
    );
}

/// `printh` and `sfx` logs stay bounded however much a cart prints or plays.
#[test]
fn report_buffers_are_bounded() {
    let (_, r) = run_with(
        "big='x' for i=1,19 do big=big..big end
function _update() for i=1,40 do printh(big) end for i=1,20000 do sfx(1,2,3,4,5,6,7) end end",
        6,
        "",
        Limits::default(),
    )
    .unwrap();
    let kept: usize = r.printh.iter().map(String::len).sum();
    assert!(kept <= tafl8_runner::machine::PRINTH_KEEP_BYTES, "{kept}");
    assert_eq!(r.printh.len() as u64 + r.printh_dropped, 240);
    assert_eq!(r.sounds.len(), tafl8_runner::machine::SOUNDS_KEEP);
    assert_eq!(r.sounds_dropped, 120_000 - 100_000);
    assert_eq!(r.sounds[0].args.len(), tafl8_runner::machine::SOUND_ARGS);
}

/// Valid PICO-8 the lowering used to refuse (it nested a helper call per operator): a 198-term
/// sum and a 124-term concatenation print what z8lua prints (198 and 124, lupaz8 2.8.0.1; 200
/// `..` are refused there too).
#[test]
fn long_operator_chains_run() {
    let sum = vec!["x"; 198].join("+");
    let cat = vec!["s"; 124].join("..");
    let out = printh(&format!(
        "local x=1 local y={sum} printh(y) local s='a' printh(#({cat}))"
    ));
    assert_eq!(out, ["198", "124"]);
}

/// The deepest expressions the token limit allows (a 4,000-term sum, 8,000 `.a`, 8,000 calls
/// in a row) load and run on a test thread's stack.
#[test]
fn the_deepest_expressions_within_the_token_limit() {
    let sum = vec!["x"; 4000].join("+");
    let members = ".a".repeat(8000);
    let calls = "()".repeat(8000);
    for (lua, want) in [
        (format!("local x=1 printh({sum})"), "4000"),
        (format!("t={{}} t.a=t printh(t{members}==t)"), "true"),
        (
            format!("function f() return f end printh(f{calls}==f)"),
            "true",
        ),
    ] {
        match run_with(&lua, 0, "", Limits::default()) {
            Ok((_, r)) => assert_eq!(r.printh, [want]),
            Err(e) => panic!("{}...: {e}", &lua[..40]),
        }
    }
}

/// The error a cart gets, as `tafl8 run` reports it.
fn error_of(lua: &str) -> String {
    match run_with(lua, 0, "", Limits::default()) {
        Err(e) => e.to_string(),
        Ok((_, r)) => panic!("no error; printed {:?}", r.printh),
    }
}

/// Operator errors name the cart's operand as PICO-8 does (lupaz8 2.8.0.1 gives each of these
/// messages), not the runner's helper's parameter; lines are the cart file's (code from line 4).
#[test]
fn operator_errors_name_the_carts_variables() {
    let cases = [
        ("local v=nil printh(v+1)", "local 'v' (a nil value)"),
        ("local a,b=1,nil printh(a+b)", "local 'b' (a nil value)"),
        ("printh(1+vv)", "global 'vv' (a nil value)"),
        ("local t={} printh(1+t.x)", "field 'x' (a nil value)"),
        ("local t={} printh(t[1]*2)", "field '?' (a nil value)"),
        (
            "local v=nil function g() return v&1 end g()",
            "upvalue 'v' (a nil value)",
        ),
        ("local v=nil printh(-v)", "local 'v' (a nil value)"),
        ("local s='abc' printh(s+1)", "local 's' (a string value)"),
        ("printh('abc'+1)", "a string value"),
        ("local v={} printh(v%2)", "local 'v' (a table value)"),
        ("local v=nil printh((v+1)*2)", "local 'v' (a nil value)"),
    ];
    for (lua, want) in cases {
        assert_eq!(
            error_of(lua),
            format!("test.p8:4: attempt to perform arithmetic on {want}"),
            "{lua}"
        );
    }
    let sum = format!("local v=nil printh(v+{})", vec!["1"; 40].join("+"));
    assert_eq!(
        error_of(&sum),
        "test.p8:4: attempt to perform arithmetic on local 'v' (a nil value)"
    );
    for (lua, want) in [
        ("local v=nil printh('a'..v)", "local 'v' (a nil value)"),
        ("local v=nil printh('x'..v..'y')", "local 'v' (a nil value)"),
        (
            "local t={} printh('a'..t.k..'b'..'c')",
            "field 'k' (a nil value)",
        ),
        ("printh('a'..{})", "a table value"),
    ] {
        assert_eq!(
            error_of(lua),
            format!("test.p8:4: attempt to concatenate {want}"),
            "{lua}"
        );
    }
}

/// `add` past the end is z8lua's error, not the one of the table function it is built on.
#[test]
fn add_out_of_bounds_is_picos_error() {
    assert_eq!(
        error_of("add({},1,0x7fff.ffff)"),
        "test.p8:4: bad argument #2 to 'add' (position out of bounds)"
    );
}

/// `printh` of a value whose `__tostring` returns something other than a string shows that
/// value as `tostr` would (it printed Rust's debug form, `Integer(5)`).
#[test]
fn printh_of_a_non_string_tostring_result() {
    let out = printh(
        "printh(setmetatable({},{__tostring=function() return 5 end}))
printh(setmetatable({},{__tostring=function() return {} end}))
printh(setmetatable({},{__tostring=function() return true end}))",
    );
    assert_eq!(out, ["5", "[table]", "true"]);
}

/// A data section's error names the cart file and its line, once.
#[test]
fn a_gfx_error_names_the_file_once() {
    let text = format!(
        "{}__gfx__\n{}\n",
        support::cart_text("printh(1)"),
        "0".repeat(200)
    );
    let cart = tafl8_p8::Cart::parse(&text).unwrap();
    let e =
        tafl8_runner::session::Session::from_cart(&cart, "test.p8", Limits::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "test.p8:6:129: `__gfx__` row is 200 characters long; at most 128 are allowed"
    );
    assert!(std::error::Error::source(&e).is_none());
}

/// Blocks nested as deep as the runner's Lua takes them: 195 levels of each kind (z8lua takes
/// 197 of these, where the parser stops too; the lowered code puts the cart's code in a
/// function, a level, and counts each block's cost in a statement Lua parses a level deeper than
/// `x=1`). The parser refused 101 nested blocks before it counted levels as Lua does.
#[test]
fn blocks_nested_195_deep_run() {
    let n = 195;
    for (open, close) in [
        ("do ", "end "),
        ("if a then ", "end "),
        ("while x<1 do ", "end "),
        ("repeat ", "until true "),
        ("if (a) ", ""),
        ("f(function() ", "end) "),
    ] {
        // A function passed to `f` is a statement and a call's argument: two levels each.
        let levels = if open.starts_with("f(") { n / 2 } else { n };
        let lua = format!(
            "a=true x=0 function f(g) g() end {}x=1 {}\nprinth(x)",
            open.repeat(levels),
            close.repeat(levels)
        );
        match run_with(&lua, 0, "", Limits::default()) {
            Ok((_, r)) => assert_eq!(r.printh, ["1"], "{open:?}"),
            Err(e) => panic!("{levels} x {open:?}: {e}"),
        }
    }
}

/// An `if` with 300 `elseif` clauses runs, each condition counted only when it runs (the
/// lowering nested an `else if` per clause to count them, past Lua's limit of 200 levels:
/// "too many C levels").
#[test]
fn a_long_elseif_chain_runs() {
    let chain = |k: u32| {
        format!(
            "x={k} if x==0 then y=0 {}end printh(y)",
            (1..=300)
                .map(|i| format!("elseif x=={i} then y={i} "))
                .collect::<String>()
        )
    };
    let (s3, r3) = run_with(&chain(3), 0, "", Limits::default()).unwrap();
    assert_eq!(r3.printh, ["3"]);
    let (s300, r300) = run_with(&chain(300), 0, "", Limits::default()).unwrap();
    assert_eq!(r300.printh, ["300"]);
    // Each condition passed over costs its test (`x==i` on a global: load, `EQ`, 2): clause 300
    // is reached through 297 more conditions than clause 3; and its body, the chain's last,
    // has no `JMP` past the rest (1) where clause 3's has.
    assert_eq!(s300.cycles() - s3.cycles(), 297 * 2 - 1);
}

/// The metatable strings share is the runner's, not the cart's: `getmetatable("")` gives a
/// table (as z8lua does) whose changes reach nothing. z8lua (lupaz8 2.8.0.1) computes these
/// without the metatable and prints the same after the same changes; before, the cart's
/// `__add` made `"0b101"+1` 99 and its `__index` made `("abc")[2]` "h".
#[test]
fn the_string_metatable_is_out_of_reach() {
    let out = printh(
        "local m=getmetatable('')
printh(type(m)..' '..type(m.__index))
m.__add=function() return 99 end m.__sub=m.__add m.__mul=m.__add m.__unm=m.__add
m.__index=function() return 'h' end
rawset(m,'__metatable',nil)
printh('1'+1) printh('0b101'+1) printh('0x10'-1) printh('2'*3) printh(-'4')
printh(('abc')[2]) printh(tostr(('abc').x))
printh(getmetatable('')==m)",
    );
    assert_eq!(
        out,
        [
            "table table",
            "2",
            "6",
            "15",
            "6",
            "-4",
            "b",
            "[nil]",
            "true"
        ]
    );
    // Arithmetic on a string that is no number stays an error (z8lua would call the cart's
    // `__add` there: the one difference, and no valid PICO-8 depends on it).
    let e = error_of("getmetatable('').__add=function() return 99 end printh('abc'+1)");
    assert!(e.contains("attempt to perform arithmetic"), "{e}");
}

/// An error a cart reads from `coresume` is worded as the runner reports an error that stops the
/// cart: the cart file's line (the code starts at line 4), the cart's operand; not the line in
/// the `__lua__` section, nor the operator helper's own place and parameter ("p8 operators:18:
/// attempt to perform arithmetic on local 'a'" before). z8lua (lupaz8 2.8.0.1) words the same
/// errors the same, with its chunk's lines; and says "cannot resume dead coroutine" after.
#[test]
fn coresume_errors_name_the_cart_file_line() {
    let out = printh(
        "co=cocreate(function()
 local v=nil
 printh(v+1)
end)
local ok,e=coresume(co)
printh(tostr(ok)) printh(e)
printh(select(2,coresume(co)))
co=cocreate(function() local t=nil return t.x end)
printh(select(2,coresume(co)))
co=cocreate(function() add({},1,5) end)
printh(select(2,coresume(co)))
co=cocreate(function() yield(1,2) return 'end' end)
printh(select('#',coresume(co))) printh(select(2,coresume(co)))",
    );
    assert_eq!(
        out,
        [
            "false",
            "test.p8:6: attempt to perform arithmetic on local 'v' (a nil value)",
            "cannot resume dead coroutine",
            "test.p8:11: attempt to index local 't' (a nil value)",
            "test.p8:13: bad argument #2 to 'add' (position out of bounds)",
            "3",
            "end",
        ]
    );
}

/// An operator error in `return v+1` names the line of the `return` and the cart's variable, at
/// the top level and through `coresume` (the helper's call was a tail call, which took the
/// function's frame off the stack: the error was located at the caller's line, without a name).
#[test]
fn an_error_in_a_returned_operation_names_its_line() {
    let f = "function f()\n local v=nil\n return v+1\nend\n";
    let want = "test.p8:6: attempt to perform arithmetic on local 'v' (a nil value)";
    assert_eq!(error_of(&format!("{f}f()")), want);
    let out = printh(&format!("{f}local ok,e=coresume(cocreate(f)) printh(e)"));
    assert_eq!(out, [want]);
}
