//! OpenTafl rules strings (`dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/...`):
//! reading one into a tafl8 [`RulesFile`] and writing a ruleset as one.
//!
//! The entries and their defaults are the OpenTafl notation spec's (section 3, "Rules records"),
//! checked against what OpenTafl itself writes for its built-in variants (its RulesSerializer):
//! an absent entry takes the spec's default. A rule tafl8 does not play (jumps, berserk, speed
//! limits, fortresses, special pieces, weak shieldwalls, other corner or centre squares...) is an
//! error naming the entry, never an approximation: a wrong ruleset would silently play another
//! game.
//!
//! Kind lists use OpenTafl's piece letters: `t` attackers, `T` defenders, `K` the king; the
//! letters of pieces tafl8 has no use for (`c n k m g` and capitals) are accepted and ignored,
//! since starting positions with those pieces are refused.

use std::collections::HashMap;

use super::file::{
    AiFile, CornersFile, Escape, FirstSide, KingCapture, RepetitionFile, RepetitionResult,
    RulesFile, ThroneFile,
};
use super::kinds::Kind;
use super::{Rules, RulesError};
use crate::notation::position_string;
use crate::square::Geometry;

/// Every entry the spec defines (a key outside this list is an error: it could be a rule).
const KEYS: [&str; 40] = [
    "dim", "name", "esc", "surf", "atkf", "tfr", "ka", "ks", "kj", "nj", "cj", "mj", "gj", "spd",
    "cor", "cen", "afor", "dfor", "corh", "cenh", "cenhe", "aforh", "dforh", "corp", "cenp",
    "aforp", "dforp", "cors", "cens", "afors", "dfors", "corre", "cenre", "aforre", "dforre", "sw",
    "swf", "efe", "linc", "ber",
];

fn bad(entry: &str, problem: impl Into<String>) -> RulesError {
    RulesError::Otr {
        entry: entry.to_string(),
        problem: problem.into(),
    }
}

/// The kinds a piece-type list names (OpenTafl letters), in tafl8's order.
fn kinds(key: &str, value: &str) -> Result<Vec<Kind>, RulesError> {
    let mut set = [false; 3];
    for c in value.chars() {
        match c {
            't' => set[0] = true,
            'T' => set[1] = true,
            'K' => set[2] = true,
            'c' | 'n' | 'k' | 'm' | 'g' | 'C' | 'N' | 'M' | 'G' => {}
            _ => {
                return Err(bad(
                    &format!("{key}:{value}"),
                    format!("`{c}` is not a piece letter (OpenTafl's are `tcnkmgTCNKMG`)"),
                ))
            }
        }
    }
    Ok([Kind::Attackers, Kind::Defenders, Kind::King]
        .into_iter()
        .zip(set)
        .filter_map(|(k, on)| on.then_some(k))
        .collect())
}

/// The OpenTafl letters of a kind list (`tTK` order).
fn letters(list: &[Kind]) -> String {
    let has = |k| list.contains(&k);
    [
        (Kind::Attackers, 't'),
        (Kind::Defenders, 'T'),
        (Kind::King, 'K'),
    ]
    .into_iter()
    .filter_map(|(k, c)| has(k).then_some(c))
    .collect()
}

fn same(a: &[Kind], b: &[Kind]) -> bool {
    letters(a) == letters(b)
}

const ALL: [Kind; 3] = [Kind::Attackers, Kind::Defenders, Kind::King];

fn yes_no(key: &str, v: &str) -> Result<bool, RulesError> {
    match v {
        "y" => Ok(true),
        "n" => Ok(false),
        _ => Err(bad(&format!("{key}:{v}"), "use `y` or `n`")),
    }
}

/// The squares of a space list (`a1,k11,`), as (file, rank) pairs.
fn squares(g: Geometry, key: &str, v: &str) -> Result<Vec<(u8, u8)>, RulesError> {
    let mut out = Vec::new();
    for name in v.split(',').filter(|s| !s.is_empty()) {
        let sq = g.parse_square(name).ok_or_else(|| {
            bad(
                &format!("{key}:{v}"),
                format!("`{name}` is not a square of this board"),
            )
        })?;
        out.push(g.file_rank(sq).unwrap_or_default());
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Reads an OpenTafl rules string into a rules file (validated by [`Rules::from_otr`]).
pub fn parse(text: &str) -> Result<RulesFile, RulesError> {
    let mut map: HashMap<&str, &str> = HashMap::new();
    for entry in text.split_whitespace() {
        let (k, v) = entry.split_once(':').ok_or_else(|| {
            bad(
                entry,
                "not a `key:value` entry (e.g. `dim:7`, `start:/3t3/...`)",
            )
        })?;
        if !KEYS.contains(&k) && k != "start" && k != "starti" {
            return Err(bad(
                entry,
                format!("`{k}` is not an entry of OpenTafl's rules strings, so tafl8 cannot tell what game it describes"),
            ));
        }
        if map.insert(k, v).is_some() {
            return Err(bad(entry, format!("`{k}` is given twice")));
        }
    }
    let get = |k: &str| map.get(k).copied();
    let dim_s =
        get("dim").ok_or_else(|| bad("dim", "missing: the board size (`dim:11`) is required"))?;
    let dim: u8 = dim_s
        .parse()
        .ok()
        .filter(|d| (5..=11).contains(d))
        .ok_or_else(|| {
            bad(
                &format!("dim:{dim_s}"),
                "tafl8 plays boards from 5x5 to 11x11",
            )
        })?;
    let g = Geometry::new(dim).ok_or_else(|| bad("dim", "unsupported size"))?;

    let start = match (get("start"), get("starti")) {
        (Some(s), None) => s.to_string(),
        (None, Some(s)) => {
            // `starti` lists the rows top first: reverse them into rank 1 first.
            let rows: Vec<&str> = s.trim_matches('/').split('/').collect();
            format!("/{}/", rows.into_iter().rev().collect::<Vec<_>>().join("/"))
        }
        (Some(_), Some(_)) => return Err(bad("start", "give `start` or `starti`, not both")),
        (None, None) => return Err(bad("start", "missing: the starting position is required")),
    };
    if let Some(c) = start
        .chars()
        .find(|c| !matches!(c, 't' | 'T' | 'K' | '/' | '0'..='9'))
    {
        return Err(bad(
            &format!("start:{start}"),
            format!(
                "piece `{c}`: tafl8 plays only taflmen (`t`, `T`) and the king (`K`), no commanders, knights, mercenaries, guards or attacking kings"
            ),
        ));
    }

    for (k, ok, what) in [
        ("kj", "n", "king jumps"),
        ("ber", "n", "berserk moves"),
        ("afor", "", "attacker fortresses"),
        ("dfor", "", "defender fortresses"),
        ("swf", "y", "shieldwalls without a flanking move (`swf:n`)"),
    ] {
        if let Some(v) = get(k) {
            if v != ok {
                return Err(bad(
                    &format!("{k}:{v}"),
                    format!("{what}: not in tafl8's rules"),
                ));
            }
        }
    }
    if let Some(v) = get("spd") {
        if v.split(',').filter(|s| !s.is_empty()).any(|s| s != "-1") {
            return Err(bad(
                &format!("spd:{v}"),
                "speed limits: not in tafl8's rules",
            ));
        }
    }
    for k in ["nj", "cj", "mj", "gj"] {
        if let Some(v) = get(k) {
            if !matches!(v, "n" | "r" | "j" | "c") {
                return Err(bad(&format!("{k}:{v}"), "use `n`, `r`, `j` or `c`"));
            }
        }
    }

    let escape = match get("esc").unwrap_or("c") {
        "c" => Escape::Corners,
        "e" => Escape::Edge,
        v => return Err(bad(&format!("esc:{v}"), "use `c` (corners) or `e` (edge)")),
    };
    let surround_win = yes_no("surf", get("surf").unwrap_or("y"))?;
    let first = if yes_no("atkf", get("atkf").unwrap_or("y"))? {
        FirstSide::Attackers
    } else {
        FirstSide::Defenders
    };
    let result = match get("tfr").unwrap_or("d") {
        "d" => RepetitionResult::Draw,
        "i" => RepetitionResult::Ignored,
        "w" => RepetitionResult::MoverLoses,
        "l" => RepetitionResult::MoverWins,
        v => return Err(bad(&format!("tfr:{v}"), "use `d`, `i`, `w` or `l`")),
    };
    let king_armed = match get("ka").unwrap_or("y") {
        "y" => true,
        "n" => false,
        v @ ("a" | "h") => {
            return Err(bad(
                &format!("ka:{v}"),
                "a king that is only an anvil or only a hammer: tafl8's king is armed or not",
            ))
        }
        v => return Err(bad(&format!("ka:{v}"), "use `y` or `n`")),
    };
    let king_capture = match get("ks").unwrap_or("s") {
        "s" | "y" => KingCapture::ByFour,
        "w" | "n" => KingCapture::ByTwo,
        "c" => KingCapture::ByFourNearThrone,
        v @ "m" => {
            return Err(bad(
                &format!("ks:{v}"),
                "a middleweight king (captured against the board's edge): not in tafl8's rules",
            ))
        }
        v => return Err(bad(&format!("ks:{v}"), "use `s`, `w`, `c` or `m`")),
    };
    let sw = get("sw").unwrap_or("n");
    let shieldwall = match sw {
        "n" => false,
        "s" => true,
        "w" => {
            return Err(bad(
                "sw:w",
                "weak shieldwalls (corners cannot close the row): tafl8's shieldwall is the strong one (`sw:s`)",
            ))
        }
        v => return Err(bad(&format!("sw:{v}"), "use `n`, `s` or `w`")),
    };
    let exit_fort = yes_no("efe", get("efe").unwrap_or("n"))?;
    let linnaean_capture = yes_no("linc", get("linc").unwrap_or("n"))?;

    // Corners: the four corner squares (default), none (`cor:`), or an error for other squares.
    let n = dim - 1;
    let corners_special = match get("cor") {
        None | Some("default") => true,
        Some(v) => {
            let list = squares(g, "cor", v)?;
            if list.is_empty() {
                false
            } else if list == [(0, 0), (0, n), (n, 0), (n, n)] {
                true
            } else {
                return Err(bad(
                    &format!("cor:{v}"),
                    "corner squares other than the four corners: not in tafl8's rules",
                ));
            }
        }
    };
    let throne_enabled = match get("cen") {
        None | Some("default") => true,
        Some(v) => {
            let list = squares(g, "cen", v)?;
            if list.is_empty() {
                false
            } else if dim % 2 == 1 && list == [(n / 2, n / 2)] {
                true
            } else {
                return Err(bad(
                    &format!("cen:{v}"),
                    "a centre other than the middle square: not in tafl8's rules",
                ));
            }
        }
    };
    if throne_enabled && dim % 2 == 0 {
        return Err(bad(
            "cen",
            format!(
                "a {dim}x{dim} board has no middle square: tafl8 needs `cen:` (no centre) there"
            ),
        ));
    }
    let list = |k: &str, default: &str| kinds(k, get(k).unwrap_or(default));
    let all = "tcnkmgTCNKMG";
    // A square a kind may reach but not enter again from outside is a rule tafl8 lacks.
    let reenter = |key: &str, pass: &[Kind], stop: &[Kind]| -> Result<(), RulesError> {
        let re = list(key, all)?;
        match pass.iter().chain(stop).find(|k| !re.contains(k)) {
            Some(k) => Err(bad(
                &format!("{key}:{}", get(key).unwrap_or("")),
                format!("{k:?} may not re-enter the square: not in tafl8's rules"),
            )),
            None => Ok(()),
        }
    };
    let corners = if corners_special {
        let c = CornersFile {
            special: true,
            hostile: list("corh", all)?,
            pass: list("corp", "K")?,
            stop: list("cors", "K")?,
        };
        reenter("corre", &c.pass, &c.stop)?;
        c
    } else {
        CornersFile {
            special: false,
            hostile: Vec::new(),
            pass: Vec::new(),
            stop: Vec::new(),
        }
    };
    let throne = if throne_enabled {
        let t = ThroneFile {
            enabled: true,
            hostile_when_empty: list("cenhe", all)?,
            hostile_when_occupied: list("cenh", "tcnkmg")?,
            pass: list("cenp", all)?,
            stop: list("cens", "K")?,
        };
        reenter("cenre", &t.pass, &t.stop)?;
        t
    } else {
        ThroneFile {
            enabled: false,
            hostile_when_empty: Vec::new(),
            hostile_when_occupied: Vec::new(),
            pass: Vec::new(),
            stop: Vec::new(),
        }
    };
    let name = get("name")
        .map(|s| s.replace('_', " "))
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| "OpenTafl rules".to_string());
    Ok(RulesFile {
        name,
        size: dim,
        start,
        first,
        escape,
        king_armed,
        king_capture,
        throne,
        corners,
        repetition: RepetitionFile { result, count: 3 },
        move_limit: 0,
        surround_win,
        shieldwall,
        exit_fort,
        linnaean_capture,
        ai: AiFile::default(),
    })
}

/// Writes `rules` as an OpenTafl rules string, in OpenTafl's own style (its entries in its order,
/// only those that differ from the spec's defaults). A rule OpenTafl cannot express is an error
/// naming the rules file's field.
pub fn write(rules: &Rules) -> Result<String, RulesError> {
    let f = rules.file();
    let no = |field: &str, problem: &str| RulesError::Invalid {
        origin: "OpenTafl rules string".to_string(),
        line: None,
        field: field.to_string(),
        problem: problem.to_string(),
    };
    if f.repetition.result != RepetitionResult::Ignored && f.repetition.count != 3 {
        return Err(no(
            "repetition.count",
            "OpenTafl's repetition rules act on the third occurrence only: use 3",
        ));
    }
    let tfr = match f.repetition.result {
        RepetitionResult::Draw => None,
        RepetitionResult::Ignored => Some("i"),
        RepetitionResult::MoverLoses => Some("w"),
        RepetitionResult::MoverWins => Some("l"),
        RepetitionResult::AttackersLose | RepetitionResult::DefendersLose => {
            return Err(no(
                "repetition.result",
                "OpenTafl cannot say that a repetition loses for one side: its rules (`tfr:`) are a draw (d), ignored (i), or a loss (w) or a win (l) for the player whose move repeats; pick one of `draw`, `ignored`, `mover-loses`, `mover-wins` in a copy of the rules (`tafl8 rules --variant NAME > my.toml`)",
            ))
        }
    };
    if f.move_limit != 0 {
        return Err(no(
            "move_limit",
            "OpenTafl's rules strings have no move limit: use 0",
        ));
    }
    let mut out = format!("dim:{} name:{} ", f.size, f.name.replace(' ', "_"));
    if f.escape == Escape::Edge {
        out.push_str("esc:e ");
    }
    if !f.surround_win {
        out.push_str("surf:n ");
    }
    out.push_str(match f.first {
        FirstSide::Attackers => "atkf:y ",
        FirstSide::Defenders => "atkf:n ",
    });
    if let Some(t) = tfr {
        out.push_str(&format!("tfr:{t} "));
    }
    if !f.king_armed {
        out.push_str("ka:n ");
    }
    match f.king_capture {
        KingCapture::ByFour => {}
        KingCapture::ByTwo => out.push_str("ks:w "),
        KingCapture::ByFourNearThrone => out.push_str("ks:c "),
    }
    if !f.corners.special {
        out.push_str("cor: ");
    }
    if !f.throne.enabled {
        out.push_str("cen: ");
    }
    let mut entry = |key: &str, list: &[Kind], default: &[Kind]| {
        if !same(list, default) {
            out.push_str(&format!("{key}:{} ", letters(list)));
        }
    };
    let king = [Kind::King];
    if f.corners.special {
        entry("corp", &f.corners.pass, &king);
    }
    if f.throne.enabled {
        entry("cenp", &f.throne.pass, &ALL);
    }
    if f.corners.special {
        entry("cors", &f.corners.stop, &king);
    }
    if f.throne.enabled {
        entry("cens", &f.throne.stop, &king);
    }
    if f.corners.special {
        entry("corh", &f.corners.hostile, &ALL);
    }
    if f.throne.enabled {
        entry("cenh", &f.throne.hostile_when_occupied, &[Kind::Attackers]);
        entry("cenhe", &f.throne.hostile_when_empty, &ALL);
    }
    if f.shieldwall {
        out.push_str("sw:s ");
    }
    if f.exit_fort {
        out.push_str("efe:y ");
    }
    if f.linnaean_capture {
        out.push_str("linc:y ");
    }
    out.push_str("start:");
    out.push_str(&position_string(rules.geometry(), rules.start_cells()));
    Ok(out)
}

impl Rules {
    /// Reads and validates an OpenTafl rules string (see the module `otr`).
    pub fn from_otr(text: &str) -> Result<Rules, RulesError> {
        let file = parse(text)?;
        Rules::from_file_struct(file).map_err(|(field, problem)| {
            let entry = match field {
                "escape" | "corners.stop" => "esc/cor/cors",
                "throne.enabled" => "cen",
                "king_capture" => "ks",
                "exit_fort" => "efe",
                "linnaean_capture" => "linc",
                "start" => "start",
                other => other,
            };
            RulesError::Otr {
                entry: entry.to_string(),
                problem: format!(
                    "the rules describe a game tafl8 cannot set up (its field `{field}`): {problem}"
                ),
            }
        })
    }

    /// This ruleset as an OpenTafl rules string, or an error naming the rule OpenTafl cannot
    /// express.
    pub fn to_otr(&self) -> Result<String, RulesError> {
        write(self)
    }
}
