//! The cart file: the program plus the sprite sheet and label from `assets/` (embedded at compile
//! time, so a build needs no files beside the binary).

use tafl8_p8::Cart;

use crate::assets::{gfx_from_png, label_from_png};
use crate::error::CodegenError;

/// The sprite sheet PNG (`assets/sprites.png`).
pub const SPRITES_PNG: &[u8] = include_bytes!("../../../assets/sprites.png");
/// The label PNG (`assets/label.png`).
pub const LABEL_PNG: &[u8] = include_bytes!("../../../assets/label.png");
/// The sound effects as text (`assets/sfx.txt`, see [`crate::sfx`]).
pub const SFX_TXT: &str = include_str!("../../../assets/sfx.txt");

/// A cart holding `code`, the sprite sheet, the label and the sound effects.
pub fn assemble(code: &str) -> Result<Cart, CodegenError> {
    let mut cart = Cart::default();
    cart.set_lua(code);
    cart.set_gfx(&gfx_from_png(SPRITES_PNG, "assets/sprites.png")?);
    cart.set_label(&label_from_png(LABEL_PNG, "assets/label.png")?);
    cart.set_lines("sfx", crate::sfx::section(SFX_TXT, "assets/sfx.txt")?);
    Ok(cart)
}
