//! The code area of a cart's ROM (bytes 0x4300..0x8000, 15616 of them): the program in P8SCII,
//! stored in one of three ways, told apart by the first four bytes.
//!
//! - `\0pxa`: PICO-8's compressed format since 0.2.0 (move-to-front literals and back-references
//!   in a bit stream; [`crate::count::compress`] writes and reads it). This is what tafl8 writes.
//! - `:c:\0`: the format before 0.2.0, byte based. After the header come the code's length
//!   (16-bit big-endian) and two zero bytes, then codes: `0x00 c` is the byte `c` itself (`0x00
//!   0x00` ends the stream); `0x01..=0x3b` index the table [`OLD_TABLE`]; `0x3c..=0xff` and the byte
//!   `b` after them copy `(b >> 4) + 2` characters from `(code - 0x3c) * 16 + (b & 15)` back.
//! - anything else: the plain P8SCII text, up to the first zero byte.
//!
//! Sources: the PICO-8 wiki page "P8PNGFileFormat" (headers, both compressed formats, plain text
//! fallback) and the lexaloffle BBS thread "Cartridge storage and compression scheme" (tid 2400,
//! the old format's codes and character table). The tests check both decoders against shrinko8's
//! encoders (`tests/carts_png.rs`).

use crate::count::compress::{self, DecompressError};

/// The characters of old-format codes `0x01..=0x3b`, in code order.
pub const OLD_TABLE: &[u8; 59] = b"\n 0123456789abcdefghijklmnopqrstuvwxyz!#%(){}[]<>+=/*:;.,~_";

/// How the code area of a ROM stored its program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeFormat {
    /// `\0pxa` (PICO-8 0.2.0 and later).
    Pxa,
    /// `:c:\0` (before 0.2.0).
    Old,
    /// Uncompressed text.
    Plain,
}

/// The format the code area `area` is in.
pub fn code_format(area: &[u8]) -> CodeFormat {
    if area.starts_with(b"\0pxa") {
        CodeFormat::Pxa
    } else if area.starts_with(b":c:\0") {
        CodeFormat::Old
    } else {
        CodeFormat::Plain
    }
}

/// The program (P8SCII bytes) held in the code area `area`, whatever its format.
pub fn decode_code(area: &[u8]) -> Result<Vec<u8>, DecompressError> {
    match code_format(area) {
        CodeFormat::Pxa => compress::decompress(area),
        CodeFormat::Old => decompress_old(area),
        CodeFormat::Plain => Ok(area.iter().copied().take_while(|&b| b != 0).collect()),
    }
}

/// Decodes the pre-0.2.0 `:c:\0` format.
pub fn decompress_old(data: &[u8]) -> Result<Vec<u8>, DecompressError> {
    let err = |m: String| DecompressError(m);
    if data.len() < 8 || !data.starts_with(b":c:\0") {
        return Err(err("missing the `:c:\\0` header".to_owned()));
    }
    let len = u16::from_be_bytes([data[4], data[5]]) as usize;
    let mut out: Vec<u8> = Vec::with_capacity(len);
    let mut at = 8;
    let mut next = |what: &str| -> Result<u8, DecompressError> {
        let b = data.get(at).copied().ok_or_else(|| {
            DecompressError(format!(
                "stream ends early, in {what} (byte {at} of {})",
                data.len()
            ))
        })?;
        at += 1;
        Ok(b)
    };
    while out.len() < len {
        let code = next("a code")?;
        match code {
            0 => match next("a literal byte")? {
                // The end marker: PICO-8 counted a final zero byte it does not store.
                0 if out.len() + 1 >= len => break,
                0 => {
                    return Err(err(format!(
                        "end marker after {} of {len} characters",
                        out.len()
                    )))
                }
                c => out.push(c),
            },
            1..=0x3b => out.push(OLD_TABLE[code as usize - 1]),
            _ => {
                let b = next("a back-reference")?;
                let offset = (code as usize - 0x3c) * 16 + (b & 15) as usize;
                let count = (b >> 4) as usize + 2;
                if offset == 0 || offset > out.len() {
                    return Err(err(format!(
                        "back-reference {offset} characters back, with {} written",
                        out.len()
                    )));
                }
                for _ in 0..count {
                    out.push(out[out.len() - offset]);
                }
            }
        }
    }
    out.truncate(len);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_format_by_hand() {
        // "ab ab": `a`=0x0d, `b`=0x0e, ` `=0x02, then copy 2 characters from 3 back:
        // 0x3c + (3 >> 4) = 0x3c, then (2 - 2) << 4 | 3 = 0x03. An escaped `A` (0x00 0x41) last.
        let data = [
            b':', b'c', b':', 0, 0, 6, 0, 0, 0x0d, 0x0e, 0x02, 0x3c, 0x03, 0x00, 0x41,
        ];
        assert_eq!(decompress_old(&data).unwrap(), b"ab abA");
        assert_eq!(decode_code(&data).unwrap(), b"ab abA");
        // A copy that reaches before the start, and a stream cut short, are errors.
        let bad = [b':', b'c', b':', 0, 0, 4, 0, 0, 0x0d, 0x3c, 0x05];
        assert!(decompress_old(&bad)
            .unwrap_err()
            .0
            .contains("5 characters back"));
        assert!(decompress_old(&data[..12])
            .unwrap_err()
            .0
            .contains("ends early"));
    }

    #[test]
    fn formats_are_told_by_their_header() {
        assert_eq!(code_format(b"\0pxa...."), CodeFormat::Pxa);
        assert_eq!(code_format(b":c:\0...."), CodeFormat::Old);
        assert_eq!(code_format(b"print(1)"), CodeFormat::Plain);
        assert_eq!(decode_code(b"x=1\0\0garbage").unwrap(), b"x=1");
        let packed = compress::compress(b"x=1 y=2 x=1 y=2");
        assert_eq!(decode_code(&packed).unwrap(), b"x=1 y=2 x=1 y=2");
    }
}
