//! The committed opening books: they parse, their text and compact forms round-trip, every
//! position is reached from the start by book moves, and every book move is legal there.
//! Plus the generator's determinism and the weighted choice.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tafl8_engine::book::{generate, Book, BookParams};
use tafl8_engine::{MoveList, Position, Rules, Xorshift32};

fn books() -> Vec<(String, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("book");
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .expect("crates/engine/book exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "book"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    out.sort();
    out
}

/// Every position reachable from the start by book moves; panics on an illegal book move.
fn walk(book: &Book, rules: &Arc<Rules>) -> usize {
    let g = rules.geometry();
    let mut seen = std::collections::HashSet::new();
    let mut queue = VecDeque::from([Position::start(rules.clone())]);
    let mut list = MoveList::new();
    while let Some(pos) = queue.pop_front() {
        let Some(e) = book.lookup(pos.hash()) else {
            continue;
        };
        if !seen.insert(e.key) {
            continue;
        }
        pos.gen_moves(&mut list);
        for &(m, w) in &e.moves {
            assert!(
                list.iter().any(|&l| l == m),
                "{}: {} is illegal in book position {:08x}",
                rules.name(),
                m.display(g),
                e.key
            );
            assert!((1..=15).contains(&w));
            let mut child = pos.clone();
            child.make(m);
            queue.push_back(child);
        }
    }
    seen.len()
}

#[test]
fn committed_books_are_legal_reachable_and_round_trip() {
    let books = books();
    let names: Vec<&str> = books.iter().map(|(n, _)| n.as_str()).collect();
    for want in ["brandubh", "ziege"] {
        assert!(
            names.contains(&want),
            "no committed book for {want}: {names:?}"
        );
    }
    for (name, path) in books {
        let rules = Arc::new(Rules::preset(&name).unwrap());
        let g = rules.geometry();
        let text = std::fs::read_to_string(&path).unwrap();
        let book = Book::from_text(&text, g).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(book.entries().len() >= 2, "{name}: book too small");
        let header: String = text
            .lines()
            .filter_map(|l| l.strip_prefix("# "))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(
            book.to_text(g, &header),
            text,
            "{name}: text form round trip"
        );
        let compact = book.to_compact(g);
        assert_eq!(
            Book::from_compact(&compact, g).unwrap(),
            book,
            "{name}: compact round trip"
        );
        // Start position first: the book must begin where games begin.
        assert!(
            book.lookup(Position::start(rules.clone()).hash()).is_some(),
            "{name}"
        );
        assert_eq!(
            walk(&book, &rules),
            book.entries().len(),
            "{name}: orphan entries"
        );
    }
}

#[test]
fn generation_is_deterministic_and_the_choice_follows_weights() {
    let rules = Arc::new(Rules::preset("brandubh").unwrap());
    let params = BookParams {
        depth: 3,
        plies: 2,
        moves: 3,
        margin: 40,
    };
    let a = generate(&rules, params);
    let b = generate(&rules, params);
    assert_eq!(a, b);
    // Start + one entry per kept start move (unless transpositions merge them).
    let start = Position::start(rules.clone());
    let e = a.lookup(start.hash()).expect("start in book").clone();
    assert!(!e.moves.is_empty() && e.moves.len() <= 3);
    assert_eq!(a.entries().len(), 1 + e.moves.len());
    assert_eq!(walk(&a, &rules), a.entries().len());
    // Weighted draws: each move appears about weight / total of the time.
    let total: u32 = e.moves.iter().map(|&(_, w)| w as u32).sum();
    let mut rng = Xorshift32::new(3);
    let mut counts = vec![0u32; e.moves.len()];
    for _ in 0..4000 {
        let m = a.choose(&start, &mut rng).unwrap();
        counts[e.moves.iter().position(|&(x, _)| x == m).unwrap()] += 1;
    }
    for (i, &(_, w)) in e.moves.iter().enumerate() {
        let expect = 4000.0 * w as f64 / total as f64;
        assert!(
            (counts[i] as f64 - expect).abs() < 0.15 * expect + 40.0,
            "{counts:?}"
        );
    }
}

#[test]
fn bad_books_are_reported_with_line_and_column() {
    let g = Rules::preset("brandubh").unwrap().geometry();
    let e = Book::from_text("# c\n0000abcd d1-e1:0\n", g).unwrap_err();
    assert_eq!((e.line, e.column), (2, 10));
    assert!(e.problem.contains("1 to 15"), "{e}");
    let e = Book::from_text("12 d1-e1:3\n", g).unwrap_err();
    assert!(e.problem.contains("8 hex digits"));
    let e = Book::from_compact("0000abcd1", g).unwrap_err();
    assert!(e.problem.contains("ends inside"), "{e}");
    assert!(Book::from_compact("0000abcd0", g).is_err());
}

#[test]
fn builtin_books_load_for_every_preset_and_not_for_other_layouts() {
    for name in tafl8_engine::rules::PRESETS {
        let rules = Rules::preset(name).unwrap();
        let book = Book::builtin(&rules).unwrap_or_else(|| panic!("{name}: no built-in book"));
        let start = Position::start(Arc::new(rules));
        assert!(
            book.choose(&start, &mut Xorshift32::new(9)).is_some(),
            "{name}"
        );
    }
    // A rules file that keeps the name but changes the layout gets no book.
    let src = tafl8_engine::rules::preset_source("ziege").unwrap();
    let moved = src.replace(
        "start = \"/2ttt2/1T1T1T1/t5t/tT1K1Tt/t5t/1T1T1T1/2ttt2/\"",
        "start = \"/2ttt2/1T3T1/t5t/tT1K1Tt/t5t/1T3T1/2ttt2/\"",
    );
    assert_ne!(moved, src, "the ziege start line changed: update this test");
    let rules = Rules::from_toml(&moved, "test").unwrap();
    assert!(Book::builtin(&rules).is_none());
}
