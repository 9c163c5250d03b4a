//! Every `.p8` in the corpus and in `carts/` reads, writes back byte for byte, and its data
//! sections parse; rebuilding the data sections from the typed views gives the same data.

use std::path::{Path, PathBuf};

use tafl8_p8::Cart;

/// The `.p8` files of the corpus, then the committed carts.
fn carts() -> Vec<PathBuf> {
    tafl8_testkit::corpus_and_carts()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "p8"))
        .collect()
}

#[test]
fn carts_round_trip_exactly() {
    let files = carts();
    assert!(
        files.len() >= 3,
        "expected the corpus carts, found {files:?}"
    );
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let cart = Cart::parse(&text).unwrap_or_else(|e| panic!("{}:{e}", f.display()));
        assert_eq!(cart.to_text(), text, "{}", f.display());
        assert!(cart.lua().is_some(), "{} has code", f.display());

        let (gfx, label, flags, map) = (
            cart.gfx().unwrap_or_else(|e| panic!("{}:{e}", f.display())),
            cart.label()
                .unwrap_or_else(|e| panic!("{}:{e}", f.display())),
            cart.flags()
                .unwrap_or_else(|e| panic!("{}:{e}", f.display())),
            cart.map().unwrap_or_else(|e| panic!("{}:{e}", f.display())),
        );
        let mut rebuilt = cart.clone();
        rebuilt.set_gfx(&gfx);
        rebuilt.set_label(&label);
        rebuilt.set_flags(&flags);
        rebuilt.set_map(&map);
        let again = Cart::parse(&rebuilt.to_text()).unwrap();
        assert_eq!(again.gfx().unwrap(), gfx, "{}", f.display());
        assert_eq!(again.label().unwrap(), label, "{}", f.display());
        assert_eq!(again.flags().unwrap(), flags, "{}", f.display());
        assert_eq!(again.map().unwrap(), map, "{}", f.display());
        assert_eq!(again.lua(), cart.lua(), "{}", f.display());
    }
}

#[test]
fn corpus_cart_data_reads_as_written() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/26_cart.p8");
    let cart = Cart::read_file(&path).unwrap();
    let gfx = cart.gfx().unwrap();
    // Row 1 is `0000000000777700...`: pixels 10..13 are colour 7.
    assert_eq!(
        (
            gfx.get(9, 1),
            gfx.get(10, 1),
            gfx.get(13, 1),
            gfx.get(14, 1)
        ),
        (0, 7, 7, 0)
    );
    // Row 2 starts `00700700`.
    assert_eq!((gfx.get(2, 2), gfx.get(5, 2)), (7, 7));
    // The label's row 1 ends in `g`: colour 16.
    assert_eq!(cart.label().unwrap().get(127, 1), 16);
    // Flags `0001...`: sprite 1 has flag bits 1.
    assert_eq!(cart.flags().unwrap().cells()[..3], [0, 1, 0]);
    // The map's first row starts with sixteen `01` tiles.
    let map = cart.map().unwrap();
    assert_eq!((map.get(15, 0), map.get(16, 0)), (1, 0));
    assert_eq!(cart.section("meta:title").unwrap().body, "corpus cart\n");
}
