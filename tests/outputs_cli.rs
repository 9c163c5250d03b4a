//! Every file `tafl8` writes goes through one writer (crates/outfile), and each command that
//! writes one behaves as a user of `cp` would expect: a link's target is written and the link
//! stays a link, a FIFO or a device is written into and not replaced, a read-only file is refused
//! (non-zero exit, the user's path named, nothing changed), a missing folder is an error, and
//! `/dev/stdout` is standard output. Checked here for every command that writes: `build -o`,
//! `run --screenshot`, `run --cpu-plot`, `match --record`, `book --out`.

mod cli_support;

use std::io::Read;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

use cli_support::tafl8;

/// One command that writes a file: its arguments for an output path, and what its output looks like.
struct Output {
    name: &'static str,
    args: fn(&str) -> Vec<String>,
    looks_right: fn(&[u8]) -> bool,
    /// Text that shows the output is on standard output.
    marker: &'static str,
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

const BUILD: Output = Output {
    name: "build",
    args: |p| strings(&["build", "--variant", "brandubh", "-o", p]),
    looks_right: |b| b.starts_with(b"pico-8 cartridge"),
    marker: "pico-8 cartridge",
};
const SCREENSHOT: Output = Output {
    name: "screenshot",
    args: |p| {
        let shot = format!("1:{p}");
        strings(&[
            "run",
            "carts/ziege.p8",
            "--frames",
            "1",
            "--screenshot",
            &shot,
        ])
    },
    looks_right: |b| b.starts_with(b"\x89PNG"),
    marker: "PNG",
};
const CPU_PLOT: Output = Output {
    name: "cpu-plot",
    args: |p| strings(&["run", "carts/ziege.p8", "--frames", "2", "--cpu-plot", p]),
    looks_right: |b| b.starts_with(b"<svg"),
    marker: "<svg",
};
const RECORD: Output = Output {
    name: "record",
    args: |p| {
        strings(&[
            "match",
            "--variant",
            "brandubh",
            "--a",
            "full",
            "--b",
            "full",
            "--nodes",
            "30",
            "--games",
            "2",
            "--quiet",
            "--record",
            p,
        ])
    },
    looks_right: |b| String::from_utf8_lossy(b).contains("brandubh"),
    marker: "[event:tafl8 match]",
};
const BOOK: Output = Output {
    name: "book",
    args: |p| {
        strings(&[
            "book",
            "--variant",
            "brandubh",
            "--depth",
            "1",
            "--plies",
            "1",
            "--out",
            p,
        ])
    },
    looks_right: |b| b.starts_with(b"# brandubh opening book"),
    marker: "# brandubh opening book",
};

/// A fresh empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tafl8-outputs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(out: &Output, path: &Path) -> (i32, String, String) {
    let args = (out.args)(path.to_str().unwrap());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    tafl8(&args)
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// A link to a file: the file is written, the link stays the same link.
fn through_a_symlink(out: &Output) {
    let dir = scratch(&format!("{}-link", out.name));
    let target = dir.join("target.out");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.out");
    std::os::unix::fs::symlink("target.out", &link).unwrap();
    let (code, _, stderr) = run(out, &link);
    assert_eq!(code, 0, "{}: {stderr}", out.name);
    let meta = std::fs::symlink_metadata(&link).unwrap();
    assert!(
        meta.file_type().is_symlink(),
        "{}: the link was replaced",
        out.name
    );
    assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("target.out"));
    let bytes = std::fs::read(&target).unwrap();
    assert!(
        (out.looks_right)(&bytes),
        "{}: the target was not written",
        out.name
    );
    assert_eq!(names_in(&dir), ["link.out", "target.out"], "{}", out.name);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A read-only file: refused from its permission bits (root included), exit non-zero, the
/// user's path named (not a temporary file's), the file and its folder as they were.
fn refuses_a_read_only_file(out: &Output) {
    let dir = scratch(&format!("{}-ro", out.name));
    let path = dir.join("locked.out");
    std::fs::write(&path, "old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let (code, _, stderr) = run(out, &path);
    assert_ne!(code, 0, "{}: a read-only file was written", out.name);
    assert!(
        stderr.contains(path.to_str().unwrap()) && stderr.contains("read-only"),
        "{}: {stderr}",
        out.name
    );
    assert!(!stderr.contains(".tmp"), "{}: {stderr}", out.name);
    assert!(!stderr.contains("panicked"), "{}: {stderr}", out.name);
    assert_eq!(std::fs::read(&path).unwrap(), b"old", "{}", out.name);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o444, "{}", out.name);
    assert_eq!(names_in(&dir), ["locked.out"], "{}", out.name);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A FIFO: written into (a reader gets the output), and still a FIFO afterwards.
fn into_a_fifo(out: &Output) {
    let dir = scratch(&format!("{}-fifo", out.name));
    let fifo = dir.join("pipe.out");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let (tx, rx) = mpsc::channel();
    let reader_path = fifo.clone();
    // Detached: if the FIFO were replaced, this reader would wait for ever on the old node.
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let r = std::fs::File::open(&reader_path).and_then(|mut f| f.read_to_end(&mut bytes));
        let _ = tx.send(r.map(|_| bytes));
    });
    let (code, _, stderr) = run(out, &fifo);
    assert_eq!(code, 0, "{}: {stderr}", out.name);
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "{}: the FIFO was replaced", out.name);
    let bytes = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("the reader got the output")
        .unwrap();
    assert!(
        (out.looks_right)(&bytes),
        "{}: the reader got {} bytes",
        out.name,
        bytes.len()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A path whose folder does not exist: an error naming it, and nothing created.
fn needs_its_folder(out: &Output) {
    let dir = scratch(&format!("{}-nodir", out.name));
    let path = dir.join("missing").join("x.out");
    let (code, _, stderr) = run(out, &path);
    assert_ne!(code, 0, "{}", out.name);
    assert!(
        stderr.contains("missing") && stderr.contains("does not exist"),
        "{}: {stderr}",
        out.name
    );
    assert!(!stderr.contains("panicked"), "{}: {stderr}", out.name);
    assert!(names_in(&dir).is_empty(), "{}", out.name);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `/dev/stdout` is standard output, whatever it is connected to (a pipe here).
fn to_standard_output(out: &Output) {
    let (code, stdout, stderr) = run(out, Path::new("/dev/stdout"));
    assert_eq!(code, 0, "{}: {stderr}", out.name);
    assert!(
        stdout.contains(out.marker),
        "{}: not on stdout: {stdout}",
        out.name
    );
}

fn all_cases(out: &Output) {
    through_a_symlink(out);
    refuses_a_read_only_file(out);
    into_a_fifo(out);
    needs_its_folder(out);
    to_standard_output(out);
}

#[test]
fn build_output() {
    all_cases(&BUILD);
}

#[test]
fn run_screenshot() {
    all_cases(&SCREENSHOT);
}

#[test]
fn run_cpu_plot() {
    all_cases(&CPU_PLOT);
}

#[test]
fn match_record() {
    all_cases(&RECORD);
}

#[test]
fn book_out() {
    all_cases(&BOOK);
}

/// `build -o /dev/stdout` writes exactly the cart to standard output (its budget report goes to
/// standard error), the same bytes as a build to a file.
#[test]
fn build_to_standard_output_is_the_cart() {
    let dir = scratch("build-stdout");
    let file = dir.join("b.p8");
    let (code, _, stderr) = tafl8(&[
        "build",
        "--variant",
        "brandubh",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let expected = std::fs::read_to_string(&file).unwrap();
    let (code, stdout, stderr) = tafl8(&["build", "--variant", "brandubh", "-o", "/dev/stdout"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, expected);
    assert!(stderr.contains("tokens"), "the budget report: {stderr}");
    // A link to this process's standard output is followed there too.
    let link = dir.join("out.p8");
    std::os::unix::fs::symlink("/dev/stdout", &link).unwrap();
    let (code, stdout, stderr) = tafl8(&[
        "build",
        "--variant",
        "brandubh",
        "-o",
        link.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, expected);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A character device (a null device made for the test where the OS allows it, else
/// `/dev/null`, which only root could replace) is written into and stays a device.
#[test]
fn build_into_a_character_device() {
    let dir = scratch("build-device");
    let own = dir.join("null");
    let made = Command::new("mknod")
        .arg(&own)
        .args(["c", "1", "3"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let device = if made {
        own
    } else {
        PathBuf::from("/dev/null")
    };
    let (code, _, stderr) = tafl8(&[
        "build",
        "--variant",
        "brandubh",
        "-o",
        device.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let kind = std::fs::symlink_metadata(&device).unwrap().file_type();
    assert!(kind.is_char_device(), "{} was replaced", device.display());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `otep --log` appends through the same writer: a read-only log is refused before the session.
#[test]
fn otep_log_refuses_a_read_only_file() {
    let dir = scratch("otep-log");
    let log = dir.join("otep.log");
    std::fs::write(&log, "old").unwrap();
    std::fs::set_permissions(&log, std::fs::Permissions::from_mode(0o444)).unwrap();
    let (code, stdout, stderr) = tafl8(&["otep", "--log", log.to_str().unwrap()]);
    assert_ne!(code, 0, "{stdout}");
    assert!(
        stderr.contains("--log") && stderr.contains("read-only"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&log).unwrap(), b"old");
    std::fs::remove_dir_all(&dir).unwrap();
}
