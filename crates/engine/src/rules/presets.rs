//! The built-in presets, embedded from `crates/engine/rules/*.toml` so users can read the same files.

/// Names of the built-in presets; the first is the default.
pub const PRESETS: [&str; 4] = ["ziege", "brandubh", "tablut", "copenhagen"];

/// The TOML source of a preset (comments included), ready to copy and edit.
pub fn preset_source(name: &str) -> Option<&'static str> {
    match name {
        "ziege" => Some(include_str!("../../rules/ziege.toml")),
        "brandubh" => Some(include_str!("../../rules/brandubh.toml")),
        "tablut" => Some(include_str!("../../rules/tablut.toml")),
        "copenhagen" => Some(include_str!("../../rules/copenhagen.toml")),
        _ => None,
    }
}
