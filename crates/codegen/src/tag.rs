//! The ruleset tag: the first line of every cart's code names the ruleset the cart was built for,
//! `-- tafl8 ruleset ziege 9c1f03a2`, so a tool handed a cart (`tafl8 diff --cart`, `tafl8 run`)
//! can say "this cart was built for tablut, not ziege" instead of failing inside the Lua. A
//! comment costs no token and survives every cart format (`.p8`, and the code compressed in
//! `.p8.png` and `.p8.rom`).
//!
//! The id tells two rulesets of the same name apart (a preset and a user's edited copy of it):
//! the 32-bit FNV-1a hash of the ruleset as a rules file ([`tafl8_engine::rules::RulesFile`]'s
//! TOML), which every rule, the name and the `[ai]` engine are part of.

use tafl8_engine::Rules;

const PREFIX: &str = "-- tafl8 ruleset ";

/// What a cart's tag says: the ruleset's name and id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesetTag {
    /// The ruleset's name (`ziege`, or a rules file's `name`).
    pub name: String,
    /// [`rules_id`] of the ruleset, 8 hex digits.
    pub id: String,
}

impl RulesetTag {
    /// The tag of `rules`.
    pub fn of(rules: &Rules) -> RulesetTag {
        RulesetTag {
            name: rules.name().to_string(),
            id: rules_id(rules),
        }
    }

    /// The tag line, as the first line of a cart's code (no newline).
    pub fn line(&self) -> String {
        format!("{PREFIX}{} {}", self.name, self.id)
    }

    /// The tag on the first line of `code`, if there is one (carts built before tags, or by
    /// other tools, have none).
    pub fn read(code: &str) -> Option<RulesetTag> {
        let rest = code.lines().next()?.strip_prefix(PREFIX)?;
        let (name, id) = rest.trim_end().rsplit_once(' ')?;
        let hex = id.len() == 8 && id.bytes().all(|b| b.is_ascii_hexdigit());
        (hex && !name.is_empty()).then(|| RulesetTag {
            name: name.to_string(),
            id: id.to_string(),
        })
    }

    /// Whether a cart with this tag was built for `rules`; if not, why, in a sentence that
    /// names both rulesets.
    pub fn check(&self, rules: &Rules) -> Result<(), String> {
        let want = RulesetTag::of(rules);
        if self.name != want.name {
            Err(format!(
                "this cart was built for ruleset {}, not {}",
                self.name, want.name
            ))
        } else if self.id != want.id {
            Err(format!(
                "this cart was built for another ruleset named {} (rules id {}; the one given \
                 has {}): the rules differ, so the cart plays other rules",
                self.name, self.id, want.id
            ))
        } else {
            Ok(())
        }
    }
}

/// The ruleset's id: 32-bit FNV-1a of its rules file as TOML, 8 hex digits.
pub fn rules_id(rules: &Rules) -> String {
    format!("{:08x}", fnv1a(rules.file().to_toml().as_bytes()))
}

/// 32-bit FNV-1a: a stable hash with no dependency (an id, not a defence against forgery).
fn fnv1a(data: &[u8]) -> u32 {
    data.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_its_published_vectors() {
        // FNV-1a 32 test vectors (Fowler, Noll, Vo's published table).
        assert_eq!(fnv1a(b""), 0x811c_9dc5);
        assert_eq!(fnv1a(b"a"), 0xe40c_292c);
        assert_eq!(fnv1a(b"foobar"), 0xbf9c_f968);
    }

    #[test]
    fn a_tag_reads_back_and_tells_rulesets_apart() {
        let ziege = Rules::preset("ziege").unwrap();
        let tablut = Rules::preset("tablut").unwrap();
        let tag = RulesetTag::of(&ziege);
        let code = format!("{}\nfunction f() end\n", tag.line());
        assert_eq!(RulesetTag::read(&code), Some(tag.clone()));
        assert_eq!(tag.check(&ziege), Ok(()));
        assert_eq!(
            tag.check(&tablut).unwrap_err(),
            "this cart was built for ruleset ziege, not tablut"
        );
        // The same name with other rules: the ids differ.
        let mut file = ziege.file().clone();
        file.move_limit += 1;
        let edited = Rules::from_rules_file(file).unwrap();
        assert_eq!(edited.name(), "ziege");
        assert!(tag
            .check(&edited)
            .unwrap_err()
            .contains("another ruleset named ziege"));
        assert_eq!(RulesetTag::read("function f() end"), None);
        assert_eq!(RulesetTag::read("-- tafl8 ruleset ziege xyz"), None);
    }
}
