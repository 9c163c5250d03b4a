//! PNG and ROM carts from the command line: `tafl8 build -o X.p8.png` / `X.p8.rom` write them
//! (the name chooses the format), and `run`, `count` and `lint` read them as they read a `.p8`;
//! a damaged PNG is a clear error, not a panic.

use std::path::PathBuf;
mod cli_support;

use cli_support::{tafl8, SMALL_DIFF};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tafl8-png-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn cart(ext: &str) -> String {
    format!("{}/carts/ziege.{ext}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn build_writes_the_format_the_name_asks_for() {
    let png = temp("z.p8.png");
    let rom = temp("z.p8.rom");
    for out in [&png, &rom] {
        let (code, _, stderr) = tafl8(&["build", "-o", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{stderr}");
    }
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    // The same bytes as the committed cart (built from the same templates).
    assert_eq!(bytes, std::fs::read(cart("p8.png")).unwrap());
    let rom_bytes = std::fs::read(&rom).unwrap();
    assert_eq!(rom_bytes.len(), 0x8000);
    assert_eq!(&rom_bytes[0x4300..0x4304], b"\0pxa");
}

#[test]
fn count_lint_and_run_read_png_and_rom_carts() {
    let rom = temp("read.p8.rom");
    let (code, _, stderr) = tafl8(&["build", "-o", rom.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let (_, from_p8, _) = tafl8(&["count", "--json", &cart("p8")]);
    let tokens = |json: &str| {
        let v: serde_json::Value = serde_json::from_str(json).unwrap();
        (
            v["tokens"].as_u64(),
            v["chars"].as_u64(),
            v["compressed"].as_u64(),
        )
    };
    for file in [cart("p8.png"), rom.display().to_string()] {
        let (code, stdout, stderr) = tafl8(&["count", "--json", &file]);
        assert_eq!(code, 0, "{file}: {stderr}");
        assert_eq!(tokens(&stdout), tokens(&from_p8), "{file}");
        let (code, stdout, stderr) = tafl8(&["lint", &file]);
        assert_eq!(code, 0, "{file}: {stdout}{stderr}");
        assert!(stdout.contains("0 error(s)"), "{stdout}");
        let (code, _, stderr) = tafl8(&["run", &file, "--frames", "3"]);
        assert_eq!(code, 0, "{file}: {stderr}");
    }
}

#[test]
fn damaged_png_carts_are_clear_errors() {
    let mut bytes = std::fs::read(cart("p8.png")).unwrap();
    bytes.truncate(bytes.len() / 2);
    let bad = temp("cut.p8.png");
    std::fs::write(&bad, &bytes).unwrap();
    let (code, _, stderr) = tafl8(&["count", bad.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("cut.p8.png") && stderr.contains("PNG") && !stderr.contains("panicked"),
        "{stderr}"
    );
    let (code, _, stderr) = tafl8(&["run", bad.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        stderr.contains("cut.p8.png") && !stderr.contains("panicked"),
        "{stderr}"
    );
    let short = temp("short.p8.rom");
    std::fs::write(&short, [0u8; 100]).unwrap();
    let (code, _, stderr) = tafl8(&["lint", short.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cut short"), "{stderr}");
}

#[test]
fn diff_compares_a_png_cart_and_catches_a_bug_in_it() {
    let small = SMALL_DIFF;
    let png = cart("p8.png");
    let mut args = vec!["diff", "--cart", &png, "--variant", "ziege"];
    args.extend(small);
    let (code, stdout, stderr) = tafl8(&args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert!(
        v["cases"].as_u64().unwrap() > 0 && v["mismatches"] == 0,
        "{stdout}"
    );

    // The same cart with the custodial capture flipped, shared as a PNG: the diff finds it and
    // its repro line names the cart.
    let mut bad = tafl8_p8::Cart::read_file(std::path::Path::new(&cart("p8"))).unwrap();
    let code_text = bad.lua().unwrap().to_string();
    let pattern = "   if sd[bd[v+d]]==side then\n    rem(v)";
    assert!(
        code_text.contains(pattern),
        "the planted-bug pattern is in the cart"
    );
    bad.set_lua(&code_text.replacen(pattern, "   if sd[bd[v+d]]~=side then\n    rem(v)", 1));
    let bad_png = temp("bad.p8.png");
    bad.write_file(&bad_png).unwrap();
    let bad_path = bad_png.display().to_string();
    let mut args = vec!["diff", "--cart", &bad_path, "--variant", "ziege"];
    args.extend(small);
    let (code, stdout, _) = tafl8(&args);
    assert_eq!(code, 1, "{stdout}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert!(v["mismatches"].as_u64().unwrap() > 0);
    assert!(
        stdout.contains("--cart") && stdout.contains("bad.p8.png"),
        "repro names the cart: {stdout}"
    );
    // One cart, one ruleset: two variants is a usage error.
    let (code, _, stderr) = tafl8(&[
        "diff",
        "--cart",
        &png,
        "--variant",
        "ziege",
        "--variant",
        "tablut",
    ]);
    assert_eq!(code, 1);
    assert!(stderr.contains("exactly one"), "{stderr}");
}
