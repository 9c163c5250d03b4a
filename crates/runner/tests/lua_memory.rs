//! PICO-8's Lua memory (`stat(0)` and the 2 MiB limit), checked against published measurements of
//! real PICO-8: the demos of the `akd-io/pico8` repository (`demos/mem-string-test.p8`,
//! `mem-exp-test.p8`, `stack-size.p8`, `stack-size-unpack.p8`), whose comments list what PICO-8
//! printed. The carts here are written for these tests and repeat those experiments; the expected
//! numbers are PICO-8's. Where the runner cannot match a number exactly (it compiles the cart's code
//! differently, and its baseline is calibrated on one of the measurements), the tolerance says so.

mod support;

use support::cart_text;
use tafl8_runner::session::{RunError, RunOptions, Session};
use tafl8_runner::vm::{Limits, VmError};

/// Runs `lua` (top-level code only); returns the session and the run's outcome.
fn run(lua: &str) -> (Session, Result<Vec<String>, RunError>) {
    let cart = tafl8_p8::Cart::parse(&cart_text(lua)).expect("cart parses");
    let session = Session::from_cart(&cart, "mem.p8", Limits::default()).expect("cart loads");
    let result = session.run(&RunOptions::default()).map(|r| r.printh);
    (session, result)
}

/// A global number of the cart after its run.
fn global(session: &Session, name: &str) -> f64 {
    session
        .vm()
        .env()
        .raw_get::<f64>(name)
        .unwrap_or_else(|e| panic!("global {name}: {e}"))
}

fn assert_out_of_memory<T: std::fmt::Debug>(result: &Result<T, RunError>) {
    match result {
        Err(RunError::Vm(VmError::OutOfMemory { limit_kib, .. })) => {
            assert_eq!(*limit_kib, 2048);
        }
        other => panic!("expected PICO-8's out-of-memory stop, got {other:?}"),
    }
}

fn near(got: f64, want: f64, tolerance: f64, what: &str) {
    assert!(
        (got - want).abs() <= tolerance,
        "{what}: {got}, PICO-8 {want} (tolerance {tolerance})"
    );
}

#[test]
fn a_string_costs_one_byte_per_character_and_garbage_never_shows() {
    // mem-string-test.p8: each `s..="a"` moved PICO-8's stat(0) by exactly 1 byte (64 in raw
    // 16.16 bits of KiB), although every iteration also left its printed line as garbage.
    let (_, lines) = run("s='a' m=stat(0)
for i=1,6 do
 s..='a'
 local n=stat(0)
 printh(tostr(n-m,2)..' '..tostr(n,2))
 m=n
end");
    let lines = lines.expect("runs");
    // The first two readings may include a one-time growth of the Lua stack (2.5 KiB), which
    // happens on the runner's first deep call sequence, not on PICO-8's; from then on each
    // character is one byte.
    for line in &lines[2..] {
        assert!(line.starts_with("64 "), "{lines:?}");
    }
}

#[test]
fn nested_calls_run_out_near_42741_levels() {
    // stack-size.p8: a function calling itself (not a tail call) ran out of memory on PICO-8 after
    // 42,741 levels, its last stat(0) 2047.8379: about 48 bytes a level, a 40-byte call frame and
    // an 8-byte stack slot (a 64-bit Lua would need 96). Where exactly a run stops depends on the
    // stack's slack (Lua 5.2 doubles a full stack and a collection shrinks it to 9/8 of its use),
    // so on when collections ran and on the code's shape: that cart itself stops at 42,395 levels
    // in the runner (last stat(0) 2047.92); this one reads stat(0) only every 64 levels, so its
    // stack keeps more slack and the last doubling of the stack is what stops it, a few percent
    // earlier. 7% is 2,992 levels; a 64-bit count would stop near half the depth.
    // The level counts in raw 16.16 units, as the original does, to go past 32767.
    let (session, result) = run("depth=0 last=0
function dive()
 depth+=0x0.0001
 if depth&0x0.003f==0 then last=stat(0) end
 dive()
end
dive()");
    assert_out_of_memory(&result);
    near(
        global(&session, "depth") * 65536.0,
        42741.0,
        2992.0,
        "levels",
    );
    let last = global(&session, "last");
    assert!(
        (1900.0..=2048.0).contains(&last),
        "the last stat(0) before the stop: {last}"
    );
}

#[test]
fn sixty_five_thousand_fractional_keys_fit_and_one_more_does_not() {
    // stack-size-unpack.p8: keys 0x0.0001, 0x0.0002, ... (not integers, so they go to the hash
    // part, 20 bytes a node). With 65,535 of them stat(0) read 1304.1514 on PICO-8; 65,537 keys
    // (one of them, 1, an integer) still fit although the last rehash needs the old and the new
    // hash part at once; 65,538 do not (the hash part would double to 2.5 MiB).
    let fill = |n: u32| {
        format!(
            "t={{}} for i=0x0.0001,0x{:04x}.{:04x},0x0.0001 do t[i]=i if i==0x0.ffff then m=stat(0) end end printh(m)",
            n >> 16,
            n & 0xffff
        )
    };
    let (_, lines) = run(&fill(65537));
    let kib: f64 = lines.expect("65,537 keys fit")[0]
        .parse()
        .expect("a number");
    near(
        kib,
        1304.1514,
        1304.1514 * 0.005,
        "stat(0) with 65,535 keys",
    );
    let (_, result) = run(&fill(65538));
    assert_out_of_memory(&result);
}

#[test]
fn a_one_mib_string_fits_and_two_do_not() {
    // mem-exp-test.p8: doubling a string each step, PICO-8 read 1049.918 with a string of
    // 1,048,576 characters and stopped at the next doubling.
    let (session, result) = run("s='a' k=0 while true do
 if k==20 then mib=stat(0) end
 s..=s k+=1
end");
    assert_out_of_memory(&result);
    near(
        global(&session, "mib"),
        1049.918,
        1049.918 * 0.005,
        "stat(0) with a 1 MiB string",
    );
    assert_eq!(global(&session, "k"), 20.0, "the 2 MiB string must not fit");
}

#[test]
fn garbage_alone_never_runs_out() {
    // Only live data counts: 40 MB of short-lived tables in a loop is fine.
    let (_, lines) =
        run("for i=1,100000 do local t={i,i,i,i,i,i,i,i,i,i,i,i,i,i,i,i} end printh('ok')");
    assert_eq!(lines.expect("garbage is collected"), ["ok"]);
}

#[test]
fn stat0_never_reads_above_2048() {
    // A cart that keeps tables until it runs out, reading stat(0) all the way.
    let (session, result) = run("keep={} top=0
while true do
 add(keep,{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16})
 if #keep%16==0 then top=max(top,stat(0)) end
end");
    assert_out_of_memory(&result);
    let top = global(&session, "top");
    assert!((2000.0..=2048.0).contains(&top), "highest stat(0): {top}");
}

#[test]
fn a_transposition_table_like_the_carts_stays_within_60_bytes_a_slot() {
    // The carts' table: three arrays `tk`, `tv`, `td` indexed by the hash's low bits (0..4095).
    // Worked out by hand with PICO-8's sizes: filled in order, each array has an array part of
    // 4096 slots of 8 (key 0 goes to its hash part, one 20-byte node) and a 32-byte header:
    // 3 * (4096 * 8 + 20 + 32) bytes. Filled out of order (as a search fills it), a slot can sit
    // in a hash part as a 20-byte node instead, and a hash part holds at most 4096 nodes (its size
    // is a power of two that fits the keys); `tafl8-codegen`'s build-time check
    // (`lua_memory::TT_ENTRY_BYTES`) assumes that worst case for the whole table, 4096 * 3 * 20
    // bytes, and no reading below passes it (a partly filled table can take more per entry).
    // All readings are taken at the same stack depth, so the stack's own size (which a full
    // collection trims to what is in use) is the same in each.
    let (_, lines) = run("function mem() return stat(0) end
m=mem()
tk,tv,td={},{},{}
for i=0,4095 do tk[i],tv[i],td[i]=i,i,i end
printh(tostr(mem()-m,2))
tk,tv,td=nil,nil,nil
m=mem()
tk,tv,td={},{},{}
for n=0,4095 do
 local i=(n*2654435761)&4095
 tk[i],tv[i],td[i]=i,i,i
 if n%256==255 then printh(tostr(mem()-m,2)) end
end");
    // stat(0) is in KiB with 16 fraction bits, so its raw bits (tostr(x,2)) are bytes * 64.
    let lines = lines.expect("runs");
    let bytes: Vec<f64> = lines
        .iter()
        .map(|l| l.parse::<f64>().expect("a number") / 64.0)
        .collect();
    assert_eq!(bytes[0], f64::from(3 * (4096 * 8 + 20 + 32)));
    for (k, b) in bytes[1..].iter().enumerate() {
        assert!(
            *b <= 4096.0 * 60.0 + 3.0 * 52.0,
            "{b} bytes for {} entries filled out of order",
            256 * (k + 1)
        );
    }
}
