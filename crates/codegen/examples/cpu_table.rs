//! Prints docs/runner.md's CPU table from `tafl8_codegen::calibration::PROBES`
//! (`cargo run -p tafl8-codegen --example cpu_table`; `tests/calibration.rs` checks the docs hold
//! it).

fn main() {
    print!("{}", tafl8_codegen::calibration::markdown_table());
}
