//! The match's games in OpenTafl's game record notation, one record after another in one file
//! (OpenTafl loads a record per file: split the file before each `[event:` line).

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use tafl8_engine::record::GameRecord;

use super::game::{Game, GameResult, Setup};

/// Today's date as `YYYY.MM.DD` (UTC), the record's `date` tag.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The record of game `n` (`names`: attackers, defenders).
pub fn game_record(
    setup: &Setup,
    n: u32,
    names: &[String; 2],
    game: &Game,
    otr: &str,
    opening: usize,
) -> GameRecord {
    let result = match game.result {
        GameResult::AttackersWin => "1",
        GameResult::DefendersWin => "-1",
        GameResult::Draw => "0",
        // The notation spec's "other": the game has no result.
        GameResult::Desync => "?",
    };
    let termination = match game.result {
        GameResult::Desync => format!("desynchronised: {}", game.reason),
        _ => game.reason.clone(),
    };
    let mut tags = vec![
        ("event".to_string(), "tafl8 match".to_string()),
        ("date".to_string(), today()),
        ("round".to_string(), n.to_string()),
        ("attackers".to_string(), names[0].clone()),
        ("defenders".to_string(), names[1].clone()),
        ("result".to_string(), result.to_string()),
        ("termination".to_string(), termination),
        ("compiler".to_string(), "tafl8".to_string()),
        (
            "start-comment".to_string(),
            format!(
                "The first {opening} plies were chosen at random by the referee (seed {}).",
                setup.opts.seed
            ),
        ),
    ];
    if let Some(tc) = setup.opts.clock {
        tags.push(("time-control".to_string(), tc.to_string()));
    }
    GameRecord {
        tags,
        rules: otr.to_string(),
        moves: game.records.clone(),
    }
}

/// Writes all the records to `path` (atomically: a reader never sees half).
pub fn write_all(path: &Path, records: &[GameRecord]) -> anyhow::Result<()> {
    let text: Vec<String> = records.iter().map(GameRecord::to_text).collect();
    tafl8_outfile::write(path, text.join("\n").as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_date_is_a_calendar_date() {
        let d = super::today();
        let parts: Vec<u32> = d.split('.').map(|p| p.parse().unwrap()).collect();
        assert!(parts[0] >= 2024 && (1..=12).contains(&parts[1]) && (1..=31).contains(&parts[2]));
    }
}
