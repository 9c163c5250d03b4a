//! How an error names its place in the cart: Lua's message for the lowered chunk, located at the
//! innermost line of the cart's own code (not in the operator helpers or the Lua side of the
//! API), the helper's parameter replaced by the cart's operand ([`OperandNames`]), and the line
//! counted in the cart file (its `__lua__` section starts some lines in). The same text whether
//! the error stops the cart or a `coresume` hands it to the cart.

use crate::operand_names::OperandNames;

/// What locating an error in the cart needs: the chunk's name, where its code starts in the
/// file, and its operator calls.
#[derive(Debug, Default)]
pub struct CartErrors {
    chunk: String,
    line_offset: usize,
    operands: OperandNames,
}

impl CartErrors {
    /// Names the chunk being run (the name Lua puts before a line).
    pub fn set_chunk(&mut self, chunk: &str) {
        self.chunk = chunk.to_string();
    }

    /// Sets where the cart's code starts in its file and the chunk's operator calls.
    pub fn set_cart(&mut self, line_offset: usize, operands: OperandNames) {
        self.line_offset = line_offset;
        self.operands = operands;
    }

    /// The message of `e` as the cart's: `chunk:LINE: text`, LINE the cart file's.
    pub fn text(&self, e: &mlua::Error) -> String {
        let located = locate(e, &self.chunk);
        remap_lines(
            &self.operands.rewrite(&located, &self.chunk),
            &self.chunk,
            self.line_offset,
        )
    }
}

/// The error as `chunk:LINE: message`: the message of the root cause without the location of
/// runner internals (operator helpers, Lua-side API), located at the innermost line of the cart's
/// own code found in the traceback (LINE a line of the lowered chunk).
fn locate(e: &mlua::Error, chunk: &str) -> String {
    let mut message = clean_message(e);
    for internal in ["p8 operators:", "pico8 api:"] {
        if let Some(rest) = message.strip_prefix(internal) {
            if let Some((_, text)) = rest.split_once(": ") {
                message = text.to_string();
            }
        }
    }
    let prefix = format!("{chunk}:");
    if chunk.is_empty() || message.starts_with(&prefix) {
        return message;
    }
    let full = match e {
        mlua::Error::CallbackError { traceback, .. } => traceback.clone(),
        other => other.to_string(),
    };
    let line = full.lines().find_map(|l| {
        let rest = l.trim_start().strip_prefix(&prefix)?;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse::<usize>().ok()
    });
    match line {
        Some(n) => format!("{chunk}:{n}: {message}"),
        None => message,
    }
}

/// The first line of a Lua error, without mlua's "runtime error: " prefix and traceback.
fn clean_message(e: &mlua::Error) -> String {
    let text = match e {
        mlua::Error::CallbackError { cause, .. } => return clean_message(cause),
        other => other.to_string(),
    };
    let first = text.lines().next().unwrap_or("").trim();
    first
        .strip_prefix("runtime error: ")
        .or_else(|| first.strip_prefix("syntax error: "))
        .unwrap_or(first)
        .to_string()
}

/// Rewrites `name:N:` (a Lua line in the `__lua__` code) to the cart file's line.
fn remap_lines(msg: &str, name: &str, offset: usize) -> String {
    let prefix = format!("{name}:");
    let Some(rest) = msg.strip_prefix(&prefix) else {
        return msg.to_string();
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    match digits.parse::<usize>() {
        Ok(n) if rest[digits.len()..].starts_with(':') => {
            format!("{prefix}{}{}", n + offset, &rest[digits.len()..])
        }
        _ => msg.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::remap_lines;

    #[test]
    fn lua_lines_map_to_file_lines() {
        assert_eq!(
            remap_lines(
                "game.p8:3: attempt to call global 'foo' (a nil value)",
                "game.p8",
                4
            ),
            "game.p8:7: attempt to call global 'foo' (a nil value)"
        );
        assert_eq!(remap_lines("other: x", "game.p8", 4), "other: x");
    }
}
