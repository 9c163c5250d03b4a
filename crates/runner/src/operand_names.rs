//! Naming the cart's operand in an operator's error. The lowered code computes each arithmetic
//! and `..` operator in a helper, so Lua's message names the helper's parameter ("attempt to
//! perform arithmetic on local 'a'"); PICO-8 names the cart's variable ("... on local 'v'").
//! The lowering lists every operator call with what Lua would call each operand
//! ([`OpSite`]); the message is rewritten from the line the error is on and the operand the
//! helper names. When the line's calls disagree about that operand, the message names none, as
//! Lua does for a value without a name ("attempt to perform arithmetic on a nil value").

use std::collections::HashMap;

use tafl8_p8::{OpSite, OperandName};

/// The operator calls of a chunk, by line.
#[derive(Debug, Default)]
pub struct OperandNames {
    by_line: HashMap<u32, Vec<OpSite>>,
}

/// How the helpers name their operands: `'a'` and `'b'` (the binary and unary helpers'
/// parameters, in Lua's and in the Rust operators' messages) and `'@N'` (operand N of a `..`
/// chain, in `concatn`'s).
fn operand_index(param: &str) -> Option<usize> {
    match param {
        "a" => Some(0),
        "b" => Some(1),
        _ => param.strip_prefix('@')?.parse().ok(),
    }
}

impl OperandNames {
    /// The sites of a lowered chunk.
    pub fn new(sites: Vec<OpSite>) -> OperandNames {
        let mut by_line: HashMap<u32, Vec<OpSite>> = HashMap::new();
        for s in sites {
            by_line.entry(s.line).or_default().push(s);
        }
        OperandNames { by_line }
    }

    /// `msg` (`chunk:LINE: text`, LINE a line of the lowered chunk) with the helper's operand
    /// replaced by the cart's.
    pub fn rewrite(&self, msg: &str, chunk: &str) -> String {
        let Some(rest) = msg.strip_prefix(chunk).and_then(|r| r.strip_prefix(':')) else {
            return msg.to_string();
        };
        let Some((line, text)) = rest.split_once(": ") else {
            return msg.to_string();
        };
        let Ok(line) = line.parse::<u32>() else {
            return msg.to_string();
        };
        let (verb, concat) = if text.starts_with("attempt to perform arithmetic on local '") {
            ("attempt to perform arithmetic on ", false)
        } else if text.starts_with("attempt to concatenate local '") {
            ("attempt to concatenate ", true)
        } else {
            return msg.to_string();
        };
        let after = &text[verb.len() + "local '".len()..];
        let Some((param, tail)) = after.split_once('\'') else {
            return msg.to_string();
        };
        let Some(index) = operand_index(param) else {
            return msg.to_string();
        };
        // The calls on the line that could have failed on that operand (a number never does).
        let mut names = self
            .by_line
            .get(&line)
            .into_iter()
            .flatten()
            .filter(|s| s.concat == concat)
            .filter_map(|s| s.operands.get(index))
            .filter(|o| **o != OperandName::Number);
        let name = match names.next() {
            Some(OperandName::Named(first))
                if names.all(|n| *n == OperandName::Named(first.clone())) =>
            {
                Some(first.as_str())
            }
            _ => None,
        };
        // `tail` is ` (a nil value)`: without a name Lua says "a nil value".
        match name {
            Some(n) => format!("{chunk}:{line}: {verb}{n}{tail}"),
            None => format!(
                "{chunk}:{line}: {verb}{}",
                tail.trim_start()
                    .trim_start_matches('(')
                    .trim_end_matches(')')
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(line: u32, concat: bool, ops: &[Option<&str>]) -> OpSite {
        OpSite {
            line,
            concat,
            operands: ops
                .iter()
                .map(|o| match o {
                    Some("number") => OperandName::Number,
                    Some(n) => OperandName::Named(n.to_string()),
                    None => OperandName::Unnamed,
                })
                .collect(),
        }
    }

    #[test]
    fn the_operand_is_named_when_the_line_agrees() {
        let n = OperandNames::new(vec![
            site(3, false, &[Some("local 'v'"), None]),
            site(4, false, &[Some("local 'v'"), Some("global 'w'")]),
            site(4, false, &[Some("field 'x'"), Some("global 'w'")]),
            site(5, true, &[None, Some("upvalue 'u'"), None]),
            site(6, false, &[Some("number"), Some("local 'k'")]),
            site(6, false, &[Some("local 'v'"), Some("number")]),
        ]);
        let r = |m: &str| n.rewrite(m, "c.p8");
        assert_eq!(
            r("c.p8:3: attempt to perform arithmetic on local 'a' (a nil value)"),
            "c.p8:3: attempt to perform arithmetic on local 'v' (a nil value)"
        );
        assert_eq!(
            r("c.p8:3: attempt to perform arithmetic on local 'b' (a table value)"),
            "c.p8:3: attempt to perform arithmetic on a table value"
        );
        assert_eq!(
            r("c.p8:4: attempt to perform arithmetic on local 'b' (a nil value)"),
            "c.p8:4: attempt to perform arithmetic on global 'w' (a nil value)"
        );
        // Two calls on the line name the left operand differently: no name.
        assert_eq!(
            r("c.p8:4: attempt to perform arithmetic on local 'a' (a nil value)"),
            "c.p8:4: attempt to perform arithmetic on a nil value"
        );
        assert_eq!(
            r("c.p8:5: attempt to concatenate local '@1' (a nil value)"),
            "c.p8:5: attempt to concatenate upvalue 'u' (a nil value)"
        );
        // A number is never at fault: `(v+1)*k` names `v` and `k`.
        assert_eq!(
            r("c.p8:6: attempt to perform arithmetic on local 'a' (a nil value)"),
            "c.p8:6: attempt to perform arithmetic on local 'v' (a nil value)"
        );
        assert_eq!(
            r("c.p8:6: attempt to perform arithmetic on local 'b' (a nil value)"),
            "c.p8:6: attempt to perform arithmetic on local 'k' (a nil value)"
        );
        let other = "c.p8:3: attempt to index local 'a' (a nil value)";
        assert_eq!(r(other), other);
    }
}
