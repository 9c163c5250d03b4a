//! `tafl8 build` from the command line: writes the cart where asked, prints the budget table or
//! JSON, fails with exit 1 naming the biggest parts when over budget, fits with --fit, and
//! `--check` tells a stale cart.

mod cli_support;

use cli_support::{tafl8, SMALL_DIFF};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tafl8-build-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn builds_where_asked_and_prints_the_table() {
    let out = temp("b.p8");
    let (code, stdout, stderr) = tafl8(&[
        "build",
        "--variant",
        "brandubh",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("ai/search") && stdout.contains("/ 8192 tokens"),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.starts_with("pico-8 cartridge")
            && text.contains("__gfx__")
            && text.contains("__label__")
    );
    // The same build again is fresh; a changed file is stale.
    let path = out.to_str().unwrap();
    assert_eq!(
        tafl8(&["build", "--variant", "brandubh", "-o", path, "--check"]).0,
        0
    );
    std::fs::write(&out, text.replace("function gen()", "function gen( )")).unwrap();
    let (code, _, stderr) = tafl8(&["build", "--variant", "brandubh", "-o", path, "--check"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("stale"), "{stderr}");
}

#[test]
fn json_budget_is_one_object() {
    let out = temp("j.p8");
    let (code, stdout, stderr) = tafl8(&["build", "--json", "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    assert_eq!(v["variant"], "ziege");
    assert!(v["tokens"].as_u64().unwrap() > 1000);
    assert!(v["functions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["name"] == "nega"));
}

#[test]
fn over_budget_fails_and_fit_fits() {
    let out = temp("f.p8");
    let path = out.to_str().unwrap();
    let (code, _, stderr) = tafl8(&["build", "--budget", "2000", "-o", path]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("over budget") && stderr.contains("ai/search"),
        "{stderr}"
    );
    // A budget just under the full cart's size: --fit must drop something and then fit. Taken from
    // the full build itself so the test follows the game's size as it changes.
    let (code, stdout, stderr) = tafl8(&["build", "--json", "-o", path]);
    assert_eq!(code, 0, "{stderr}");
    let full: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    let budget = (full["tokens"].as_u64().expect("tokens") - 100).to_string();
    let (code, stdout, stderr) = tafl8(&["build", "--budget", &budget, "--fit", "-o", path]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("--fit dropped:"), "{stdout}");
    let (code, _, stderr) = tafl8(&["build", "--budget", &budget, "-o", path]);
    assert_eq!(code, 1, "without --fit the same budget fails: {stderr}");
    let (code, _, stderr) = tafl8(&["build", "--features", "full,-warp", "-o", path]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("unknown feature `warp`"), "{stderr}");
}

#[test]
fn a_rulesets_own_engine_is_what_its_cart_and_its_diff_play() {
    // Brandubh with an engine of its own, one none of `tafl8 diff`'s default configs is.
    let src = tafl8(&["rules", "--variant", "brandubh"]).1;
    let rules = temp("own.toml");
    std::fs::write(&rules, format!("{src}\n[ai]\nengine = \"full,-lmr\"\n")).unwrap();
    let rules = rules.to_str().unwrap();
    let cart = |name: &str, features: Option<&str>| {
        let out = temp(name);
        let mut args = vec!["build", "--rules", rules, "-o", out.to_str().unwrap()];
        if let Some(f) = features {
            args.extend(["--features", f]);
        }
        let (code, _, stderr) = tafl8(&args);
        assert_eq!(code, 0, "{stderr}");
        std::fs::read(out).unwrap()
    };
    // The default build is the engine the file names, spelt out, and not `full`.
    let own = cart("own.p8", None);
    assert_eq!(own, cart("spelt.p8", Some("full,-lmr")));
    assert_ne!(own, cart("full.p8", Some("full")));

    let mut args = vec!["diff", "--rules", rules];
    args.extend(SMALL_DIFF);
    let (code, stdout, stderr) = tafl8(&args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let configs: Vec<&str> = v["configs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(
        configs.contains(&"engine") && configs.contains(&"full"),
        "{configs:?}"
    );
    assert_eq!(v["mismatches"], 0, "{stdout}");
}

#[test]
fn builds_the_calibration_cart_where_asked() {
    // A preset's: the committed cart's bytes (which `carts_fresh` keeps fresh), written where
    // -o says; --check tells it fresh, then stale once changed.
    let out = temp("calib.p8");
    let path = out.to_str().unwrap();
    let (code, stdout, stderr) = tafl8(&[
        "build",
        "--calibration",
        "--variant",
        "brandubh",
        "-o",
        path,
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("/ 8192 tokens"), "{stdout}");
    let text = std::fs::read_to_string(&out).unwrap();
    let committed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/carts/calib/brandubh.p8"
    ))
    .unwrap();
    assert!(
        text == committed,
        "the CLI's calibration cart is the committed one"
    );
    let check = [
        "build",
        "--calibration",
        "--variant",
        "brandubh",
        "-o",
        path,
        "--check",
    ];
    assert_eq!(tafl8(&check).0, 0);
    std::fs::write(&out, text.replace("function cal_o(", "function cal_o (")).unwrap();
    let (code, _, stderr) = tafl8(&check);
    assert_eq!(code, 1);
    assert!(stderr.contains("stale"), "{stderr}");

    // A rules file's, by default beside the file (`edge11.toml` -> `edge11.calib.p8`): it lints
    // clean and, run, prints a reading a construct and the node, each equal to its prediction.
    let rules = temp("edge11.toml");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/rules/edge11.toml"),
        &rules,
    )
    .unwrap();
    let (code, _, stderr) = tafl8(&["build", "--calibration", "--rules", rules.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let cart = temp("edge11.calib.p8");
    let cart = cart.to_str().unwrap();
    let (code, out, err) = tafl8(&["lint", cart]);
    assert_eq!(code, 0, "{out}{err}");
    let frames = tafl8_diff::calibration::frames().to_string();
    let (code, out, err) = tafl8(&["run", cart, "--frames", &frames, "--printh"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<String> = out.lines().map(str::to_string).collect();
    let r = tafl8_codegen::calibration::readings(&lines);
    assert_eq!(
        r.len(),
        tafl8_codegen::calibration::PROBES.len() + 1,
        "{out}"
    );
    assert!(r.iter().all(|x| x.measured == x.predicted), "{r:?}");
    assert!(r.last().unwrap().name.starts_with("node"), "{r:?}");
    assert!(lines.iter().any(|l| l.trim() == "done"), "{out}");
}
