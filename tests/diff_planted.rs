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

/// Where a planted bug must show.
#[derive(Clone, Copy, Debug)]
enum Seen {
    /// Mismatches in this check (others may mismatch too).
    In(&'static str),
    /// Mismatches in this check and in no other.
    Only(&'static str),
}

/// A planted bug: its name, the text of the rendered Lua it replaces, the replacement, and
/// where it must show.
type Bug = (&'static str, &'static str, &'static str, Seen);

/// The control, then the bugs: `cases` agree on `good`'s cart (so the mismatches below come from
/// the bugs), and each bug, planted alone in its Lua, mismatches where its [`Seen`] says.
fn bugs_are_caught(good: &Target, cases: &[Case], bugs: &[Bug]) {
    let clean = run(good, cases);
    assert_eq!(
        clean.mismatches,
        0,
        "{} with no bug planted: {:#?}",
        good.spec,
        clean.details.first()
    );
    for &(name, pattern, replacement, seen) in bugs {
        let bad = good
            .mutated(name, pattern, replacement)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let r = run(&bad, cases);
        let checks = mismatched_checks(&r);
        let shown = match seen {
            Seen::In(check) => checks.iter().any(|c| c == check),
            Seen::Only(check) => !checks.is_empty() && checks.iter().all(|c| c == check),
        };
        assert!(
            shown,
            "{name}: wanted mismatches {seen:?}; {} of {} cases mismatched, in checks {checks:?}",
            r.mismatches, r.cases
        );
    }
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

/// The escape-aware quiescence and the evaluation terms that came with it (`escape-block`,
/// `escape-threat`, `balance`, `even`, `king-moves`): a slip in each shows in the checks that can
/// see it.
#[test]
fn escape_quiescence_bugs_are_reported() {
    let good = Target::preset(
        "brandubh",
        "full,+escape-block,+escape-threat,+balance,+even,+king-moves",
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
    let bugs = [
        // A blocking move that leaves a route open searched instead of scored as lost.
        (
            "qblk keeps a move that leaves one route open",
            "  elseif routes()<1 then\n   sc=-qs(h+1,-b,-a,q+1)",
            "  elseif routes()<2 then\n   sc=-qs(h+1,-b,-a,q+1)",
            Seen::In("search"),
        ),
        // The king's threat moves: only double routes followed.
        (
            "threat loop follows forks only",
            "     elseif routes()>0 then\n      sc=-qs(h+1,-b,-a,q+1)",
            "     elseif routes()>1 then\n      sc=-qs(h+1,-b,-a,q+1)",
            Seen::In("search"),
        ),
        // The start's material off by one point (1,280: 8 attackers at 300, 4 defenders at 280;
        // 64 more for the start's tables, `even`).
        (
            "balance off by one",
            " local v=mat+1344\n",
            " local v=mat+1345\n",
            Seen::In("eval"),
        ),
        // `even` ignored: the start's material only.
        (
            "even's tables left out",
            " local v=mat+1344\n",
            " local v=mat+1280\n",
            Seen::In("eval"),
        ),
        // A king capture that opens a route searched again in the capture loop (the threat
        // loop searched it): more nodes.
        (
            "king capture searched twice",
            "  elseif l and p==3 and routes()>0 then\n",
            "  elseif false then\n",
            Seen::In("search"),
        ),
        // The king's mobility weighted one point low (the escape term counts it).
        (
            "king mobility weight",
            "  g=g+(t-k)\\d*8\n",
            "  g=g+(t-k)\\d*7\n",
            Seen::In("eval"),
        ),
    ];
    bugs_are_caught(&good, &cases, &bugs);
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
    let bugs = [
        // A sealed corner entry weighted one point low.
        (
            "corner entry weight",
            "   v-=60\n",
            "   v-=59\n",
            Seen::Only("eval"),
        ),
        // Attackers three steps from the king not counted.
        (
            "tropism ring 3 lost",
            "  if d<4 then\n",
            "  if d<3 then\n",
            Seen::Only("eval"),
        ),
    ];
    bugs_are_caught(&good, &cases, &bugs);
}

/// The cases for the king-race tests: reachable positions and placements with eval, search,
/// think (the attackers' choices go through the race) and race checks. The tests run them on
/// the clean cart first ([`bugs_are_caught`]).
fn race_cases(good: &Target) -> Vec<Case> {
    let plan = tafl8_diff::Plan {
        positions: 12,
        placements: 40,
        search_positions: 4,
        search_depth: 2,
        think_seeds: 2,
        max_level: 3,
        book_seeds: 0,
        games: 0,
        ..tafl8_diff::Plan::small()
    };
    let cases = tafl8_diff::cases(&good.rules, &plan, false, None, good.cfg.race);
    // The race cases must hold proofs as well as failures, or they check little.
    let proved = cases
        .iter()
        .filter(|c| matches!(c.check, Check::Race { .. }))
        .map(|c| tafl8_diff::oracle::answer(good, c))
        .filter(|a| !a.starts_with("race 0 "))
        .count();
    assert!(proved >= 5, "{proved} race cases with a proof");
    cases
}

/// Think cases where the race changes level 5's choice: the positions of the recorded games
/// the cart's level 5 lost as attackers against OpenTafl (docs/strength/games), where level 5
/// with the race plays another move than without it (found by the engine: the cases only say
/// where to look; the comparison is the cart's answer against the engine's).
fn refuted_choices(good: &Target, want: usize) -> Vec<Case> {
    use tafl8_engine::difficulty::{seeded_rng, think, Level};
    use tafl8_engine::record::GameRecord;
    use tafl8_engine::search::Searcher;
    let rules = &good.rules;
    let level = Level::of(rules, 5).unwrap();
    let mut plain = good.cfg;
    plain.race = 0;
    let text = include_str!("../docs/strength/games/level5-full-copenhagen.otg");
    let mut out = Vec::new();
    for game in text.split("[event:").skip(1) {
        let rec = GameRecord::parse(&format!("[event:{game}")).unwrap();
        let lost = rec
            .tags
            .iter()
            .any(|(k, v)| k == "attackers" && v == "tafl8")
            && rec.tags.iter().any(|(k, v)| k == "result" && v == "-1");
        if !lost {
            continue;
        }
        let mut p = CasePos::start(rules);
        let mut pos = p.position(rules);
        for mv in &rec.moves {
            if pos.side_to_move() == tafl8_engine::Side::Attackers && p.moves.len() >= 2 {
                let pick = |cfg| {
                    let mut q = p.position(rules);
                    think(
                        &mut Searcher::new(rules, cfg),
                        &mut q,
                        &level,
                        &mut seeded_rng(7),
                    )
                };
                if pick(good.cfg) != pick(plain) {
                    out.push(Case {
                        pos: p.clone(),
                        check: Check::Think { level: 5, seed: 7 },
                    });
                    if out.len() == want {
                        return out;
                    }
                    break;
                }
            }
            let record = tafl8_engine::record::parse_move_record(rules.geometry(), mv).unwrap();
            let m = record.mv;
            pos.make(m);
            p.moves.push(m);
        }
    }
    panic!(
        "{} positions where the race changes the choice, {want} wanted",
        out.len()
    );
}

/// The king's knowledge of issue 26 on Copenhagen, the board with squares the king has escaped
/// from: those squares, one route a direction, the king race and its guard on the attackers'
/// choice. A slip in each shows in the checks that can see it.
#[test]
fn king_race_bugs_are_reported() {
    // OpenTafl's Copenhagen, as the matches play it (a repetition loses for its mover).
    let rules = Rules::from_otr(
        "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/\
         tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    )
    .unwrap();
    let good = Target::new(Arc::new(rules), "engine").expect("cart builds");
    assert!(good.cfg.race > 0, "Copenhagen's engine plays the race");
    let cases = race_cases(&good);
    let choices = refuted_choices(&good, 3);
    // The guard ignores the race: a refuted choice is played.
    let guard = [(
        "refuted choice played",
        "  if p<1 then\n   return m",
        "  if p<99 then\n   return m",
        Seen::Only("think"),
    )];
    bugs_are_caught(&good, &choices, &guard);
    let bugs = [
        // The squares beside the corners are not the king's targets.
        (
            "escaped squares forgotten",
            " ke[s]=true\n",
            " ke[s]=ke[s]\n",
            Seen::In("eval"),
        ),
        // Every target of a ray counted and marked, not the first only.
        (
            "routes counted per target",
            "      add(l,u)\n     end\n     break\n",
            "      add(l,u)\n     end\n",
            Seen::In("race"),
        ),
        // The defenders' captures of a ray's blocker left out of the race.
        (
            "race without blocker captures",
            "if f==k or o[f] or n[m%169] then",
            "if f==k or o[f] then",
            Seen::In("race"),
        ),
        // The plies of a threat and its answers miscounted.
        (
            "race plies",
            "    r=ratt(l-1)\n    if r>0 then\n     r+=1",
            "    r=ratt(l-1)\n    if r>0 then\n     r+=2",
            Seen::In("race"),
        ),
    ];
    bugs_are_caught(&good, &cases, &bugs);
}

/// The fork test on a board whose king is taken by two (brandubh): two routes win only when
/// no attacker stands beside the king.
#[test]
fn fork_bugs_are_reported() {
    let good = Target::preset("brandubh", "engine").expect("cart builds");
    let mut cases = race_cases(&good);
    // Worked by hand (rank 1 first): the king on b3 may step to b1, where it has two routes
    // (a1 beside it, g1 along the empty rank) but stands beside the hostile corner: c5-c1 takes
    // it. No fork, then: the search must try the attackers' moves and find the capture.
    let rules = good.rules.clone();
    let base = CasePos {
        cells: *tafl8_engine::Position::from_string(
            rules.clone(),
            "/7/7/1K5/7/2t4/7/6t/",
            tafl8_engine::Side::Defenders,
        )
        .unwrap()
        .cells(),
        side: tafl8_engine::Side::Defenders,
        moves: Vec::new(),
    };
    for check in [
        Check::Search { depth: 1, nodes: 0 },
        Check::Search { depth: 2, nodes: 0 },
        Check::Race {
            plies: good.cfg.race,
        },
    ] {
        cases.push(Case {
            pos: base.clone(),
            check,
        });
    }
    let bugs = [
        // A king with one hostile side taken for safe.
        (
            "king safety off by one",
            " return n<1\n",
            " return n<2\n",
            Seen::In("search"),
        ),
        (
            "quiescence fork without king safety",
            " if n>1 and ksafe() then\n",
            " if n>1 then\n",
            Seen::In("search"),
        ),
    ];
    bugs_are_caught(&good, &cases, &bugs);
}

/// The king's line keys (`ke[u+v*AREA]`, Copenhagen's escape term): a walk that reads a wrong
/// key skips a real escape path, and the evaluation shows it.
#[test]
fn king_line_key_bugs_are_reported() {
    let good = Target::preset("copenhagen", "engine").expect("cart builds");
    let rules = good.rules.clone();
    // Positions whose king is three moves from a target (the Rust engine's escape distance),
    // where the keys decide the answer, and as many others.
    let mut rng = tafl8_engine::rng::Xorshift32::new(0x11AE5);
    let (mut three, mut other) = (Vec::new(), Vec::new());
    while three.len() < 40 {
        let p = tafl8_diff::positions::placement(&rules, &mut rng, 0);
        let d = tafl8_engine::eval::king_escape(&p.position(&rules)).distance;
        if d == 3 {
            three.push(p);
        } else if other.len() < 40 {
            other.push(p);
        }
    }
    let pos = [three, other].concat();
    let mut cases: Vec<Case> = pos
        .iter()
        .map(|p| Case {
            pos: p.clone(),
            check: Check::Eval,
        })
        .collect();
    // The routes count (`routes()`, read by quiescence's king moves): searches from positions
    // whose king is one or two moves from a target.
    let mut near = Vec::new();
    while near.len() < 6 {
        let p = tafl8_diff::positions::placement(&rules, &mut rng, 0);
        if matches!(
            tafl8_engine::eval::king_escape(&p.position(&rules)).distance,
            1 | 2
        ) {
            near.push(Case {
                pos: p,
                check: Check::Search {
                    depth: 1,
                    nodes: 2000,
                },
            });
        }
    }
    cases.extend(near);
    let bugs = [
        // Distance 3: the last walk's key read for the line across it. (A key of the same line
        // pointing the other way would mostly agree: on Copenhagen a line with a target has one
        // at each end.)
        (
            "distance-3 key of the wrong line",
            "      if x[u+v*169] then\n",
            "      if x[u+e*169] then\n",
            Seen::In("eval"),
        ),
        // Distance 2: the look-across key read for the king's own line.
        (
            "distance-2 key of the wrong line",
            "      if x[t+e*169] and b[u]==0 then\n",
            "      if x[t+d*169] and b[u]==0 then\n",
            Seen::In("eval"),
        ),
        // The routes count: the ray's neighbour tested instead of its line key.
        (
            "routes key of a square",
            "  if x[k+d*169] and b[t]==0 then\n",
            "  if x[k+d] and b[t]==0 then\n",
            Seen::In("search"),
        ),
    ];
    bugs_are_caught(&good, &cases, &bugs);
}
