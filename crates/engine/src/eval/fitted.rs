//! Fitted piece-square tables (Rust only): per-square values learned from game records
//! (`tafl8 tune`) and added to the generated tables of [`super::tables`]. The cart never plays
//! them; a match player loads a file with `pst=FILE` so the fit can be measured in games.
//!
//! The text format, one value per square in the diagram's layout (top rank first):
//!
//! ```text
//! # comments
//! size 7
//! attacker
//! 0 0 0 0 0 0 0
//! ... (7 rows)
//! defender
//! ... (7 rows)
//! king
//! ... (7 rows)
//! ```
//!
//! Each table uses the generated tables' sign: an attacker value is good for the attackers, a
//! defender or king value good for the defenders.

use crate::square::{Geometry, Square, MAX_AREA};

/// The largest value a fitted square may hold: a little over one attacker (300), so a table
/// can reshape the board but never outweigh the material and never leave PICO-8's integers
/// when summed over the pieces.
pub const FITTED_MAX: i16 = 400;

/// The three tables, indexed by padded square (ring squares hold 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FittedTables {
    /// Board size (the file's `size`).
    pub size: u8,
    /// Added to the attacker table.
    pub attacker: [i16; MAX_AREA],
    /// Added to the defender table.
    pub defender: [i16; MAX_AREA],
    /// Added to the king table.
    pub king: [i16; MAX_AREA],
}

/// The table names in file order.
pub const TABLE_NAMES: [&str; 3] = ["attacker", "defender", "king"];

/// A fitted-table file that could not be read: where (line and column, 1-based) and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {problem}")]
pub struct FittedError {
    /// Line of the problem.
    pub line: usize,
    /// Column of the problem.
    pub column: usize,
    /// What is wrong and how to fix it.
    pub problem: String,
}

impl FittedTables {
    /// All zero for a board of `size`.
    pub fn zero(size: u8) -> FittedTables {
        FittedTables {
            size,
            attacker: [0; MAX_AREA],
            defender: [0; MAX_AREA],
            king: [0; MAX_AREA],
        }
    }

    /// Table `k` of [`TABLE_NAMES`] (0 attacker, 1 defender, 2 king), to write into.
    pub fn table_mut(&mut self, k: usize) -> &mut [i16; MAX_AREA] {
        match k {
            0 => &mut self.attacker,
            1 => &mut self.defender,
            _ => &mut self.king,
        }
    }

    /// Table `k` of [`TABLE_NAMES`].
    pub fn table(&self, k: usize) -> &[i16; MAX_AREA] {
        match k {
            0 => &self.attacker,
            1 => &self.defender,
            _ => &self.king,
        }
    }

    /// Reads the text format (see the module's documentation) for a board of geometry `g`.
    pub fn parse(text: &str, g: Geometry) -> Result<FittedTables, FittedError> {
        let n = g.size();
        let mut out = FittedTables::zero(n);
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim_end()))
            .filter(|(_, l)| !l.trim().is_empty());
        let err = |line: usize, column: usize, problem: String| FittedError {
            line,
            column,
            problem,
        };
        let (l, first) = lines
            .next()
            .ok_or_else(|| err(1, 1, "the file is empty: it starts with `size N`".into()))?;
        let size = first
            .trim()
            .strip_prefix("size ")
            .and_then(|s| s.trim().parse::<u8>().ok())
            .ok_or_else(|| {
                err(
                    l,
                    1,
                    format!("expected `size {n}`, found `{}`", first.trim()),
                )
            })?;
        if size != n {
            return Err(err(
                l,
                6,
                format!("the tables are for a {size}x{size} board, the rules' is {n}x{n}"),
            ));
        }
        for (k, name) in TABLE_NAMES.iter().enumerate() {
            let (l, head) = lines
                .next()
                .ok_or_else(|| err(l, 1, format!("the file ends before the `{name}` table")))?;
            if head.trim() != *name {
                return Err(err(
                    l,
                    1,
                    format!("expected `{name}` (the tables come in the order attacker, defender, king), found `{}`", head.trim()),
                ));
            }
            for row in 0..n {
                let rank = n - 1 - row;
                let (l, text) = lines.next().ok_or_else(|| {
                    err(l, 1, format!("the `{name}` table has {row} rows of {n}"))
                })?;
                let mut file = 0u8;
                for (col, tok) in tokens(text) {
                    let v: i16 = tok
                        .parse()
                        .ok()
                        .filter(|v: &i16| v.abs() <= FITTED_MAX)
                        .ok_or_else(|| {
                            err(
                                l,
                                col,
                                format!(
                                    "`{tok}` is not an integer from -{FITTED_MAX} to {FITTED_MAX}"
                                ),
                            )
                        })?;
                    let sq = g.square(file, rank).ok_or_else(|| {
                        err(
                            l,
                            col,
                            format!("rank {} of `{name}` has more than {n} values", rank + 1),
                        )
                    })?;
                    out.table_mut(k)[sq.index()] = v;
                    file += 1;
                }
                if file != n {
                    return Err(err(
                        l,
                        text.len() + 1,
                        format!(
                            "rank {} of `{name}` has {file} values, a row takes {n}",
                            rank + 1
                        ),
                    ));
                }
            }
        }
        if let Some((l, extra)) = lines.next() {
            return Err(err(
                l,
                1,
                format!("unexpected `{}` after the king table", extra.trim()),
            ));
        }
        Ok(out)
    }

    /// The text format, with `comment` lines (each prefixed `# `) first.
    pub fn to_text(&self, g: Geometry, comment: &str) -> String {
        let n = g.size();
        let mut s = String::new();
        for c in comment.lines() {
            s.push_str("# ");
            s.push_str(c);
            s.push('\n');
        }
        s.push_str(&format!("size {n}\n"));
        for (k, name) in TABLE_NAMES.iter().enumerate() {
            s.push_str(name);
            s.push('\n');
            for rank in (0..n).rev() {
                let row: Vec<String> = (0..n)
                    .map(|f| {
                        let sq = g.square(f, rank).unwrap_or(Square(0));
                        format!("{:4}", self.table(k)[sq.index()])
                    })
                    .collect();
                s.push_str(row.join(" ").trim_start());
                s.push('\n');
            }
        }
        s
    }
}

/// Whitespace-separated tokens with their 1-based columns.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line;
    let mut offset = 0;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        let len = rest[start..]
            .find(char::is_whitespace)
            .unwrap_or(rest.len() - start);
        let tok = &rest[start..start + len];
        let col = offset + start + 1;
        offset += start + len;
        rest = &rest[start + len..];
        Some((col, tok))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g7() -> Geometry {
        Geometry::new(7).unwrap()
    }

    #[test]
    fn round_trips_and_places_the_top_rank_first() {
        let g = g7();
        let mut t = FittedTables::zero(7);
        // a7 (file 0, rank 6) is the first value of the first row.
        t.attacker[g.square(0, 6).unwrap().index()] = 12;
        t.king[g.square(3, 3).unwrap().index()] = -40;
        let text = t.to_text(g, "a test");
        assert!(text.lines().nth(2).unwrap().starts_with("attacker"));
        assert!(text.lines().nth(3).unwrap().starts_with("12 "));
        assert_eq!(FittedTables::parse(&text, g).unwrap(), t);
    }

    #[test]
    fn an_evaluator_adds_the_fitted_values_of_the_pieces_on_the_board() {
        use crate::eval::{evaluate_for_defenders, Evaluator, WEIGHTS};
        use crate::{Position, Rules};
        let rules = std::sync::Arc::new(Rules::preset("brandubh").unwrap());
        let g = rules.geometry();
        let pos = Position::start(rules.clone());
        let cfg = crate::config::SearchConfig::FULL.eval;
        let plain = evaluate_for_defenders(&pos, &Evaluator::new(&rules), &cfg);
        // Brandubh's start: the king on d4, attackers on d1 and d2, a defender on d3.
        let mut t = FittedTables::zero(7);
        t.king[g.square(3, 3).unwrap().index()] = 37;
        t.attacker[g.square(3, 0).unwrap().index()] = 5;
        t.attacker[g.square(3, 1).unwrap().index()] = 11;
        t.defender[g.square(3, 2).unwrap().index()] = -2;
        // An empty square's value counts for nothing.
        t.defender[g.square(0, 0).unwrap().index()] = 300;
        let fitted = Evaluator::with_fitted(&rules, &WEIGHTS, Some(&t));
        let with = evaluate_for_defenders(&pos, &fitted, &cfg);
        // The attacker table is subtracted: 37 - 5 - 11 - 2.
        assert_eq!(with - plain, 19);
    }

    #[test]
    fn errors_say_where_and_what() {
        let g = g7();
        let good = FittedTables::zero(7).to_text(g, "");
        let e = FittedTables::parse(&good.replace("size 7", "size 9"), g).unwrap_err();
        assert_eq!((e.line, e.column), (1, 6));
        assert!(e.problem.contains("9x9"), "{e}");
        // The first value of the defender table's second row: line 1 + 8 + 1 + 2.
        let lines: Vec<String> = good.lines().map(str::to_string).collect();
        let mut bad = lines.clone();
        bad[11] = bad[11].replacen('0', "x", 1);
        let e = FittedTables::parse(&bad.join("\n"), g).unwrap_err();
        assert_eq!((e.line, e.column), (12, 1), "{e}");
        assert!(e.problem.contains("`x`"), "{e}");
        let e = FittedTables::parse(&good.replace("defender", "kings"), g).unwrap_err();
        assert!(e.problem.contains("expected `defender`"), "{e}");
        let mut short = lines.clone();
        short[11] = "0 0 0".into();
        let e = FittedTables::parse(&short.join("\n"), g).unwrap_err();
        assert!(e.problem.contains("has 3 values"), "{e}");
        assert_eq!((e.line, e.column), (12, 6), "{e}");
        let mut big = lines;
        big[11] = "0 999 0 0 0 0 0".into();
        let e = FittedTables::parse(&big.join("\n"), g).unwrap_err();
        assert!(e.problem.contains("-400 to 400"), "{e}");
        assert_eq!((e.line, e.column), (12, 3), "{e}");
        assert!(FittedTables::parse("", g).is_err());
    }
}
