//! The engine a ruleset names (`[ai] engine`, `full` when it names none): the search configs
//! read from it. Loading the rules checked the spec ([`SearchConfig::parse_engine`]), so the
//! variant's own engine is always a config the cart can play.

use crate::config::{ConfigError, SearchConfig};

use super::Rules;

impl SearchConfig {
    /// The engine `rules`' cart and difficulty levels play (its `[ai] engine`, `full` when it
    /// names none). Validated when the rules were loaded, so this cannot fail.
    pub fn of_rules(rules: &Rules) -> SearchConfig {
        SearchConfig::parse_engine(rules.engine_spec())
            .unwrap_or_else(|e| unreachable!("rules were validated with their engine: {e}"))
    }

    /// [`SearchConfig::parse`], where the base may also be `engine`: `rules`' own engine
    /// ([`SearchConfig::of_rules`]) with the items after it applied (`engine,-lmr`). The
    /// command line's defaults are `engine`, so a variant that names an engine plays it
    /// everywhere unless a spec says otherwise.
    pub fn parse_for(spec: &str, rules: &Rules) -> Result<SearchConfig, ConfigError> {
        let trimmed = spec.trim_start();
        match trimmed.strip_prefix("engine") {
            Some(rest) if rest.is_empty() || rest.trim_start().starts_with(',') => {
                SearchConfig::parse(&format!("{}{rest}", rules.engine_spec()))
            }
            _ => SearchConfig::parse(spec),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_is_the_variants_own() {
        let ziege = Rules::preset("ziege").unwrap();
        let brandubh = Rules::preset("brandubh").unwrap();
        let own = SearchConfig::of_rules(&ziege);
        assert!(!own.escape_block && !own.escape_threat && !own.eval.balance);
        assert_eq!(SearchConfig::parse_for("engine", &ziege).unwrap(), own);
        assert_eq!(SearchConfig::of_rules(&brandubh), SearchConfig::FULL);
        // Items after `engine` apply on top of it; other bases ignore the variant.
        let c = SearchConfig::parse_for("engine, -lmr", &ziege).unwrap();
        assert!(!c.lmr && !c.escape_block && c.pvs);
        assert_eq!(
            SearchConfig::parse_for("full", &ziege).unwrap(),
            SearchConfig::FULL
        );
        assert!(SearchConfig::parse_for("engines", &ziege).is_err());
        assert!(SearchConfig::parse("engine").is_err());
    }
}
