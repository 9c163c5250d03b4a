//! PNG carts against shrinko8, in both directions, for every committed cart:
//! - shrinko8 reads tafl8's `carts/*.p8.png` (converting it to `.p8.rom` and `.p8`) to the same
//!   data bytes, the same code and the same label as the `.p8` they were built from;
//! - tafl8 reads the `.p8.png` and `.p8.rom` shrinko8 writes from the committed `.p8` (new
//!   compressed format), and an old-format (`:c:`) PNG and a plain-code PNG it writes, to the
//!   same code, data and label.
//!
//! Needs the oracle venv: `TAFL8_VENV=<abs path of .venv>` (create it with `bash .ci/oracles.sh`).

use std::path::{Path, PathBuf};
use std::process::Command;

use tafl8_engine::rules::PRESETS;
use tafl8_p8::cart::rom::CODE_START;
use tafl8_p8::Cart;

fn shrinko8(exe: &Path, args: &[&Path], extra: &[&str]) {
    let out = Command::new(exe)
        .args(args)
        .args(extra)
        .output()
        .expect("shrinko8 runs");
    assert!(
        out.status.success(),
        "shrinko8 {args:?} {extra:?} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tafl8-carts-png-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn committed(name: &str, ext: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("carts/{name}.{ext}"))
}

/// Same code, same ROM data (sprites, map, flags, music, sfx) and same label.
fn assert_same(what: &str, got: &Cart, want: &Cart) {
    assert_eq!(got.lua(), want.lua(), "{what}: code differs");
    let (g, w) = (got.to_rom().unwrap(), want.to_rom().unwrap());
    if let Some(at) = (0..CODE_START).find(|&i| g[i] != w[i]) {
        panic!(
            "{what}: data differs first at byte {at:#06x}: {:#04x}, want {:#04x}",
            g[at], w[at]
        );
    }
    assert_eq!(got.label().unwrap(), want.label().unwrap(), "{what}: label");
}

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs shrinko8 (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn shrinko8_reads_tafl8_png_carts() {
    let Some(exe) = tafl8_testkit::shrinko8() else {
        return;
    };
    let dir = scratch("read");
    for name in PRESETS {
        let source = Cart::read_file(&committed(name, "p8")).unwrap();
        let png = committed(name, "p8.png");
        let rom = dir.join(format!("{name}.p8.rom"));
        let p8 = dir.join(format!("{name}.p8"));
        shrinko8(&exe, &[&png, &rom], &[]);
        shrinko8(&exe, &[&png, &p8], &[]);
        // The data bytes as shrinko8 decoded them from the pixels, compared raw.
        let rom_bytes = std::fs::read(&rom).unwrap();
        let ours = source.to_rom().unwrap();
        assert_eq!(
            rom_bytes[..CODE_START],
            ours[..CODE_START],
            "{name}: shrinko8 reads other data bytes from the PNG"
        );
        // The code (shrinko8 decompressed it) and the label, through shrinko8's own .p8.
        let back = Cart::read_file(&p8).unwrap();
        assert_same(
            &format!("{name}: shrinko8's .p8 of tafl8's PNG"),
            &back,
            &source,
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs shrinko8 (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn tafl8_reads_shrinko8_png_and_rom_carts() {
    let Some(exe) = tafl8_testkit::shrinko8() else {
        return;
    };
    let dir = scratch("write");
    for name in PRESETS {
        let p8 = committed(name, "p8");
        let source = Cart::read_file(&p8).unwrap();
        let png = dir.join(format!("{name}.p8.png"));
        let rom = dir.join(format!("{name}.p8.rom"));
        shrinko8(&exe, &[&p8, &png], &[]);
        shrinko8(&exe, &[&p8, &rom], &[]);
        let bytes = std::fs::read(&rom).unwrap();
        assert_eq!(&bytes[CODE_START..CODE_START + 4], b"\0pxa", "{name}");
        assert_same(
            &format!("{name}: shrinko8's PNG"),
            &Cart::read_file(&png).unwrap(),
            &source,
        );
        let from_rom = Cart::read_file(&rom).unwrap();
        assert_eq!(from_rom.lua(), source.lua(), "{name}: shrinko8's ROM");
    }
    // The format before PICO-8 0.2.0, which tafl8 reads but never writes.
    let p8 = committed("ziege", "p8");
    let old = dir.join("old.p8.png");
    let old_rom = dir.join("old.p8.rom");
    shrinko8(
        &exe,
        &[&p8, &old],
        &["--old-compression", "--force-compression"],
    );
    shrinko8(
        &exe,
        &[&p8, &old_rom],
        &["--old-compression", "--force-compression"],
    );
    let bytes = std::fs::read(&old_rom).unwrap();
    assert_eq!(&bytes[CODE_START..CODE_START + 4], b":c:\0");
    let source = Cart::read_file(&p8).unwrap();
    assert_same(
        "ziege: shrinko8's old-format PNG",
        &Cart::read_file(&old).unwrap(),
        &source,
    );
    // Short code shrinko8 stores uncompressed.
    let small = dir.join("small.p8");
    std::fs::write(
        &small,
        "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\nprint(\"⬅️ hi\")\n",
    )
    .unwrap();
    let small_rom = dir.join("small.p8.rom");
    shrinko8(&exe, &[&small, &small_rom], &[]);
    let bytes = std::fs::read(&small_rom).unwrap();
    assert_eq!(&bytes[CODE_START..CODE_START + 5], b"print", "stored plain");
    assert_eq!(
        Cart::read_file(&small_rom).unwrap().lua(),
        Some("print(\"⬅️ hi\")")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Without shrinko8: every committed PNG cart reads back to its `.p8`'s code, data and label.
#[test]
fn committed_png_carts_read_back_to_their_p8() {
    for name in PRESETS {
        let source = Cart::read_file(&committed(name, "p8")).unwrap();
        let png = Cart::read_file(&committed(name, "p8.png")).unwrap();
        assert_same(&format!("{name}.p8.png"), &png, &source);
    }
}
