//! The opening books the carts carry: the engine's committed book files for the presets that have
//! one, in the engine's compact cart form (`Book::to_compact`).

use tafl8_engine::book::Book;
use tafl8_engine::Rules;

/// The committed text book of preset `name`, if it has one.
fn preset_book_text(name: &str) -> Option<&'static str> {
    match name {
        "ziege" => Some(include_str!("../../engine/book/ziege.book")),
        "brandubh" => Some(include_str!("../../engine/book/brandubh.book")),
        _ => None,
    }
}

/// The compact book string for `rules` (a preset with a book file, same size and start), or
/// `None`. A book that does not read is a bug in a committed file: reported as `None` here and
/// caught by the engine's book tests.
pub fn compact_book(rules: &Rules) -> Option<String> {
    let text = preset_book_text(rules.name())?;
    let preset = Rules::preset(rules.name()).ok()?;
    // A user rules file may reuse a preset's name with other rules: its book would be wrong.
    if preset.file() != rules.file() {
        return None;
    }
    let g = rules.geometry();
    Book::from_text(text, g).ok().map(|b| b.to_compact(g))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_with_books_and_others() {
        let ziege = Rules::preset("ziege").unwrap();
        let compact = compact_book(&ziege).expect("ziege has a book");
        // Per position: 8 + 1 digits, then 5 per move.
        assert!(compact.len() > 9 && compact.chars().all(|c| c.is_ascii_hexdigit()));
        assert!(compact_book(&Rules::preset("tablut").unwrap()).is_none());
        // A rules file that borrows a preset's name but changes the rules gets no book.
        let mut file = ziege.file().clone();
        file.move_limit = 100;
        assert!(compact_book(&Rules::from_rules_file(file).unwrap()).is_none());
    }
}
