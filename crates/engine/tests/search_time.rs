//! The time rule seen from a whole search (its arithmetic is tested in `search::time`): what
//! must hold whatever the machine's speed. A forced move takes one iteration; a node budget
//! that runs out before a time limit gives the node-limited search's result exactly (its
//! partial iteration discarded, as the cart's search does), so the time rule never reaches the
//! searches the cart mirrors.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tafl8_engine::config::SearchConfig;
use tafl8_engine::search::{Limits, Searcher, TimeLimit};
use tafl8_engine::{Position, Rules, Side};

fn brandubh(record: &str, side: Side) -> Position {
    Position::from_string(Arc::new(Rules::preset("brandubh").unwrap()), record, side).unwrap()
}

#[test]
fn a_forced_move_takes_one_iteration_of_a_long_budget() {
    // The attacker on b1 has one move, b1-c1 (d1 and b2 hold defenders).
    let mut pos = brandubh("/1t1T3/1T5/7/3K3/7/7/7/", Side::Attackers);
    let rules = pos.rules().clone();
    let mut s = Searcher::new(&rules, SearchConfig::FULL);
    let t0 = Instant::now();
    let r = s.search(
        &mut pos,
        Limits::time(TimeLimit::movetime(Duration::from_secs(30))),
    );
    assert!(t0.elapsed() < Duration::from_secs(10), "{:?}", t0.elapsed());
    assert_eq!(
        r.best.map(|m| m.display(rules.geometry())).as_deref(),
        Some("b1-c1")
    );
    assert_eq!((r.depth, r.iterations.len()), (1, 1));
    // Without a time limit the search goes on to its depth.
    let r = s.search(&mut pos, Limits::depth(2));
    assert_eq!(r.depth, 2);
}

#[test]
fn a_node_budget_that_runs_out_first_gives_the_node_limited_result() {
    for (variant, nodes) in [
        ("brandubh", 3_000),
        ("copenhagen", 5_000),
        ("tablut", 20_000),
    ] {
        let rules = Arc::new(Rules::preset(variant).unwrap());
        let mut s = Searcher::new(&rules, SearchConfig::FULL);
        let mut pos = Position::start(rules.clone());
        let plain = s.search(&mut pos, Limits::nodes(nodes));
        let timed = s.search(
            &mut pos,
            Limits {
                time: Some(TimeLimit::movetime(Duration::from_secs(600))),
                ..Limits::nodes(nodes)
            },
        );
        assert_eq!(plain.without_times(), timed.without_times(), "{variant}");
        assert!(plain.iterations.iter().all(|i| i.complete));
    }
}
