//! Test support shared by tafl8's suites (a dev-dependency only; nothing in the product uses it).
//!
//! - [`oracle`]: the gate in front of every test that needs an external oracle (z8lua or
//!   shrinko8 in the Python venv named by `TAFL8_VENV`): run it, skip it with a note when the
//!   venv is not configured locally, or fail when `CI` is set and the oracle is missing, so CI can
//!   never pass by skipping.
//! - [`files`]: the p8 corpus and the committed carts, listed the same way for every suite.
//! - [`shrinko`]: reading shrinko8's output.
//!
//! Helpers here panic on purpose: they run inside tests, where a panic with a clear message is
//! the failure report.
#![warn(missing_docs)]

pub mod files;
pub mod oracle;
pub mod shrinko;

pub use files::{carts, corpus_and_carts, files_in, p8_corpus, workspace_root};
pub use oracle::{gate, shrinko8, venv, z8lua_python, Gate, Oracle, CI_VAR, VENV_VAR};
pub use shrinko::parsable_count;
