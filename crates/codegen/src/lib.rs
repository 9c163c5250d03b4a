//! tafl8's code generator: renders the engine's Lua from the templates in `templates/` with the
//! ruleset's tables computed by the engine, checks and counts it against PICO-8's budget, and
//! assembles the `.p8` cart with the sprites and label from `assets/`.
//!
//! The Lua API the templates define (the harness and the game call these):
//! `setup(cells, side)` (cells: a list indexed by square, e.g. `split(strt)`), `gen()` (legal
//! move codes `from*AREA+to` in the contract's order), `mk(m)` / `um()` (make / unmake),
//! `outcome()` (winner 0/1/2 and reason code, see [`reason_code`], or nothing), and the state
//! globals `bd side hash king status ply hist caps undos`.
#![warn(missing_docs)]

mod ai_context;
pub mod assets;
mod book;
pub mod budget;
pub mod calibration;
mod cartfile;
pub mod context;
mod error;
pub mod features;
pub mod lua_memory;
pub mod parts;
mod pipeline;
mod render;
pub mod screen;
pub mod sfx;
pub mod tables;
pub mod tag;

pub use budget::{Budget, FunctionCost, PartCost};
pub use cartfile::{assemble, LABEL_PNG, SPRITES_PNG};
pub use context::reason_code;
pub use error::CodegenError;
pub use features::{all_set, config_of, engine_set, full_set, set_of, Feature, FEATURES};
pub use pipeline::{build, build_within, feature_costs, BuildRequest, Built, SearchDepths};
pub use tag::RulesetTag;
