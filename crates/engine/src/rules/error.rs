//! Errors from reading rules: where (file:line:col when known), which field, what, and how to fix.

use thiserror::Error;

/// Why a ruleset could not be loaded.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// No preset has that name.
    #[error("unknown variant `{name}`: the built-in presets are {known} (or pass --rules FILE)")]
    UnknownPreset {
        /// The name asked for.
        name: String,
        /// The preset names, comma-separated.
        known: String,
    },
    /// The file could not be read.
    #[error("{path}: cannot read rules file: {message}")]
    Io {
        /// The path.
        path: String,
        /// The OS error.
        message: String,
    },
    /// The text is not valid TOML or does not match the format.
    #[error("{origin}:{line}:{col}: {message}")]
    Parse {
        /// The file name (or `<preset x>`).
        origin: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// The parser's message.
        message: String,
    },
    /// An OpenTafl rules string names a rule tafl8 does not play, or is malformed.
    #[error("OpenTafl rules string: `{entry}`: {problem}")]
    Otr {
        /// The entry (`ks:m`, `start:...`), or the entries concerned.
        entry: String,
        /// The problem and, where there is one, the fix.
        problem: String,
    },
    /// The file parsed, but a field's value is not allowed.
    #[error("{origin}{}: field `{field}`: {problem}", line.map(|l| format!(":{l}")).unwrap_or_default())]
    Invalid {
        /// The file name (or `<preset x>`).
        origin: String,
        /// 1-based line of the field, when it could be found.
        line: Option<usize>,
        /// The field, dotted (`throne.stop`).
        field: String,
        /// The problem and how to fix it.
        problem: String,
    },
}

/// 1-based (line, column) of a byte offset, counting columns in characters.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// The 1-based line where a dotted field (`throne.stop`, `size`) is assigned, if it can be found.
pub(crate) fn locate_field(text: &str, field: &str) -> Option<usize> {
    let (table, key) = match field.split_once('.') {
        Some((t, k)) => (Some(t), k),
        None => (None, field),
    };
    let mut current: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            current = Some(name.trim().to_string());
            if table.is_none() && name.trim() == key {
                return Some(i + 1);
            }
            continue;
        }
        let in_table = current.as_deref() == table;
        let assigns = line
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='));
        if in_table && assigns {
            return Some(i + 1);
        }
    }
    None
}
