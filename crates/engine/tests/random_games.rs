//! Property tests over random legal games on every preset: make/unmake restores the position
//! exactly (board, hash, side, status, ply, history), the incremental hash equals a full
//! recomputation, every generated move passes `play`'s check, and `play` rejects (with an error,
//! position unchanged) exactly the moves the generator does not produce.

use std::sync::Arc;

use proptest::prelude::*;
use tafl8_engine::rules::PRESETS;
use tafl8_engine::{Move, MoveList, Position, Rules, Square, Status, Xorshift32};

fn check_position(pos: &mut Position, rng: &mut Xorshift32) -> MoveList {
    let rules = pos.rules().clone();
    let g = rules.geometry();
    assert_eq!(
        pos.hash(),
        rules.zobrist().hash_of(pos.cells(), pos.side_to_move()),
        "incremental hash drifted"
    );
    let mut list = MoveList::new();
    pos.gen_moves(&mut list);
    let before = pos.clone();
    for &m in list.iter() {
        assert_eq!(
            pos.check(m),
            Ok(()),
            "generated move {} fails play's check",
            m.display(g)
        );
        let undo = pos.make(m);
        assert_eq!(
            pos.hash(),
            rules.zobrist().hash_of(pos.cells(), pos.side_to_move()),
            "hash after {}",
            m.display(g)
        );
        pos.unmake(&undo);
        assert!(
            *pos == before,
            "make/unmake of {} changed the position",
            m.display(g)
        );
    }
    // Random (from, to) pairs: `check` accepts exactly the generated ones.
    let area = g.area() as u16;
    for _ in 0..20 {
        let m = Move::new(Square(rng.below(area) as u8), Square(rng.below(area) as u8));
        let generated = list.iter().any(|&x| x == m);
        let mut p = pos.clone();
        match p.play(m) {
            Ok(_) => assert!(
                generated,
                "play accepted {:?}, which the generator lacks",
                m
            ),
            Err(e) => {
                assert!(!generated, "play rejected generated {}: {e}", m.display(g));
                assert!(p == before, "a rejected move changed the position");
                assert!(!e.to_string().is_empty());
            }
        }
    }
    list
}

fn random_game(variant: usize, seed: u32, plies: usize) -> usize {
    let rules = Arc::new(Rules::preset(PRESETS[variant % PRESETS.len()]).unwrap());
    let mut rng = Xorshift32::new(seed);
    let start = Position::start(rules);
    let mut pos = start.clone();
    let mut undos = Vec::new();
    for _ in 0..plies {
        let list = check_position(&mut pos, &mut rng);
        if list.is_empty() || pos.status() != Status::Ongoing {
            break;
        }
        let m = list.as_slice()[rng.below(list.len() as u16) as usize];
        undos.push(pos.play(m).expect("generated move is legal"));
    }
    let played = undos.len();
    while let Some(u) = undos.pop() {
        pos.unmake(&u);
    }
    assert!(
        pos == start,
        "unwinding the whole game did not restore the start"
    );
    assert!(pos.history().is_empty());
    played
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn random_games_keep_every_invariant(variant in 0usize..4, seed in any::<u32>(), plies in 20usize..160) {
        random_game(variant, seed, plies);
    }
}

#[test]
fn fixed_long_games_on_every_preset() {
    // Deterministic companions of the property test: thousands of moves in total.
    let mut total = 0;
    for variant in 0..PRESETS.len() {
        for seed in 1..=12 {
            total += random_game(variant, seed * 7919, 300);
        }
    }
    println!("{total} random moves played and checked");
    assert!(
        total >= 2000,
        "only {total} moves: the random games end too early to test much"
    );
}
