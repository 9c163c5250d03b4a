//! Where an output path leads: symbolic links followed one by one to the file to write, and what
//! kind of file that is.

use std::fs::{self, Permissions};
use std::io;
use std::path::{Path, PathBuf};

use crate::Problem;

/// Linux's own limit on the links followed in one path lookup.
const MAX_LINKS: usize = 40;

/// The file an output path leads to.
pub(crate) enum Target {
    /// This process's standard output.
    Stdout,
    /// This process's standard error.
    Stderr,
    /// A special file (device, FIFO, socket) or a `/proc` entry: written where it is.
    InPlace(PathBuf),
    /// An existing regular file, with its permissions.
    Regular(PathBuf, Permissions),
    /// No file yet; its folder exists.
    New(PathBuf),
}

impl Target {
    /// The file a link led to, when it is not the path given (for messages).
    pub(crate) fn link_target(&self, given: &Path) -> Option<PathBuf> {
        match self {
            Target::InPlace(p) | Target::Regular(p, _) | Target::New(p) if p != given => {
                Some(p.clone())
            }
            _ => None,
        }
    }
}

/// The folder a file is in (`.` for a bare name).
pub(crate) fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Follows `path` to the file to write. On failure, the problem and where the links led.
pub(crate) fn resolve(path: &Path) -> Result<Target, (Problem, Option<PathBuf>)> {
    let mut cur = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        let shown = (cur != path).then(|| cur.clone());
        if let Some(t) = own_descriptor(&cur) {
            return Ok(t);
        }
        // `/proc`'s links are not paths (`pipe:[1234]`): the kernel follows them on open.
        if cur.starts_with("/proc") {
            return Ok(Target::InPlace(cur));
        }
        let meta = match fs::symlink_metadata(&cur) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return new_file(cur, shown),
            Err(e) => return Err((Problem::Io(e), shown)),
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let link = fs::read_link(&cur).map_err(|e| (Problem::Io(e), shown))?;
            cur = if link.is_absolute() {
                link
            } else {
                folder_of(&cur).join(link)
            };
        } else if kind.is_file() {
            return Ok(Target::Regular(cur, meta.permissions()));
        } else if kind.is_dir() {
            return Err((Problem::IsFolder, shown));
        } else {
            if meta.permissions().readonly() {
                let mode = crate::mode_of(&meta.permissions());
                return Err((Problem::ReadOnly { mode }, shown));
            }
            return Ok(Target::InPlace(cur));
        }
    }
    Err((Problem::LinkLoop, None))
}

/// A file that does not exist yet: its folder must.
fn new_file(path: PathBuf, shown: Option<PathBuf>) -> Result<Target, (Problem, Option<PathBuf>)> {
    let dir = folder_of(&path);
    match fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(Target::New(path)),
        Ok(_) => Err((
            Problem::Io(io::Error::other(format!(
                "{} is not a folder",
                dir.display()
            ))),
            shown,
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            Err((Problem::MissingFolder(dir.to_owned()), shown))
        }
        Err(e) => Err((Problem::Io(e), shown)),
    }
}

/// This process's own descriptor named as a file: standard output and error as the streams,
/// any other descriptor written where it is.
fn own_descriptor(path: &Path) -> Option<Target> {
    let s = path.to_str()?;
    let own_proc = format!("/proc/{}/fd/", std::process::id());
    let fd: u32 = match s {
        "/dev/stdout" => 1,
        "/dev/stderr" => 2,
        _ => s
            .strip_prefix("/dev/fd/")
            .or_else(|| s.strip_prefix("/proc/self/fd/"))
            .or_else(|| s.strip_prefix(own_proc.as_str()))?
            .parse()
            .ok()?,
    };
    Some(match fd {
        1 => Target::Stdout,
        2 => Target::Stderr,
        _ => Target::InPlace(path.to_owned()),
    })
}
