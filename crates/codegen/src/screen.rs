//! The cart's screen layout and the sprite sheet's layout, shared by the asset generator (which
//! draws the sheet) and the game templates (which read it), so the two cannot disagree.

use serde::Serialize;
use tafl8_engine::rules::{FLAG_CORNER, FLAG_THRONE};
use tafl8_engine::Rules;

use crate::tables::square_table;

/// Side of one piece or tile drawing on the sprite sheet, in pixels.
pub const ART: usize = 16;
/// Sheet x of the light board square (row 0).
pub const TILE_LIGHT: usize = 0;
/// Sheet x of the dark board square.
pub const TILE_DARK: usize = 16;
/// Sheet x of the throne.
pub const TILE_THRONE: usize = 32;
/// Sheet x of a special corner.
pub const TILE_CORNER: usize = 48;
/// Sheet x of the attacker, "Infected".
pub const PIECE_ATTACKER: usize = 64;
/// Sheet x of the defender, "Scientist".
pub const PIECE_DEFENDER: usize = 80;
/// Sheet x of the king, "Head Scientist".
pub const PIECE_KING: usize = 96;
/// Sheet x of the cursor.
pub const CURSOR: usize = 112;
/// Sheet x of the highlight (row [`ART`]).
pub const HIGHLIGHT: usize = 0;
/// Sheet x of the last-move mark (row [`ART`]).
pub const MARK: usize = 16;
/// Sheet y of the title logo (x 0): the word "TAFL8" in big letters, drawn by the title screen
/// and the label (0 is transparent around the letters).
pub const LOGO_Y: usize = 2 * ART;
/// Width of the title logo on the sheet.
pub const LOGO_W: usize = 116;
/// Height of the title logo on the sheet.
pub const LOGO_H: usize = 26;

/// Screen side in pixels.
const SCREEN: usize = 128;
/// Height of the status line under the board (a 5-pixel font plus a gap).
const TEXT: usize = 7;

/// What the game templates need to draw the board.
#[derive(Debug, Clone, Serialize)]
pub struct ScreenContext {
    /// Pixels per board square on screen.
    pub tile: usize,
    /// Screen x of a square is `s % W * tile + x0`.
    pub x0: i64,
    /// Screen y of a square is `y0 - s \ W * tile`.
    pub y0: i64,
    /// Status line y.
    pub text_y: usize,
    /// Sheet x of each square's tile (squares 1..AREA), as a split string.
    pub tiles: String,
    /// Sheet x of the attacker, defender and king, as a split string.
    pub pieces: String,
    /// Art size on the sheet.
    pub art: usize,
    /// Sheet x of the last-move mark (row `art`).
    pub mark: usize,
    /// Sheet x of the highlight (row `art`).
    pub highlight: usize,
    /// Sheet x of the cursor (row 0).
    pub cursor: usize,
    /// Sheet y of the title logo (its x is 0).
    pub logo_y: usize,
    /// Title logo width.
    pub logo_w: usize,
    /// Title logo height.
    pub logo_h: usize,
    /// `chr(file + file_char)` is the file letter (`s % W` is file + 1).
    pub file_char: u32,
    /// Background colour.
    pub background: u8,
    /// Text colour.
    pub ink: u8,
    /// The button that restarts a finished game (❎).
    pub button: u8,
    /// The game's PRNG seed.
    pub seed: String,
    /// The difficulty level the self-play AI plays at.
    pub level: u8,
    /// Why a game ended, by the cart's reason code (1..), as a split string.
    pub reasons: String,
}

impl ScreenContext {
    /// The layout for `rules`' board.
    pub fn new(rules: &Rules) -> ScreenContext {
        let g = rules.geometry();
        let n = g.size() as usize;
        let w = g.width() as usize;
        let tile = ART.min((SCREEN - TEXT) / n);
        let ox = (SCREEN - n * tile) / 2;
        let flags = rules.flags();
        let tiles = square_table(g, |s| {
            let (f, r) = (s % w, s / w);
            let x = if flags[s] & FLAG_THRONE != 0 {
                TILE_THRONE
            } else if flags[s] & FLAG_CORNER != 0 {
                TILE_CORNER
            } else if (f + r) % 2 == 0 {
                TILE_DARK
            } else {
                TILE_LIGHT
            };
            x as i64
        });
        ScreenContext {
            tile,
            x0: ox as i64 - tile as i64,
            y0: (n * tile) as i64,
            text_y: n * tile + (SCREEN - n * tile - 5) / 2,
            tiles,
            pieces: crate::tables::join(
                [PIECE_ATTACKER, PIECE_DEFENDER, PIECE_KING].map(|x| x as i64),
            ),
            art: ART,
            mark: MARK,
            highlight: HIGHLIGHT,
            cursor: CURSOR,
            logo_y: LOGO_Y,
            logo_w: LOGO_W,
            logo_h: LOGO_H,
            file_char: u32::from(b'a') - 1,
            background: 0,
            ink: 7,
            button: 5,
            seed: crate::tables::fixed_literal(0x7AF1_0001),
            level: 3,
            reasons: reasons(),
        }
    }
}

/// The end reasons in the order of their cart codes ([`crate::reason_code`] 1..=7).
fn reasons() -> String {
    use tafl8_engine::EndReason::*;
    let mut all = [
        (KingCaptured, "king captured"),
        (KingEscaped, "king escaped"),
        (ExitFort, "exit fort"),
        (Surrounded, "surrounded"),
        (NoMoves, "no moves"),
        (Repetition, "repetition"),
        (MoveLimit, "move limit"),
    ];
    all.sort_by_key(|(r, _)| crate::reason_code(*r));
    all.map(|(_, name)| name).join(",")
}
