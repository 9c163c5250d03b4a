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

/// A parsed input script. Frame ranges are kept as ranges (a script of a few bytes may name
/// billions of frames), a later line overriding an earlier one where they overlap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputScript {
    held: Ranges<u16>,
    menu: Ranges<i32>,
    /// The instruction whose first frame is the latest: (frame, script line).
    latest: Option<(u32, usize)>,
}

/// Non-overlapping inclusive frame ranges, each with a value: first frame -> (last frame, value).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ranges<T>(BTreeMap<u32, (u32, T)>);

impl<T> Default for Ranges<T> {
    fn default() -> Self {
        Ranges(BTreeMap::new())
    }
}

impl<T: Copy> Ranges<T> {
    /// Sets `first..=last` to `v`, trimming or splitting the ranges it overlaps.
    fn set(&mut self, first: u32, last: u32, v: T) {
        let overlapping: Vec<(u32, (u32, T))> = self
            .0
            .range(..=last)
            .rev()
            .take_while(|(_, &(end, _))| end >= first)
            .map(|(&k, &r)| (k, r))
            .collect();
        for (start, (end, old)) in overlapping {
            self.0.remove(&start);
            if start < first {
                self.0.insert(start, (first - 1, old));
            }
            if end > last {
                self.0.insert(last + 1, (end, old));
            }
        }
        self.0.insert(first, (last, v));
    }

    fn get(&self, frame: u32) -> Option<T> {
        let (_, &(end, v)) = self.0.range(..=frame).next_back()?;
        (end >= frame).then_some(v)
    }
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
                script.menu.set(first, last, n);
                script.note(first, line);
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
            script.held.set(first, last, mask);
            script.note(first, line);
        }
        Ok(script)
    }

    fn note(&mut self, first: u32, line: usize) {
        if self.latest.is_none_or(|(f, _)| first > f) {
            self.latest = Some((first, line));
        }
    }

    /// Checks the script against a run of `frames` frames: an instruction that starts after the
    /// last frame would never apply, which is a mistake in the script or in `--frames`.
    pub fn check_frames(&self, frames: u32) -> Result<(), InputError> {
        match self.latest {
            Some((first, line)) if first > frames => Err(InputError {
                line,
                message: format!(
                    "frame {first} is after the last frame run ({frames}): run more frames \
                     (--frames) or remove the line"
                ),
            }),
            _ => Ok(()),
        }
    }

    /// Buttons held on `frame`: bits 0..5 player 0, bits 8..13 player 1.
    pub fn held(&self, frame: u32) -> u16 {
        self.held.get(frame).unwrap_or(0)
    }

    /// The menu item selected before `frame`'s update, if any.
    pub fn menu(&self, frame: u32) -> Option<i32> {
        self.menu.get(frame)
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
    fn ranges_are_kept_as_ranges_and_later_lines_win() {
        // A 16-byte script naming four billion frames is four billion frames of R, in a few
        // bytes of memory (it was a map entry per frame).
        let s = InputScript::parse("1-4294967295: R\n").unwrap();
        assert_eq!((s.held(1), s.held(4_294_967_295)), (0b10, 0b10));
        assert_eq!(s.held.0.len(), 1);
        let s = InputScript::parse("1-10: R\n4-6: L\n5: menu 2\n6-20: -\n").unwrap();
        let held: Vec<u16> = (1..=11).map(|f| s.held(f)).collect();
        assert_eq!(held, [2, 2, 2, 1, 1, 0, 0, 0, 0, 0, 0]);
        assert_eq!((s.menu(5), s.menu(4)), (Some(2), None));
        assert_eq!(s.held(21), 0);
    }

    #[test]
    fn an_instruction_after_the_last_frame_is_an_error() {
        let s = InputScript::parse("3: R\n900-1000: L\n10: X\n").unwrap();
        assert!(s.check_frames(900).is_ok());
        let e = s.check_frames(899).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e
            .message
            .contains("frame 900 is after the last frame run (899)"));
        assert!(InputScript::default().check_frames(0).is_ok());
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
