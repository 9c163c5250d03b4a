//! Runs cases on a backend in batches, compares every answer with the Rust engine's, and collects
//! the mismatches with everything needed to reproduce them.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::backend::Backend;
use crate::case::Case;
use crate::error::DiffError;
use crate::oracle::answer;
use crate::target::Target;

/// One answer that differs.
#[derive(Clone, Debug, Serialize)]
pub struct Mismatch {
    /// Variant.
    pub variant: String,
    /// Search configuration spec (and planted bug, if any).
    pub config: String,
    /// Which Lua ran it.
    pub backend: String,
    /// The check (`perft`, `moves`, ...).
    pub check: String,
    /// The base position (OpenTafl string).
    pub position: String,
    /// Side to move in the base position.
    pub side: String,
    /// Moves played from the base.
    pub moves: String,
    /// The Lua's answer (or its error).
    pub lua: String,
    /// The Rust engine's answer.
    pub rust: String,
    /// The command that reruns this case.
    pub repro: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "MISMATCH {} {} [{}] on {}",
            self.variant, self.check, self.config, self.backend
        )?;
        writeln!(
            f,
            "  position {} ({} to move), then moves {}",
            self.position, self.side, self.moves
        )?;
        writeln!(f, "  lua : {}", self.lua)?;
        writeln!(f, "  rust: {}", self.rust)?;
        if let Some(i) = first_difference(&self.lua, &self.rust) {
            writeln!(f, "  first difference at field {i}")?;
        }
        write!(f, "  reproduce: {}", self.repro)
    }
}

/// The index of the first space-separated field that differs.
fn first_difference(a: &str, b: &str) -> Option<usize> {
    let (x, y): (Vec<&str>, Vec<&str>) = (a.split(' ').collect(), b.split(' ').collect());
    (0..x.len().max(y.len())).find(|&i| x.get(i) != y.get(i))
}

/// The result of a comparison run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    /// Cases compared.
    pub cases: usize,
    /// Cases whose answers differed.
    pub mismatches: usize,
    /// Cases per check.
    pub by_check: BTreeMap<String, usize>,
    /// The mismatches (all of them).
    pub details: Vec<Mismatch>,
}

impl Report {
    /// Adds another run's counts and mismatches.
    pub fn merge(&mut self, other: Report) {
        self.cases += other.cases;
        self.mismatches += other.mismatches;
        for (k, v) in other.by_check {
            *self.by_check.entry(k).or_default() += v;
        }
        self.details.extend(other.details);
    }
}

/// Compares `cases` on `backend` for `target`, `batch` cases per Lua run; `progress` is called
/// with the number of cases finished after each batch. A batch the Lua fails on is rerun case by
/// case, so the error lands on the case that caused it.
pub fn compare(
    target: &Target,
    backend: &dyn Backend,
    cases: &[Case],
    batch: usize,
    progress: &mut dyn FnMut(usize),
) -> Result<Report, DiffError> {
    let mut report = Report::default();
    for chunk in cases.chunks(batch.max(1)) {
        let lua = run_chunk(target, backend, chunk)?;
        for (case, got) in chunk.iter().zip(lua) {
            let want = answer(target, case);
            report.cases += 1;
            *report.by_check.entry(case.check.name().into()).or_default() += 1;
            if got != want {
                report.mismatches += 1;
                report
                    .details
                    .push(mismatch(target, backend.name(), case, got, want));
            }
        }
        progress(chunk.len());
    }
    Ok(report)
}

/// The Lua's answer line for each case of `chunk` (an error text where it failed).
fn run_chunk(
    target: &Target,
    backend: &dyn Backend,
    chunk: &[Case],
) -> Result<Vec<String>, DiffError> {
    let requests: Vec<String> = chunk.iter().map(|c| c.request(&target.rules)).collect();
    let out = backend.run(target, &requests)?;
    if out.error.is_none() && out.lines.len() == chunk.len() {
        return Ok(out.lines);
    }
    if chunk.len() == 1 {
        let msg = out
            .error
            .unwrap_or_else(|| format!("protocol: {} lines for 1 request", out.lines.len()));
        return Ok(vec![format!("error: {msg}")]);
    }
    let mut lines = Vec::with_capacity(chunk.len());
    for c in chunk {
        lines.extend(run_chunk(target, backend, std::slice::from_ref(c))?);
    }
    Ok(lines)
}

fn mismatch(target: &Target, backend: &str, case: &Case, lua: String, rust: String) -> Mismatch {
    let r = &target.rules;
    Mismatch {
        variant: r.name().to_string(),
        config: target.spec.clone(),
        backend: backend.to_string(),
        check: case.check.name().to_string(),
        position: case.pos.base_string(r),
        side: case.pos.side.name().to_string(),
        moves: case.pos.moves_text(r),
        lua,
        rust,
        repro: case.repro(r, &target.rules_arg, &target.spec),
    }
}
