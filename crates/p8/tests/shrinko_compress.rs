//! Our compressed code decodes with shrinko8's decompressor (an independent reader of PICO-8's
//! format) to the exact program, and its size stays close to shrinko8's own figure. Needs the
//! oracle venv (`TAFL8_VENV`); skipped locally without it, required in CI.

use std::io::Write;
use std::process::{Command, Stdio};

use tafl8_p8::cart::read_source;
use tafl8_p8::count::compress::compress;
use tafl8_p8::token::p8scii::to_p8scii;

/// Python run by the oracle: for each line `HEX_OF_COMPRESSED FILE`, decode with shrinko8 and print
/// the decoded code as hex, then shrinko8's own compressed size of the same code.
const ORACLE: &str = r#"
import sys, io, shrinko
sys.path.insert(0, list(shrinko.__path__)[0])
from utils import BinaryReader, BinaryWriter
from pico_compress import uncompress_code, compress_code
for line in sys.stdin:
    data = bytes.fromhex(line.strip())
    with BinaryReader(io.BytesIO(data), big_end=True) as r:
        code = uncompress_code(r)
    sizes = []
    w = BinaryWriter(io.BytesIO(), big_end=True)
    compress_code(w, code, size_handler=lambda prefix, name, size, limit: sizes.append(size), force_compress=True, fail_on_error=False)
    print(bytes(ord(c) for c in code).hex(), sizes[0] if sizes else -1)
"#;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs shrinko8 (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn shrinko8_decodes_our_compression() {
    // shrinko8's modules, imported by the venv's Python.
    let Some(venv) = tafl8_testkit::venv(tafl8_testkit::Oracle::Shrinko8) else {
        return;
    };
    let files = tafl8_testkit::corpus_and_carts();
    let codes: Vec<Vec<u8>> = files
        .iter()
        .map(|f| to_p8scii(&read_source(f).unwrap_or_else(|e| panic!("{e}")).code))
        .collect();
    let ours: Vec<Vec<u8>> = codes.iter().map(|c| compress(c)).collect();
    let mut child = Command::new(venv.join("bin/python"))
        .args(["-c", ORACLE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start python with shrinko");
    {
        let mut stdin = child.stdin.take().unwrap();
        for c in &ours {
            writeln!(stdin, "{}", hex(c)).unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "shrinko8 could not decode our stream");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), files.len());
    let (mut total_ours, mut total_theirs) = (0, 0);
    for (((f, code), c), line) in files.iter().zip(&codes).zip(&ours).zip(lines) {
        let (decoded, size) = line.split_once(' ').unwrap();
        assert_eq!(
            decoded,
            hex(code),
            "{}: shrinko8 decodes something else",
            f.display()
        );
        let theirs: usize = size.parse().unwrap();
        total_ours += c.len();
        total_theirs += theirs;
        // Never far from the best tool's figure: within 10% (plus a byte for rounding).
        assert!(
            c.len() * 10 <= theirs * 11 + 10,
            "{}: ours {} bytes, shrinko8 {theirs}",
            f.display(),
            c.len()
        );
    }
    eprintln!(
        "{} files: ours {total_ours} bytes, shrinko8 {total_theirs} bytes",
        files.len()
    );
}
