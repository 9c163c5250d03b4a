//! The puzzle suite: positions as data in `tests/puzzles/*.txt` (format in that file's header),
//! each solved by the full engine at its stated depth, and each claim checked by an exhaustive
//! AND-OR search that shares nothing with the engine's search.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tafl8_engine::config::SearchConfig;
use tafl8_engine::diagram::parse_diagram;
use tafl8_engine::notation::parse_move;
use tafl8_engine::score::Score;
use tafl8_engine::search::{Limits, Searcher};
use tafl8_engine::{Move, MoveList, Position, Rules, Side, Status};

#[derive(Debug, PartialEq)]
enum Expect {
    Win(usize),
    Hold,
    Capture,
}

struct Puzzle {
    name: String,
    at: String,
    pos: Position,
    depth: u8,
    solutions: Vec<Move>,
    expect: Expect,
}

fn puzzle_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/puzzles")
}

/// Parses one file; errors name file:line and what to write instead.
fn parse(path: &Path) -> Result<Vec<Puzzle>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    let loc = |i: usize| format!("{}:{}", path.display(), i + 1);
    while let Some((i, line)) = lines.next() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name = line
            .strip_prefix("puzzle ")
            .ok_or_else(|| format!("{}: expected `puzzle NAME`, found `{line}`", loc(i)))?
            .to_string();
        let (mut variant, mut side, mut depth, mut sol, mut expect) =
            (None, None, None, None, None);
        let mut board = String::new();
        let start = i;
        loop {
            let (j, l) = lines
                .next()
                .ok_or_else(|| format!("{}: puzzle `{name}` has no `end`", loc(start)))?;
            let l = l.trim_end();
            let (key, rest) = l.trim().split_once(' ').unwrap_or((l.trim(), ""));
            match key {
                "variant" => variant = Some(rest.to_string()),
                "to-move" => {
                    side = Some(
                        rest.parse::<Side>()
                            .map_err(|e| format!("{}: {e}", loc(j)))?,
                    )
                }
                "depth" => {
                    depth = Some(rest.parse::<u8>().map_err(|_| {
                        format!(
                            "{}: `depth` takes a number of plies, found `{rest}`",
                            loc(j)
                        )
                    })?)
                }
                "solution" => sol = Some((j, rest.to_string())),
                "expect" => {
                    expect = Some(match rest.split_whitespace().collect::<Vec<_>>()[..] {
                        ["win", n] => Expect::Win(n.parse().map_err(|_| {
                            format!("{}: `expect win N` needs a ply count, found `{n}`", loc(j))
                        })?),
                        ["hold"] => Expect::Hold,
                        ["capture"] => Expect::Capture,
                        _ => {
                            return Err(format!(
                                "{}: write `expect win N`, `expect hold` or `expect capture`",
                                loc(j)
                            ))
                        }
                    })
                }
                "why" => {}
                "board" => loop {
                    let (k, b) = lines
                        .next()
                        .ok_or_else(|| format!("{}: board without `end`", loc(j)))?;
                    if b.trim() == "end" {
                        let _ = k;
                        break;
                    }
                    board.push_str(b);
                    board.push('\n');
                },
                _ => {
                    return Err(format!(
                        "{}: unknown item `{key}` (see the file header)",
                        loc(j)
                    ))
                }
            }
            if !board.is_empty() {
                break;
            }
        }
        let need = |what: &str| format!("{}: puzzle `{name}` lacks `{what}`", loc(start));
        let variant = variant.ok_or_else(|| need("variant"))?;
        let rules = Arc::new(Rules::preset(&variant).map_err(|e| format!("{}: {e}", loc(start)))?);
        let g = rules.geometry();
        let cells = parse_diagram(g, &board)
            .map_err(|(l, e)| format!("{}: board line {l}: {e}", loc(start)))?;
        let pos = Position::from_cells(rules, cells, side.ok_or_else(|| need("to-move"))?)
            .map_err(|e| format!("{}: {e}", loc(start)))?;
        let (sl, sol) = sol.ok_or_else(|| need("solution"))?;
        let solutions = sol
            .split_whitespace()
            .map(|m| parse_move(g, m).map_err(|e| format!("{}: {e}", loc(sl))))
            .collect::<Result<Vec<_>, _>>()?;
        let depth = depth.ok_or_else(|| need("depth"))?;
        let expect = expect.ok_or_else(|| need("expect"))?;
        out.push(Puzzle {
            name,
            at: loc(start),
            pos,
            depth,
            solutions,
            expect,
        });
    }
    Ok(out)
}

/// Exhaustive oracle: can `me` force a win within `plies` plies? (AND-OR search, no evaluation;
/// a side with no move loses, as the rules say.)
fn forces_win(pos: &mut Position, plies: usize, me: Side) -> bool {
    let mut list = MoveList::new();
    pos.gen_moves(&mut list);
    if pos.side_to_move() != me && list.is_empty() {
        return true;
    }
    if plies == 0 {
        return false;
    }
    let mine = pos.side_to_move() == me;
    for &m in list.iter() {
        let u = pos.make(m);
        let ended = pos.status() != Status::Ongoing;
        let ok = if ended {
            mine
        } else {
            forces_win(pos, plies - 1, me)
        };
        pos.unmake(&u);
        if ok == mine {
            return mine;
        }
    }
    !mine
}

/// The moves after which `me` (the opponent of the side to move) can force a win within `plies`.
fn moves_where_other_wins(pos: &mut Position, plies: usize) -> Vec<Move> {
    let me = pos.side_to_move();
    let mut list = MoveList::new();
    pos.gen_moves(&mut list);
    list.iter()
        .copied()
        .filter(|&m| {
            let u = pos.make(m);
            let ok = pos.status() == Status::Ongoing && forces_win(pos, plies, me.opponent());
            pos.unmake(&u);
            ok
        })
        .collect()
}

fn check_oracle(p: &mut Puzzle) {
    let me = p.pos.side_to_move();
    let mut list = MoveList::new();
    p.pos.gen_moves(&mut list);
    match p.expect {
        Expect::Win(n) => {
            assert!(
                forces_win(&mut p.pos, n, me),
                "{}: no forced win in {n}",
                p.at
            );
            if n > 2 {
                assert!(
                    !forces_win(&mut p.pos, n - 2, me),
                    "{}: a faster win exists",
                    p.at
                );
            }
            let winning: Vec<Move> = list
                .iter()
                .copied()
                .filter(|&m| {
                    let u = p.pos.make(m);
                    let ok = p.pos.status() != Status::Ongoing || forces_win(&mut p.pos, n - 1, me);
                    p.pos.unmake(&u);
                    ok
                })
                .collect();
            assert_eq!(
                sorted(&winning),
                sorted(&p.solutions),
                "{}: winning first moves",
                p.at
            );
        }
        Expect::Hold => {
            let losing = moves_where_other_wins(&mut p.pos, 1);
            let holding: Vec<Move> = list
                .iter()
                .copied()
                .filter(|m| !losing.contains(m))
                .collect();
            assert_eq!(
                sorted(&holding),
                sorted(&p.solutions),
                "{}: holding moves",
                p.at
            );
        }
        Expect::Capture => {
            for &m in &p.solutions {
                let u = p.pos.make(m);
                assert!(u.captures() > 0, "{}: {m:?} captures nothing", p.at);
                p.pos.unmake(&u);
            }
        }
    }
}

fn sorted(v: &[Move]) -> Vec<(u8, u8)> {
    let mut s: Vec<(u8, u8)> = v.iter().map(|m| (m.from.0, m.to.0)).collect();
    s.sort_unstable();
    s
}

/// `full` with the Rust-only search switches on.
fn rust_only_search() -> SearchConfig {
    SearchConfig::parse("full,+null,contempt=200").unwrap()
}

#[test]
fn puzzle_suite_passes() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(puzzle_dir())
        .expect("tests/puzzles exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut count = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for f in files {
        for mut p in parse(&f).unwrap_or_else(|e| panic!("{e}")) {
            check_oracle(&mut p);
            let rules = p.pos.rules().clone();
            // The Rust-only search switches (null move, contempt) must solve every puzzle too:
            // a pass never hides a king race the oracle proved.
            for cfg in [SearchConfig::FULL, rust_only_search()] {
                let mut s = Searcher::new(&rules, cfg);
                let r = s.search(&mut p.pos, Limits::depth(p.depth));
                let best = r.best.expect("a move");
                let g = rules.geometry();
                assert!(
                    p.solutions.contains(&best),
                    "{} ({}): the engine chose {} (score {}), expected one of {:?}",
                    p.at,
                    p.name,
                    best.display(g),
                    r.score,
                    p.solutions.iter().map(|m| m.display(g)).collect::<Vec<_>>()
                );
                match p.expect {
                    Expect::Win(n) => assert_eq!(r.score, Score::win_in(n), "{}: score", p.at),
                    // Any other move loses in 2 plies; a solution at least postpones that.
                    Expect::Hold => {
                        assert!(r.score > Score::loss_in(2), "{}: score {}", p.at, r.score)
                    }
                    Expect::Capture => {}
                }
            }
            kinds.insert(p.name.split('-').take(2).collect::<Vec<_>>().join("-"));
            count += 1;
        }
    }
    assert!(count >= 9, "only {count} puzzles");
    eprintln!("{count} puzzles passed: {kinds:?}");
}

#[test]
fn parse_errors_name_the_line() {
    let dir = std::env::temp_dir().join(format!("tafl8-puzzle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.txt");
    std::fs::write(&f, "puzzle x\nvariant ziege\nexpect maybe\n").unwrap();
    let e = parse(&f).err().unwrap();
    assert!(e.contains("bad.txt:3") && e.contains("expect win N"), "{e}");
    std::fs::write(&f, "puzzle x\nvariant ziege\ncolour red\n").unwrap();
    assert!(parse(&f).err().unwrap().contains("unknown item `colour`"));
    std::fs::remove_dir_all(&dir).ok();
}
