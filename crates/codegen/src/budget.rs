//! Where the tokens go: counts per part (template) and per top-level function, and the table
//! `tafl8 build` prints.

use serde::Serialize;
use tafl8_p8::{count_tokens, lex, Keyword, Token, TokenKind, CHAR_LIMIT, TOKEN_LIMIT};

use crate::parts::Group;

/// The cost of one rendered template.
#[derive(Debug, Clone, Serialize)]
pub struct PartCost {
    /// Part name (`engine/movegen`).
    pub name: String,
    /// Its group.
    pub group: Group,
    /// The optional feature it belongs to, if any.
    pub feature: Option<String>,
    /// PICO-8 tokens.
    pub tokens: usize,
    /// Characters.
    pub chars: usize,
}

/// The cost of one top-level function (or of a part's top-level statements, named `(top level)`).
#[derive(Debug, Clone, Serialize)]
pub struct FunctionCost {
    /// The part it is in.
    pub part: String,
    /// The function's name.
    pub name: String,
    /// PICO-8 tokens.
    pub tokens: usize,
    /// Characters.
    pub chars: usize,
}

/// Splits a rendered part into its top-level functions and the statements between them, with
/// their costs. Nesting is tracked with the block keywords (`function do if repeat` open, `end
/// until` close); the templates never use PICO-8's one-line `if (c) s` form, which has no `end`.
pub fn functions(part: &str, code: &str) -> Vec<FunctionCost> {
    let Ok(tokens) = lex(code) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut top: Vec<Token> = Vec::new();
    let mut top_chars = 0;
    let mut i = 0;
    while i < tokens.len() {
        let is_local_fn = tokens[i].kind.is_keyword(Keyword::Local)
            && tokens
                .get(i + 1)
                .is_some_and(|t| t.kind.is_keyword(Keyword::Function));
        if tokens[i].kind.is_keyword(Keyword::Function) || is_local_fn {
            let start = i;
            let name_at = if is_local_fn { i + 2 } else { i + 1 };
            let name = match tokens.get(name_at).map(|t| &t.kind) {
                Some(TokenKind::Name(n)) => n.clone(),
                _ => "(anonymous)".to_string(),
            };
            let mut depth = 0i32;
            let mut j = if is_local_fn { i + 1 } else { i };
            while j < tokens.len() {
                match &tokens[j].kind {
                    TokenKind::Keyword(
                        Keyword::Function | Keyword::Do | Keyword::If | Keyword::Repeat,
                    ) => depth += 1,
                    TokenKind::Keyword(Keyword::End | Keyword::Until) => depth -= 1,
                    _ => {}
                }
                j += 1;
                if depth == 0 {
                    break;
                }
            }
            let span = tokens[start].span.start..tokens[j - 1].span.end;
            out.push(FunctionCost {
                part: part.to_string(),
                name,
                tokens: count_tokens(&tokens[start..j]),
                chars: tafl8_p8::count::count_chars(&code[span]),
            });
            i = j;
        } else {
            top_chars +=
                tafl8_p8::count::count_chars(&code[tokens[i].span.start..tokens[i].span.end]);
            top.push(tokens[i].clone());
            i += 1;
        }
    }
    if !top.is_empty() {
        out.push(FunctionCost {
            part: part.to_string(),
            name: "(top level)".to_string(),
            tokens: count_tokens(&top),
            chars: top_chars,
        });
    }
    out
}

/// The whole budget of a build.
#[derive(Debug, Clone, Serialize)]
pub struct Budget {
    /// Variant built.
    pub variant: String,
    /// Per part, in cart order.
    pub parts: Vec<PartCost>,
    /// Per top-level function, in cart order.
    pub functions: Vec<FunctionCost>,
    /// Total tokens of the cart's code.
    pub tokens: usize,
    /// Total characters of the cart's code.
    pub chars: usize,
    /// The token budget the build was held to.
    pub budget: usize,
    /// PICO-8's token limit.
    pub token_limit: usize,
    /// The character limit the build was held to (PICO-8's unless lowered).
    pub char_limit: usize,
    /// Optional features included.
    pub features: Vec<String>,
    /// Optional features `--fit` dropped, in the order dropped.
    pub dropped: Vec<String>,
    /// Whether the code was minified to fit the character limit.
    pub minified: bool,
}

impl Budget {
    /// Tokens of the parts in `group`.
    pub fn group_tokens(&self, group: Group) -> usize {
        self.parts
            .iter()
            .filter(|p| p.group == group)
            .map(|p| p.tokens)
            .sum()
    }

    /// The table `tafl8 build` prints: parts, then functions, then totals against the limits.
    pub fn table(&self) -> String {
        let mut s = String::new();
        let pct = |n: usize, of: usize| 100.0 * n as f64 / of as f64;
        s.push_str(&format!("{}: budget by template\n", self.variant));
        s.push_str(&format!(
            "  {:<20} {:<8} {:<12} {:>6} {:>7}\n",
            "template", "group", "feature", "tokens", "chars"
        ));
        for p in &self.parts {
            s.push_str(&format!(
                "  {:<20} {:<8} {:<12} {:>6} {:>7}\n",
                p.name,
                format!("{:?}", p.group).to_lowercase(),
                p.feature.as_deref().unwrap_or("-"),
                p.tokens,
                p.chars
            ));
        }
        s.push_str("by function\n");
        for f in &self.functions {
            s.push_str(&format!(
                "  {:<20} {:<20} {:>6} {:>7}\n",
                f.part, f.name, f.tokens, f.chars
            ));
        }
        let engine = self.group_tokens(Group::Engine);
        let ai = self.group_tokens(Group::Ai);
        s.push_str(&format!(
            "engine {engine} + ai {ai} = {} tokens; game {}\n",
            engine + ai,
            self.group_tokens(Group::Game)
        ));
        s.push_str(&format!(
            "total  {:>5} / {} tokens ({:.1}%), budget {}; {:>5} / {} chars ({:.1}%){}\n",
            self.tokens,
            TOKEN_LIMIT,
            pct(self.tokens, TOKEN_LIMIT),
            self.budget,
            self.chars,
            CHAR_LIMIT,
            pct(self.chars, CHAR_LIMIT),
            if self.minified { ", minified" } else { "" }
        ));
        if !self.features.is_empty() {
            s.push_str(&format!("features: {}\n", self.features.join(", ")));
        }
        if !self.dropped.is_empty() {
            s.push_str(&format!(
                "--fit dropped: {} (least value per token first)\n",
                self.dropped.join(", ")
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn functions_are_split_at_top_level() {
        // Costs by hand: `x=1` 3 tokens; `function f(a) if a then return a end end` =
        // function f ( a  if a then return a = 9 (`)` and `end` are free); `local function g() end`
        // = function g ( = 3 (`local`, `)`, `end` free).
        let code = "x=1\nfunction f(a) if a then return a end end\nlocal function g() end";
        let f = functions("p", code);
        let names: Vec<(&str, usize)> = f.iter().map(|f| (f.name.as_str(), f.tokens)).collect();
        assert_eq!(names, vec![("f", 9), ("g", 3), ("(top level)", 3)]);
        assert_eq!(f[0].chars, "function f(a) if a then return a end end".len());
    }
}
