//! The game loop end to end: input scripts, menu items, time, errors naming the cart line, runaway and
//! memory limits, frame-sliced coroutine search, screenshots, recorded sounds and CPU accounting.

mod support;

use support::run_with;
use tafl8_runner::session::RunError;
use tafl8_runner::vm::{Limits, VmError};

#[test]
fn input_script_drives_buttons() {
    let cart = "f=0 function _update()\n\
                  local b=btn() f+=1\n\
                  if b~=0 then printh(f..':'..b..(btnp(4) and 'p' or '')..(btn(1,1) and '!' or '')) end\n\
                end";
    // Frame 2: right (bit 1); frames 4-5: O (bit 4, btnp only on its first frame); frame 6: left + player 1 right.
    let (_, r) = run_with(cart, 7, "2: R\n4-5: O\n6: L 1:R\n", Limits::default()).unwrap();
    assert_eq!(r.printh, vec!["2:2", "4:16p", "5:16", "6:513!"]);
}

#[test]
fn menu_items_are_selectable_from_the_input_script() {
    let cart =
        "function _init() menuitem(1,'restart',function() printh('restart at '..f) end) end\n\
                f=0 function _update() f+=1 end";
    let (_, r) = run_with(cart, 5, "3: menu 1\n", Limits::default()).unwrap();
    // Selected before frame 3's update: two updates have run.
    assert_eq!(r.printh, vec!["restart at 2"]);
    assert_eq!(r.menu.len(), 1);
    assert_eq!(r.menu[0].label, "restart");
}

#[test]
fn update60_runs_at_60_fps() {
    let cart = "function _update60() if t()==1 then printh(stat(7)) end end";
    let (_, r) = run_with(cart, 60, "", Limits::default()).unwrap();
    assert_eq!(r.printh, vec!["60"]);
    assert_eq!(r.cpu.budget, 69_905);
}

#[test]
fn calling_an_unknown_function_names_it_and_the_cart_line() {
    // Code line 3 is file line 6 (the code starts on file line 4).
    let cart = "x=1\nfunction _update()\n  frobnicate(x)\nend";
    let err = run_with(cart, 3, "", Limits::default()).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("test.p8:6:"), "{msg}");
    assert!(msg.contains("frobnicate"), "{msg}");
}

#[test]
fn runtime_errors_inside_operators_and_api_name_the_cart_line() {
    for (code, needle) in [
        (
            "function _update()\n  local y\n  x=y+1\nend",
            "arithmetic on",
        ),
        (
            "function _update()\n  local y\n  x=y^2\nend",
            "arithmetic on",
        ),
        (
            "function _update()\n  local y\n  x=1 ..y\nend",
            "concatenate",
        ),
    ] {
        let msg = run_with(code, 1, "", Limits::default())
            .unwrap_err()
            .to_string();
        assert!(msg.starts_with("test.p8:6: "), "{msg}");
        assert!(msg.contains(needle), "{msg}");
    }
}

#[test]
fn runaway_carts_stop_with_the_frame_named() {
    let limits = Limits {
        instructions_per_frame: 200_000,
        ..Limits::default()
    };
    let cart = "n=0 function _update() n+=1 if n==3 then while true do end end end";
    match run_with(cart, 10, "", limits) {
        Err(RunError::Vm(VmError::Runaway { limit, frame })) => {
            assert_eq!((limit, frame), (200_000, 3));
        }
        other => panic!("expected a runaway error, got {:?}", other.map(|(_, r)| r)),
    }
    let err = run_with("while true do end", 1, "", limits).unwrap_err();
    assert_eq!(err.to_string(), "exceeded 200000 instructions in frame 0");
    // A runaway inside a coroutine is caught too (the count hook is inherited).
    let cart = "c=cocreate(function() while true do end end) coresume(c)";
    assert!(run_with(cart, 1, "", limits).is_err());
}

#[test]
fn memory_limit_stops_a_hungry_cart() {
    let limits = Limits {
        memory_bytes: 4 << 20,
        ..Limits::default()
    };
    let err = run_with(
        "t={} for i=1,30000 do t[i]={1,2,3,4,5,6,7,8} end",
        1,
        "",
        limits,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("memory"), "{err}");
}

/// A small negamax over a synthetic game tree; `search` yields between root moves when asked to.
const SEARCH: &str = r#"
function score(h) return (h*37+11)%97-48 end
function negamax(h, d, sliced)
  if d==0 then return score(h) end
  local best=-32000
  for m=1,3 do
    local v=-negamax((h*7+m*13)%1021, d-1, sliced)
    if v>best then best=v end
    if sliced and d==4 then yield() end
  end
  return best
end
"#;

#[test]
fn frame_sliced_coroutine_search_matches_the_direct_search() {
    let direct = format!("{SEARCH}\nprinth('direct '..negamax(5,5,false))");
    let (_, a) = run_with(&direct, 0, "", Limits::default()).unwrap();
    let sliced = format!(
        "{SEARCH}\n\
         function _init() co=cocreate(function() result=negamax(5,5,true) end) end\n\
         function _update()\n\
           if co and costatus(co)~='dead' then coresume(co) frames=(frames or 0)+1\n\
           elseif co then printh('direct '..result) printh('frames '..frames) co=nil end\n\
         end"
    );
    let (_, b) = run_with(&sliced, 40, "", Limits::default()).unwrap();
    assert_eq!(b.printh[0], a.printh[0]);
    let frames: u32 = b.printh[1].trim_start_matches("frames ").parse().unwrap();
    assert!(
        frames > 3,
        "the search really was spread over {frames} frames"
    );
}

#[test]
fn screenshot_has_the_drawn_pixels_in_pico8_colours() {
    let dir = std::env::temp_dir().join(format!("tafl8-shot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shot.png");
    let cart =
        "function _draw() cls(1) rectfill(10,10,20,20,8) pset(0,0,7) pal(12,9,1) pset(1,0,12) end";
    let tafl8_p8_cart = tafl8_p8::Cart::parse(&support::cart_text(cart)).unwrap();
    let session =
        tafl8_runner::session::Session::from_cart(&tafl8_p8_cart, "shot.p8", Limits::default())
            .unwrap();
    let opts = tafl8_runner::session::RunOptions {
        frames: 2,
        screenshots: vec![(2, path.clone())],
        ..Default::default()
    };
    let report = session.run(&opts).unwrap();
    assert_eq!(report.screenshots, vec![path.clone()]);
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (128, 128));
    let px = |x: usize, y: usize| {
        let i = (y * 128 + x) * 3;
        [buf[i], buf[i + 1], buf[i + 2]]
    };
    // PICO-8 palette: 1 = #1d2b53, 7 = #fff1e8, 8 = #ff004d, 9 = #ffa300.
    assert_eq!(px(64, 64), [0x1d, 0x2b, 0x53]);
    assert_eq!(px(15, 15), [0xff, 0x00, 0x4d]);
    assert_eq!(px(21, 15), [0x1d, 0x2b, 0x53]);
    assert_eq!(px(0, 0), [0xff, 0xf1, 0xe8]);
    assert_eq!(px(1, 0), [0xff, 0xa3, 0x00], "screen palette maps 12 to 9");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sounds_are_recorded_with_their_frame() {
    let cart =
        "function _init() music(0) end f=0 function _update() f+=1 if f==2 then sfx(3,1) end end";
    let (_, r) = run_with(cart, 3, "", Limits::default()).unwrap();
    let calls: Vec<(u32, &str, Vec<f64>)> = r
        .sounds
        .iter()
        .map(|s| (s.frame, s.kind, s.args.clone()))
        .collect();
    assert_eq!(
        calls,
        vec![(0, "music", vec![0.0]), (2, "sfx", vec![3.0, 1.0])]
    );
}

#[test]
fn cpu_accounting_grows_with_work_and_stat1_reports_it() {
    let cart = "function _update()\n\
                  n=(n or 0)+1\n\
                  for i=1,n*1000 do end\n\
                  printh(stat(1))\n\
                end";
    let (_, r) = run_with(cart, 3, "", Limits::default()).unwrap();
    let per = r.cpu.series();
    assert!(per[0] < per[1] && per[1] < per[2], "{per:?}");
    // Each extra 1000 empty iterations cost about 1000 FORLOOPs: between 1,000 and 1,500 instructions.
    let step = per[2] - per[1];
    assert!((1000..1500).contains(&step), "{per:?}");
    let shares: Vec<f64> = r.printh.iter().map(|s| s.parse().unwrap()).collect();
    assert!(shares[2] > shares[0] && shares[2] < 0.05, "{shares:?}");
}

/// A long run keeps a bounded CPU series (it kept 8 bytes a frame: a run of 4 billion frames,
/// 32 GB): 20,000 frames are 2,500 points of 8 frames (the series filled at 4,096 frames and
/// merged at 4,097, 8,193 and 16,385), and the summary still counts every frame.
#[test]
fn a_long_run_keeps_a_bounded_cpu_series() {
    let cart = "n=0 function _update() n+=1 if n%1000==0 then for i=1,50 do end end end";
    let (_, r) = run_with(cart, 20_000, "", Limits::default()).unwrap();
    let cpu = &r.cpu;
    assert_eq!(cpu.frames(), 20_000);
    assert_eq!(cpu.frames_per_point(), 8);
    assert_eq!(cpu.series().len(), 2_500);
    // Every 1,000th frame runs the loop: the points holding one are the largest.
    let heavy = cpu.series().iter().filter(|&&p| p == cpu.max()).count();
    assert_eq!(heavy, 20);
    assert!(cpu.mean() < cpu.max() as f64);
}
