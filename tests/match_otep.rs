//! `tafl8 match` as the referee of OTEP engines: an outside engine (here `tafl8 otep`, started
//! by the referee) plays full games; tafl8 in the process and tafl8 over the protocol, with the
//! same node budget, play the same moves (the protocol carries the whole game, history
//! included); the game records replay; an engine that sends gibberish, crashes or stays silent
//! loses the game and the match goes on; an engine whose board parted from the referee's (an
//! illegal move, captures listed that the referee's board does not make) desynchronises the
//! game, which is reported apart and never as a win.

use std::process::{Command, Output};

use tafl8_engine::record::{play_move_list, GameRecord};
use tafl8_engine::{Position, Rules};

fn tafl8(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tafl8"))
        .args(args)
        .output()
        .expect("run tafl8")
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

fn otep(extra: &str) -> String {
    format!("'{}' otep {extra}", env!("CARGO_BIN_EXE_tafl8"))
}

#[test]
fn tafl8_over_otep_plays_like_tafl8_in_process() {
    let dir = std::env::temp_dir().join(format!("tafl8-match-otep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("games.otg");
    let o = tafl8(&[
        "match",
        "--variant",
        "brandubh",
        "--a",
        "full,nodes=3000",
        "--b-cmd",
        &otep("--nodes 3000"),
        "--b-name",
        "otep",
        "--games",
        "4",
        "--quiet",
        "--json",
        "--record",
        rec.to_str().unwrap(),
    ]);
    let v = json(&o);
    let games = v["game_list"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    for pair in games.chunks(2) {
        // Same opening, sides swapped, the same engine on both sides: the same game.
        assert_eq!(pair[0]["moves"], pair[1]["moves"], "{pair:?}");
        assert_eq!(pair[0]["winner"], pair[1]["winner"]);
    }
    // Each engine's depth per move is known (the outside one's from its status lines).
    assert!(
        v["per_engine"]["otep"]["depth_mean"].as_f64().unwrap() > 1.0,
        "{v}"
    );
    // The record file: four OpenTafl game records, each replaying to its result.
    let text = std::fs::read_to_string(&rec).unwrap();
    let records: Vec<&str> = text.split("[event:").skip(1).collect();
    assert_eq!(records.len(), 4);
    for r in records {
        let g = GameRecord::parse(&format!("[event:{r}")).unwrap();
        let rules = std::sync::Arc::new(Rules::from_otr(&g.rules).unwrap());
        let mut pos = Position::start(rules);
        play_move_list(&mut pos, &g.moves.join(" ")).unwrap();
        let result = &g.tags.iter().find(|(k, _)| k == "result").unwrap().1;
        // A drawn record is a draw on the board or a game stopped at the ply limit.
        let winner = pos.outcome().and_then(|o| o.winner);
        let want = match result.as_str() {
            "1" => Some(tafl8_engine::Side::Attackers),
            "-1" => Some(tafl8_engine::Side::Defenders),
            _ => None,
        };
        assert_eq!(winner, want, "{r}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A shell engine that says hello and answers every `play` with `answer` (or not at all).
fn fake(answer: &str) -> String {
    format!("echo hello; while read l; do case \"$l\" in play*) {answer};; esac; done")
}

#[test]
fn engines_that_misbehave_lose_their_games() {
    for (engine, reason) in [
        (fake("echo 'move z9'"), "unreadable move"),
        (fake("echo 'error -1 giving up'"), "engine error"),
        (fake("exit 0"), "engine ended"),
        (fake("sleep 30"), "no move in time"),
    ] {
        let o = tafl8(&[
            "match",
            "--variant",
            "brandubh",
            "--a",
            "full,nodes=500",
            "--b-cmd",
            &engine,
            "--b-name",
            "bad",
            "--games",
            "2",
            "--move-timeout",
            "1",
            "--quiet",
            "--json",
        ]);
        let v = json(&o);
        // A wins both games, whatever side it plays.
        assert_eq!(
            (v["a_wins"].as_u64(), v["a_losses"].as_u64()),
            (Some(2), Some(0)),
            "{v}"
        );
        for g in v["game_list"].as_array().unwrap() {
            let why = g["reason"].as_str().unwrap();
            assert!(why.starts_with("bad (") && why.contains(reason), "{why}");
        }
    }
}

#[test]
fn rules_an_engine_cannot_be_told_are_refused() {
    // tafl8's Copenhagen (a repetition loses for the defenders) has no OpenTafl rules string.
    let o = tafl8(&[
        "match",
        "--variant",
        "copenhagen",
        "--a",
        "full",
        "--b-cmd",
        "true",
        "--games",
        "2",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("repetition.result"), "{err}");
}

#[test]
fn tafl8_against_tafl8_plays_the_games_it_played_before_otep() {
    // The output of `tafl8 match` as it was before it could referee outside engines (its match
    // code of commit b8a4a35, on the engine after issue 16 changed the move ordering: branch
    // `speed` at 453a56a): the same seed must still give the same games (docs/search.md and
    // docs/levels.md quote such matches). That engine's `full` is today's without the switches
    // issue 15 added to it and without issue 26's king race (whose guard changes A's 17th move
    // of game 1: the old d3-d5 lets the king escape three plies later).
    let o = tafl8(&[
        "match",
        "--variant",
        "brandubh",
        "--a",
        "full,-escape-block,-escape-threat,-balance,-king-moves,-race",
        "--b",
        "seed",
        "--games",
        "4",
        "--nodes",
        "1000",
        "--quiet",
        "--show-games",
    ]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].starts_with(
        "game 2 (A defends): DefendersWin in 16 plies (king escaped): d2-e2 d5-c5 e2-e1 c5-c7 d6-e6 d4-d5 b4-b7 c4-c7 f4-f7 d3-a3 a4-a5 d5-f5 e6-e7 f5-g5 d1-c1 g5-g7"
    ), "{out}");
    assert!(lines[3].starts_with(
        "game 4 (A defends): DefendersWin in 12 plies (king escaped): d7-e7 d3-f3 d2-f2 d4-d3 f4-f7 c4-c7 d6-d7 d5-g5 f2-f3 d3-a3 b4-b7 a3-a1"
    ), "{out}");
    assert!(lines[0].starts_with(
        "game 1 (A attacks): DefendersWin in 20 plies (king escaped): d2-e2 d5-c5 f4-f5 d3-e3 f5-d5 e4-e5 g4-e4 e5-e7 d1-d3 d4-d5 e4-e5 c5-c7 b4-b5 c4-c5 d6-c6 d5-d7 d3-d5 e7-e6 e2-e3 d7-g7"
    ), "{out}");
    assert!(lines[2].starts_with(
        "game 3 (A attacks): AttackersWin in 43 plies (king captured): d7-e7 d3-f3 d2-f2 c4-c7 d6-d7 d5-b5 f4-f6 b5-b7 f2-g2 d4-d5 f6-d6 e4-e1 d1-c1 d5-d1 g2-e2 b7-b6 d6-d2 b6-b7 b4-b1 b7-b6 a4-a5 b6-b7 g4-g5 b7-b6 a5-a6 b6-b7 g5-g6 b7-b5 a6-a5 b5-g5 b1-b7 g5-g4 a5-a6 g4-g5 a6-g6 g5-g4 g6-g5 g4-g3 e7-e3 g3-f3 g5-g3 e1-f1 e2-e1"
    ), "{out}");
    for l in [
        "4 games of brandubh: A = `full,-escape-block,-escape-threat,-balance,-king-moves,-race` vs B = `seed` (2 random opening plies, seed 1)",
        "A: 3 wins, 0 draws, 1 losses (score 75.0%)",
        "  A as attackers: +1 =0 -1",
        "  A as defenders: +2 =0 -0",
        "by side: attackers won 1, defenders won 3, draws 0 (attackers scored 25.0%)",
        "Elo(A - B) = +191, 95% interval [-126, no upper bound]",
    ] {
        assert!(lines.contains(&l), "missing `{l}` in\n{out}");
    }
}

/// OpenTafl's Copenhagen (docs/otep.md).
const CPH: &str = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

/// A shell engine that plays a fixed game: the attackers' moves when told to play them, the
/// defenders' when told to play those, from the start at each `rules`. Its board is the one
/// its script assumed, whatever the referee's is.
fn scripted(attackers: &str, defenders: &str) -> String {
    format!(
        "echo hello; while read l; do case \"$l\" in \
         rules*) A='{attackers}'; D='{defenders}';; \
         'play attackers') set -- $A; echo \"move $1\"; shift; A=\"$*\";; \
         'play defenders') set -- $D; echo \"move $1\"; shift; D=\"$*\";; \
         esac; done"
    )
}

/// The shieldwall OpenTafl v0.4.8.0b's rules engine missed (issue 29): attackers on a8 and a9
/// against the edge, defenders on b8 and b9 in front of them and on a10, closed by the
/// defenders' e7-a7, which captures a8 and a9 under Copenhagen's rules. An engine that missed
/// it still sees an attacker on a8, and when b8 clears it plays a8-b8.
const WALL_ATTACKERS: &str = "f10-f9 f9-a9 a7-d7 h1-h2 h2-h3 d7-d8 h3-h2 a8-b8";
fn wall_defenders(closing: &str) -> String {
    format!("f8-b8 f7-f9 f9-b9 g7-g10 g10-a10 {closing} b8-c8")
}

fn wall_match(engine: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "match",
        "--rules",
        CPH,
        "--a-cmd",
        engine,
        "--a-name",
        "one",
        "--b-cmd",
        engine,
        "--b-name",
        "two",
        "--games",
        "2",
        "--opening-plies",
        "0",
        "--quiet",
    ];
    args.extend_from_slice(extra);
    tafl8(&args)
}

#[test]
fn a_piece_played_after_it_was_captured_desynchronises_the_game() {
    let dir = std::env::temp_dir().join(format!("tafl8-match-desync-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("games.otg");
    let engine = scripted(WALL_ATTACKERS, &wall_defenders("e7-a7"));
    let o = wall_match(&engine, &["--json", "--record", rec.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // Both games (the same moves, the engines' seats swapped) desynchronised: no result.
    assert_eq!(v["games"], 2, "{v}");
    assert_eq!(
        (v["desynced"].as_u64(), v["counted"].as_u64()),
        (Some(2), Some(0))
    );
    assert_eq!(v["desynced_games"], serde_json::json!([1, 2]));
    assert_eq!(
        (
            v["a_wins"].as_u64(),
            v["draws"].as_u64(),
            v["a_losses"].as_u64()
        ),
        (Some(0), Some(0), Some(0))
    );
    assert_eq!(
        (v["attackers_won"].as_u64(), v["defenders_won"].as_u64()),
        (Some(0), Some(0))
    );
    assert!(v["score"].is_null() && v["elo"].is_null(), "{v}");
    for (g, who) in v["game_list"]
        .as_array()
        .unwrap()
        .iter()
        .zip(["one", "two"])
    {
        assert!(g["winner"].is_null(), "{g}");
        assert_eq!(g["desynced"], true);
        assert_eq!(
            g["reason"],
            format!("{who} (attackers) played a8-b8, illegal on the referee's board (there is no piece on a8)")
        );
        // The shieldwall capture is in the moves the referee kept: 14, then the bad one.
        let moves = g["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 14);
        assert_eq!(moves[11], "e7-a7xa8/a9");
    }
    // The records: result `?` (the notation spec's "other"), the ending named, moves replaying.
    let text = std::fs::read_to_string(&rec).unwrap();
    let records: Vec<&str> = text.split("[event:").skip(1).collect();
    assert_eq!(records.len(), 2);
    for r in records {
        let g = GameRecord::parse(&format!("[event:{r}")).unwrap();
        let tag = |k: &str| g.tags.iter().find(|(t, _)| t == k).unwrap().1.clone();
        assert_eq!(tag("result"), "?");
        assert!(tag("termination").starts_with("desynchronised: "), "{r}");
        let rules = std::sync::Arc::new(Rules::from_otr(&g.rules).unwrap());
        let mut pos = Position::start(rules);
        assert_eq!(play_move_list(&mut pos, &g.moves.join(" ")).unwrap(), 14);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn captures_listed_that_the_referee_does_not_make_desynchronise_the_game_at_once() {
    // The closing move sent with the captures a rules engine that missed the wall would list.
    let engine = scripted(WALL_ATTACKERS, &wall_defenders("e7-a7xa8"));
    let o = wall_match(&engine, &[]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    for l in [
        "2 games of Copenhagen: A = `one` vs B = `two` (0 random opening plies, seed 1)",
        "A: 0 wins, 0 draws, 0 losses (no game with a result)",
        "desynchronised: 2 of 2 games (game 1, 2): an engine's board parted from the referee's, so they have no result and are left out of the W/D/L, the score and the Elo above",
        "Elo(A - B): no game played",
        "     1  desynchronised: one (defenders) played e7-a7xa8, listing the captures a8, where on the referee's board it captures a8/a9",
    ] {
        assert!(out.lines().any(|x| x == l), "missing `{l}` in\n{out}");
    }
    // With the right list the wall stands and the game goes on to the vanished piece.
    let engine = scripted(WALL_ATTACKERS, &wall_defenders("e7-a7xa9/a8"));
    let o = wall_match(&engine, &["--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let why = v["game_list"][0]["reason"].as_str().unwrap();
    assert!(why.starts_with("one (attackers) played a8-b8"), "{why}");
}

#[test]
fn engines_are_told_the_referees_clock() {
    // An engine that answers `play` with the last clock line it was sent (as an error, which
    // loses the game and shows the line in the reason).
    let engine = "echo hello; while read l; do case \"$l\" in clock*) c=\"$l\";; \
                  play*) echo \"error -1 saw $c\";; esac; done";
    let o = tafl8(&[
        "match",
        "--variant",
        "brandubh",
        "--a",
        "full,nodes=200",
        "--b-cmd",
        engine,
        "--b-name",
        "bad",
        "--games",
        "2",
        "--clock",
        "60+1/5x3",
        "--quiet",
        "--json",
    ]);
    let v = json(&o);
    let games = v["game_list"].as_array().unwrap();
    // Game 2: B attacks and moves first, its increment already added (OpenTafl's way).
    assert_eq!(
        games[1]["reason"],
        "bad (attackers): engine error: error -1 saw clock 61000 60000 5 3 3"
    );
    // Game 1: B defends after A's move, which took some of A's 61 s.
    let why = games[0]["reason"].as_str().unwrap();
    assert!(
        why.starts_with("bad (defenders): engine error: error -1 saw clock ")
            && why.ends_with(" 61000 5 3 3"),
        "{why}"
    );
}
