//! A cart to test: the code generator's build for a ruleset and a search configuration (the
//! configuration's switches become the build's features), optionally with a planted bug.

use std::sync::Arc;

use tafl8_codegen::{build, BuildRequest, SearchDepths};
use tafl8_engine::book::Book;
use tafl8_engine::config::{SearchConfig, NOT_IN_CART};
use tafl8_engine::Rules;
use tafl8_p8::Cart;

use crate::error::DiffError;

/// A built cart and the Rust configuration it must match.
#[derive(Clone, Debug)]
pub struct Target {
    /// The ruleset.
    pub rules: Arc<Rules>,
    /// The `tafl8 diff` option that selects the ruleset, for repro commands: `--variant NAME`
    /// (what [`Target::new`] assumes), or `--rules 'FILE'` for a rules file (set by the caller).
    pub rules_arg: String,
    /// The configuration spec (`SearchConfig::parse` syntax), for reports and repro commands.
    pub spec: String,
    /// The configuration.
    pub cfg: SearchConfig,
    /// The cart's Lua, as the code generator rendered it.
    pub code: String,
    /// The cart (sprites, label) the code runs in.
    pub cart: Cart,
    /// The engine's opening book for this variant, when the cart carries one.
    pub book: Option<Book>,
}

/// The engine's own book for `rules` (its committed book file, read by the engine, not through
/// the code generator's compact string).
fn engine_book(rules: &Rules) -> Result<Book, DiffError> {
    Book::builtin(rules).ok_or_else(|| {
        DiffError::Config(format!(
            "the cart for {} carries an opening book but the engine has none for it",
            rules.name()
        ))
    })
}

/// The feature set a configuration describes (see [`tafl8_codegen::set_of`]).
pub use tafl8_codegen::set_of as features_of;

impl Target {
    /// Builds the cart for preset `variant` searched with config `spec` (e.g. `full`,
    /// `seed,+tt`, or `engine`: the variant's own).
    pub fn preset(variant: &str, spec: &str) -> Result<Target, DiffError> {
        let rules = Rules::preset(variant).map_err(|e| DiffError::Config(e.to_string()))?;
        Target::new(Arc::new(rules), spec)
    }

    /// Builds the cart for `rules` with config `spec`. The token budget is lifted: the harness
    /// tests what the Lua computes, and a configuration with every switch on may not fit 8192.
    pub fn new(rules: Arc<Rules>, spec: &str) -> Result<Target, DiffError> {
        let cfg =
            SearchConfig::parse_for(spec, &rules).map_err(|e| DiffError::Config(e.to_string()))?;
        // Research switches of the Rust engine that the templates do not mirror yet: a cart
        // built from such a config would search differently, so refuse rather than report
        // mismatches.
        let missing = cfg.rust_only();
        if !missing.is_empty() {
            return Err(DiffError::Config(format!(
                "`{spec}`: the cart does not implement {} yet (Rust-only switches: {}); \
                 turn them off (-name) to compare with the cart",
                missing.join(", "),
                NOT_IN_CART.join(", ")
            )));
        }
        let req = BuildRequest {
            rules: (*rules).clone(),
            features: features_of(&cfg),
            depths: SearchDepths::of(&cfg),
            budget: usize::MAX,
            fit: false,
        };
        let built = build(&req).map_err(|e| DiffError::Build {
            variant: rules.name().to_string(),
            config: spec.to_string(),
            message: e.to_string(),
        })?;
        // The cart's table size is not a feature: the code generator always uses FULL's.
        if cfg.tt && cfg.tt_bits != SearchConfig::FULL.tt_bits {
            return Err(DiffError::Config(format!(
                "`{spec}`: the cart's transposition table has 2^{} entries; use tt-bits={0}",
                SearchConfig::FULL.tt_bits
            )));
        }
        // The cart's book is the engine's book file, which the Rust side reads independently
        // (not through the code generator's compact string).
        let book = if built.code.contains("function bookmove()") {
            Some(engine_book(&rules)?)
        } else {
            None
        };
        Ok(Target {
            rules_arg: format!("--variant {}", rules.name()),
            rules,
            spec: spec.to_string(),
            cfg,
            code: built.code,
            cart: built.cart,
            book,
        })
    }

    /// The same cart with a planted bug: the first occurrence of `pattern` in the rendered Lua
    /// replaced by `replacement` (as if the template had been written that way). Fails when the
    /// pattern is absent, so a planted bug can never silently be a no-op.
    pub fn mutated(
        &self,
        name: &str,
        pattern: &str,
        replacement: &str,
    ) -> Result<Target, DiffError> {
        if !self.code.contains(pattern) {
            return Err(DiffError::Mutation {
                name: name.to_string(),
                pattern: pattern.to_string(),
            });
        }
        let mut t = self.clone();
        t.code = self.code.replacen(pattern, replacement, 1);
        t.spec = format!("{} [planted bug: {name}]", self.spec);
        Ok(t)
    }

    /// The program the Lua side runs: the cart's code, the harness, and the requests.
    pub fn program(&self, requests: &[String]) -> String {
        let mut s = String::with_capacity(self.code.len() + crate::HARNESS.len() + 64);
        s.push_str(&self.code);
        s.push('\n');
        s.push_str(crate::HARNESS);
        s.push('\n');
        if !requests.is_empty() {
            // Request lines hold only digits, letters, commas, dots, spaces and `-`: no escaping
            // beyond the line breaks is needed.
            s.push_str("reqs=\"");
            s.push_str(&requests.join("\\n"));
            s.push_str("\"\n");
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_only_switches_are_refused_by_name() {
        for name in NOT_IN_CART {
            let spec = format!("full,+{name}");
            let Err(DiffError::Config(e)) = Target::preset("brandubh", &spec) else {
                panic!("`{spec}` was not refused");
            };
            assert!(e.contains(name) && e.contains("does not implement"), "{e}");
        }
    }
}
