//! The driver's errors.

/// Why a comparison could not run (a mismatch is not an error: it is a finding in the report).
#[derive(Debug, thiserror::Error)]
pub enum DiffError {
    /// The ruleset or search configuration is unknown or invalid.
    #[error("{0}")]
    Config(String),
    /// The cart could not be built for this variant and configuration.
    #[error("building the cart for {variant} ({config}): {message}")]
    Build {
        /// Variant name.
        variant: String,
        /// Search configuration spec.
        config: String,
        /// The code generator's error.
        message: String,
    },
    /// A planted bug's pattern is not in the rendered program (the mutation would be a no-op).
    #[error("planted bug `{name}`: pattern {pattern:?} not found in the rendered Lua: update the mutation to the template's current text")]
    Mutation {
        /// The mutation's name.
        name: String,
        /// The text it looks for.
        pattern: String,
    },
    /// The Lua side could not be started (e.g. z8lua missing) or broke the protocol.
    #[error("{backend}: {message}")]
    Backend {
        /// Which backend.
        backend: String,
        /// What went wrong and how to fix it.
        message: String,
    },
}
