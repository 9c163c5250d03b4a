//! An outside OTEP engine, driven by the referee: started from a shell command, sent the rules,
//! the moves and `play`, its `move` awaited with a timeout.
//!
//! OpenTafl's own engine (`OpenTafl --engine`, recognised by its `OpenTafl v...` banner before
//! `hello`) needs care, as found by the shared Python referee (`../shared/opentafl/README.md`):
//! it sends `move` before applying the move to its own board and then prints its search
//! statistics from the search thread, so a command that arrives in that window lands on the
//! wrong board; the referee waits for its last statistics line (`status Transposition table
//! stats`, at most 5 s) before sending anything. Its first searches are slow (a cold JIT), so
//! a match makes a few uncounted searches first. Its stdout carries lines outside the protocol,
//! which are ignored.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Why an engine failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// It did not answer in time.
    Timeout,
    /// Its process ended (or could not be written to).
    Died(String),
    /// It sent `error` instead of a move.
    Error(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout => f.write_str("no move in time"),
            Failure::Died(s) => write!(f, "engine ended: {s}"),
            Failure::Error(s) => write!(f, "engine error: {s}"),
        }
    }
}

/// What the engine said with its move.
#[derive(Debug, Clone, Default)]
pub struct MoveInfo {
    /// Search depth, if its status lines told (tafl8's `depth=N`, OpenTafl's `Depth N explored`).
    pub depth: Option<u32>,
    /// Nodes searched, if told.
    pub nodes: Option<u64>,
}

/// A running engine.
pub struct External {
    /// Shown in reports.
    pub name: String,
    cmd: String,
    log: Option<PathBuf>,
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    rx: Option<Receiver<Option<String>>>,
    /// Whether this is OpenTafl's own engine (its banner was seen).
    pub opentafl: bool,
    status: Vec<String>,
    started: Instant,
}

impl External {
    /// An engine that `cmd` (run by `sh -c`) starts; `log` appends a transcript.
    pub fn new(name: String, cmd: String, log: Option<PathBuf>) -> External {
        External {
            name,
            cmd,
            log,
            child: None,
            stdin: None,
            rx: None,
            opentafl: false,
            status: Vec::new(),
            started: Instant::now(),
        }
    }

    fn note(&self, dir: &str, line: &str) {
        if let Some(p) = &self.log {
            if let Ok(mut f) = tafl8_outfile::open_append(p) {
                let _ = writeln!(f, "{} {dir} {line}", self.started.elapsed().as_millis());
            }
        }
    }

    /// Whether the process is running (a process found ended is forgotten: it is reaped, so
    /// its id may be reused and must not be signalled).
    pub fn alive(&mut self) -> bool {
        match self.child.as_mut().map(|c| c.try_wait()) {
            Some(Ok(None)) => true,
            Some(_) => {
                self.child = None;
                self.stdin = None;
                self.rx = None;
                false
            }
            None => false,
        }
    }

    /// Starts the engine unless it runs, and waits for its `hello` (20 s).
    pub fn ensure(&mut self) -> Result<(), Failure> {
        if self.alive() && self.stdin.is_some() {
            return Ok(());
        }
        self.kill();
        // Its own process group, so that stopping it also stops what its command started.
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.cmd)
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Failure::Died(format!("cannot start `{}`: {e}", self.cmd)))?;
        let stdout = child
            .stdout
            .take()
            .ok_or(Failure::Died("no stdout".into()))?;
        self.stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(Some(l)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = tx.send(None);
        });
        self.child = Some(child);
        self.rx = Some(rx);
        self.note("--", &format!("started `{}`", self.cmd));
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let line = self.recv(deadline)?;
            if line.starts_with("OpenTafl v") {
                self.opentafl = true;
            }
            if line.trim() == "hello" {
                return Ok(());
            }
        }
    }

    fn recv(&mut self, deadline: Instant) -> Result<String, Failure> {
        let rx = self
            .rx
            .as_ref()
            .ok_or(Failure::Died("not running".into()))?;
        let wait = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(wait) {
            Ok(Some(l)) => {
                self.note("<<", &l);
                Ok(l)
            }
            Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                Err(Failure::Died("its output closed".into()))
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.note(">>", line);
        let stdin = self
            .stdin
            .as_mut()
            .ok_or(Failure::Died("not running".into()))?;
        stdin
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|_| stdin.flush())
            .map_err(|e| Failure::Died(format!("writing to it: {e}")))
    }

    /// Drops what the engine printed since the last exchange.
    pub fn drain(&mut self) {
        while let Some(Ok(Some(l))) = self.rx.as_ref().map(|rx| rx.try_recv()) {
            self.note("<< (stale)", &l);
        }
    }

    /// Waits for `move X` until `deadline`; `status` lines on the way are kept for
    /// [`External::info`].
    pub fn wait_move(&mut self, deadline: Instant) -> Result<String, Failure> {
        self.status.clear();
        loop {
            let line = self.recv(deadline)?;
            let line = line.trim();
            if let Some(m) = line.strip_prefix("move ") {
                return Ok(m.trim().to_string());
            }
            if line.starts_with("error") {
                return Err(Failure::Error(line.to_string()));
            }
            if let Some(s) = line.strip_prefix("status ") {
                self.status.push(s.to_string());
            }
        }
    }

    /// OpenTafl: waits (at most 5 s) for the last statistics line it prints after its move.
    pub fn settle(&mut self) -> Result<(), Failure> {
        if !self.opentafl {
            return Ok(());
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            match self.recv(deadline) {
                Ok(l) => {
                    if let Some(s) = l.strip_prefix("status ") {
                        self.status.push(s.to_string());
                        if s.starts_with("Transposition table stats") {
                            // Let it finish applying the move.
                            std::thread::sleep(Duration::from_millis(20));
                            return Ok(());
                        }
                    }
                }
                Err(Failure::Timeout) => {
                    self.note("--", "(no statistics line within 5 s)");
                    return Ok(());
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Depth and nodes from the status lines of the last move.
    pub fn info(&self) -> MoveInfo {
        let mut info = MoveInfo::default();
        for s in &self.status {
            if let Some(rest) = s.strip_prefix("tafl8 ") {
                for tok in rest.split_whitespace() {
                    match tok.split_once('=') {
                        Some(("depth", v)) => info.depth = v.parse().ok().or(info.depth),
                        Some(("nodes", v)) => info.nodes = v.parse().ok().or(info.nodes),
                        _ => {}
                    }
                }
            } else if let Some(rest) = s.strip_prefix("Depth ") {
                // OpenTafl: `Depth 4 explored 5758 states in 0.229 sec at ...`.
                if rest.contains(" explored ") {
                    if let Some(d) = rest.split_whitespace().next().and_then(|d| d.parse().ok()) {
                        info.depth = Some(info.depth.map_or(d, |x: u32| x.max(d)));
                    }
                }
            } else if let Some(rest) = s.strip_prefix("Thought for: ") {
                // OpenTafl: `... Tree sizes: main search 81546 nodes, extension searches 9016 nodes`.
                let w: Vec<&str> = rest.split_whitespace().collect();
                let after = |key: &str| {
                    w.iter()
                        .position(|x| *x == key)
                        .and_then(|i| w.get(i + 2))
                        .and_then(|v| v.parse::<u64>().ok())
                };
                if let (Some(a), Some(b)) = (after("main"), after("extension")) {
                    info.nodes = Some(a + b);
                }
            }
        }
        info
    }

    /// Says goodbye and waits a little for the process to end, then kills it.
    pub fn stop(&mut self) {
        if self.child.is_some() {
            let _ = self.send("goodbye");
            if let Some(c) = self.child.as_mut() {
                let deadline = Instant::now() + Duration::from_secs(3);
                while Instant::now() < deadline {
                    if matches!(c.try_wait(), Ok(Some(_))) {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
            }
        }
        self.kill();
    }

    /// Ends the process now (after a crash, an illegal move or a timeout).
    pub fn kill(&mut self) {
        self.stdin = None;
        self.rx = None;
        if let Some(mut c) = self.child.take() {
            // The whole group the engine's command started (its id is the shell's, which is not
            // reaped yet, so the id cannot have been reused).
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", c.id())])
                .stderr(Stdio::null())
                .status();
            let _ = c.kill();
            let _ = c.wait();
            self.note("--", "stopped");
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_and_nodes_from_status_lines() {
        let mut e = External::new("x".into(), "true".into(), None);
        e.status = vec!["tafl8 depth=9 score=12 nodes=12345 ms=800 pv=a1-a2".into()];
        let i = e.info();
        assert_eq!((i.depth, i.nodes), (Some(9), Some(12345)));
        // OpenTafl's lines (from a recorded session).
        e.status = vec![
            "Depth 1 explored 20 states in 0.001 sec at 20000.00/sec".into(),
            "Depth 4 explored 5758 states in 0.229 sec at 25144.10/sec".into(),
            "Thought for: 1522msec. Tree sizes: main search 729 nodes, extension searches 15849 nodes".into(),
        ];
        let i = e.info();
        assert_eq!((i.depth, i.nodes), (Some(4), Some(729 + 15849)));
    }
}
