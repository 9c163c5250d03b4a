//! The build: render the parts for a ruleset and a feature set, check the program (parse, lint),
//! count it, hold it to the budget (dropping features with `fit`), and assemble the cart.

use std::collections::BTreeSet;

use minijinja::Value;
use tafl8_engine::config::SearchConfig;
use tafl8_engine::Rules;
use tafl8_p8::{Cart, CHAR_LIMIT};

use crate::budget::{functions, Budget, PartCost};
use crate::context::RulesContext;
use crate::error::CodegenError;
use crate::features::{Feature, FEATURES};
use crate::parts::{Part, PARTS};
use crate::screen::ScreenContext;
use crate::tag::RulesetTag;

/// What to build.
#[derive(Debug, Clone)]
pub struct BuildRequest {
    /// The ruleset.
    pub rules: Rules,
    /// Optional features to include (names from [`FEATURES`]).
    pub features: BTreeSet<String>,
    /// Token budget (PICO-8's limit unless lowered).
    pub budget: usize,
    /// Drop the features with the least value per token until the program fits the budget.
    pub fit: bool,
    /// The search's depths (quiescence, king race): parameters, not switches.
    /// [`BuildRequest::full`] takes the ruleset's engine's.
    pub depths: SearchDepths,
}

/// The search's numeric parameters a cart is built with: the plies of quiescence (no tokens:
/// only a number in the code) and of the king race (its code is the `race` feature; this is
/// how deep it searches when the feature is in).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchDepths {
    /// Plies of quiescence (`SearchConfig::max_qply`).
    pub max_qply: u8,
    /// Plies of the king race (`SearchConfig::race`; used when the `race` feature is in).
    pub race: u8,
}

impl SearchDepths {
    /// The depths of `cfg`.
    pub fn of(cfg: &SearchConfig) -> SearchDepths {
        SearchDepths {
            max_qply: cfg.max_qply,
            race: cfg.race,
        }
    }
}

impl BuildRequest {
    /// A request for `rules` with the variant's own engine ([`crate::engine_set`]: `full`
    /// unless its rules name another) and PICO-8's full token budget.
    pub fn full(rules: Rules) -> BuildRequest {
        BuildRequest {
            features: crate::features::engine_set(&rules),
            depths: SearchDepths::of(&SearchConfig::of_rules(&rules)),
            rules,
            budget: tafl8_p8::TOKEN_LIMIT,
            fit: false,
        }
    }
}

/// A finished build.
#[derive(Debug, Clone)]
pub struct Built {
    /// The cart's Lua.
    pub code: String,
    /// Where the tokens went.
    pub budget: Budget,
    /// The cart (code, sprites, label).
    pub cart: Cart,
}

/// One rendered program before the budget is checked.
pub(crate) struct Rendered {
    pub(crate) code: String,
    pub(crate) parts: Vec<PartCost>,
    pub(crate) functions: Vec<crate::budget::FunctionCost>,
}

pub(crate) fn context(rules: &Rules, features: &BTreeSet<String>, depths: SearchDepths) -> Value {
    let mut cfg = crate::features::config_of(features);
    cfg.max_qply = depths.max_qply;
    if cfg.race > 0 {
        cfg.race = depths.race;
    }
    let mut ctx = serde_json::to_value(RulesContext::new(rules))
        .unwrap_or_else(|e| unreachable!("rules context serializes: {e}"));
    let extra = serde_json::json!({
        "screen": ScreenContext::new(rules),
        "features": features.iter().map(|f| (f.clone(), serde_json::Value::Bool(true))).collect::<serde_json::Map<_, _>>(),
        "ai": crate::ai_context::AiContext::new(
            rules,
            &cfg,
            features.contains("book"),
        ),
    });
    if let (Some(map), serde_json::Value::Object(more)) = (ctx.as_object_mut(), extra) {
        map.extend(more);
    }
    Value::from_serialize(&ctx)
}

pub(crate) fn included(part: &Part, features: &BTreeSet<String>) -> bool {
    part.feature.is_none_or(|f| features.contains(f))
}

fn render_all(
    rules: &Rules,
    features: &BTreeSet<String>,
    depths: SearchDepths,
) -> Result<Rendered, CodegenError> {
    let ctx = context(rules, features, depths);
    let parts: Vec<Part> = PARTS
        .iter()
        .filter(|p| included(p, features))
        .copied()
        .collect();
    render_parts(rules, &parts, &ctx)
}

/// Renders `selected` with `ctx`, concatenated in order, parsed and linted as one program.
pub(crate) fn render_parts(
    rules: &Rules,
    selected: &[Part],
    ctx: &Value,
) -> Result<Rendered, CodegenError> {
    let env = crate::render::environment(selected)?;
    let mut code = String::new();
    let mut parts = Vec::new();
    let mut funcs = Vec::new();
    let mut starts = Vec::new();
    for part in selected {
        let text = crate::render::render(&env, part, ctx)?;
        let counts = tafl8_p8::count(&text).map_err(|e| CodegenError::Syntax {
            part: part.name.to_string(),
            template: part.path.to_string(),
            line: e.line as usize,
            col: e.col as usize,
            message: e.message.clone(),
            source_line: text
                .lines()
                .nth((e.line as usize).saturating_sub(1))
                .unwrap_or("")
                .to_string(),
        })?;
        parts.push(PartCost {
            name: part.name.to_string(),
            group: part.group,
            feature: part.feature.map(str::to_string),
            tokens: counts.tokens,
            chars: counts.chars,
        });
        funcs.extend(functions(part.name, &text));
        if !code.is_empty() {
            code.push('\n');
        }
        starts.push((part.name, code.matches('\n').count() + 1));
        code.push_str(&text);
    }
    check(&code, rules.name(), &starts)?;
    Ok(Rendered {
        code,
        parts,
        functions: funcs,
    })
}

/// Parses and lints the whole program; syntax errors and lint errors name the part and line.
fn check(code: &str, variant: &str, starts: &[(&'static str, usize)]) -> Result<(), CodegenError> {
    let chunk = tafl8_p8::parse(code).map_err(|e| {
        let line = e.pos.line as usize;
        let (part, local) = locate(starts, line);
        CodegenError::Syntax {
            part: format!("{variant}: {part}"),
            template: format!("{part}.lua"),
            line: local,
            col: e.pos.col as usize,
            message: e.message.clone(),
            source_line: code
                .lines()
                .nth(line.saturating_sub(1))
                .unwrap_or("")
                .to_string(),
        }
    })?;
    let errors: Vec<String> = tafl8_p8::lint(&chunk)
        .into_iter()
        .filter(|f| f.severity == tafl8_p8::Severity::Error)
        .map(|f| {
            let (part, local) = locate(starts, f.pos.line as usize);
            format!(
                "  templates/{part}.lua (rendered line {local}): {}",
                f.message
            )
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(CodegenError::Lint(errors.join("\n")))
    }
}

/// Which part a line of the whole program came from, and the line within that part. Parts are
/// joined in order with one newline, so `starts` (each part's first line) locates any line.
fn locate(starts: &[(&'static str, usize)], line: usize) -> (String, usize) {
    match starts.iter().rev().find(|(_, first)| *first <= line) {
        Some((name, first)) => (name.to_string(), line - first + 1),
        None => ("(cart)".to_string(), line),
    }
}

/// Builds a cart for `req`, minifying the code only if it is over PICO-8's character limit.
pub fn build(req: &BuildRequest) -> Result<Built, CodegenError> {
    build_within(req, CHAR_LIMIT)
}

/// Builds a cart for `req`, minifying the code if it has more than `char_limit` characters (a
/// lower limit than PICO-8's leaves room for other code, or tests the minifying path).
pub fn build_within(req: &BuildRequest, char_limit: usize) -> Result<Built, CodegenError> {
    for f in &req.features {
        if !FEATURES.iter().any(|k| k.name == f) {
            return Err(CodegenError::UnknownFeature {
                name: f.clone(),
                known: FEATURES
                    .iter()
                    .map(|k| k.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
    }
    let cfg = crate::features::config_of(&req.features);
    if cfg.tt {
        crate::lua_memory::check_tt_fits(cfg.tt_bits)?;
    }
    let mut features = req.features.clone();
    let mut dropped = Vec::new();
    let mut r = render_all(&req.rules, &features, req.depths)?;
    let mut tokens = tafl8_p8::count(&r.code)
        .map(|c| c.tokens)
        .unwrap_or(usize::MAX);
    while tokens > req.budget {
        if !req.fit {
            let mut parts = r.parts.clone();
            parts.sort_by_key(|p| std::cmp::Reverse(p.tokens));
            let biggest = parts
                .iter()
                .take(3)
                .map(|p| format!("{} {}", p.name, p.tokens))
                .collect::<Vec<_>>()
                .join(", ");
            return Err(CodegenError::OverBudget {
                tokens,
                budget: req.budget,
                biggest,
            });
        }
        let victim = cheapest_value(&req.rules, &features, req.depths)?;
        let Some(victim) = victim else {
            return Err(CodegenError::CoreOverBudget {
                tokens,
                budget: req.budget,
            });
        };
        features.remove(victim.name);
        dropped.push(victim.name.to_string());
        r = render_all(&req.rules, &features, req.depths)?;
        tokens = tafl8_p8::count(&r.code)
            .map(|c| c.tokens)
            .unwrap_or(usize::MAX);
    }
    // The ruleset tag heads the code, put back after any minifying (which drops comments).
    let tag = RulesetTag::of(&req.rules).line();
    let mut code = format!("{tag}\n{}", r.code);
    let mut chars = tafl8_p8::count::count_chars(&code);
    let mut minified = false;
    if chars > char_limit {
        let chunk = tafl8_p8::parse(&r.code)
            .unwrap_or_else(|e| unreachable!("checked program parses: {e}"));
        let small = tafl8_p8::minify(
            &chunk,
            &tafl8_p8::MinifyOptions {
                rename_locals: true,
            },
        );
        code = format!("{tag}\n{small}");
        chars = tafl8_p8::count::count_chars(&code);
        minified = true;
        if chars > char_limit {
            return Err(CodegenError::OverChars {
                chars,
                limit: char_limit,
            });
        }
    }
    let budget = Budget {
        variant: req.rules.name().to_string(),
        parts: r.parts,
        functions: r.functions,
        tokens,
        chars,
        budget: req.budget,
        token_limit: tafl8_p8::TOKEN_LIMIT,
        char_limit,
        features: features.iter().cloned().collect(),
        dropped,
        minified,
    };
    let cart = crate::cartfile::assemble(&code)?;
    Ok(Built { code, budget, cart })
}

/// The included feature with the least value per token it costs (measured by rendering
/// without it), or `None` when no optional feature is left.
fn cheapest_value(
    rules: &Rules,
    features: &BTreeSet<String>,
    depths: SearchDepths,
) -> Result<Option<&'static Feature>, CodegenError> {
    let full = render_all(rules, features, depths)?;
    let full_tokens = tafl8_p8::count(&full.code).map(|c| c.tokens).unwrap_or(0);
    let mut best: Option<(&'static Feature, f64)> = None;
    for f in FEATURES.iter().filter(|f| features.contains(f.name)) {
        let mut without = features.clone();
        without.remove(f.name);
        let r = render_all(rules, &without, depths)?;
        let t = tafl8_p8::count(&r.code).map(|c| c.tokens).unwrap_or(0);
        let cost = full_tokens.saturating_sub(t).max(1) as f64;
        let ratio = f64::from(f.value) / cost;
        if best.is_none_or(|(_, b)| ratio < b) {
            best = Some((f, ratio));
        }
    }
    Ok(best.map(|(f, _)| f))
}

/// Each optional feature with the tokens it costs for `rules`: the full build's count minus the
/// count without that one feature.
pub fn feature_costs(rules: &Rules) -> Result<Vec<(&'static Feature, usize)>, CodegenError> {
    let all = crate::features::all_set();
    let tokens = |set: &BTreeSet<String>| -> Result<usize, CodegenError> {
        let r = render_all(rules, set, SearchDepths::of(&SearchConfig::of_rules(rules)))?;
        Ok(tafl8_p8::count(&r.code).map(|c| c.tokens).unwrap_or(0))
    };
    let full = tokens(&all)?;
    FEATURES
        .iter()
        .map(|f| {
            let mut without = all.clone();
            without.remove(f.name);
            Ok((f, full.saturating_sub(tokens(&without)?)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lint_errors_name_the_template_and_its_line() {
        let code = "x=1\nfunction f()\n return y\nend\nprint(f())";
        let e = check(code, "v", &[("engine/a", 1), ("engine/b", 2)]).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("templates/engine/b.lua (rendered line 2)"),
            "{msg}"
        );
        assert!(msg.contains("`y`"), "{msg}");
    }

    #[test]
    fn syntax_errors_name_the_part() {
        let e = check("x=1\ny=(", "ziege", &[("engine/a", 1), ("engine/b", 2)])
            .unwrap_err()
            .to_string();
        assert!(e.contains("engine/b") && e.contains("line 1"), "{e}");
    }
}
