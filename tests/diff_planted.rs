//! The harness catches planted bugs: the cart's rendered Lua with one deliberate mistake (as if
//! the template had been written that way) must produce mismatches, in the checks that can see
//! that mistake, each reported with a reproduce command. If the harness compared nothing (or
//! compared the Rust with itself), these tests would fail.

use std::sync::Arc;

use tafl8_diff::{compare, Case, CasePos, Check, Report, Runner, Target};
use tafl8_engine::Rules;

/// Start + reachable positions with perft, moves and search checks (ziege, full config).
fn cases(rules: &Arc<Rules>) -> Vec<Case> {
    let mut pos = vec![CasePos::start(rules)];
    pos.extend(tafl8_diff::positions::reachable(rules, 0xBAD5EED, 12, 30));
    let mut out = Vec::new();
    for p in &pos {
        out.push(Case {
            pos: p.clone(),
            check: Check::Perft { depth: 2 },
        });
        out.push(Case {
            pos: p.clone(),
            check: Check::Moves,
        });
    }
    for p in pos.iter().take(2) {
        out.push(Case {
            pos: p.clone(),
            check: Check::Search { depth: 4, nodes: 0 },
        });
    }
    out
}

fn run(target: &Target, cases: &[Case]) -> Report {
    compare(target, &Runner, cases, 40, &mut |_| {}).expect("harness runs")
}

fn mismatched_checks(r: &Report) -> Vec<String> {
    let mut v: Vec<String> = r.details.iter().map(|m| m.check.clone()).collect();
    v.dedup();
    v
}

/// Plants one mutation in `good`'s Lua, checks the suite reports it, and returns the checks
/// that mismatched.
fn caught(
    good: &Target,
    cases: &[Case],
    name: &str,
    pattern: &str,
    replacement: &str,
) -> Vec<String> {
    let bad = good
        .mutated(name, pattern, replacement)
        .expect("pattern present");
    let r = run(&bad, cases);
    assert!(r.mismatches > 0, "{name}: not caught");
    mismatched_checks(&r)
}

#[test]
fn planted_bugs_are_reported() {
    let good = Target::preset("ziege", "full").expect("cart builds");
    let cases = cases(&good.rules);

    // Control: the real cart agrees on every case (so the mismatches below come from the bug).
    let clean = run(&good, &cases);
    assert_eq!(clean.mismatches, 0, "{:#?}", clean.details.first());

    // 1. A flipped capture rule: custodial capture when the far square is NOT the mover's.
    // (ziege has no hostile squares, so its cart tests the far square's side inline.)
    let flipped = good
        .mutated(
            "flipped custodial capture",
            "   if sd[bd[v+d]]==side then\n    rem(v)",
            "   if sd[bd[v+d]]~=side then\n    rem(v)",
        )
        .expect("pattern present");
    let r = run(&flipped, &cases);
    assert!(r.mismatches > 0, "flipped capture rule not caught");
    let checks = mismatched_checks(&r);
    assert!(checks.iter().any(|c| c == "moves"), "{checks:?}");
    let shown = r.details[0].to_string();
    assert!(
        shown.contains("planted bug: flipped custodial capture")
            && shown.contains("reproduce: tafl8 diff --variant ziege")
            && shown.contains("lua : ")
            && shown.contains("rust: "),
        "{shown}"
    );

    // 2. An off-by-one in move order: the generator starts at the second direction (E, S, W, N).
    // Perft cannot see it (same moves); the move list order and the search can.
    let order = good
        .mutated(
            "direction order off by one",
            "     local d=di[j]\n     local t=s+d\n",
            "     local d=di[j%4+1]\n     local t=s+d\n",
        )
        .expect("pattern present");
    let r = run(&order, &cases);
    let checks = mismatched_checks(&r);
    assert!(
        checks.iter().any(|c| c == "moves"),
        "move order bug not caught by the move list: {checks:?}"
    );
    assert!(
        !checks.iter().any(|c| c == "perft"),
        "perft counts moves, not their order: {checks:?}"
    );

    // 3. An off-by-one in the search: late move reductions one move later than the engine's.
    // Only search results (node counts) can show it.
    let lmr = good
        .mutated(
            "late move reduction one move late",
            "d>=3 and i>3",
            "d>=3 and i>4",
        )
        .expect("pattern present");
    let r = run(&lmr, &cases);
    assert_eq!(
        mismatched_checks(&r),
        ["search"],
        "LMR bug must show in search results only"
    );
}

#[test]
fn a_mutation_that_matches_nothing_is_an_error() {
    let good = Target::preset("brandubh", "seed").expect("cart builds");
    let e = good
        .mutated("no-op", "this text is not in the cart", "x")
        .unwrap_err()
        .to_string();
    assert!(e.contains("not found in the rendered Lua"), "{e}");
}

/// The escape-aware quiescence and the two evaluation terms that came with it (`escape-block`,
/// `escape-threat`, `balance`, `king-moves`): a slip in each shows in the checks that can see it.
#[test]
fn escape_quiescence_bugs_are_reported() {
    let good = Target::preset(
        "brandubh",
        "full,+escape-block,+escape-threat,+balance,+king-moves",
    )
    .expect("cart builds");
    let rules = good.rules.clone();
    let mut pos = vec![CasePos::start(&rules)];
    pos.extend(tafl8_diff::positions::reachable(&rules, 0x5EED15, 10, 24));
    let mut cases = Vec::new();
    for p in &pos {
        cases.push(Case {
            pos: p.clone(),
            check: Check::Eval,
        });
        cases.push(Case {
            pos: p.clone(),
            check: Check::Search { depth: 3, nodes: 0 },
        });
    }
    let clean = run(&good, &cases);
    assert_eq!(clean.mismatches, 0, "{:#?}", clean.details.first());

    let bugs = [
        // A blocking move that leaves a route open searched instead of scored as lost.
        (
            "qblk keeps a move that leaves one route open",
            "  elseif routes()<1 then\n   sc=-qs(h+1,-b,-a,q+1)",
            "  elseif routes()<2 then\n   sc=-qs(h+1,-b,-a,q+1)",
            "search",
        ),
        // The king's threat moves: only double routes followed.
        (
            "threat loop follows forks only",
            "     elseif routes()>0 then\n      sc=-qs(h+1,-b,-a,q+1)",
            "     elseif routes()>1 then\n      sc=-qs(h+1,-b,-a,q+1)",
            "search",
        ),
        // The start's material off by one point.
        (
            "balance off by one",
            " local v=mat+1280\n",
            " local v=mat+1281\n",
            "eval",
        ),
        // A king capture that opens a route searched again in the capture loop (the threat
        // loop searched it): more nodes.
        (
            "king capture searched twice",
            "  elseif l and p==3 and routes()>0 then\n",
            "  elseif false then\n",
            "search",
        ),
        // The king's mobility weighted one point low (the escape term counts it).
        (
            "king mobility weight",
            "  g=g+(t-k)\\d*8\n",
            "  g=g+(t-k)\\d*7\n",
            "eval",
        ),
    ];
    for (name, pattern, replacement, check) in bugs {
        let checks = caught(&good, &cases, name, pattern, replacement);
        assert!(checks.iter().any(|c| c == check), "{name}: {checks:?}");
    }
}

/// The corner-seal and tropism terms (`corners`, `tropism`): a slip in each shows in the
/// evaluation.
#[test]
fn corner_and_tropism_bugs_are_reported() {
    let good = Target::preset("brandubh", "full,+corners,+tropism").expect("cart builds");
    let rules = good.rules.clone();
    let mut pos = vec![CasePos::start(&rules)];
    pos.extend(tafl8_diff::positions::reachable(&rules, 0xC0FFEE, 16, 30));
    let cases: Vec<Case> = pos
        .iter()
        .map(|p| Case {
            pos: p.clone(),
            check: Check::Eval,
        })
        .collect();
    let clean = run(&good, &cases);
    assert_eq!(clean.mismatches, 0, "{:#?}", clean.details.first());
    let bugs = [
        // A sealed corner entry weighted one point low.
        ("corner entry weight", "   v-=60\n", "   v-=59\n"),
        // Attackers three steps from the king not counted.
        ("tropism ring 3 lost", "  if d<4 then\n", "  if d<3 then\n"),
    ];
    for (name, pattern, replacement) in bugs {
        let checks = caught(&good, &cases, name, pattern, replacement);
        assert!(checks.iter().all(|c| c == "eval"), "{name}: {checks:?}");
    }
}
