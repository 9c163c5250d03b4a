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

    /// [`SearchConfig::parse`], where the base may also be `engine`, `rules`' own engine
    /// ([`SearchConfig::of_rules`]), or `best`, the strongest it names for the Rust engine
    /// ([`Rules::best_spec`]), with the items after it applied (`engine,-lmr`). The command
    /// line's defaults are `engine` where a cart's play is meant and `best` where the Rust
    /// engine plays on its own, so a variant's file decides both unless a spec says otherwise.
    pub fn parse_for(spec: &str, rules: &Rules) -> Result<SearchConfig, ConfigError> {
        SearchConfig::parse(&rules.resolve_spec(spec))
    }

    /// [`SearchConfig::parse_for`] for rules that came from outside (an OpenTafl rules string,
    /// which names the game its own way and carries no `[ai]`): `engine` and `best` are the
    /// preset's when the rules are a preset's ([`super::preset_of`]), else the ruleset's own.
    pub fn parse_for_host(spec: &str, rules: &Rules) -> Result<SearchConfig, ConfigError> {
        SearchConfig::parse(&rules.resolve_host_spec(spec))
    }
}

impl Rules {
    /// `spec` with a leading `engine` or `best` replaced by the spec this ruleset names for it
    /// (`engine,-lmr` on ziege is ziege's engine, then `-lmr`); any other spec unchanged.
    pub fn resolve_spec(&self, spec: &str) -> String {
        let trimmed = spec.trim_start();
        for (base, named) in [("engine", self.engine_spec()), ("best", self.best_spec())] {
            if let Some(rest) = trimmed.strip_prefix(base) {
                if rest.is_empty() || rest.trim_start().starts_with(',') {
                    return format!("{named}{rest}");
                }
            }
        }
        spec.to_string()
    }

    /// [`Rules::resolve_spec`] with the preset's `[ai]` when these rules are a preset's game
    /// under any name ([`super::preset_of`]; see [`SearchConfig::parse_for_host`]).
    pub fn resolve_host_spec(&self, spec: &str) -> String {
        match super::preset_of(self).and_then(|name| Rules::preset(name).ok()) {
            Some(preset) => preset.resolve_spec(spec),
            None => self.resolve_spec(spec),
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
        // `best` is `engine` where the file names no `[ai] best`.
        assert_eq!(SearchConfig::parse_for("best", &ziege).unwrap(), own);
        assert_eq!(
            ziege.resolve_spec(" best, -lmr"),
            format!("{}, -lmr", ziege.engine_spec())
        );
        assert_eq!(ziege.resolve_spec("bestish"), "bestish");
        assert!(SearchConfig::parse("engine").is_err());
    }

    #[test]
    fn host_engine_is_the_presets_engine_under_any_name() {
        let ziege = Rules::preset("ziege").unwrap();
        let own = SearchConfig::of_rules(&ziege);
        assert_ne!(
            own,
            SearchConfig::FULL,
            "ziege plays its own engine, not full"
        );
        let renamed = ziege.to_otr().unwrap().replace("name:ziege", "name:Goat");
        let host = Rules::from_otr(&renamed).unwrap();
        assert_eq!(SearchConfig::parse_for_host("engine", &host).unwrap(), own);
        assert_eq!(
            SearchConfig::parse_for_host("full", &host).unwrap(),
            SearchConfig::FULL
        );
        // Rules no preset has: the ruleset's own engine, `full`.
        let other = Rules::from_otr(&renamed.replace("ks:w", "ks:s")).unwrap();
        assert_eq!(
            SearchConfig::parse_for_host("engine", &other).unwrap(),
            SearchConfig::FULL
        );
    }

    #[test]
    fn host_best_is_the_presets_best_under_the_hosts_name() {
        // OpenTafl's own Copenhagen string (docs/strength.md's `$CPH`) is tafl8's preset.
        let cph = Rules::from_otr(
            "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/\
             t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
        )
        .unwrap();
        let preset = Rules::preset("copenhagen").unwrap();
        let best = SearchConfig::parse_for_host("best", &cph).unwrap();
        assert_eq!(best, SearchConfig::parse_for("best", &preset).unwrap());
        assert!(best.eval.corners && best.eval.tropism);
        assert_eq!(
            SearchConfig::parse_for_host("engine", &cph).unwrap(),
            SearchConfig::FULL
        );
    }
}
