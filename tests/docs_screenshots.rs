//! The screenshots in the README (`docs/*.png`) are what their commands produce today: each
//! command in `docs/shots/README.md` is run with its screenshot sent to a scratch file, and the
//! pixels are compared with the committed picture. After a change to the game or the AI, retake
//! them with the commands (the failure names the one to run).

mod cli_support;

use std::path::{Path, PathBuf};

/// The `tafl8 run ...` commands of docs/shots/README.md.
fn commands() -> Vec<Vec<String>> {
    let text = std::fs::read_to_string("docs/shots/README.md").unwrap();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("tafl8 "))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// The RGB pixels of a PNG, with its size.
fn pixels(path: &Path) -> (u32, u32, Vec<[u8; 3]>) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let step = info.color_type.samples();
    let px = buf[..info.buffer_size()]
        .chunks(step)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (info.width, info.height, px)
}

#[test]
fn committed_screenshots_are_what_their_commands_take() {
    let dir = std::env::temp_dir().join(format!("tafl8-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut stale = Vec::new();
    let mut shots = Vec::new();
    for args in commands() {
        assert_eq!(args[0], "run", "{args:?}");
        let at = args.iter().position(|a| a == "--screenshot").unwrap() + 1;
        let (frame, committed) = args[at].split_once(':').unwrap();
        let committed = PathBuf::from(committed);
        let fresh = dir.join(committed.file_name().unwrap());
        let mut run = args.clone();
        run[at] = format!("{frame}:{}", fresh.display());
        let run: Vec<&str> = run.iter().map(String::as_str).collect();
        let (code, _, err) = cli_support::tafl8(&run);
        assert_eq!(code, 0, "tafl8 {}: {err}", args.join(" "));
        let (w, h, want) = pixels(&committed);
        let (fw, fh, got) = pixels(&fresh);
        assert_eq!((fw, fh), (w, h), "{}", committed.display());
        let differ = want.iter().zip(&got).filter(|(a, b)| a != b).count();
        if differ > 0 {
            stale.push(format!(
                "{}: {differ} of {} pixels differ; retake it: tafl8 {}",
                committed.display(),
                want.len(),
                args.join(" ")
            ));
        }
        shots.push(committed);
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(stale.is_empty(), "stale screenshots:\n{}", stale.join("\n"));
    // Every picture the README shows from docs/ has its command.
    let readme = std::fs::read_to_string("README.md").unwrap();
    for shown in readme.split("](docs/").skip(1) {
        let name = &shown[..shown.find(')').unwrap()];
        if name.ends_with(".png") {
            let path = PathBuf::from("docs").join(name);
            assert!(
                shots.contains(&path),
                "{} has no command in docs/shots/README.md",
                path.display()
            );
        }
    }
    assert_eq!(shots.len(), 4, "{shots:?}");
}
