//! The one way tafl8 writes an output file: a cart, a screenshot, a CPU plot, a match record, an
//! opening book, a log. Whatever the path names, the result is what a user of `cp` or of a
//! shell's `>` expects, and a failure changes nothing:
//!
//! - A regular file (or a new one) is replaced atomically: the bytes go to a temporary file in
//!   the same folder, are synced, and the temporary file is renamed over the target, so a reader
//!   sees the old file or the new one, never half of one. The old file's permissions are kept;
//!   the temporary file is removed on any error.
//! - A symbolic link is followed: its target is written (atomically, in the target's folder) and
//!   the link stays the same link. A dangling link's target is created.
//! - A special file (a character device such as a terminal or `/dev/null`, a FIFO) is written in
//!   place, never replaced.
//! - This process's own descriptors named as files (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
//!   `/proc/self/fd/N`, and anything under `/proc`) are written in place; standard output and
//!   error through the streams themselves, so the bytes land where the rest of the program's
//!   output goes, whatever that is connected to.
//! - A file without write permission is refused. The permission bits are read rather than left
//!   to the OS, which lets root write anything (and a rename never asks the file at all).
//! - A folder, or a path whose folder does not exist, is an error.
//!
//! Errors name the path the caller was given (and a link's target when there is one), never the
//! temporary file.

use std::fmt;
use std::fs::{File, OpenOptions, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

mod resolve;

use resolve::{resolve, Target};

/// Why an output could not be written. Displayed as `cannot write PATH: REASON`, with a way out
/// where there is one.
#[derive(Debug)]
pub struct WriteError {
    /// The path as the caller gave it.
    pub path: PathBuf,
    /// Where a symbolic link led, when the path is one.
    pub target: Option<PathBuf>,
    /// What went wrong.
    pub problem: Problem,
}

/// What went wrong in a [`WriteError`].
#[derive(Debug)]
pub enum Problem {
    /// The file exists without write permission (the mode is its permission bits); it is left
    /// as it was.
    ReadOnly {
        /// The file's permission bits (e.g. `0o444`).
        mode: u32,
    },
    /// The folder the file would go in does not exist.
    MissingFolder(PathBuf),
    /// The path is a folder.
    IsFolder,
    /// Following symbolic links did not end (a loop, or more than 40 links).
    LinkLoop,
    /// The operating system refused (the message is its own).
    Io(io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}", self.path.display())?;
        if let Some(t) = &self.target {
            write!(f, " (a link to {})", t.display())?;
        }
        write!(f, ": {}", self.problem)
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::ReadOnly { mode } => write!(
                f,
                "it is read-only (mode {mode:04o}) and was left unchanged; make it writable \
                 (chmod u+w) or choose another path"
            ),
            Problem::MissingFolder(dir) => write!(
                f,
                "the folder {} does not exist; create it or choose another path",
                dir.display()
            ),
            Problem::IsFolder => write!(f, "it is a folder; give a file name"),
            Problem::LinkLoop => write!(f, "too many symbolic links (a loop?)"),
            Problem::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            Problem::Io(e) => Some(e),
            _ => None,
        }
    }
}

/// Writes `bytes` to `path`: a regular file atomically, through links, into special files in
/// place, refusing read-only files (see the crate's documentation).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let target = resolve(path).map_err(|(problem, target)| WriteError {
        path: path.to_owned(),
        target,
        problem,
    })?;
    let shown = target.link_target(path);
    let fail = |problem| WriteError {
        path: path.to_owned(),
        target: shown.clone(),
        problem,
    };
    match target {
        Target::Stdout => write_stream(&mut io::stdout().lock(), bytes),
        Target::Stderr => write_stream(&mut io::stderr().lock(), bytes),
        Target::InPlace(p) => write_in_place(&p, bytes),
        Target::Regular(p, perms) => {
            if let Some(mode) = read_only(&p, &perms) {
                return Err(fail(Problem::ReadOnly { mode }));
            }
            replace(&p, bytes, Some(perms))
        }
        Target::New(p) => replace(&p, bytes, None),
    }
    .map_err(|e| fail(Problem::Io(e)))
}

/// How [`write`] would write a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    /// A regular file, new or replaced atomically: writing it again later is harmless.
    Replace,
    /// Written where it is (a device, a FIFO, standard output): each write is seen, so a
    /// command that rewrites its output as it goes writes it only once, at the end.
    InPlace,
}

/// Checks, before a long computation, that `path` can be written: the errors [`write`] would
/// give for a read-only file, a folder or a missing folder come now. Nothing is opened or
/// created (a FIFO is not opened, so no reader is needed yet).
pub fn check(path: &Path) -> Result<Way, WriteError> {
    let target = resolve(path).map_err(|(problem, target)| WriteError {
        path: path.to_owned(),
        target,
        problem,
    })?;
    let shown = target.link_target(path);
    match target {
        Target::Stdout | Target::Stderr | Target::InPlace(_) => Ok(Way::InPlace),
        Target::New(_) => Ok(Way::Replace),
        Target::Regular(p, perms) => match read_only(&p, &perms) {
            Some(mode) => Err(WriteError {
                path: path.to_owned(),
                target: shown,
                problem: Problem::ReadOnly { mode },
            }),
            None => Ok(Way::Replace),
        },
    }
}

/// Opens `path` to append to (a log), following the same rules as [`write`]: links followed,
/// special files and this process's descriptors opened in place, read-only files refused, a
/// missing folder an error. A new file is created.
pub fn open_append(path: &Path) -> Result<File, WriteError> {
    let target = resolve(path).map_err(|(problem, target)| WriteError {
        path: path.to_owned(),
        target,
        problem,
    })?;
    let shown = target.link_target(path);
    let fail = |problem| WriteError {
        path: path.to_owned(),
        target: shown.clone(),
        problem,
    };
    let at = match target {
        Target::Stdout => PathBuf::from("/dev/stdout"),
        Target::Stderr => PathBuf::from("/dev/stderr"),
        Target::InPlace(p) | Target::New(p) => p,
        Target::Regular(p, perms) => {
            if let Some(mode) = read_only(&p, &perms) {
                return Err(fail(Problem::ReadOnly { mode }));
            }
            p
        }
    };
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(&at)
        .map_err(|e| fail(Problem::Io(e)))
}

/// Whether `path` names this process's standard output (`/dev/stdout`, `/dev/fd/1`,
/// `/proc/self/fd/1`, or a link to one of them): a command writing its output there sends its
/// report to standard error instead, so standard output carries the file alone.
pub fn is_stdout(path: &Path) -> bool {
    matches!(resolve(path), Ok(Target::Stdout))
}

fn write_stream(w: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    w.write_all(bytes)?;
    w.flush()
}

/// A device, a FIFO, a descriptor under `/proc`: opened and written, never replaced. Truncation
/// is asked for so a regular file reached through `/proc` holds only the new bytes; devices and
/// FIFOs ignore it.
fn write_in_place(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = OpenOptions::new().write(true).truncate(true).open(path)?;
    f.write_all(bytes)?;
    f.flush()
}

/// The file's mode when it may not be written: no write bit at all (what root would otherwise
/// write through), or the OS refuses to open it for writing (another user's file). The probe
/// opens without truncating, so it changes nothing.
fn read_only(path: &Path, perms: &Permissions) -> Option<u32> {
    let mode = mode_of(perms);
    if perms.readonly() {
        return Some(mode);
    }
    match OpenOptions::new().write(true).open(path) {
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => Some(mode),
        _ => None,
    }
}

#[cfg(unix)]
fn mode_of(perms: &Permissions) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    perms.mode() & 0o7777
}

#[cfg(not(unix))]
fn mode_of(perms: &Permissions) -> u32 {
    if perms.readonly() {
        0o444
    } else {
        0o644
    }
}

/// Tells temporary files of the same process apart (several outputs may be written at once).
static TEMP_COUNTER: AtomicU32 = AtomicU32::new(0);

/// Writes `bytes` to a new temporary file beside `path`, syncs it, and renames it over `path`;
/// the temporary file is removed on any failure. `keep` is the old file's permissions.
fn replace(path: &Path, bytes: &[u8], keep: Option<Permissions>) -> io::Result<()> {
    let dir = resolve::folder_of(path);
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let (tmp, mut file) = create_temp(dir, &name)?;
    let result = (|| {
        file.write_all(bytes)?;
        if let Some(p) = keep {
            file.set_permissions(p)?;
        }
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
        return result;
    }
    // The rename is durable once the folder is synced; a folder that cannot be opened for that
    // (some file systems) still holds the new file.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

fn create_temp(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    let mut tries = 0;
    loop {
        let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{pid}-{n}.tmp"));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            // A leftover of a killed process with the same id: try the next name.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && tries < 100 => tries += 1,
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rename failing (onto a folder that is not empty) removes the temporary file.
    #[test]
    fn a_failed_rename_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("tafl8-outfile-rename-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("full")).unwrap();
        std::fs::write(dir.join("full/x"), "x").unwrap();
        assert!(replace(&dir.join("full"), b"bytes", None).is_err());
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        assert_eq!(names, ["full"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
