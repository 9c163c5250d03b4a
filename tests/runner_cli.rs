//! `tafl8 run` end to end: printh, input script, screenshots, CPU report and plot, JSON, and the
//! errors a user sees (cart line, bad input script, bad --screenshot).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tafl8(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tafl8"))
        .args(args)
        .output()
        .expect("run tafl8")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tafl8-runner-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_cart(dir: &Path, lua: &str) -> String {
    let path = dir.join("game.p8");
    let text = format!("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n{lua}\n");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

const GAME: &str = "x=0\n\
function _init() printh('hello '..tostr(1/3,1)) end\n\
function _update() x+=1 if btnp(5) then printh('x on '..x) end end\n\
function _draw() cls(2) pset(0,0,7) end";

#[test]
fn run_prints_printh_lines_follows_input_and_takes_screenshots() {
    let dir = temp_dir("ok");
    let cart = write_cart(&dir, GAME);
    let input = dir.join("input.txt");
    std::fs::write(&input, "# press X on frame 3\n3: X\n").unwrap();
    let shot = dir.join("shot.png");
    let plot = dir.join("cpu.svg");
    let o = tafl8(&[
        "run",
        &cart,
        "--frames",
        "5",
        "--printh",
        "--cpu",
        "--input",
        input.to_str().unwrap(),
        "--screenshot",
        &format!("4:{}", shot.display()),
        "--cpu-plot",
        plot.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..2], ["hello 0x0000.5555", "x on 3"], "{out}");
    assert!(
        lines[2].starts_with("cpu: 5 frames at 30 fps, budget 139810"),
        "{out}"
    );
    let png = std::fs::read(&shot).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    assert!(std::fs::read_to_string(&plot).unwrap().starts_with("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn run_json_reports_frames_and_cpu() {
    let dir = temp_dir("json");
    let cart = write_cart(&dir, GAME);
    let o = tafl8(&["run", &cart, "--frames", "3", "--json"]);
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["frames"], 3);
    assert_eq!(v["printh"][0], "hello 0x0000.5555");
    assert_eq!(v["cpu"]["frames"], 3);
    assert_eq!(v["cpu"]["series"].as_array().unwrap().len(), 3);
    assert_eq!(v["cpu"]["frames_per_point"], 1);
    // PICO-8's Lua memory: a small cart holds a few tens of KiB of PICO-8's 2048.
    let peak = v["memory"]["peak_bytes"].as_u64().unwrap();
    assert!((20 * 1024..64 * 1024).contains(&peak), "{peak}");
    assert_eq!(v["memory"]["limit_bytes"], 2048 * 1024);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_cart_past_pico8s_lua_memory_stops_out_of_memory() {
    let dir = temp_dir("oom");
    // Keeps 1,000 tables of 16 numbers a frame. Worked out by hand with PICO-8's sizes: a table is
    // 32 + 16 * 8 = 160 bytes, `keep`'s array part reaches 16,384 slots of 8 bytes, so past the
    // ~25 KiB of a small cart 2 MiB hold about 12,100 tables: the run stops in frame 13.
    let cart = write_cart(
        &dir,
        "keep={}\nfunction _update() for i=1,1000 do add(keep,{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16}) end end",
    );
    let o = tafl8(&["run", &cart, "--frames", "100", "--cpu"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("out of memory in frame 13:") && err.contains("2048 KiB"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn run_errors_name_the_cart_line_and_bad_arguments() {
    let dir = temp_dir("err");
    let cart = write_cart(&dir, "function _update()\n  explode()\nend");
    let o = tafl8(&["run", &cart, "--frames", "2"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("game.p8:5:") && err.contains("explode"),
        "{err}"
    );

    let input = dir.join("bad.txt");
    std::fs::write(&input, "1: R\n2: Z\n").unwrap();
    let o = tafl8(&["run", &cart, "--input", input.to_str().unwrap()]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.txt") && err.contains("line 2") && err.contains("`Z`"),
        "{err}"
    );

    let o = tafl8(&["run", &cart, "--screenshot", "shot.png"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("FRAME:PATH.png"));

    let o = tafl8(&["run", &dir.join("missing.p8").display().to_string()]);
    assert!(!o.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn run_help_documents_the_input_script_format() {
    let o = tafl8(&["run", "--help"]);
    assert!(o.status.success());
    let help = String::from_utf8_lossy(&o.stdout);
    for needle in [
        "INPUT SCRIPT",
        "11-20: R X",
        "menu 1",
        "--screenshot",
        "--cpu-plot",
    ] {
        assert!(help.contains(needle), "--help lacks {needle}:\n{help}");
    }
}
