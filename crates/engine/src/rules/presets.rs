//! The built-in presets, embedded from `crates/engine/rules/*.toml` so users can read the same files.

/// Names of the built-in presets; the first is the default.
pub const PRESETS: [&str; 4] = ["ziege", "brandubh", "tablut", "copenhagen"];

/// The TOML source of a preset (comments included), ready to copy and edit.
pub fn preset_source(name: &str) -> Option<&'static str> {
    match name {
        "ziege" => Some(include_str!("../../rules/ziege.toml")),
        "brandubh" => Some(include_str!("../../rules/brandubh.toml")),
        "tablut" => Some(include_str!("../../rules/tablut.toml")),
        "copenhagen" => Some(include_str!("../../rules/copenhagen.toml")),
        _ => None,
    }
}

/// The preset whose game `rules` describe, whatever their name, engine and repetition rule: an
/// OpenTafl host sends its own name (`Brandub`), no engine, and a repetition rule of its own
/// (its Copenhagen, `tfr:w`, makes a threefold repetition lose for the mover where tafl8's
/// copenhagen makes it lose for the defenders), and a command that plays the ruleset's own
/// engine (`engine`, `best`) then plays the preset's. Compared as OpenTafl rules strings without
/// the name, which carry every other rule, with the preset given `rules`' repetition rule;
/// `None` when no preset has these rules (or they have no such string).
pub fn preset_of(rules: &super::Rules) -> Option<&'static str> {
    let unnamed = |r: &super::Rules| -> Option<String> {
        let otr = r.to_otr().ok()?;
        Some(
            otr.split(' ')
                .filter(|entry| !entry.starts_with("name:"))
                .collect::<Vec<_>>()
                .join(" "),
        )
    };
    let wanted = unnamed(rules)?;
    PRESETS.into_iter().find(|name| {
        super::Rules::preset(name)
            .ok()
            .and_then(|p| {
                let mut file = p.file().clone();
                file.repetition = rules.file().repetition.clone();
                super::Rules::from_toml(&file.to_toml(), name).ok()
            })
            .and_then(|p| unnamed(&p))
            .is_some_and(|otr| otr == wanted)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    #[test]
    fn opentafl_strings_of_the_presets_find_them() {
        // Brandubh under OpenTafl's name for it.
        let brandub = Rules::from_otr(
            "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        )
        .unwrap();
        assert_eq!(preset_of(&brandub), Some("brandubh"));
        for name in ["ziege", "brandubh", "tablut"] {
            let otr = Rules::preset(name).unwrap().to_otr().unwrap();
            let renamed = otr.replace(&format!("name:{name}"), "name:Other");
            assert_eq!(preset_of(&Rules::from_otr(&renamed).unwrap()), Some(name));
        }
        // OpenTafl's Copenhagen: the same game with its own repetition rule.
        let cph = Rules::from_otr(
            "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/\
             t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
        )
        .unwrap();
        assert_eq!(preset_of(&cph), Some("copenhagen"));
        let no_shieldwall = Rules::from_otr(&cph.to_otr().unwrap().replace(" sw:s", "")).unwrap();
        assert_eq!(preset_of(&no_shieldwall), None);
        // Another rule: no preset.
        let edge = brandub.to_otr().unwrap().replace("ks:w", "ks:s");
        assert_eq!(preset_of(&Rules::from_otr(&edge).unwrap()), None);
    }
}
