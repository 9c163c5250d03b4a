//! OpenTafl rules strings: every preset round-trips, OpenTafl's own strings for its built-in
//! variants read as the matching presets, and rules tafl8 does not play are errors naming the
//! entry.

use tafl8_engine::rules::{preset_source, RepetitionResult, RulesFile, PRESETS};
use tafl8_engine::{Rules, RulesError};

/// What OpenTafl v0.4.8.0b's RulesSerializer writes for its built-in variants (the `rules`
/// line its host sends an engine), printed by running OpenTafl's own code.
const OPENTAFL: [(&str, &str); 10] = [
    ("Sea Battle", "dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"),
    ("Fetlar", "dim:11 name:Fetlar atkf:y nj:n cj:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"),
    ("Copenhagen", "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"),
    ("Copenhagen relaxed", "dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"),
    ("Berserk", "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/"),
    ("Brandub", "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"),
    ("Tawlbwrdd", "dim:11 name:Tawlbwrdd esc:e atkf:y ks:w nj:n cj:n cor: cen: start:/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/"),
    ("Tablut", "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"),
    ("Foteviken Tablut", "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK cens: cenh: cenhe:K aforh:K cenre: aforre: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"),
    ("Magpie", "dim:7 name:Magpie surf:n atkf:y ks:m spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"),
];

fn opentafl(name: &str) -> &'static str {
    OPENTAFL.iter().find(|(n, _)| *n == name).unwrap().1
}

/// The file without its name (names differ in spelling between the two programs).
/// The game's rules alone: no name, and no `[ai]` (which engine plays them is not a rule, and
/// OpenTafl's strings do not carry it).
fn unnamed(f: &RulesFile) -> RulesFile {
    RulesFile {
        name: String::new(),
        ai: Default::default(),
        ..f.clone()
    }
}

fn preset_with(name: &str, repetition: &str) -> Rules {
    let src = preset_source(name).unwrap().replace(
        "result = \"defenders-lose\"",
        &format!("result = \"{repetition}\""),
    );
    Rules::from_toml(&src, "test.toml").unwrap()
}

#[test]
fn every_preset_round_trips() {
    for name in PRESETS {
        let r = if name == "copenhagen" {
            // OpenTafl has no "defenders lose" repetition: it is an error naming the field...
            let e = Rules::preset(name).unwrap().to_otr().unwrap_err();
            assert!(
                e.to_string().contains("repetition.result") && e.to_string().contains("tfr:"),
                "{e}"
            );
            // ...and the rule OpenTafl's own Copenhagen plays round-trips.
            preset_with(name, "mover-loses")
        } else {
            Rules::preset(name).unwrap()
        };
        let s = r.to_otr().unwrap();
        let back = Rules::from_otr(&s).unwrap_or_else(|e| panic!("{name}: {s}: {e}"));
        // The `[ai]` engine is not a game rule: OpenTafl's strings do not carry it.
        let rules_only = RulesFile {
            ai: Default::default(),
            ..r.file().clone()
        };
        assert_eq!(back.file(), &rules_only, "{name}: {s}");
    }
}

#[test]
fn opentafls_variants_read_as_the_presets() {
    for (ot, preset) in [("Brandub", "brandubh"), ("Tablut", "tablut")] {
        let r = Rules::from_otr(opentafl(ot)).unwrap();
        assert_eq!(
            unnamed(r.file()),
            unnamed(Rules::preset(preset).unwrap().file()),
            "{ot}"
        );
    }
    let c = Rules::from_otr(opentafl("Copenhagen")).unwrap();
    assert_eq!(c.repetition().0, RepetitionResult::MoverLoses);
    assert_eq!(
        unnamed(c.file()),
        unnamed(preset_with("copenhagen", "mover-loses").file())
    );
    // tafl8 writes OpenTafl's own string for these (names aside).
    let b = Rules::preset("brandubh").unwrap().to_otr().unwrap();
    assert_eq!(b.replace("brandubh", "Brandub"), opentafl("Brandub"));
    let c = preset_with("copenhagen", "mover-loses").to_otr().unwrap();
    assert_eq!(
        c.replace("copenhagen", "Copenhagen"),
        opentafl("Copenhagen")
    );
}

#[test]
fn other_playable_variants_read_as_the_spec_says() {
    use tafl8_engine::rules::{Escape, KingCapture};
    let sea = Rules::from_otr(opentafl("Sea Battle")).unwrap();
    assert_eq!(sea.name(), "Sea Battle");
    assert_eq!((sea.escape(), sea.king_armed()), (Escape::Edge, false));
    assert!(sea.throne().is_none() && !sea.file().corners.special);
    let fetlar = Rules::from_otr(opentafl("Fetlar")).unwrap();
    assert_eq!(fetlar.king_capture(), KingCapture::ByFour);
    assert!(fetlar.surround_win() && !fetlar.shieldwall() && !fetlar.exit_fort());
    let tawl = Rules::from_otr(opentafl("Tawlbwrdd")).unwrap();
    assert_eq!(tawl.king_capture(), KingCapture::ByTwo);
}

fn entry_of(e: RulesError) -> String {
    match e {
        RulesError::Otr { entry, .. } => entry,
        other => panic!("not an OpenTafl rules error: {other}"),
    }
}

#[test]
fn rules_tafl8_does_not_play_are_named() {
    let err = |s: &str| entry_of(Rules::from_otr(s).unwrap_err());
    assert!(err(opentafl("Copenhagen relaxed")).starts_with("swf:n"));
    assert!(err(opentafl("Berserk")).starts_with("start:"));
    assert!(err(opentafl("Foteviken Tablut")).starts_with("afor:"));
    assert!(
        err(opentafl("Magpie")).starts_with("ks:m") || err(opentafl("Magpie")).starts_with("spd:")
    );
    let base = opentafl("Brandub");
    let with = |extra: &str| base.replace("start:", &format!("{extra} start:"));
    for (extra, entry) in [
        ("kj:r", "kj:r"),
        ("ka:a", "ka:a"),
        ("sw:w", "sw:w"),
        ("ber:m", "ber:m"),
        ("spd:3", "spd:3"),
        ("cor:a1,b2,", "cor:a1,b2,"),
        ("cen:c3,", "cen:c3,"),
        ("corre:t", "corre:t"),
        ("xyz:1", "xyz:1"),
        ("surf:q", "surf:q"),
        ("atkf:y", "atkf:y"),
    ] {
        assert_eq!(err(&with(extra)), entry, "{extra}");
    }
    assert_eq!(err("name:x start:/7/7/7/3K3/7/7/7/"), "dim");
    assert_eq!(err("dim:13 start:/13/"), "dim:13");
    assert_eq!(err("dim:7"), "start");
    assert!(err("dim:7 start:/7/7/7/3k3/7/7/7/").starts_with("start:"));
    // A valid string with a position that does not fit is a validation error on `start`.
    assert_eq!(err("dim:7 start:/7/7/7/3K3/"), "start");
    // The four corners, in any order, are the default corners.
    let corners = base.replace("start:", "cor:g7,a1,a7,g1, start:");
    assert_eq!(
        Rules::from_otr(&corners).unwrap().file(),
        Rules::from_otr(base).unwrap().file()
    );
    // Inverted starting positions list the top row first.
    let inv = "dim:7 starti:/3t3/7/7/3K3/7/7/7/";
    let r = Rules::from_otr(inv).unwrap();
    assert_eq!(r.file().start, "/7/7/7/3K3/7/7/3t3/");
}
