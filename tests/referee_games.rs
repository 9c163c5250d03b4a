//! A second opinion on tafl8's rules: the games the shared Python referee played against
//! OpenTafl's AI (`../shared/opentafl/results/*.jsonl`; its own rules code, `tafl_rules.py`,
//! listed every capture and decided every ending) replay through tafl8's rules with the same
//! captures and the same ending. Skipped, with a note, when `../shared` is not beside the
//! repository.

use std::path::PathBuf;
use std::sync::Arc;

use tafl8_engine::record::play_move_list;
use tafl8_engine::rules::RepetitionResult;
use tafl8_engine::{EndReason, Position, Rules, Side};

#[test]
fn the_shared_referees_games_end_the_same_under_tafl8s_rules() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/opentafl/results");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipped: {} is not there", dir.display());
        return;
    };
    let mut games = 0;
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().is_none_or(|x| x != "jsonl") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        // The referee cannot play OpenTafl's `tfr:w` itself: with such a string it was told
        // `--repetition draw` or `defenders-lose` (its README), which its endings show.
        let override_rule = if text.contains("(defenders lose)") {
            RepetitionResult::DefendersLose
        } else {
            RepetitionResult::Draw
        };
        for (i, line) in text.lines().enumerate() {
            let g: serde_json::Value = serde_json::from_str(line).unwrap();
            let otr = g["rules"].as_str().unwrap();
            let mut file = Rules::from_otr(otr).unwrap().file().clone();
            if otr.split_whitespace().any(|e| e == "tfr:w") {
                file.repetition.result = override_rule;
            }
            let rules = Rules::from_rules_file(file).unwrap();
            let mut pos = Position::start(Arc::new(rules));
            let strs = |k: &str| -> Vec<String> {
                g[k].as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect()
            };
            let moves = [strs("opening"), strs("moves")].concat().join(" ");
            play_move_list(&mut pos, &moves).unwrap_or_else(|e| panic!("{name} game {i}: {e}"));
            let reason = g["reason"].as_str().unwrap();
            let want = match reason {
                "king captured" => EndReason::KingCaptured,
                "king escaped" => EndReason::KingEscaped,
                "threefold repetition" | "threefold repetition (defenders lose)" => {
                    EndReason::Repetition
                }
                "exit fort" => EndReason::ExitFort,
                "defenders surrounded" => EndReason::Surrounded,
                // Crashes, timeouts, ply limits: not a rule's verdict.
                _ => continue,
            };
            let winner = match g["winner"].as_str() {
                Some("attackers") => Some(Side::Attackers),
                Some("defenders") => Some(Side::Defenders),
                _ => None,
            };
            let o = pos
                .outcome()
                .unwrap_or_else(|| panic!("{name} game {i}: not over"));
            assert_eq!((o.winner, o.reason), (winner, want), "{name} game {i}");
            games += 1;
        }
    }
    // Every game the referee ended by a rule (256 when this was written).
    assert!(games > 0, "no games in {}", dir.display());
    eprintln!("{games} games end alike");
}
