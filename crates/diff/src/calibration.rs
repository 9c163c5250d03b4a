//! The calibration cart with the runner's figures in it: built once with no predictions, run in
//! the runner (which measures every construct and the search node in its own CPU model), and
//! built again with those measurements baked in as the predictions a PICO-8 owner compares with
//! (see `tafl8_codegen::calibration`).

use tafl8_codegen::calibration::{self, readings, Predictions, Reading, PROBES};
use tafl8_codegen::Built;
use tafl8_engine::Rules;
use tafl8_p8::Cart;
use tafl8_runner::session::{RunOptions, Session};
use tafl8_runner::vm::Limits;

use crate::DiffError;

/// Frames the cart needs: one a probe, one for the node, and one to spare.
pub fn frames() -> u32 {
    PROBES.len() as u32 + 2
}

/// Runs a calibration cart in the runner and returns its readings (probes in order, then the
/// node).
pub fn run(cart: &Cart) -> Result<Vec<Reading>, DiffError> {
    let backend = |message: String| DiffError::Backend {
        backend: "runner".into(),
        message,
    };
    let session = Session::from_cart(cart, "calibration.p8", Limits::default())
        .map_err(|e| backend(format!("the calibration cart does not load: {e}")))?;
    let report = session
        .run(&RunOptions {
            frames: frames(),
            ..RunOptions::default()
        })
        .map_err(|e| backend(format!("the calibration cart stopped: {e}")))?;
    let lines = report.printh;
    let r = readings(&lines);
    if r.len() != PROBES.len() + 1 {
        return Err(backend(format!(
            "the calibration cart printed {} readings, expected {} (its output: {lines:?})",
            r.len(),
            PROBES.len() + 1
        )));
    }
    Ok(r)
}

/// `rules`' calibration cart with the runner's own figures as its predictions.
pub fn build(rules: &Rules) -> Result<Built, DiffError> {
    let err = |e: tafl8_codegen::CodegenError| DiffError::Build {
        variant: rules.name().to_string(),
        config: "calibration".into(),
        message: e.to_string(),
    };
    let first = calibration::build(rules, None).map_err(err)?;
    let r = run(&first.cart)?;
    let predictions = Predictions {
        probes: r[..PROBES.len()].iter().map(|x| x.measured).collect(),
        node: r[PROBES.len()].measured,
    };
    calibration::build(rules, Some(&predictions)).map_err(err)
}
