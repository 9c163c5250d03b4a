//! The templates a cart is made of, in the order they are concatenated. Embedded at compile time,
//! so `tafl8 build` works from any directory; `templates/` in the repository is the source.

/// What a part of the cart is for (the budget table groups by it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Group {
    /// The rules engine (board, moves, captures, outcome).
    Engine,
    /// The AI (evaluation, search, book, difficulty).
    Ai,
    /// The game around it (drawing, input, the loop).
    Game,
}

/// One template.
#[derive(Debug, Clone, Copy)]
pub struct Part {
    /// Short name, as the budget table shows it (`engine/movegen`).
    pub name: &'static str,
    /// The template's path under `templates/`.
    pub path: &'static str,
    /// The template source.
    pub source: &'static str,
    /// Which group it belongs to.
    pub group: Group,
    /// The optional feature that includes it (`None`: always included).
    pub feature: Option<&'static str>,
}

macro_rules! part {
    ($name:literal, $group:ident, $feature:expr) => {
        Part {
            name: $name,
            path: concat!($name, ".lua"),
            source: include_str!(concat!("../../../templates/", $name, ".lua")),
            group: Group::$group,
            feature: $feature,
        }
    };
}

/// Every template, in cart order (definitions before the code that runs at load time uses them).
pub const PARTS: &[Part] = &[
    part!("engine/random", Engine, None),
    part!("engine/board", Engine, None),
    part!("engine/movegen", Engine, None),
    part!("engine/captures", Engine, None),
    part!("engine/outcome", Engine, None),
    part!("engine/makemove", Engine, None),
    part!("ai/eval", Ai, None),
    part!("ai/captures", Ai, None),
    part!("ai/search", Ai, None),
    part!("ai/quiesce", Ai, Some("qsearch")),
    part!("ai/race", Ai, Some("race")),
    part!("ai/difficulty", Ai, None),
    part!("ai/book", Ai, Some("book")),
    part!("game/board", Game, None),
    part!("game/title", Game, None),
    part!("game/play", Game, None),
];
