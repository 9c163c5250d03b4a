//! Local renaming for the minifier.
//!
//! Each local gets the shortest name (`a`..`z`, then `aa`, `ab`, ...) that is not a keyword, not a
//! global the program mentions anywhere, and not the new name of any local it conflicts with
//! (one is visible where the other is declared). No renamed local ever shadows another, so no
//! reference can be captured by the wrong declaration; names are still reused across sibling
//! scopes, which is where most of the saving is. The most used locals choose first, so the
//! same few short names recur (which also helps PICO-8's compressor). Globals, table keys and labels keep their names.

use std::collections::HashSet;

use crate::ast::{Chunk, Pos};
use crate::lint_resolve::{Decl, DeclId, DeclKind, Resolver, Visit};
use crate::token::Keyword;

#[derive(Default)]
struct Collect {
    globals: HashSet<String>,
    /// References per declaration (the declaration itself included).
    uses: Vec<u32>,
}

impl Visit for Collect {
    fn declare(&mut self, id: DeclId, _d: &[Decl], _s: Option<DeclId>, _name: &mut String) {
        if self.uses.len() <= id {
            self.uses.resize(id + 1, 0);
        }
        self.uses[id] += 1;
    }
    fn local_ref(
        &mut self,
        id: DeclId,
        _d: &[Decl],
        _name: &mut String,
        _pos: Pos,
        _write: bool,
        _depth: u32,
    ) {
        self.uses[id] += 1;
    }
    fn global_ref(&mut self, name: &str, _pos: Pos, _write: bool, _depth: u32) {
        self.globals.insert(name.to_owned());
    }
}

struct Apply<'a> {
    new_names: &'a [String],
}

impl Visit for Apply<'_> {
    fn declare(&mut self, id: DeclId, _d: &[Decl], _s: Option<DeclId>, name: &mut String) {
        name.clone_from(&self.new_names[id]);
    }
    fn local_ref(
        &mut self,
        id: DeclId,
        _d: &[Decl],
        name: &mut String,
        _pos: Pos,
        _write: bool,
        _depth: u32,
    ) {
        name.clone_from(&self.new_names[id]);
    }
}

/// The `n`-th candidate short name: `a`..`z`, `aa`..`zz`, ...
fn candidate(mut n: usize) -> String {
    let mut len = 1;
    let mut span = 26;
    while n >= span {
        n -= span;
        len += 1;
        span *= 26;
    }
    let mut s = vec![b'a'; len];
    for i in (0..len).rev() {
        s[i] = b'a' + (n % 26) as u8;
        n /= 26;
    }
    String::from_utf8(s).expect("ASCII letters")
}

/// Returns a copy of `chunk` whose locals have short names (see the module docs).
pub(crate) fn rename_locals(chunk: &Chunk) -> Chunk {
    let mut scratch = chunk.clone();
    let mut collect = Collect::default();
    let decls = Resolver::with_visibility(&mut collect).chunk(&mut scratch);
    let reserved: HashSet<String> = collect
        .globals
        .into_iter()
        .chain(Keyword::ALL.iter().map(|k| k.as_str().to_owned()))
        .chain(std::iter::once("self".to_owned()))
        .collect();
    // Two locals conflict when one is visible where the other is declared.
    let mut conflicts: Vec<Vec<DeclId>> = decls.iter().map(|d| d.visible.clone()).collect();
    for (id, d) in decls.iter().enumerate() {
        for &v in &d.visible {
            conflicts[v].push(id);
        }
    }
    // Most used first, so the most used locals share the first names: shorter code that also
    // compresses better (the same few names recur).
    let mut order: Vec<DeclId> = (0..decls.len()).collect();
    order.sort_by_key(|&id| std::cmp::Reverse(collect.uses[id]));
    let mut new_names: Vec<Option<String>> = vec![None; decls.len()];
    for id in order {
        if decls[id].kind == DeclKind::ImplicitSelf {
            new_names[id] = Some("self".to_owned());
            continue;
        }
        let taken: HashSet<&str> = conflicts[id]
            .iter()
            .filter_map(|&v| new_names[v].as_deref())
            .collect();
        let name = (0..)
            .map(candidate)
            .find(|c| !reserved.contains(c) && !taken.contains(c.as_str()))
            .expect("candidate names are unbounded");
        new_names[id] = Some(name);
    }
    let new_names: Vec<String> = new_names
        .into_iter()
        .map(Option::unwrap_or_default)
        .collect();
    let mut out = chunk.clone();
    let mut apply = Apply {
        new_names: &new_names,
    };
    Resolver::new(&mut apply).chunk(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::candidate;

    #[test]
    fn candidates_run_through_letters_then_pairs() {
        assert_eq!(candidate(0), "a");
        assert_eq!(candidate(25), "z");
        assert_eq!(candidate(26), "aa");
        assert_eq!(candidate(27), "ab");
        assert_eq!(candidate(26 + 26 * 26), "aaa");
    }
}
