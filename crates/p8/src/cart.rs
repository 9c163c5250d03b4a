//! `.p8` cartridge files: the text format PICO-8 saves carts in.
//!
//! A cart is a header line (`pico-8 cartridge // http://www.pico-8.com`), a `version N` line, then
//! sections, each opened by a line `__name__`: `__lua__` (code), `__gfx__` (sprite sheet),
//! `__gff__` (sprite flags), `__label__` (cart label), `__map__`, `__sfx__`, `__music__` and
//! `__meta:<name>__` (free text kept for tools). [`Cart`] keeps every section's text exactly, in
//! order, unknown ones included, so `write(read(x)) == x` for a well-formed cart; typed views
//! (`gfx`, `gff`, `map`, `label`) parse and rebuild the data sections on demand.
//!
//! The binary formats read and write the same [`Cart`]: [`rom`] (the 0x8000 bytes PICO-8 loads,
//! a `.p8.rom` file), [`png`] (a `.p8.png` picture hiding those bytes), [`code`] (the code area's
//! compressed formats). [`Cart::read_file`] and [`Cart::write_file`] pick the format from the
//! file's content or name ([`CartFormat`]).

use std::fmt;
use std::path::Path;

pub mod code;
mod data;
pub mod png;
pub mod rom;
mod source;

pub use data::{Flags, Gfx, Label, Map};
pub use source::{read_source, Source};

/// The first line PICO-8 writes in a `.p8` file.
pub const HEADER: &str = "pico-8 cartridge // http://www.pico-8.com";

/// The cart format version this crate writes for new carts (PICO-8 0.2.6 writes 42).
pub const DEFAULT_VERSION: u32 = 42;

/// A problem in a `.p8` file: where (1-based line and column, in the file), what, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartError {
    /// The file, when known.
    pub path: Option<String>,
    /// 1-based line in the file.
    pub line: usize,
    /// 1-based column (in characters).
    pub col: usize,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl CartError {
    pub(crate) fn new(line: usize, col: usize, message: impl Into<String>) -> Self {
        CartError {
            path: None,
            line,
            col,
            message: message.into(),
        }
    }
}

impl fmt::Display for CartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.path, self.line) {
            // Binary carts and I/O errors have no line to point at.
            (Some(p), 0) => write!(f, "{p}: {}", self.message),
            (None, 0) => write!(f, "{}", self.message),
            (Some(p), _) => write!(f, "{p}:{}:{}: {}", self.line, self.col, self.message),
            (None, _) => write!(f, "{}:{}: {}", self.line, self.col, self.message),
        }
    }
}

impl std::error::Error for CartError {}

/// One section of a cart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The name between the underscores: `lua`, `gfx`, `meta:title`, ...
    pub name: String,
    /// The text after the `__name__` line up to the next section, each line ending in `\n`
    /// (except possibly the last line of the file).
    pub body: String,
    /// 1-based line of the `__name__` line in the file it was read from (0 for built sections).
    pub line: usize,
}

impl Section {
    /// The body's lines, without their line ends.
    pub fn lines(&self) -> impl Iterator<Item = &str> {
        self.body.lines()
    }
}

/// A `.p8` cartridge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cart {
    /// The cart format version (`version N`).
    version: u32,
    /// Everything before the first section, exactly as read (header and version lines).
    preamble: String,
    /// Sections in file order.
    pub sections: Vec<Section>,
    /// Whether the file used CR LF line ends (kept on write).
    crlf: bool,
}

impl Default for Cart {
    fn default() -> Self {
        Cart::new(DEFAULT_VERSION)
    }
}

impl Cart {
    /// An empty cart (no sections) of the given format version.
    pub fn new(version: u32) -> Self {
        Cart {
            version,
            preamble: format!("{HEADER}\nversion {version}\n"),
            sections: Vec::new(),
            crlf: false,
        }
    }

    /// The cart format version (`version N`).
    pub fn version(&self) -> u32 {
        self.version
    }

    /// Sets the format version (this rewrites the header and version lines).
    pub fn set_version(&mut self, version: u32) {
        self.version = version;
        self.preamble = format!("{HEADER}\nversion {version}\n");
    }

    /// Parses the text of a `.p8` file.
    pub fn parse(text: &str) -> Result<Cart, CartError> {
        let crlf = text.contains("\r\n");
        let owned;
        let text = if crlf {
            owned = text.replace("\r\n", "\n");
            owned.as_str()
        } else {
            text
        };
        let mut version = None;
        let mut preamble_end = text.len();
        let mut sections: Vec<Section> = Vec::new();
        let mut offset = 0;
        for (i, raw) in text.split_inclusive('\n').enumerate() {
            let line_no = i + 1;
            let line = raw.trim_end_matches('\n');
            let start = offset;
            offset += raw.len();
            if let Some(name) = section_name(line) {
                if sections.is_empty() {
                    preamble_end = start;
                }
                if let Some(first) = sections.iter().find(|s| s.name == name) {
                    return Err(CartError::new(
                        line_no,
                        1,
                        format!(
                            "section `__{name}__` appears twice (first at line {}): merge the two into one",
                            first.line
                        ),
                    ));
                }
                sections.push(Section {
                    name: name.to_owned(),
                    body: String::new(),
                    line: line_no,
                });
                continue;
            }
            if let Some(section) = sections.last_mut() {
                section.body.push_str(raw);
                continue;
            }
            // Preamble: header then version.
            match i {
                0 if line.trim_end().starts_with("pico-8 cartridge") => {}
                0 => {
                    return Err(CartError::new(
                        1,
                        1,
                        format!("not a .p8 cart: the first line must be `{HEADER}`"),
                    ))
                }
                _ if line.trim().is_empty() => {}
                _ => match line.trim().strip_prefix("version ").map(|v| v.trim().parse()) {
                    Some(Ok(v)) if version.is_none() => version = Some(v),
                    _ => {
                        return Err(CartError::new(
                            line_no,
                            1,
                            format!(
                                "expected `version N` (a whole number) or a section line like `__lua__`, found `{}`",
                                truncate(line)
                            ),
                        ))
                    }
                },
            }
        }
        if text.is_empty() {
            return Err(CartError::new(
                1,
                1,
                format!("empty file: a .p8 cart starts with `{HEADER}`"),
            ));
        }
        let Some(version) = version else {
            return Err(CartError::new(
                2,
                1,
                "missing `version N` line after the header: add e.g. `version 42`",
            ));
        };
        Ok(Cart {
            version,
            preamble: text[..preamble_end].to_owned(),
            sections,
            crlf,
        })
    }

    /// The text of the `.p8` file.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(
            self.preamble.len()
                + self
                    .sections
                    .iter()
                    .map(|s| s.body.len() + 16)
                    .sum::<usize>(),
        );
        out.push_str(&self.preamble);
        for s in &self.sections {
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str("__");
            out.push_str(&s.name);
            out.push_str("__\n");
            out.push_str(&s.body);
        }
        if self.crlf {
            out.replace('\n', "\r\n")
        } else {
            out
        }
    }

    /// Reads a cart file: a `.p8.png` (recognised by its content), a `.p8.rom` (by its name), or a
    /// `.p8` text file (anything else). Errors name the file.
    pub fn read_file(path: &Path) -> Result<Cart, CartError> {
        let with_path = |mut e: CartError| {
            e.path = Some(path.display().to_string());
            e
        };
        let bytes = std::fs::read(path)
            .map_err(|e| with_path(CartError::new(0, 0, format!("cannot read: {e}"))))?;
        if png::is_png(&bytes) {
            return Cart::from_png(&bytes).map_err(with_path);
        }
        if CartFormat::of_path(path) == CartFormat::Png {
            return Err(with_path(CartError::new(
                0,
                0,
                "not a PNG (its first bytes are not PNG's signature): a `.png` cart is the \
                 picture PICO-8 saves; name a text cart `.p8`",
            )));
        }
        if CartFormat::of_path(path) == CartFormat::Rom {
            return Cart::from_rom(&bytes).map_err(with_path);
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let valid = std::str::from_utf8(valid).unwrap_or_default();
            let line = valid.matches('\n').count() + 1;
            let col = valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            with_path(CartError::new(
                line,
                col,
                "not UTF-8 text: .p8 files are UTF-8 (glyphs as Unicode)",
            ))
        })?;
        Cart::parse(&text).map_err(with_path)
    }

    /// The bytes of the cart in `format`: `.p8` text, ROM, or PNG (the last two fail when the
    /// compressed code does not fit, or a data section is malformed).
    pub fn to_bytes(&self, format: CartFormat) -> Result<Vec<u8>, CartError> {
        match format {
            CartFormat::P8 => Ok(self.to_text().into_bytes()),
            CartFormat::Rom => self.to_rom(),
            CartFormat::Png => self.to_png(),
        }
    }

    /// Writes the cart to `path` in the format its name asks for ([`CartFormat::of_path`]),
    /// through [`tafl8_outfile::write`]: atomically (a reader never sees half a cart), through
    /// links, into devices and FIFOs, never over a read-only file.
    pub fn write_file(&self, path: &Path) -> Result<(), CartError> {
        let bytes = self.to_bytes(CartFormat::of_path(path)).map_err(|mut e| {
            e.path = Some(path.display().to_string());
            e
        })?;
        tafl8_outfile::write(path, &bytes).map_err(|e| CartError::new(0, 0, e.to_string()))
    }

    /// The section called `name`, if present.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// Sets the body of section `name` (adding it, in PICO-8's section order, if absent).
    /// `body` is stored as given; [`Cart::set_lines`] is the usual way to build one.
    pub fn set_section(&mut self, name: &str, body: String) {
        if let Some(s) = self.sections.iter_mut().find(|s| s.name == name) {
            s.body = body;
            return;
        }
        let rank = section_rank(name);
        let at = self
            .sections
            .iter()
            .position(|s| section_rank(&s.name) > rank)
            .unwrap_or(self.sections.len());
        self.sections.insert(
            at,
            Section {
                name: name.to_owned(),
                body,
                line: 0,
            },
        );
    }

    /// Sets the body of section `name` to `lines`, each ended by `\n`.
    pub fn set_lines<S: AsRef<str>>(&mut self, name: &str, lines: impl IntoIterator<Item = S>) {
        let mut body = String::new();
        for l in lines {
            body.push_str(l.as_ref());
            body.push('\n');
        }
        self.set_section(name, body);
    }

    /// Removes section `name`; returns whether it was there.
    pub fn remove_section(&mut self, name: &str) -> bool {
        let before = self.sections.len();
        self.sections.retain(|s| s.name != name);
        before != self.sections.len()
    }

    /// The program in `__lua__`, as PICO-8 loads it: lines joined by `\n`, no final newline.
    /// `None` if the cart has no `__lua__` section.
    pub fn lua(&self) -> Option<&str> {
        self.section("lua")
            .map(|s| s.body.strip_suffix('\n').unwrap_or(&s.body))
    }

    /// Replaces the program (a final newline is added to end the section's last line).
    pub fn set_lua(&mut self, code: &str) {
        let mut body = code.to_owned();
        if !body.is_empty() {
            body.push('\n');
        }
        self.set_section("lua", body);
    }

    /// The line in the file where the first line of the `__lua__` code is, to map errors in the
    /// code (whose lines start at 1) to the file: file line = code line + offset.
    pub fn lua_line_offset(&self) -> Option<usize> {
        self.section("lua").map(|s| s.line)
    }
}

/// The file formats of a cart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CartFormat {
    /// `.p8`: text sections.
    P8,
    /// `.p8.png`: a picture with the ROM in its pixels' low bits.
    Png,
    /// `.p8.rom`: the ROM's bytes.
    Rom,
}

impl CartFormat {
    /// The format a file name asks for: `.png` → PNG, `.rom` → ROM, anything else `.p8`.
    pub fn of_path(path: &Path) -> CartFormat {
        let ext = path.extension().map(|e| e.to_ascii_lowercase());
        match ext.as_ref().and_then(|e| e.to_str()) {
            Some("png") => CartFormat::Png,
            Some("rom") => CartFormat::Rom,
            _ => CartFormat::P8,
        }
    }
}

/// The section name of a `__name__` line (trailing whitespace allowed, as PICO-8 does).
fn section_name(line: &str) -> Option<&str> {
    let t = line.trim_end();
    let name = t.strip_prefix("__")?.strip_suffix("__")?;
    let ok = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b':' | b'_' | b'-' | b'.'));
    ok.then_some(name)
}

/// Where PICO-8 puts each section when it saves a cart (metadata last, unknown sections after).
fn section_rank(name: &str) -> usize {
    match name {
        "lua" => 0,
        "gfx" => 1,
        "label" => 2,
        "gff" => 3,
        "map" => 4,
        "sfx" => 5,
        "music" => 6,
        n if n.starts_with("meta:") => 7,
        _ => 8,
    }
}

fn truncate(line: &str) -> String {
    let mut s: String = line.chars().take(40).collect();
    if s.len() < line.len() {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests;
