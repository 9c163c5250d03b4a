//! The opening books the carts carry: the engine's built-in book of the variant
//! (`Book::builtin`, the committed `crates/engine/book/NAME.book`), in the engine's compact cart
//! form (`Book::to_compact`).

use tafl8_engine::book::Book;
use tafl8_engine::Rules;

/// The compact book string for `rules`, or `None` when its variant has no built-in book (or a
/// rules file reuses a preset's name with another board: the engine then gives none).
pub fn compact_book(rules: &Rules) -> Option<String> {
    Book::builtin(rules).map(|b| b.to_compact(rules.geometry()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_has_a_book_and_other_boards_none() {
        for name in tafl8_engine::rules::PRESETS {
            let compact = compact_book(&Rules::preset(name).unwrap()).expect("a book");
            // Per position: 8 + 1 digits, then 5 per move.
            assert!(compact.len() > 9 && compact.chars().all(|c| c.is_ascii_hexdigit()));
        }
        // A rules file that borrows a preset's name with another start gets no book.
        let mut file = Rules::preset("ziege").unwrap().file().clone();
        file.start = "/7/3t3/7/3K3/7/3t3/7/".into();
        assert!(compact_book(&Rules::from_rules_file(file).unwrap()).is_none());
    }
}
