//! The cart's Lua memory on PICO-8, checked at build time: PICO-8 stops a cart whose live Lua data
//! passes 2 MiB, and the project keeps every cart's whole game under 1.5 MiB.
//!
//! The transposition table is the carts' main consumer, so a build whose table cannot fit fails
//! here, before any cart is written. Sizes are PICO-8's (a 32-bit Lua 5.2 heap, see the runner's
//! `lua_memory` module): a table is 32 bytes plus 8 per array slot.

use crate::CodegenError;

/// The project's target for a cart's peak live Lua memory over a whole game (PICO-8's limit is
/// 2048 KiB).
pub const TARGET_BYTES: usize = 1536 * 1024;

/// Room kept for everything but the transposition table: the code, the data tables, the search's
/// stack, move lists, killers and history. Measured (`tafl8 run CART --cpu`, a whole AI-against-AI
/// game at level 5): after boot the carts hold 87 to 124 KiB, and their peaks over the game, the
/// table included, are at most 263 KiB; 512 KiB leaves a margin over both.
pub const REST_BYTES: usize = 512 * 1024;

/// PICO-8 bytes of one entry of the cart's transposition table at worst: the table is three
/// arrays (`tk` hash, `tv` score and move, `td` depth and bound) indexed by the hash's low bits,
/// filled out of order, so each slot may sit in a table's hash part as a node of 20 bytes (8 in
/// the array part). Update it with the layout in `templates/ai/search.lua`.
pub const TT_ENTRY_BYTES: usize = 3 * 20;

/// PICO-8 bytes of a full transposition table of `2^bits` entries.
pub fn tt_bytes(bits: u8) -> usize {
    (1usize << bits.min(31)) * TT_ENTRY_BYTES
}

/// Fails when a transposition table of `2^bits` entries, with [`REST_BYTES`] for the rest of the
/// cart, could take the game past [`TARGET_BYTES`].
pub fn check_tt_fits(bits: u8) -> Result<(), CodegenError> {
    let table = tt_bytes(bits);
    if REST_BYTES + table <= TARGET_BYTES {
        return Ok(());
    }
    let largest = (0..=bits)
        .rev()
        .find(|&b| REST_BYTES + tt_bytes(b) <= TARGET_BYTES)
        .unwrap_or(0);
    Err(CodegenError::OverMemory {
        tt_bits: bits,
        table_kib: table / 1024,
        rest_kib: REST_BYTES / 1024,
        target_kib: TARGET_BYTES / 1024,
        largest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_carts_table_fits_and_a_much_larger_one_does_not() {
        // 4096 entries of 3 nodes of 20 bytes: 240 KiB, with 512 KiB for the rest, 752 of 1536.
        assert_eq!(tt_bytes(12), 240 * 1024);
        assert!(check_tt_fits(12).is_ok());
        assert!(check_tt_fits(14).is_ok());
        // 32768 entries: 1920 KiB + 512 > 1536.
        let err = check_tt_fits(15).unwrap_err().to_string();
        assert!(
            err.contains("2^15") && err.contains("1920 KiB") && err.contains("tt-bits=14"),
            "{err}"
        );
    }
}
