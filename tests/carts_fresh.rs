//! The committed carts are what `tafl8 build --all` makes now: a stale cart (templates, engine
//! tables or assets changed without a rebuild) fails here, the `.p8` and the `.p8.png` alike, and
//! the calibration carts too.

use tafl8_codegen::{build, BuildRequest};
use tafl8_engine::rules::PRESETS;
use tafl8_engine::Rules;
use tafl8_p8::CartFormat;

#[test]
fn committed_carts_equal_a_fresh_build() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut stale = Vec::new();
    for name in PRESETS {
        let built = build(&BuildRequest::full(Rules::preset(name).unwrap())).unwrap();
        for (ext, format) in [("p8", CartFormat::P8), ("p8.png", CartFormat::Png)] {
            let path = format!("{root}/carts/{name}.{ext}");
            let on_disk = std::fs::read(&path).unwrap_or_default();
            if on_disk != built.cart.to_bytes(format).unwrap() {
                stale.push(path);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale cart(s): {stale:?}: rebuild with `cargo run --release -- build --all` and commit"
    );
}

/// The calibration carts (`carts/calib/`), with the runner's figures baked in, likewise.
#[test]
fn committed_calibration_carts_equal_a_fresh_build() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut stale = Vec::new();
    for name in PRESETS {
        let built = tafl8_diff::calibration::build(&Rules::preset(name).unwrap()).unwrap();
        let path = format!("{root}/carts/calib/{name}.p8");
        let on_disk = std::fs::read(&path).unwrap_or_default();
        if on_disk != built.cart.to_bytes(CartFormat::P8).unwrap() {
            stale.push(path);
        }
    }
    assert!(
        stale.is_empty(),
        "stale calibration cart(s): {stale:?}: rebuild with `cargo run --release -- build --all` \
         and commit"
    );
}
