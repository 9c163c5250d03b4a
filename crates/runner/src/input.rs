//! The input script: which buttons are held on which frame, and menu selections.
//!
//! Format (one instruction per line, `#` starts a comment, blank lines ignored):
//!
//! ```text
//! 10: R          # frame 10: right held
//! 11-20: R X     # frames 11..=20: right and X held
//! 30: L O 1:U    # player 0 left + O, player 1 up
//! 40: menu 1     # select menu item 1 before frame 40's update
//! ```
//!
//! Buttons: `L R U D O X` (indices 0..5); a `1:` prefix targets player 1. Frames not listed hold nothing.

use std::collections::BTreeMap;

/// Where an input script went wrong.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("input script line {line}: {message}")]
pub struct InputError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong and how to write it instead.
    pub message: String,
}

/// A parsed input script.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputScript {
    held: BTreeMap<u32, u16>,
    menu: BTreeMap<u32, i32>,
}

fn button_index(c: char) -> Option<u16> {
    "LRUDOX".find(c.to_ascii_uppercase()).map(|i| i as u16)
}

impl InputScript {
    /// Parses the script text.
    pub fn parse(text: &str) -> Result<InputScript, InputError> {
        let mut script = InputScript::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |message: String| InputError { line, message };
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let (frames, rest) = content.split_once(':').ok_or_else(|| {
                err(format!(
                    "expected `FRAME: BUTTONS` (e.g. `12: L X`), found `{content}`"
                ))
            })?;
            let (first, last) = parse_frames(frames.trim()).map_err(err)?;
            let words: Vec<&str> = rest.split_whitespace().collect();
            if words.first() == Some(&"menu") {
                let n = words
                    .get(1)
                    .and_then(|w| w.parse::<i32>().ok())
                    .filter(|n| (1..=5).contains(n) && words.len() == 2)
                    .ok_or_else(|| err("expected `menu N` with N in 1..5".into()))?;
                for f in first..=last {
                    script.menu.insert(f, n);
                }
                continue;
            }
            let mut mask = 0u16;
            for w in words {
                if w == "-" {
                    continue;
                }
                let (player, names) = match w.split_once(':') {
                    Some(("1", names)) => (1, names),
                    Some(("0", names)) => (0, names),
                    Some(_) => {
                        return Err(err(format!("unknown player prefix in `{w}`: use `1:`")))
                    }
                    None => (0, w),
                };
                for c in names.chars() {
                    let b = button_index(c)
                        .ok_or_else(|| err(format!("unknown button `{c}`: use L R U D O X")))?;
                    mask |= 1 << (b + 8 * player);
                }
            }
            for f in first..=last {
                script.held.insert(f, mask);
            }
        }
        Ok(script)
    }

    /// Buttons held on `frame`: bits 0..5 player 0, bits 8..13 player 1.
    pub fn held(&self, frame: u32) -> u16 {
        self.held.get(&frame).copied().unwrap_or(0)
    }

    /// The menu item selected before `frame`'s update, if any.
    pub fn menu(&self, frame: u32) -> Option<i32> {
        self.menu.get(&frame).copied()
    }
}

fn parse_frames(s: &str) -> Result<(u32, u32), String> {
    let num = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{t}` is not a frame number (frames count from 1)"))
    };
    let (a, b) = match s.split_once('-') {
        Some((a, b)) => (num(a)?, num(b)?),
        None => (num(s)?, num(s)?),
    };
    if a > b {
        return Err(format!("frame range `{s}` runs backwards"));
    }
    Ok((a, b))
}

/// Button state as `btn`/`btnp` see it.
#[derive(Clone, Debug, Default)]
pub struct Buttons {
    /// Held this frame.
    pub now: u16,
    /// Frames each button (16 bits: two players) has been held, for `btnp`'s auto-repeat.
    pub held_for: [u32; 16],
}

impl Buttons {
    /// Advances to a new frame with `mask` held.
    pub fn next_frame(&mut self, mask: u16) {
        self.now = mask;
        for (i, h) in self.held_for.iter_mut().enumerate() {
            *h = if mask & (1 << i) != 0 { *h + 1 } else { 0 };
        }
    }

    /// `btnp`: pressed this frame, or held long enough to repeat (after 15 frames, then every 4, as
    /// PICO-8 does at 30 fps).
    pub fn pressed(&self, bit: usize) -> bool {
        let h = self.held_for[bit];
        h == 1 || (h > 15 && (h - 16) % 4 == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_frames_ranges_players_and_menu() {
        let s = InputScript::parse("# demo\n3: R\n5-6: L x 1:U\n8: menu 2\n9: -\n").unwrap();
        assert_eq!(s.held(3), 0b10);
        assert_eq!(s.held(5), 0b10_0001 | (0b100 << 8));
        assert_eq!(s.held(6), s.held(5));
        assert_eq!(s.held(4), 0);
        assert_eq!(s.menu(8), Some(2));
        assert_eq!(s.held(9), 0);
    }

    #[test]
    fn errors_name_the_line() {
        let e = InputScript::parse("1: R\n2: Q\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("unknown button `Q`"));
        assert_eq!(InputScript::parse("x: R").unwrap_err().line, 1);
        assert!(InputScript::parse("4-2: R").is_err());
        assert!(InputScript::parse("4 R").is_err());
    }

    #[test]
    fn btnp_repeats_after_15_frames_then_every_4() {
        let mut b = Buttons::default();
        let mut presses = vec![];
        for f in 1..=30 {
            b.next_frame(1);
            if b.pressed(0) {
                presses.push(f);
            }
        }
        assert_eq!(presses, vec![1, 16, 20, 24, 28]);
    }
}
