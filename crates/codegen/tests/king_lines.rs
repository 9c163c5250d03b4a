//! The king's line keys (`RulesContext::king_lines`): the escape term skips a walk whose ray holds
//! no king target, so a missing key would hide an escape and an extra one would only cost time.
//! Checked here against rays worked out by hand from the rules (Copenhagen: the corners and the
//! squares beside them are the targets; Tablut: every edge square).

use std::collections::BTreeSet;

use tafl8_codegen::context::RulesContext;
use tafl8_engine::Rules;

fn keys(rules: &Rules) -> BTreeSet<i64> {
    RulesContext::new(rules)
        .king_lines
        .split(',')
        .map(|k| k.parse().expect("a key is a number"))
        .collect()
}

/// The key of the ray from `square` (a name like `c3`) in direction `d` (N, E, S or W).
fn key(rules: &Rules, square: &str, d: char) -> i64 {
    let g = rules.geometry();
    let s = g.parse_square(square).expect("a square name").0 as i64;
    let w = g.width() as i64;
    let step = match d {
        'N' => w,
        'S' => -w,
        'E' => 1,
        'W' => -1,
        _ => unreachable!("a direction"),
    };
    s + step * g.area() as i64
}

#[test]
fn copenhagen_rays_hold_a_target_only_towards_the_corners() {
    let rules = Rules::preset("copenhagen").unwrap();
    let k = keys(&rules);
    // Towards a corner along the edge files and ranks, and along the second ones towards the
    // squares beside the corners (b1, a2, ...), which the king has escaped from.
    for (sq, d) in [
        ("a3", 'S'),
        ("a9", 'N'),
        ("c1", 'W'),
        ("i11", 'E'),
        ("b6", 'S'),
        ("b6", 'N'),
        ("f2", 'W'),
        ("f10", 'E'),
        ("j5", 'S'),
        // Through a corner-adjacent square: the ray from b2 west ends on a2.
        ("b2", 'W'),
    ] {
        assert!(k.contains(&key(&rules, sq, d)), "{sq} {d} holds a target");
    }
    // The middle files and ranks end on edge squares that are no target.
    for (sq, d) in [
        ("f6", 'N'),
        ("f6", 'S'),
        ("f6", 'E'),
        ("f6", 'W'),
        ("c3", 'E'),
        ("e1", 'N'),
        ("a6", 'E'),
        // Off the board at once: a1's rays west and south.
        ("a1", 'W'),
        ("a1", 'S'),
    ] {
        assert!(!k.contains(&key(&rules, sq, d)), "{sq} {d} holds no target");
    }
    // Counted by hand: each of files a, b, j and k holds two targets, one at each end (a1 and
    // a2 .. a10 and a11 on file a; b1 and b11 on file b), so every square of it but the last has
    // a ray north holding one and every square but the first a ray south: 10 + 10 a file. The
    // same for ranks 1, 2, 10 and 11; no other file or rank holds a target.
    assert_eq!(k.len(), 8 * 20);
}

#[test]
fn edge_escape_rays_all_hold_a_target() {
    // Tablut: every edge square is an escape square, so every ray from an inner square ends on
    // one; only a ray that leaves the board at once (from an edge square outwards) holds none.
    let rules = Rules::preset("tablut").unwrap();
    let k = keys(&rules);
    assert!(k.contains(&key(&rules, "e5", 'N')));
    assert!(k.contains(&key(&rules, "a5", 'N')));
    assert!(!k.contains(&key(&rules, "a5", 'W')));
    // 81 squares x 4 rays, less the 36 rays that start on the edge and point off the board.
    assert_eq!(k.len(), 81 * 4 - 36);
}
