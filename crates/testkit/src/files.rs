//! The files several suites run over: the p8 corpus (`crates/p8/tests/corpus`, hand-written
//! PICO-8 sources that shrinko8 accepts) and the committed carts (`carts/*.p8`), listed in one
//! place so every suite sees the same set in the same order.
//!
//! Both folders are committed with the repository, so an unreadable one is a broken checkout: the
//! listing panics saying which folder, rather than let a suite pass over an empty list.

use std::path::{Path, PathBuf};

/// The workspace root (this crate lives at `crates/testkit`).
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .expect("crates/testkit has a workspace root two folders up")
        .to_path_buf()
}

/// The files (not folders) directly in `dir` whose extension is one of `exts` (without the dot), sorted by
/// path. Panics naming `dir` when it cannot be read.
pub fn files_in(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| {
        panic!(
            "cannot list {}: {e} (it is committed with the repository: is the checkout complete?)",
            dir.display()
        )
    });
    let mut files: Vec<PathBuf> = entries
        .map(|e| {
            e.unwrap_or_else(|err| panic!("reading {}: {err}", dir.display()))
                .path()
        })
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| exts.contains(&e))
        })
        .collect();
    files.sort();
    files
}

/// The p8 corpus: every `.lua` and `.p8` in `crates/p8/tests/corpus`, sorted.
pub fn p8_corpus() -> Vec<PathBuf> {
    files_in(
        &workspace_root().join("crates/p8/tests/corpus"),
        &["lua", "p8"],
    )
}

/// The committed carts: every `carts/*.p8`, sorted.
pub fn carts() -> Vec<PathBuf> {
    files_in(&workspace_root().join("carts"), &["p8"])
}

/// The p8 corpus followed by the committed carts.
pub fn corpus_and_carts() -> Vec<PathBuf> {
    let mut files = p8_corpus();
    files.extend(carts());
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_in_keeps_the_named_extensions_sorted() {
        let dir = std::env::temp_dir().join(format!("tafl8-testkit-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub.lua")).unwrap();
        for name in ["b.p8", "a.lua", "c.txt", "d.p8.png", "lua"] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let names: Vec<String> = files_in(&dir, &["lua", "p8"])
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a.lua", "b.p8"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[should_panic(expected = "cannot list")]
    fn a_missing_folder_is_a_failure_not_an_empty_list() {
        files_in(Path::new("/nonexistent/tafl8-testkit"), &["p8"]);
    }

    #[test]
    fn the_repository_listings_find_the_committed_files() {
        let root = workspace_root();
        assert!(root.join("Cargo.toml").is_file(), "{}", root.display());
        let corpus = p8_corpus();
        // Files named in the p8 crate's own tests (cart_roundtrip reads 26_cart.p8).
        assert!(corpus.iter().any(|p| p.ends_with("01_numbers.lua")));
        assert!(corpus.iter().any(|p| p.ends_with("26_cart.p8")));
        let carts = carts();
        assert!(carts.iter().any(|p| p.ends_with("carts/brandubh.p8")));
        assert!(carts.iter().all(|p| p.extension().unwrap() == "p8"));
        assert_eq!(corpus_and_carts().len(), corpus.len() + carts.len());
    }
}
