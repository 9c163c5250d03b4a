//! The per-function profile (`Session::from_cart_lowered` with `profile`): each function's own
//! instructions, callees excluded, summing to the cart's total but the built-ins' charges; and
//! profiling changes no count.

mod support;

use support::cart_text;
use tafl8_runner::session::Session;
use tafl8_runner::vm::Limits;

fn boot(source: &str, profile: bool) -> Session {
    let cart = tafl8_p8::Cart::parse(&cart_text(source)).unwrap();
    let s = Session::from_cart_lowered(&cart, "profile.p8", Limits::default(), profile).unwrap();
    s.boot().unwrap();
    s
}

#[test]
fn functions_own_their_instructions() {
    // By the cost model's rules (crates/p8/src/lower_cost.rs), counted by hand:
    // f per call: RETURN + ADD = 2, three calls = 6.
    // g: LOADK (s=0) = 1; the loop's LOADK x2, LOADK step, FORPREP, final FORLOOP = 5; per
    //   iteration FORLOOP + GETTABUP f + MOVE s + CALL = 4, three = 12; RETURN s = 1: 19.
    // top: CLOSURE + SETTABUP per function = 4; result=g(): GETTABUP + CALL + SETTABUP = 3;
    //   the chunk's RETURN = 1: 8.
    let src = "function f(x) return x+1 end\n\
               function g() local s=0 for i=1,3 do s=f(s) end return s end\n\
               result=g()\n";
    let s = boot(src, true);
    let p = s.profile();
    assert_eq!(p.get("f"), Some(&6), "{p:?}");
    assert_eq!(p.get("g"), Some(&19), "{p:?}");
    assert_eq!(p.get("(top)"), Some(&8), "{p:?}");
    assert_eq!(p.values().sum::<u64>(), s.cycles());
    let c = s.calls();
    assert_eq!((c.get("f"), c.get("g")), (Some(&3), Some(&1)), "{c:?}");
}

#[test]
fn profile_sums_to_the_total_and_changes_nothing() {
    // A real workload with anonymous functions, and/or chains and loops.
    let src = include_str!("workloads/search.lua");
    let plain = boot(src, false);
    let profiled = boot(src, true);
    assert!(plain.profile().is_empty());
    let p = profiled.profile();
    assert!(p.len() > 2, "{p:?}");
    assert_eq!(profiled.cycles(), plain.cycles());
    // The built-ins' charges beyond their calls (`add`'s 5, ...) belong to no function.
    let api = plain.vm().clock().api_instructions();
    assert!(api > 0, "the workload calls charged built-ins");
    assert_eq!(p.values().sum::<u64>() + api, plain.cycles());
}
