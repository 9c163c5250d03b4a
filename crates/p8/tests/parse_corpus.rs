//! The parser on p8lex's corpus (`tests/corpus/`, which shrinko8 accepts) and on every cart the
//! project builds (`carts/*.p8`): every file parses, and for every file the printers keep their
//! promises: the readable and the minified prints (with and without local renaming) parse back
//! to the same tree (renaming aside) and have exactly the original PICO-8 token count.

use tafl8_p8::cart::read_source;
use tafl8_p8::count::count_tokens_in;
use tafl8_p8::{minify, parse, print_chunk, MinifyOptions};

#[test]
fn corpus_parses_and_prints_back_with_the_same_tree_and_token_count() {
    let files = tafl8_testkit::corpus_and_carts();
    assert!(files.len() >= 30, "corpus missing: {} files", files.len());
    let mut failures = Vec::new();
    for f in &files {
        let name = f.display();
        let code = read_source(f).unwrap().code;
        let chunk = match parse(&code) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{name}:{e}"));
                continue;
            }
        };
        let tokens = count_tokens_in(&code).unwrap();
        let outputs = [
            ("printed", print_chunk(&chunk), true),
            ("minified", minify(&chunk, &MinifyOptions::default()), true),
            (
                "minified+renamed",
                minify(
                    &chunk,
                    &MinifyOptions {
                        rename_locals: true,
                    },
                ),
                false,
            ),
        ];
        for (what, text, same_tree) in outputs {
            match parse(&text) {
                Err(e) => failures.push(format!("{name} {what}: does not parse: {e}\n{text}")),
                Ok(back) => {
                    if same_tree && back != chunk {
                        failures.push(format!("{name} {what}: parses to a different tree"));
                    }
                }
            }
            match count_tokens_in(&text) {
                Ok(n) if n == tokens => {}
                other => failures.push(format!(
                    "{name} {what}: {other:?} tokens, the source has {tokens}"
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
