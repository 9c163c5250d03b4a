//! The scripted "human" the game tests share: it runs the cart frame by frame, presses buttons,
//! and reads the cart's state through a probe function appended to the cart's code (what the
//! screen shows: the displayed position `vb`, the highlighted destinations `dst`, the cursor).

#![allow(dead_code)]

use tafl8_codegen::screen::{ScreenContext, ART, HIGHLIGHT};
use tafl8_codegen::{build, BuildRequest, SPRITES_PNG};
use tafl8_engine::Rules;
use tafl8_runner::cpu::frame_budget;
use tafl8_runner::session::Session;

/// PICO-8 buttons.
pub const LEFT: u8 = 0;
pub const RIGHT: u8 = 1;
pub const UP: u8 = 2;
pub const DOWN: u8 = 3;
pub const O: u8 = 4;
pub const X: u8 = 5;

/// Title menu modes (the game template's `mode`).
pub const PLAY_ATTACKERS: u8 = 1;
pub const PLAY_DEFENDERS: u8 = 2;
pub const TWO_PLAYERS: u8 = 3;

/// A frame cap per game: a finished game at level 1 takes a few thousand frames.
pub const MAX_FRAMES: u32 = 30_000;

/// Prints the cart's state on one line (appended to the cart's code; called between frames).
pub const PROBE: &str = r#"
function probe()
 local s=stt..";"..tostr(res)..";"..tostr(why)..";"..side..";"..tostr(ctl[1])..";"..tostr(ctl[2])..";"..tostr(cur)..";"..tostr(sel)..";"..tostr(an~=nil)..";"..#undos..";"..vs..";"..tostr(co~=nil)..";"
 for i=1,#vb do
  s..=vb[i]
 end
 s..=";"
 for t in pairs(dst) do
  s..=t.." "
 end
 printh(s)
end
"#;

/// What the probe reports.
#[derive(Debug)]
pub struct State {
    /// 0 title, 1 playing (`stt`).
    pub st: i32,
    /// Winner (0 draw), when the game is over.
    pub res: Option<i32>,
    /// End reason code.
    pub why: Option<i32>,
    /// Side to move in the engine.
    pub side: i32,
    /// AI control of the attackers and defenders.
    pub ai: [bool; 2],
    /// Cursor square (`cur`).
    pub cs: Option<i32>,
    /// Picked square.
    pub sel: Option<i32>,
    /// A move animation is running.
    pub anim: bool,
    /// Moves made so far.
    pub moves: usize,
    /// The side to move as displayed.
    pub shown_side: i32,
    /// The AI's search coroutine is running (the engine's `side` is then the search's).
    pub thinking: bool,
    /// Displayed cells, index 0 = square 1.
    pub cells: Vec<u8>,
    /// Highlighted destinations.
    pub dst: Vec<i32>,
}

pub fn opt(s: &str) -> Option<i32> {
    s.parse().ok()
}

impl State {
    pub fn parse(line: &str) -> State {
        let f: Vec<&str> = line.split(';').collect();
        assert_eq!(f.len(), 14, "probe line: {line}");
        State {
            st: f[0].parse().unwrap(),
            res: opt(f[1]),
            why: opt(f[2]),
            side: f[3].parse().unwrap(),
            ai: [f[4] == "true", f[5] == "true"],
            cs: opt(f[6]),
            sel: opt(f[7]),
            anim: f[8] == "true",
            moves: f[9].parse().unwrap(),
            shown_side: f[10].parse().unwrap(),
            thinking: f[11] == "true",
            cells: f[12].bytes().map(|b| b - b'0').collect(),
            dst: f[13]
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect(),
        }
    }

    pub fn cell(&self, s: i32) -> u8 {
        self.cells[s as usize - 1]
    }

    pub fn human_to_move(&self) -> bool {
        self.st == 1
            && self.res.is_none()
            && !self.anim
            && !self.thinking
            && !self.ai[self.shown_side as usize - 1]
    }
}

/// A small xorshift for the human's choices (any fixed sequence will do).
pub struct Dice(pub u32);

impl Dice {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0 as usize % n
    }
}

pub struct Player {
    pub session: Session,
    pub frame: u32,
    pub budget: u64,
    pub max: u64,
    pub over: Vec<(u32, u64)>,
    pub width: i32,
    pub screen: ScreenContext,
    pub highlight: u8,
}

impl Player {
    pub fn new(variant: &str) -> Player {
        let rules = Rules::preset(variant).unwrap();
        let built = build(&BuildRequest::full(rules.clone())).expect("the cart builds");
        let mut cart = built.cart.clone();
        cart.set_lua(&format!("{}\n{PROBE}", built.code));
        let session = Session::from_cart(&cart, &format!("{variant}.p8"), Default::default())
            .expect("the cart loads");
        session.boot().expect("the cart boots");
        let screen = ScreenContext::new(&rules);
        // The colour at the centre of a highlighted square: the highlight drawing's centre pixel.
        let sheet = tafl8_codegen::assets::decode(SPRITES_PNG, "sprites").unwrap();
        let c = ART / 2;
        let highlight = sheet[(ART + c) * 128 + HIGHLIGHT + c];
        Player {
            session,
            frame: 0,
            budget: frame_budget(30),
            max: 0,
            over: Vec::new(),
            width: i32::from(rules.geometry().width()),
            screen,
            highlight,
        }
    }

    pub fn run_frame(&mut self, held: u16, menu: Option<i32>) {
        self.frame += 1;
        let used = self
            .session
            .frame(self.frame, held, menu)
            .unwrap_or_else(|e| {
                let m = self.session.vm().machine().borrow();
                let tail: Vec<&String> = m.printh.iter().rev().take(4).collect();
                panic!("frame {}: {e}\nlast printh: {tail:?}", self.frame)
            });
        self.max = self.max.max(used);
        if used > self.budget {
            self.over.push((self.frame, used));
        }
    }

    pub fn idle(&mut self) {
        self.run_frame(0, None);
    }

    /// Presses a button for one frame and releases it for one (so the next press is new).
    pub fn press(&mut self, b: u8) {
        self.run_frame(1 << b, None);
        self.idle();
    }

    pub fn menu(&mut self, item: i32) {
        self.run_frame(0, Some(item));
    }

    pub fn state(&self) -> State {
        self.session.vm().call_global("probe").expect("probe runs");
        let m = self.session.vm().machine().borrow();
        State::parse(m.printh.last().expect("probe printed"))
    }

    /// Moves the cursor to square `s` with the arrows.
    pub fn goto(&mut self, s: i32) {
        for _ in 0..40 {
            let cs = self.state().cs.expect("a cursor");
            if cs == s {
                return;
            }
            let (df, dr) = (
                s % self.width - cs % self.width,
                s / self.width - cs / self.width,
            );
            self.press(if df < 0 {
                LEFT
            } else if df > 0 {
                RIGHT
            } else if dr > 0 {
                UP
            } else {
                DOWN
            });
        }
        panic!("the cursor does not reach square {s}");
    }

    /// The framebuffer colour at the centre of square `s`.
    pub fn centre(&self, s: i32) -> u8 {
        let t = self.screen.tile as i32;
        let x = s % self.width * t + self.screen.x0 as i32 + t / 2;
        let y = self.screen.y0 as i32 - s / self.width * t + t / 2;
        self.session.vm().machine().borrow().mem.pixel(x, y)
    }

    /// From the title: chooses the mode and the level, and starts.
    pub fn start(&mut self, mode: u8, level: u8) {
        let s = self.state();
        assert_eq!(s.st, 0, "on the title screen");
        for _ in 1..mode {
            self.press(RIGHT);
        }
        self.press(DOWN);
        for _ in 0..4 {
            self.press(LEFT);
        }
        for _ in 1..level {
            self.press(RIGHT);
        }
        self.press(O);
        let s = self.state();
        assert_eq!(s.st, 1, "a new game");
        // The AI may have played its first move already (from its opening book).
        assert!(s.moves <= 1, "a new game: {s:?}");
        match mode {
            PLAY_ATTACKERS | PLAY_DEFENDERS => {
                let human = if mode == PLAY_ATTACKERS { 0 } else { 1 };
                assert!(!s.ai[human] && s.ai[1 - human], "{s:?}");
            }
            TWO_PLAYERS => assert_eq!(s.ai, [false, false], "{s:?}"),
            _ => assert_eq!(s.ai, [true, true], "{s:?}"),
        }
    }

    /// The square of `file` and `rank` (both from 1, a1 = (1, 1)), as the cart numbers squares
    /// (`rank * W + file` on the padded board).
    pub fn square(&self, file: i32, rank: i32) -> i32 {
        rank * self.width + file
    }

    /// The effects `sfx` was called with so far, in order.
    pub fn sfx_calls(&self) -> Vec<i64> {
        let m = self.session.vm().machine().borrow();
        m.sounds
            .iter()
            .filter(|c| c.kind == "sfx")
            .map(|c| c.args[0] as i64)
            .collect()
    }

    /// Plays `from`-`to` through the UI (cursor, 🅾️ on the piece, cursor, 🅾️ on the
    /// destination); returns the effects played by the pick and by the move.
    pub fn ui_move(&mut self, from: i32, to: i32) -> (Vec<i64>, Vec<i64>) {
        let s = self.state();
        assert!(s.human_to_move(), "a human is to move: {s:?}");
        self.goto(from);
        let n = self.sfx_calls().len();
        self.press(O);
        let picked = self.state();
        assert_eq!(picked.sel, Some(from), "{from} is picked");
        assert!(
            picked.dst.contains(&to),
            "{to} is a legal destination of {from}: {picked:?}"
        );
        let pick = self.sfx_calls()[n..].to_vec();
        self.goto(to);
        let n = self.sfx_calls().len();
        self.press(O);
        let after = self.state();
        assert_eq!(after.moves, s.moves + 1, "the move {from}-{to} was made");
        (pick, self.sfx_calls()[n..].to_vec())
    }

    /// Runs frames until a human is to move or the game is over (the animation finished).
    pub fn wait_for_human(&mut self) -> State {
        loop {
            let s = self.state();
            if s.human_to_move() || (s.res.is_some() && !s.anim) {
                return s;
            }
            assert!(self.frame < MAX_FRAMES, "stuck: {s:?}");
            self.idle();
        }
    }

    /// Plays one human move through the UI: returns false when no piece of the side to move can
    /// move (which the cart must then have called a finished game).
    pub fn human_move(&mut self, dice: &mut Dice) -> bool {
        let s = self.state();
        let mine: Vec<i32> = (1..=s.cells.len() as i32)
            .filter(|&q| match s.shown_side {
                1 => s.cell(q) == 1,
                _ => s.cell(q) == 2 || s.cell(q) == 3,
            })
            .collect();
        let mut order = mine.clone();
        for i in (1..order.len()).rev() {
            order.swap(i, dice.below(i + 1));
        }
        for from in order {
            self.goto(from);
            self.press(O);
            let picked = self.state();
            if picked.dst.is_empty() {
                assert_eq!(picked.sel, None, "a piece without moves is not picked");
                continue;
            }
            assert_eq!(picked.sel, Some(from));
            for &t in &picked.dst {
                assert_eq!(
                    self.centre(t),
                    self.highlight,
                    "square {t} is a legal destination and must show the highlight"
                );
            }
            let to = picked.dst[dice.below(picked.dst.len())];
            self.goto(to);
            self.press(O);
            let after = self.state();
            assert_eq!(after.moves, s.moves + 1, "the move was made");
            assert_eq!(after.cell(to), s.cell(from), "the piece stands on {to}");
            return true;
        }
        false
    }

    /// Plays until the game is over; returns (winner, reason, moves). On the way, at the human's
    /// `undo_at`-th move, picks a piece and cancels, then undoes the last move pair.
    pub fn play_out(&mut self, dice: &mut Dice, undo_at: usize) -> (i32, i32, usize) {
        let mut human_moves = 0;
        while self.frame < MAX_FRAMES {
            let s = self.state();
            if let (Some(res), Some(why)) = (s.res, s.why) {
                return (res, why, s.moves);
            }
            if !s.human_to_move() {
                self.idle();
                continue;
            }
            if human_moves == undo_at && s.moves >= 2 {
                self.cancel_and_undo(&s);
            }
            assert!(self.human_move(dice), "no legal move, yet the game goes on");
            human_moves += 1;
        }
        panic!("no result after {MAX_FRAMES} frames");
    }

    pub fn cancel_and_undo(&mut self, s: &State) {
        // Pick the first piece that has moves, then cancel with ❎.
        for q in 1..=s.cells.len() as i32 {
            if s.cell(q) == 0 || s.cell(q) == 4 || (s.cell(q) == 1) != (s.shown_side == 1) {
                continue;
            }
            self.goto(q);
            self.press(O);
            if self.state().sel.is_some() {
                self.press(X);
                let c = self.state();
                assert!(c.sel.is_none() && c.dst.is_empty(), "❎ cancels the pick");
                break;
            }
        }
        // Nothing picked: ❎ undoes the human's last move and the AI's reply.
        self.press(X);
        let u = self.state();
        assert_eq!(u.moves, s.moves - 2, "undo takes back a move pair");
        assert_eq!((u.side, u.shown_side), (s.side, s.side));
        assert!(u.res.is_none() && !u.anim);
    }

    pub fn assert_cpu(&self) {
        assert!(
            self.over.is_empty(),
            "frames over the CPU budget of {}: {:?}",
            self.budget,
            self.over
        );
    }
}
