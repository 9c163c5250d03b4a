//! The optional features a cart can leave out to save tokens, with the value `--fit` weighs
//! against their token cost.

/// One optional feature.
#[derive(Debug, Clone, Copy)]
pub struct Feature {
    /// Its name on the command line (`--features`).
    pub name: &'static str,
    /// What it does.
    pub description: &'static str,
    /// How much it is worth (playing strength or game value, relative; `--fit` drops the lowest
    /// value per token first).
    pub value: u32,
    /// Whether it draws from the PRNG (`below(n)` is then emitted).
    pub uses_random: bool,
}

/// Every optional feature.
pub const FEATURES: &[Feature] = &[];
