//! Local renaming for the minifier.
//!
//! Each local gets the shortest name (`a`..`z`, then `aa`, `ab`, ...) that is not a keyword, not a
//! global the program mentions anywhere, and not the new name of any local visible where it is
//! declared. Never reusing a visible local's name means no renamed local shadows another, so no
//! reference can be captured by the wrong declaration; names are still reused across sibling
//! scopes, which is where most of the saving is. Globals, table keys and labels keep their names.

use std::collections::HashSet;

use crate::ast::{Chunk, Pos};
use crate::lint_resolve::{Decl, DeclId, DeclKind, Resolver, Visit};
use crate::token::Keyword;

#[derive(Default)]
struct Collect {
    globals: HashSet<String>,
}

impl Visit for Collect {
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
    let decls = Resolver::new(&mut collect).chunk(&mut scratch);
    let reserved: HashSet<String> = collect
        .globals
        .into_iter()
        .chain(Keyword::ALL.iter().map(|k| k.as_str().to_owned()))
        .chain(std::iter::once("self".to_owned()))
        .collect();
    let mut new_names: Vec<String> = Vec::with_capacity(decls.len());
    for d in &decls {
        if d.kind == DeclKind::ImplicitSelf {
            new_names.push("self".to_owned());
            continue;
        }
        let taken: HashSet<&str> = d.visible.iter().map(|&v| new_names[v].as_str()).collect();
        let name = (0..)
            .map(candidate)
            .find(|c| !reserved.contains(c) && !taken.contains(c.as_str()))
            .expect("candidate names are unbounded");
        new_names.push(name);
    }
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
