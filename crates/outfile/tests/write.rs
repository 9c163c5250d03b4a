//! The writer against each kind of path: new and existing regular files, links (relative,
//! absolute, dangling, looping), read-only files, FIFOs, devices, folders, missing folders.

use std::io::{Read, Write};
use std::os::unix::fs::{symlink, FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

use tafl8_outfile::{open_append, write, Problem};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tafl8-outfile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[test]
fn a_new_file_is_written_and_no_temporary_file_is_left() {
    let dir = scratch("new");
    let path = dir.join("a.p8");
    write(&path, b"one").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"one");
    assert_eq!(names_in(&dir), ["a.p8"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_existing_file_is_replaced_and_keeps_its_permissions() {
    let dir = scratch("replace");
    let path = dir.join("a.p8");
    std::fs::write(&path, "a much longer old content").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    write(&path, b"new").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"new");
    assert_eq!(mode(&path), 0o640);
    assert_eq!(names_in(&dir), ["a.p8"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn links_are_followed_and_stay_links() {
    let dir = scratch("links");
    std::fs::create_dir(dir.join("sub")).unwrap();
    let target = dir.join("sub/real.p8");
    std::fs::write(&target, "old").unwrap();
    // A relative link (read against the link's folder, not the working one), a link to it, and
    // an absolute link.
    symlink("sub/real.p8", dir.join("rel")).unwrap();
    symlink("rel", dir.join("chain")).unwrap();
    symlink(&target, dir.join("abs")).unwrap();
    for (name, text) in [("rel", "1"), ("chain", "2"), ("abs", "3")] {
        let link = dir.join(name);
        let before = std::fs::read_link(&link).unwrap();
        write(&link, text.as_bytes()).unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), text, "{name}");
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_link(&link).unwrap(), before, "{name}");
    }
    assert_eq!(names_in(&dir), ["abs", "chain", "rel", "sub"]);
    assert_eq!(names_in(&dir.join("sub")), ["real.p8"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_dangling_link_creates_its_target() {
    let dir = scratch("dangling");
    symlink("made.p8", dir.join("link")).unwrap();
    write(&dir.join("link"), b"x").unwrap();
    assert_eq!(std::fs::read(dir.join("made.p8")).unwrap(), b"x");
    assert!(std::fs::symlink_metadata(dir.join("link"))
        .unwrap()
        .file_type()
        .is_symlink());
    // Its target's folder must exist.
    symlink("nowhere/made.p8", dir.join("far")).unwrap();
    let e = write(&dir.join("far"), b"x").unwrap_err();
    assert!(matches!(e.problem, Problem::MissingFolder(_)), "{e}");
    assert!(e.to_string().contains("nowhere"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_link_loop_is_an_error() {
    let dir = scratch("loop");
    symlink("b", dir.join("a")).unwrap();
    symlink("a", dir.join("b")).unwrap();
    let e = write(&dir.join("a"), b"x").unwrap_err();
    assert!(matches!(e.problem, Problem::LinkLoop), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Refused from the permission bits, so as root too (the OS would let root write it, and a
/// rename never asks the file).
#[test]
fn a_read_only_file_is_refused_and_left_as_it_was() {
    let dir = scratch("ro");
    let path = dir.join("locked.p8");
    std::fs::write(&path, "old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let e = write(&path, b"new").unwrap_err();
    assert!(
        matches!(e.problem, Problem::ReadOnly { mode: 0o444 }),
        "{e}"
    );
    let msg = e.to_string();
    assert!(
        msg.starts_with(&format!("cannot write {}: it is read-only", path.display())),
        "{msg}"
    );
    assert!(msg.contains("0444") && !msg.contains(".tmp"), "{msg}");
    assert_eq!(std::fs::read(&path).unwrap(), b"old");
    assert_eq!(mode(&path), 0o444);
    assert_eq!(names_in(&dir), ["locked.p8"]);
    // Through a link too: both names in the message.
    symlink("locked.p8", dir.join("link")).unwrap();
    let e = write(&dir.join("link"), b"new").unwrap_err();
    assert!(matches!(e.problem, Problem::ReadOnly { .. }), "{e}");
    assert!(e.to_string().contains("link (a link to"), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), b"old");
    // And for appending.
    let e = open_append(&path).unwrap_err();
    assert!(matches!(e.problem, Problem::ReadOnly { .. }), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fifo_is_written_into_not_replaced() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let (tx, rx) = mpsc::channel();
    let reader = fifo.clone();
    // Detached: were the FIFO replaced, this reader would wait for ever on the old node.
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let r = std::fs::File::open(&reader).and_then(|mut f| f.read_to_end(&mut bytes));
        let _ = tx.send(r.map(|_| bytes));
    });
    write(&fifo, b"through the pipe").unwrap();
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    let got = rx.recv_timeout(Duration::from_secs(20)).unwrap().unwrap();
    assert_eq!(got, b"through the pipe");
    assert_eq!(names_in(&dir), ["pipe"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A null device made for the test where the OS allows it (root), else `/dev/null` (which only
/// root could replace).
#[test]
fn a_character_device_is_written_into_not_replaced() {
    let dir = scratch("dev");
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
    write(&device, b"gone").unwrap();
    let kind = std::fs::symlink_metadata(&device).unwrap().file_type();
    assert!(kind.is_char_device());
    let mut f = open_append(&device).unwrap();
    f.write_all(b"appended").unwrap();
    assert!(std::fs::symlink_metadata(&device)
        .unwrap()
        .file_type()
        .is_char_device());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_folder_and_a_folder_are_errors() {
    let dir = scratch("folders");
    let e = write(&dir.join("no/such/a.p8"), b"x").unwrap_err();
    assert!(
        matches!(&e.problem, Problem::MissingFolder(d) if d.ends_with("no/such")),
        "{e}"
    );
    assert!(e.to_string().contains("does not exist"), "{e}");
    let e = open_append(&dir.join("no/a.log")).unwrap_err();
    assert!(matches!(e.problem, Problem::MissingFolder(_)), "{e}");
    let e = write(&dir, b"x").unwrap_err();
    assert!(matches!(e.problem, Problem::IsFolder), "{e}");
    assert!(names_in(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A path through a regular file fails before anything is created, naming the path.
#[test]
fn a_path_through_a_file_is_an_error() {
    let dir = scratch("through");
    std::fs::write(dir.join("plain"), "x").unwrap();
    let e = write(&dir.join("plain/inside.p8"), b"x").unwrap_err();
    assert!(matches!(e.problem, Problem::Io(_)), "{e}");
    assert!(e.to_string().contains("plain/inside.p8"), "{e}");
    assert_eq!(names_in(&dir), ["plain"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn appending_creates_and_appends_through_links() {
    let dir = scratch("append");
    let log = dir.join("a.log");
    symlink("a.log", dir.join("link.log")).unwrap();
    open_append(&log).unwrap().write_all(b"one\n").unwrap();
    open_append(&dir.join("link.log"))
        .unwrap()
        .write_all(b"two\n")
        .unwrap();
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "one\ntwo\n");
    assert!(std::fs::symlink_metadata(dir.join("link.log"))
        .unwrap()
        .file_type()
        .is_symlink());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn standard_output_is_recognised_through_links() {
    let dir = scratch("stdout");
    symlink("/dev/stdout", dir.join("out")).unwrap();
    assert!(tafl8_outfile::is_stdout(Path::new("/dev/stdout")));
    assert!(tafl8_outfile::is_stdout(Path::new("/dev/fd/1")));
    assert!(tafl8_outfile::is_stdout(Path::new("/proc/self/fd/1")));
    assert!(tafl8_outfile::is_stdout(&dir.join("out")));
    assert!(!tafl8_outfile::is_stdout(Path::new("/dev/stderr")));
    assert!(!tafl8_outfile::is_stdout(&dir.join("x")));
    std::fs::remove_dir_all(&dir).unwrap();
}
