use std::sync::Arc;
use tafl8_engine::notation::parse_move;
use tafl8_engine::{Position, Rules, Side};
fn main() {
    let rules = Arc::new(Rules::preset("brandubh").unwrap());
    let mut pos = Position::from_string(
        rules.clone(),
        "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        Side::Attackers,
    )
    .unwrap();
    for m in ["d1-f1", "d5-e5"] {
        let mv = parse_move(pos.geometry(), m).unwrap();
        pos.make(mv);
    }
    println!("{:?}", tafl8_engine::eval::king_escape(&pos));
}
