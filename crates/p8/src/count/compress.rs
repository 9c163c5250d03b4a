//! PICO-8's compressed code format ("pxa", PICO-8 0.2.0 and later) and a compressor for it, to
//! measure a program against the 15616-byte compressed limit of a `.p8.png` cart.
//!
//! The format: `\0pxa`, the uncompressed and compressed lengths (16-bit big-endian), then a
//! bit stream read least-significant bit first. Each item is either
//! - a literal: `1`, then the character's index in a move-to-front list of all 256 P8SCII codes,
//!   in a prefix code (`0` + 4 bits for 0..15, `10` + 5 bits for 16..47, `110` + 6 bits, ...);
//!   the character then moves to the front;
//! - a back-reference: `0`, an offset-width code (`1` then `1` for 5 bits, `10` for 10 bits, `0`
//!   for 15 bits), offset−1 in that width, then length−3 in 3-bit groups where 7 means "add 7 and
//!   read another group";
//! - a raw block (10-bit offset field of 0): 8-bit characters up to a 0 byte (this compressor
//!   never writes one).
//!
//! The compressor is greedy with one step of lookahead, choosing between a back-reference and
//! literals by their exact bit cost. It is not PICO-8's own compressor (which is weaker) nor
//! shrinko8's (which searches harder): its size is a real, decodable encoding, usually within a
//! few percent of shrinko8's figure.

use std::collections::HashMap;

/// Bytes before the bit stream: magic and two lengths.
const HEADER_LEN: usize = 8;
/// Shortest back-reference.
const MIN_MATCH: usize = 3;
/// Farthest back-reference (15-bit offset field holds offset−1).
const MAX_OFFSET: usize = 1 << 15;
/// Back-reference candidates examined per position (more is slower and slightly smaller).
const MAX_CHAIN: usize = 96;

/// Why a compressed stream cannot be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecompressError(pub String);

impl std::fmt::Display for DecompressError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad compressed code: {}", self.0)
    }
}

impl std::error::Error for DecompressError {}

/// The size in bytes of `code` (P8SCII) compressed in PICO-8's format.
pub fn compressed_size(code: &[u8]) -> usize {
    compress(code).len()
}

/// Compresses P8SCII `code` into PICO-8's format. Code longer than 65535 bytes cannot be stored
/// in a cart; its length field wraps, as PICO-8's would.
pub fn compress(code: &[u8]) -> Vec<u8> {
    let mut w = BitWriter::default();
    let mut mtf: Vec<u8> = (0..=255).collect();
    let mut chains = Chains::new(code);
    let mut i = 0;
    while i < code.len() {
        let here = chains.best_match(code, i);
        let mut take_match = None;
        if let Some((off, len)) = here {
            // Lookahead: a longer match one step later is worth a literal now.
            let next = if i + 1 < code.len() {
                chains.insert(code, i);
                chains.best_match(code, i + 1)
            } else {
                None
            };
            let later_better = next.is_some_and(|(_, l2)| l2 > len + 1);
            if !later_better && match_bits(off, len) < literal_bits(&mtf, &code[i..i + len]) {
                take_match = Some((off, len));
            }
        } else {
            chains.insert(code, i);
        }
        match take_match {
            Some((off, len)) => {
                write_match(&mut w, off, len);
                for j in i + 1..i + len {
                    chains.insert(code, j);
                }
                i += len;
            }
            None => {
                write_literal(&mut w, &mut mtf, code[i]);
                i += 1;
            }
        }
    }
    let bits = w.finish();
    let total = HEADER_LEN + bits.len();
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"\0pxa");
    out.extend_from_slice(&(code.len() as u16).to_be_bytes());
    out.extend_from_slice(&(total as u16).to_be_bytes());
    out.extend_from_slice(&bits);
    out
}

/// Decodes PICO-8's compressed format back to P8SCII code.
pub fn decompress(data: &[u8]) -> Result<Vec<u8>, DecompressError> {
    let err = |m: &str| DecompressError(m.to_owned());
    if data.len() < HEADER_LEN || &data[..4] != b"\0pxa" {
        return Err(err("missing the `\\0pxa` header"));
    }
    let len = u16::from_be_bytes([data[4], data[5]]) as usize;
    let mut r = BitReader {
        data: &data[HEADER_LEN..],
        pos: 0,
    };
    let mut mtf: Vec<u8> = (0..=255).collect();
    let mut out = Vec::with_capacity(len);
    while out.len() < len {
        if r.bit()? == 1 {
            let mut extra = 0;
            while r.bit()? == 1 {
                extra += 1;
                if extra > 4 {
                    return Err(err("literal index prefix too long"));
                }
            }
            let idx = r.bits(4 + extra)? as usize + (((1 << extra) - 1) << 4);
            let c = *mtf.get(idx).ok_or_else(|| err("literal index past 255"))?;
            mtf.remove(idx);
            mtf.insert(0, c);
            out.push(c);
            continue;
        }
        let width = if r.bit()? == 1 {
            if r.bit()? == 1 {
                5
            } else {
                10
            }
        } else {
            15
        };
        let offset = r.bits(width)? as usize + 1;
        if offset == 1 && width == 10 {
            loop {
                let c = r.bits(8)? as u8;
                if c == 0 {
                    break;
                }
                out.push(c);
            }
            continue;
        }
        let mut count = MIN_MATCH;
        loop {
            let part = r.bits(3)? as usize;
            count += part;
            if part != 7 {
                break;
            }
        }
        if offset > out.len() {
            return Err(err("back-reference before the start"));
        }
        for _ in 0..count {
            out.push(out[out.len() - offset]);
        }
    }
    out.truncate(len);
    Ok(out)
}

/// Bits of a back-reference.
fn match_bits(offset: usize, len: usize) -> usize {
    let width = offset_width(offset);
    let width_code = if width == 15 { 1 } else { 2 };
    1 + width_code + width + ((len - MIN_MATCH) / 7 + 1) * 3
}

fn offset_width(offset: usize) -> usize {
    match offset - 1 {
        0..32 => 5,
        32..1024 => 10,
        _ => 15,
    }
}

/// Bits to write `bytes` as literals, starting from move-to-front list `mtf`.
fn literal_bits(mtf: &[u8], bytes: &[u8]) -> usize {
    let mut m = mtf.to_vec();
    bytes
        .iter()
        .map(|&c| {
            let idx = m.iter().position(|&x| x == c).unwrap_or(0);
            m.remove(idx);
            m.insert(0, c);
            literal_index_bits(idx)
        })
        .sum()
}

/// Bits of a literal with move-to-front index `idx` (flag, prefix, index field).
fn literal_index_bits(mut idx: usize) -> usize {
    let mut width = 4;
    while idx >= 1 << width {
        idx -= 1 << width;
        width += 1;
    }
    1 + (width - 4 + 1) + width
}

fn write_literal(w: &mut BitWriter, mtf: &mut Vec<u8>, c: u8) {
    let idx = mtf.iter().position(|&x| x == c).unwrap_or(0);
    mtf.remove(idx);
    mtf.insert(0, c);
    w.bits(1, 1);
    let mut v = idx;
    let mut width = 4;
    while v >= 1 << width {
        w.bits(1, 1);
        v -= 1 << width;
        width += 1;
    }
    w.bits(1, 0);
    w.bits(width, v as u32);
}

fn write_match(w: &mut BitWriter, offset: usize, len: usize) {
    let width = offset_width(offset);
    w.bits(1, 0);
    match width {
        5 => w.bits(2, 0b11),
        10 => w.bits(2, 0b01),
        _ => w.bits(1, 0),
    }
    w.bits(width, (offset - 1) as u32);
    let mut rest = len - MIN_MATCH;
    while rest >= 7 {
        w.bits(3, 7);
        rest -= 7;
    }
    w.bits(3, rest as u32);
}

/// Hash chains over 3-byte prefixes: for each position, earlier positions with the same prefix.
struct Chains {
    heads: HashMap<[u8; 3], usize>,
    prev: Vec<usize>,
}

impl Chains {
    fn new(code: &[u8]) -> Self {
        Chains {
            heads: HashMap::new(),
            prev: vec![usize::MAX; code.len()],
        }
    }

    /// Records position `i` (idempotent for the most recent position).
    fn insert(&mut self, code: &[u8], i: usize) {
        if i + MIN_MATCH > code.len() {
            return;
        }
        let key = [code[i], code[i + 1], code[i + 2]];
        let head = self.heads.insert(key, i);
        if head != Some(i) {
            self.prev[i] = head.unwrap_or(usize::MAX);
        }
    }

    /// The longest earlier match at `i` (offset, length), nearest first among equals.
    fn best_match(&self, code: &[u8], i: usize) -> Option<(usize, usize)> {
        if i + MIN_MATCH > code.len() {
            return None;
        }
        let key = [code[i], code[i + 1], code[i + 2]];
        let mut cand = *self.heads.get(&key)?;
        if cand == i {
            cand = self.prev[i];
        }
        let mut best: Option<(usize, usize)> = None;
        for _ in 0..MAX_CHAIN {
            if cand == usize::MAX || i - cand > MAX_OFFSET {
                break;
            }
            let len = code[cand..]
                .iter()
                .zip(&code[i..])
                .take_while(|(a, b)| a == b)
                .count();
            if len >= MIN_MATCH && best.is_none_or(|(_, l)| len > l) {
                best = Some((i - cand, len));
            }
            cand = self.prev[cand];
        }
        best
    }
}

#[derive(Default)]
struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl BitWriter {
    /// Appends the low `n` bits of `v`, least significant first.
    fn bits(&mut self, n: usize, v: u32) {
        self.acc |= (v as u64) << self.n;
        self.n += n as u32;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}

struct BitReader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl BitReader<'_> {
    fn bit(&mut self) -> Result<u32, DecompressError> {
        let byte = self
            .data
            .get(self.pos / 8)
            .ok_or_else(|| DecompressError("stream ends early".to_owned()))?;
        let b = (byte >> (self.pos % 8)) & 1;
        self.pos += 1;
        Ok(b as u32)
    }

    fn bits(&mut self, n: usize) -> Result<u32, DecompressError> {
        let mut v = 0;
        for k in 0..n {
            v |= self.bit()? << k;
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let samples: Vec<Vec<u8>> = vec![
            b"".to_vec(),
            b"x=1".to_vec(),
            b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".to_vec(),
            b"function f(a,b) return a+b end function g(a,b) return a-b end".repeat(30),
            (0..=255u8).cycle().take(5000).collect(),
            (0..20000u32)
                .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
                .collect(),
        ];
        for s in samples {
            let c = compress(&s);
            assert_eq!(decompress(&c).unwrap(), s, "len {}", s.len());
            assert_eq!(u16::from_be_bytes([c[6], c[7]]) as usize, c.len());
        }
    }

    #[test]
    fn sizes_follow_the_format() {
        // "x=1": literals at move-to-front indices 120, 62 and 51 (`=` and `1` sit one and two
        // places later once `x`, then `=`, moved to the front): 120 needs a 7-bit field (1 flag
        // + 4 prefix + 7 = 12 bits), 62 and 51 a 6-bit one (1 + 3 + 6 = 10 bits each); 32 bits
        // are 4 bytes after the 8-byte header. shrinko8 also reports 12.
        assert_eq!(compressed_size(b"x=1"), 12);
        // A repeat becomes one back-reference: 8 literals of "abcdefgh" then offset 8, length 8.
        let once = compressed_size(b"abcdefgh");
        let twice = compressed_size(b"abcdefghabcdefgh");
        assert!(twice - once <= 2, "{once} {twice}");
    }

    #[test]
    fn bad_streams_are_errors() {
        assert!(decompress(b"").is_err());
        assert!(decompress(b"\0pxa\0\x05\0\x09").is_err());
        assert!(decompress(b":c:\0\0\0\0\0").is_err());
    }
}
