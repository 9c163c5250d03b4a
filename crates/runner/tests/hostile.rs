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
