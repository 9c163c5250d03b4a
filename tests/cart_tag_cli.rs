//! Carts say which ruleset they were built for (`-- tafl8 ruleset NAME ID`, the first line of
//! their code, in every format), and the tools that take a cart check it: `diff --cart` refuses
//! another ruleset's cart naming both, instead of a mismatch per case; `run` says what the cart
//! was built for and whether that is still the preset of that name.

mod cli_support;

use std::path::PathBuf;

use cli_support::tafl8;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tafl8-tag-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The small diff options: the tag check comes before any case.
fn diff_cart(cart: &str, ruleset: &[&str]) -> (i32, String, String) {
    let mut args = vec!["diff", "--cart", cart];
    args.extend_from_slice(ruleset);
    args.extend_from_slice(&cli_support::SMALL_DIFF);
    tafl8(&args)
}

#[test]
fn diff_refuses_a_cart_built_for_another_ruleset() {
    // The committed PNG cart, as a user would pass it.
    let (code, stdout, stderr) = diff_cart("carts/tablut.p8.png", &["--variant", "ziege"]);
    assert_ne!(code, 0, "{stdout}");
    assert!(
        stderr.contains("this cart was built for ruleset tablut, not ziege")
            && stderr.contains("--variant tablut"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("nil value") && stdout.is_empty(),
        "{stderr}"
    );
    // The right ruleset passes the check and compares.
    let (code, stdout, stderr) = diff_cart("carts/tablut.p8.png", &["--variant", "tablut"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("\"mismatches\": 0"), "{stdout}");
}

#[test]
fn every_format_carries_the_tag() {
    for ext in ["p8", "p8.png", "p8.rom"] {
        let dir = scratch(&format!("fmt-{}", ext.replace('.', "-")));
        let cart = dir.join(format!("b.{ext}"));
        let cart = cart.to_str().unwrap();
        let (code, _, stderr) = tafl8(&["build", "--variant", "brandubh", "-o", cart]);
        assert_eq!(code, 0, "{stderr}");
        let (code, stdout, stderr) = tafl8(&["run", cart]);
        assert_eq!(code, 0, "{stderr}");
        assert!(
            stdout.contains("built for ruleset brandubh "),
            "{ext}: {stdout}"
        );
        assert!(!stdout.contains("not the preset"), "{ext}: {stdout}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A user's copy of a preset, edited but not renamed: same name, other rules, another id.
#[test]
fn an_edited_copy_of_a_preset_is_told_apart() {
    let dir = scratch("edited");
    let (code, toml, _) = tafl8(&["rules", "--variant", "brandubh"]);
    assert_eq!(code, 0);
    assert!(toml.contains("\nmove_limit = 0\n"), "{toml}");
    let rules = dir.join("mine.toml");
    std::fs::write(
        &rules,
        toml.replace("\nmove_limit = 0\n", "\nmove_limit = 150\n"),
    )
    .unwrap();
    let cart = dir.join("mine.p8");
    let (code, _, stderr) = tafl8(&[
        "build",
        "--rules",
        rules.to_str().unwrap(),
        "-o",
        cart.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, _) = tafl8(&["run", cart.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(stdout.contains("not the preset brandubh"), "{stdout}");
    let (code, _, stderr) = diff_cart(cart.to_str().unwrap(), &["--variant", "brandubh"]);
    assert_ne!(code, 0);
    assert!(
        stderr.contains("another ruleset named brandubh"),
        "{stderr}"
    );
    let (code, stdout, stderr) = diff_cart(
        cart.to_str().unwrap(),
        &["--rules", rules.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A cart without the tag (an older build, another tool) is still compared, with a warning.
#[test]
fn an_untagged_cart_is_compared_with_a_warning() {
    let dir = scratch("untagged");
    let text = std::fs::read_to_string("carts/brandubh.p8").unwrap();
    let first = text.lines().position(|l| l == "__lua__").unwrap() + 1;
    let mut lines: Vec<&str> = text.lines().collect();
    assert!(lines[first].starts_with("-- tafl8 ruleset brandubh "));
    lines.remove(first);
    let cart = dir.join("old.p8");
    std::fs::write(&cart, lines.join("\n") + "\n").unwrap();
    let (code, stdout, stderr) = diff_cart(cart.to_str().unwrap(), &["--variant", "brandubh"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stderr.contains("does not say which ruleset"), "{stderr}");
    let (_, stdout, _) = tafl8(&["run", cart.to_str().unwrap()]);
    assert!(stdout.contains("no ruleset tag"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}
