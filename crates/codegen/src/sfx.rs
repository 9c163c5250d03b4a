//! Sound effects as text (`assets/sfx.txt`), converted to the cart's `__sfx__` section.
//!
//! The text form, one effect a line (`#` starts a comment):
//!
//! ```text
//! NUMBER SPEED NOTE NOTE ...
//! ```
//!
//! A `#` word starts a comment. `NUMBER` is the effect's index (0..=63, what `sfx(n)` plays), `SPEED` its note duration
//! (1..=255; PICO-8 plays a note for SPEED/128 s). A `NOTE` is `PITCH:WVE`: the pitch as the
//! tracker names it (`c0` .. `d#5`, octave digit last), then three digits: waveform (0-7),
//! volume (0-7, 0 = silent) and effect (0-7: none, slide, vibrato, drop, fade in, fade out,
//! arpeggio fast, arpeggio slow). `.` is a rest. At most 32 notes.
//!
//! In the section each effect is a line of 168 hex digits: 4 header bytes (editor flags, speed,
//! loop start, loop end), then 32 notes of 5 digits (pitch as 2, waveform, volume, effect).

use crate::error::CodegenError;

/// Notes per effect.
const NOTES: usize = 32;
/// Effects in a cart.
const EFFECTS: usize = 64;
/// The speed of an effect the text leaves out (PICO-8's default for a new effect).
const DEFAULT_SPEED: u8 = 16;

/// One effect: speed and up to 32 notes (pitch, waveform, volume, effect).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sfx {
    /// Note duration.
    pub speed: u8,
    /// Notes, each (pitch 0..=63, waveform, volume, effect).
    pub notes: Vec<[u8; 4]>,
}

impl Sfx {
    /// The effect's line in `__sfx__`.
    pub fn hex(&self) -> String {
        let mut s = format!("00{:02x}0000", self.speed);
        for i in 0..NOTES {
            let [p, w, v, e] = self.notes.get(i).copied().unwrap_or([0; 4]);
            s.push_str(&format!("{p:02x}{w:x}{v:x}{e:x}"));
        }
        s
    }
}

/// Reads the text form; errors name the line and column and say what a valid entry looks like.
pub fn parse(text: &str, path: &str) -> Result<Vec<(usize, Sfx)>, CodegenError> {
    let mut out: Vec<(usize, Sfx)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        // A comment starts with a `#` word (a `#` inside a word is a sharp: `f#3`).
        let cut = raw
            .char_indices()
            .find(|&(j, c)| c == '#' && raw[..j].chars().last().is_none_or(char::is_whitespace))
            .map_or(raw.len(), |(j, _)| j);
        let line = &raw[..cut];
        let err = |word: &str, message: String| {
            let col = word.as_ptr() as usize - raw.as_ptr() as usize + 1;
            CodegenError::Asset {
                path: path.to_string(),
                message: format!("{}:{col}: {message}", i + 1),
            }
        };
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else { continue };
        let number = first
            .parse::<usize>()
            .ok()
            .filter(|&n| n < EFFECTS)
            .ok_or_else(|| err(first, format!("`{first}` is not an effect number 0..=63")))?;
        if out.iter().any(|(n, _)| *n == number) {
            return Err(err(first, format!("effect {number} is defined twice")));
        }
        let sp = words
            .next()
            .ok_or_else(|| err(first, "the speed is missing: `NUMBER SPEED NOTE...`".into()))?;
        let speed = sp
            .parse::<u8>()
            .ok()
            .filter(|&s| s > 0)
            .ok_or_else(|| err(sp, format!("`{sp}` is not a speed 1..=255")))?;
        let mut notes = Vec::new();
        for w in words {
            if notes.len() == NOTES {
                return Err(err(w, format!("more than {NOTES} notes")));
            }
            notes.push(note(w).ok_or_else(|| {
                err(
                    w,
                    format!(
                        "`{w}` is not a note: write PITCH:WVE like `c3:150` (or `.` for a rest)"
                    ),
                )
            })?);
        }
        out.push((number, Sfx { speed, notes }));
    }
    Ok(out)
}

/// `c#3:150` → [pitch, waveform, volume, effect]; `.` → a rest.
fn note(w: &str) -> Option<[u8; 4]> {
    if w == "." {
        return Some([0; 4]);
    }
    let (pitch, wve) = w.split_once(':')?;
    let mut chars = pitch.chars();
    let semis = match chars.next()? {
        'c' => 0,
        'd' => 2,
        'e' => 4,
        'f' => 5,
        'g' => 7,
        'a' => 9,
        'b' => 11,
        _ => return None,
    };
    let rest: String = chars.collect();
    let (sharp, octave) = match rest.strip_prefix('#') {
        Some(o) => (1, o),
        None => (0, rest.as_str()),
    };
    let octave: u8 = octave.parse().ok()?;
    let p = octave.checked_mul(12)? + semis + sharp;
    let d: Vec<u8> = wve
        .chars()
        .map(|c| c.to_digit(8).map(|d| d as u8))
        .collect::<Option<_>>()?;
    (p < 64 && d.len() == 3).then(|| [p, d[0], d[1], d[2]])
}

/// The `__sfx__` lines for `text`: every effect up to the highest one defined (the rest empty).
pub fn section(text: &str, path: &str) -> Result<Vec<String>, CodegenError> {
    let effects = parse(text, path)?;
    let last = effects.iter().map(|(n, _)| n + 1).max().unwrap_or(0);
    Ok((0..last)
        .map(|i| {
            effects.iter().find(|(n, _)| *n == i).map_or_else(
                || {
                    Sfx {
                        speed: DEFAULT_SPEED,
                        notes: Vec::new(),
                    }
                    .hex()
                },
                |(_, s)| s.hex(),
            )
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_and_lines() {
        // Pitches by hand: c0 = 0, a2 = 2*12+9 = 33 = 0x21, d#5 = 63 = 0x3f.
        assert_eq!(note("c0:000"), Some([0, 0, 0, 0]));
        assert_eq!(note("a2:153"), Some([33, 1, 5, 3]));
        assert_eq!(note("d#5:777"), Some([63, 7, 7, 7]));
        assert_eq!(note("f#3:250"), Some([42, 2, 5, 0]));
        assert_eq!(note("e5:111"), None, "above d#5");
        assert_eq!(note("c3:18"), None, "two digits");
        assert_eq!(note("c3:800"), None, "waveform 8");
        let lines = section("# effects\n1 9 a2:153 . # a comment\n", "x").unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0], format!("00100000{}", "0".repeat(160)));
        assert_eq!(lines[1].len(), 168);
        assert_eq!(&lines[1][..18], "000900002115300000");
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = section("0 8 c3:150\n\n2 8 c3:150 h3:150\n", "sfx.txt")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("sfx.txt: 3:12:") && e.contains("`h3:150`"),
            "{e}"
        );
        let e = section("64 8\n", "s").unwrap_err().to_string();
        assert!(e.contains("1:1:") && e.contains("0..=63"), "{e}");
        let e = section("0 0\n", "s").unwrap_err().to_string();
        assert!(e.contains("1:3:") && e.contains("speed"), "{e}");
        let e = section("0 8\n0 8\n", "s").unwrap_err().to_string();
        assert!(e.contains("2:1:") && e.contains("twice"), "{e}");
    }
}
