//! The Rust engine's answers, in exactly the text the Lua harness prints (numbers as PICO-8's
//! `tostr` prints them: integers in decimal, 32-bit patterns as `0x1234.abcd`).

use std::fmt::Write as _;

use tafl8_codegen::reason_code;
use tafl8_engine::difficulty::{seeded_rng, think_within, Level};
use tafl8_engine::eval::{evaluate, Evaluator};
use tafl8_engine::search::{Limits, Searcher};
use tafl8_engine::{MoveList, Outcome, Position, Side, Xorshift32};

use crate::case::{hex, Case, Check};
use crate::target::Target;

/// `w:r` as the harness prints `outcome()`: winner code (0 = draw) and reason code, `-:-` while
/// the game goes on.
fn outcome_text(o: Option<Outcome>) -> String {
    match o {
        None => "-:-".into(),
        Some(o) => format!(
            "{}:{}",
            o.winner.map_or(0, Side::code),
            reason_code(o.reason)
        ),
    }
}

/// The engine's answer to `case` for `target`'s rules, search configuration and book.
pub fn answer(target: &Target, case: &Case) -> String {
    let (rules, cfg, book) = (&target.rules, &target.cfg, target.book.as_ref());
    let mut pos = case.pos.position(rules);
    let g = rules.geometry();
    let code = |m: tafl8_engine::Move| m.code(g).to_string();
    let mut o = case.check.name().to_string();
    match case.check {
        Check::Perft { depth } => {
            let hash = pos.hash() as u32;
            let n = tafl8_engine::perft(&mut pos, u32::from(depth));
            // The cart counts in 32 bits; a larger count would wrap there (and show as a mismatch).
            let _ = write!(o, " {} {}", hex(hash), hex(n as u32));
        }
        Check::Moves => {
            let _ = write!(o, " {}", outcome_text(pos.outcome()));
            let mut list = MoveList::new();
            pos.gen_moves(&mut list);
            for &m in list.as_slice() {
                let undo = pos.make(m);
                let _ = write!(
                    o,
                    " {}:{}:{}:{}:",
                    code(m),
                    pos.status() as u8,
                    hex(pos.hash() as u32),
                    outcome_text(pos.outcome())
                );
                for &c in pos.last_captures(&undo) {
                    let _ = write!(o, "{c}.");
                }
                pos.unmake(&undo);
            }
            let _ = write!(o, " {}", hex(pos.hash() as u32));
        }
        Check::Eval => {
            let ev = Evaluator::new(rules);
            let _ = write!(o, " {}", evaluate(&pos, &ev, &cfg.eval).get());
        }
        Check::Search { depth, nodes } => {
            let mut s = Searcher::new(rules, *cfg);
            let r = s.search(
                &mut pos,
                Limits {
                    depth,
                    nodes,
                    time: None,
                },
            );
            match r.best {
                Some(b) => {
                    let _ = write!(o, " {} {}", code(b), r.score.get());
                }
                None => o.push_str(" - -"),
            }
            let _ = write!(o, " {} {} pv", hex(r.nodes as u32), r.depth);
            for &m in &r.pv {
                let _ = write!(o, ",{}", code(m));
            }
            o.push_str(" rs");
            for rs in &r.root_scores {
                let _ = write!(
                    o,
                    ",{}:{}:{}",
                    code(rs.mv),
                    rs.score.get(),
                    u8::from(rs.exact)
                );
            }
        }
        Check::Think { level, seed } => {
            let mut s = Searcher::new(rules, *cfg);
            let mut rng = seeded_rng(seed);
            let (m, nodes, depth) = think(&mut s, &mut pos, level, &mut rng);
            let m = m.map_or("-".to_string(), code);
            let _ = write!(o, " {m} {} {} {depth}", hex(rng.state()), hex(nodes as u32));
        }
        Check::Race { plies } => {
            let mut s = Searcher::new(rules, *cfg);
            s.search(&mut pos, tafl8_engine::search::Limits::depth(1));
            let before = s.race_nodes();
            let p = s.race(&mut pos, plies);
            let _ = write!(o, " {p} {}", s.race_nodes() - before);
        }
        Check::Book { seed } => {
            let mut rng = seeded_rng(seed);
            let m = book.and_then(|b| b.choose(&pos, &mut rng));
            let m = m.map_or("-".to_string(), code);
            let _ = write!(o, " {m} {}", hex(rng.state()));
        }
        Check::Game {
            attackers,
            defenders,
            seed,
            plies,
        } => {
            let mut s = Searcher::new(rules, *cfg);
            let mut rng = seeded_rng(seed);
            let mut n = 0;
            while pos.outcome().is_none() && n < plies {
                let lv = if pos.side_to_move() == Side::Attackers {
                    attackers
                } else {
                    defenders
                };
                let from_book = book.and_then(|b| b.choose(&pos, &mut rng));
                let Some(m) = from_book.or_else(|| think(&mut s, &mut pos, lv, &mut rng).0) else {
                    break;
                };
                pos.make(m);
                let _ = write!(o, " {}", code(m));
                n += 1;
            }
            let _ = write!(o, " = {}:{}", outcome_text(pos.outcome()), hex(rng.state()));
        }
    }
    o
}

/// A level's move choice, as `difficulty::think` makes it, also returning the search's node
/// count and depth (which `think` does not expose, and the comparison wants).
pub fn think(
    s: &mut Searcher,
    pos: &mut Position,
    level: u8,
    rng: &mut Xorshift32,
) -> (Option<tafl8_engine::Move>, u64, u8) {
    let Some(level) = Level::of(pos.rules(), level) else {
        return (None, 0, 0);
    };
    let t = think_within(s, pos, &level, level.limits(), rng);
    (t.mv, t.result.nodes, t.result.depth)
}
