//! The quiet race's tests: every proof checked by a plain minimax, a refutation from a real
//! game, and the guard's choice after a refutation.

use super::*;
use crate::config::{SearchConfig, DEFAULT_QUIET_RACE};
use crate::record::play_move_list;
use crate::rng::Xorshift32;
use crate::rules::Rules;
use crate::search::RootScore;
use crate::testutil::{defenders_win_within, preset_source_edit, shuttle_game, sparse_position};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// OpenTafl's Copenhagen (`tfr:w`: the player who moves into a repetition loses).
const CPH: &str = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/\
                   t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

/// `full` with the quiet race on.
const QRACE: SearchConfig = SearchConfig {
    quiet_race: DEFAULT_QUIET_RACE,
    ..SearchConfig::FULL
};

/// A time limit far past what `depth` takes: the search is timed (it can be resumed) but
/// bounded by its depth, so it does not depend on the machine's speed.
fn timed_to_depth(depth: u8) -> Limits {
    Limits {
        depth,
        ..Limits::time(TimeLimit::movetime(Duration::from_secs(600)))
    }
}

/// A searcher with the quiet race at `plies`, its game recorded at `pos` (the races read it).
fn searcher(rules: &Arc<Rules>, pos: &mut Position, plies: u8) -> Searcher {
    let cfg = SearchConfig {
        quiet_race: plies,
        ..SearchConfig::FULL
    };
    let mut s = Searcher::new(rules, cfg);
    s.search(pos, Limits::depth(1));
    s.race_cap = QUIET_RACE_NODES;
    s
}

fn mv(rules: &Rules, from: &str, to: &str) -> Move {
    let g = rules.geometry();
    Move::new(g.parse_square(from).unwrap(), g.parse_square(to).unwrap())
}

#[test]
fn every_quiet_proof_is_a_real_win() {
    // Random sparse 7x7 positions. The attackers to move: every root move the quiet race
    // refutes in p plies (the move itself counted) loses to a plain minimax within p - 1 + 2
    // plies after it (+2: a route to a square the king has escaped from still needs the step
    // out). The defenders to move: every move after which each attackers' reply loses the
    // race in p plies wins by minimax within 1 + p + 2. A sample is checked (every quiet-only
    // refutation, one in 16 of the rest): a minimax of up to 9 plies is slow. Some
    // refutations must be out of the plain race's reach (a quiet first move), or the test
    // checks nothing the race's own test does not.
    let harmless = preset_source_edit(
        "brandubh",
        "hostile = [\"attackers\", \"defenders\", \"king\"]\npass = [\"king\"]",
        "hostile = [\"attackers\", \"defenders\"]\npass = [\"king\"]",
    );
    let race = 3;
    let mut rng = Xorshift32::new(0x9e37_79b9);
    let (mut refuted, mut quiet_only, mut wins) = (0, 0, 0);
    for rules in [Rules::preset("brandubh").unwrap(), harmless] {
        let rules = Arc::new(rules);
        let g = rules.geometry();
        for i in 0..60 {
            let side = if i % 2 == 0 {
                Side::Attackers
            } else {
                Side::Defenders
            };
            let Some(mut pos) = sparse_position(&rules, side, &mut rng) else {
                continue;
            };
            let mut s = searcher(&rules, &mut pos, race);
            let mut list = MoveList::new();
            pos.gen_moves(&mut list);
            for &m in list.iter() {
                let at = crate::notation::position_string(g, pos.cells());
                if side == Side::Attackers {
                    let Proof::Proven(p) = s.quiet_refutes(&mut pos, m, GuardStop::NEVER) else {
                        continue;
                    };
                    refuted += 1;
                    let quiet = s.race_refutes(&mut pos, m, race + 2).is_none();
                    quiet_only += usize::from(quiet);
                    // Every refutation out of the plain race's reach is checked, and a sample
                    // of the others (a minimax of up to 9 plies is slow in a debug build).
                    if !quiet && refuted % 16 != 0 {
                        continue;
                    }
                    let undo = pos.make(m);
                    assert!(
                        defenders_win_within(&mut pos, (p + 1) as u8),
                        "{} refuted in {p} plies at {at}",
                        m.display(g)
                    );
                    pos.unmake(&undo);
                } else {
                    let undo = pos.make(m);
                    let proof = if pos.status() == Status::Ongoing {
                        s.every_reply_loses(&mut pos, GuardStop::NEVER)
                    } else {
                        Proof::Holds
                    };
                    pos.unmake(&undo);
                    let Proof::Proven(p) = proof else { continue };
                    wins += 1;
                    if wins % 16 != 0 {
                        continue;
                    }
                    assert!(
                        defenders_win_within(&mut pos, (p + 3) as u8),
                        "{} wins in {p} plies at {at}",
                        m.display(g)
                    );
                }
            }
        }
    }
    assert!(
        refuted > 500 && quiet_only > 20 && wins > 300,
        "refuted {refuted}, quiet only {quiet_only}, wins {wins}"
    );
}

/// Round 17 of docs/strength/games/ftzm-best-204-copenhagen.otg up to tafl8's fourth move as
/// the attackers: it played d1-d2 (taking e2), ftzm answered Kf6-c6, and the king escaped 17
/// plies later.
fn round_17() -> (Arc<Rules>, Position) {
    let rules = Arc::new(Rules::from_otr(CPH).unwrap());
    let mut pos = Position::start(rules.clone());
    play_move_list(&mut pos, "h1-h5 d6-d10 h11-h7xh6 e5-d5 h7-h9 e6-e2").unwrap();
    (rules, pos)
}

#[test]
fn the_quiet_race_sees_round_17s_loss() {
    let (rules, mut pos) = round_17();
    let mut s = searcher(&rules, &mut pos, DEFAULT_QUIET_RACE);
    let d1d2 = mv(&rules, "d1", "d2");
    // The plain race does not see it: the king's first move threatens nothing.
    assert_eq!(s.race_refutes(&mut pos, d1d2, 13), None);
    // Behind one quiet defenders' move, it does: the one ftzm played.
    let Proof::Proven(p) = s.quiet_refutes(&mut pos, d1d2, GuardStop::NEVER) else {
        panic!("d1-d2 is not refuted");
    };
    assert!((4..=17).contains(&p), "{p}");
    let u = pos.make(d1d2);
    let u2 = pos.make(mv(&rules, "f6", "c6"));
    assert!(matches!(
        s.every_reply_loses(&mut pos, GuardStop::NEVER),
        Proof::Proven(_)
    ));
    pos.unmake(&u2);
    pos.unmake(&u);
}

#[test]
fn a_refuted_choice_gives_way_to_the_next_best() {
    // The search's choice d1-d2 (highest score) is refuted; the next best by score, b6-d6,
    // becomes the choice with its own score, and d1-d2 keeps an exact proven loss.
    let (rules, mut pos) = round_17();
    let mut s = searcher(&rules, &mut pos, DEFAULT_QUIET_RACE);
    let (d1d2, b6d6, a8b8) = (
        mv(&rules, "d1", "d2"),
        mv(&rules, "b6", "d6"),
        mv(&rules, "a8", "b8"),
    );
    let root = |mv, score| RootScore {
        mv,
        score: Score::eval(score),
        exact: false,
    };
    let mut r = SearchResult {
        best: Some(d1d2),
        score: Score::eval(546),
        pv: vec![d1d2],
        nodes: 0,
        depth: 1,
        iterations: Vec::new(),
        root_scores: vec![root(d1d2, 546), root(a8b8, 300), root(b6d6, 500)],
        tree: Vec::new(),
    };
    assert!(matches!(
        s.quiet_refutes(&mut pos, b6d6, GuardStop::NEVER),
        Proof::Holds
    ));
    let mut refuted = Vec::new();
    s.quiet_guard(&mut pos, &mut r, GuardStop::NEVER, &mut refuted);
    assert_eq!(refuted.len(), 1);
    assert_eq!(refuted[0].0, d1d2);
    assert_eq!(r.best, Some(b6d6));
    assert_eq!(r.score, Score::eval(500));
    assert_eq!(r.pv, vec![b6d6]);
    let lost = r.root_scores[0];
    assert!(lost.exact && lost.score.is_decided() && lost.score < Score::DRAW);
}

#[test]
fn without_the_switch_the_choice_is_the_searchs() {
    // `decide` with `qrace=0` is the search and the king race's guard, nothing more.
    let (rules, mut pos) = round_17();
    let mut a = Searcher::new(&rules, SearchConfig::FULL);
    let mut b = Searcher::new(&rules, SearchConfig::FULL);
    let mut want = a.search(&mut pos, Limits::depth(2));
    a.race_guard(&mut pos, &mut want, RACE_TRIES, |r| r.best);
    let got = b.decide(&mut pos, Limits::depth(2));
    assert_eq!(got.without_times(), want.without_times());
}

#[test]
fn no_quiet_win_through_a_repetition() {
    // The race behind Kj9-k9 wins (the king reaches k11 past any reply), but the move repeats
    // the position a third time, which loses for the defenders (`tfr:w`): the quiet race once
    // played it as a proven win.
    let (rules, mut pos) = shuttle_game();
    let j9k9 = mv(&rules, "j9", "k9");
    let mut s = searcher(&rules, &mut pos, DEFAULT_QUIET_RACE);
    // The race behind the move does win, so the test below checks the repetition, not the race.
    let u = pos.make(j9k9);
    let j10k10 = mv(&rules, "j10", "k10");
    assert!(s
        .race_refutes(&mut pos, j10k10, DEFAULT_QUIET_RACE)
        .is_some());
    assert!(matches!(
        s.every_reply_loses(&mut pos, GuardStop::NEVER),
        Proof::Holds
    ));
    pos.unmake(&u);
    let mut s = Searcher::new(&rules, QRACE);
    let r = s.decide(&mut pos, Limits::depth(1));
    assert_ne!(r.best, Some(j9k9), "{}", r.score);
    assert!(!r.score.is_decided(), "{}", r.score);
}

#[test]
fn no_quiet_refutation_through_a_repeated_root_move() {
    // The king on j9 beside an attacker on j10: Kj9-k9 wins the race, as in the shuttle game,
    // so the quiet race refutes a far attackers' move. After both sides shuffle a far piece and
    // back, a4-b4 makes a position the game has had: the repetition rule scores it, and the
    // quiet race proves nothing behind it.
    let rules = Arc::new(Rules::from_otr(CPH).unwrap());
    let line = "d1-c1 h6-h2 h11-h3xh2 g7-h7 f10-j10 g6-g10 j6-i6 Kf6-g6 d11-d9 Kg6-g9 i6-i9 \
                g5-i5 g1-g3 Kg9-h9 b6-b10 i5-i6 f2-j2 i6-j6 i9-i6xj6 Kh9-j9";
    let (a4b4, a8b8) = (mv(&rules, "a4", "b4"), mv(&rules, "a8", "b8"));
    let refuted = |moves: &str, m: Move| {
        let mut pos = Position::start(rules.clone());
        play_move_list(&mut pos, moves).unwrap();
        let mut s = searcher(&rules, &mut pos, DEFAULT_QUIET_RACE);
        matches!(
            s.quiet_refutes(&mut pos, m, GuardStop::NEVER),
            Proof::Proven(_)
        )
    };
    assert!(refuted(line, a4b4));
    let shuffled = format!("{line} a4-b4 e5-c5 b4-a4 c5-e5");
    assert!(!refuted(&shuffled, a4b4));
    // The shuffle changed nothing else: a move that repeats nothing is still refuted.
    assert!(refuted(&shuffled, a8b8));
}

/// The start of Copenhagen under OpenTafl's rules, and a searcher with the quiet race on.
fn start_with_qrace() -> (Arc<Rules>, Position, Searcher) {
    let rules = Arc::new(Rules::from_otr(CPH).unwrap());
    let pos = Position::start(rules.clone());
    let s = Searcher::new(&rules, QRACE);
    (rules, pos, s)
}

#[test]
fn a_fixed_move_time_is_spent_after_the_guard() {
    // The guard holds at the start within a millisecond; the search had kept a tenth for it,
    // and goes on with what the guard left. (A lower bound on the time: load only adds to it.)
    let (_, mut pos, mut s) = start_with_qrace();
    let budget = Duration::from_millis(300);
    let t0 = Instant::now();
    let r = s.decide(&mut pos, Limits::time(TimeLimit::movetime(budget)));
    let used = t0.elapsed();
    assert!(!r.score.is_decided() && r.best.is_some());
    assert!(s.guard_report().checked >= 1, "{:?}", s.guard_report());
    assert!(used >= budget - 2 * GUARD_RESERVE, "{used:?} of {budget:?}");
    // The iterations after the guard's go on from where the first search stopped, and the
    // first search's cut iteration gives way to them: only the last may be cut.
    let its = &r.iterations;
    assert!(its.windows(2).all(|w| w[0].time <= w[1].time));
    assert!(its[..its.len() - 1].iter().all(|i| i.complete), "{its:?}");
}

#[test]
fn a_resumed_search_keeps_the_guards_refutations() {
    // Round 17's d1-d2 is refuted; the search that goes on after the guard must not bring it
    // back, however its deeper iterations score it.
    let (rules, mut pos) = round_17();
    let d1d2 = mv(&rules, "d1", "d2");
    let mut s = Searcher::new(&rules, QRACE);
    // Depth limits, not the clock, bound both searches, so the test does not depend on the
    // machine's speed: the first to depth 3, the resumed one to depth 5.
    let mut r = s.search(&mut pos, timed_to_depth(3));
    let mut refuted = vec![(d1d2, Score::loss_in(9))];
    refute(&mut r, d1d2, Score::loss_in(9));
    assert_ne!(r.best, Some(d1d2));
    s.limits.depth = 5;
    let hard = Duration::from_secs(600);
    s.search_on(&mut pos, &mut r, hard, QUIET_SHARE, u64::MAX, &mut refuted);
    assert_eq!(r.depth, 5, "the search did not go on");
    assert_ne!(r.best, Some(d1d2));
    let lost = r.root_scores.iter().find(|x| x.mv == d1d2).unwrap();
    assert_eq!(lost.score, Score::loss_in(9));
}

#[test]
fn a_depth_limit_ends_the_move_before_its_time() {
    // With a depth limit as well, nothing is left to search once it is reached: the move ends
    // then, not at the time limit.
    let (_, mut pos, mut s) = start_with_qrace();
    let limits = Limits {
        depth: 2,
        ..Limits::time(TimeLimit::movetime(Duration::from_secs(2)))
    };
    let t0 = Instant::now();
    let r = s.decide(&mut pos, limits);
    assert_eq!(r.depth, 2);
    assert!(t0.elapsed() < Duration::from_secs(1), "{:?}", t0.elapsed());
}

#[test]
fn a_new_choice_the_guard_cannot_check_gives_way_to_the_last_it_did() {
    // The same resumed search twice (depth-bounded, so both choose alike): with the guard's
    // budget left it checks the new choice and keeps it; with none left it cannot, and the
    // choice the guard let stand before the search went on is played.
    let (rules, pos) = round_17();
    let hard = Duration::from_secs(600);
    let run = |budget_left: bool| {
        let mut s = Searcher::new(&rules, QRACE);
        let mut pos = pos.clone();
        let mut r = s.search(&mut pos, timed_to_depth(3));
        let first = r.without_times();
        s.limits.depth = 4;
        let race_end = if budget_left { u64::MAX } else { s.race_total };
        s.search_on(
            &mut pos,
            &mut r,
            hard,
            QUIET_SHARE,
            race_end,
            &mut Vec::new(),
        );
        (first, r.without_times(), s.guard_report())
    };
    let (first, checked, g) = run(true);
    assert_ne!(
        checked.best, first.best,
        "the deeper search keeps its choice: the test would not tell"
    );
    assert!(!g.unfinished, "{g:?}");
    let (first, unchecked, g) = run(false);
    assert!(g.unfinished, "{g:?}");
    assert_eq!(unchecked.best, first.best);
    // What `analyze` shows is the search that chose the move played, not the resumed one;
    // only the nodes count the resumed search too.
    assert_eq!(
        (unchecked.depth, &unchecked.iterations, &unchecked.pv),
        (first.depth, &first.iterations, &first.pv)
    );
    assert!(unchecked.nodes > first.nodes);
}
