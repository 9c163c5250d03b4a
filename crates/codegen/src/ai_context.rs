//! The AI half of the template context: the search switches of a [`SearchConfig`], the
//! evaluation's weights and baked tables from the engine's `Evaluator`, the search's constants,
//! and the difficulty levels.

use serde::Serialize;
use tafl8_engine::config::SearchConfig;
use tafl8_engine::difficulty::{Level, RACE_TRIES, WARM_UP};
use tafl8_engine::eval::{Evaluator, MAX_ESCAPE_DEPTH, MOBILITY_CLAMP};
use tafl8_engine::rules::RepetitionResult;
use tafl8_engine::score::{EVAL_MAX, INF, WIN_MIN};
use tafl8_engine::search::{
    Bound, HISTORY_MAX, KEY_CAPTURE, KEY_KILLER, KEY_PV, KEY_TT, LMR_FIRST, LMR_SECOND, MAX_PLY,
    RACE_NODES,
};
use tafl8_engine::{Rules, Side};

use crate::tables::{fixed_literal, join, square_table};

// The cart's `kesc` (templates/ai/eval.lua) writes out levels 1 and 2 and searches level 3; a
// deeper engine search needs that template changed first, so the build stops here.
const _: () = assert!(
    MAX_ESCAPE_DEPTH <= 3,
    "templates/ai/eval.lua kesc handles depths 1..=3"
);

/// `stat(1)` above which the thinking coroutine yields, by board size: the rest of the frame is
/// for drawing and for the work between two yield checks, which grows with the board (a big
/// board's move lists and king-escape search); measured in the runner so no frame of the
/// self-play carts goes over budget.
fn frame_cpu(size: u8) -> &'static str {
    match size {
        0..=7 => ".9",
        8..=9 => ".85",
        _ => ".8",
    }
}

/// How often the search tests the frame's CPU: at nodes whose count (in units of `0x0.0001`)
/// has these bits clear. Every 8 nodes, but every 4 on boards larger than 9x9, whose middlegame
/// nodes cost up to 3,000 instructions: 8 of them after the test passed the threshold put a
/// Copenhagen self-play frame 8% over budget (tests/build_selfplay.rs).
fn yield_mask(size: u8) -> &'static str {
    match size {
        0..=9 => "0x0.0007",
        _ => "0x0.0003",
    }
}

/// The AI context.
#[derive(Debug, Clone, Serialize)]
pub struct AiContext {
    /// Per piece kind, the signed material + piece-square value of each square (defenders' view).
    pub table: Option<[String; 3]>,
    /// Evaluation switches.
    pub escape: bool,
    /// Attackers next to the king.
    pub guard: bool,
    /// Mobility.
    pub mobility: bool,
    /// Defended soldiers.
    pub defended: bool,
    /// Known escapes: defenders to move with an open route win at once.
    pub escape_win: bool,
    /// Escape extension: attackers at the horizon facing an open route get a ply.
    pub escape_ext: bool,
    /// Escape-aware quiescence, attackers' side: facing an open route they may not stand pat.
    pub escape_block: bool,
    /// Escape-aware quiescence, defenders' side: the king's moves to a square with an open route.
    pub escape_threat: bool,
    /// Plies of the king race (0: none): the attackers' chosen move checked for a forced escape.
    pub race: u8,
    /// Moves one race may make before it stops unproven.
    pub race_nodes: u32,
    /// Choices the race may refute before the last one stands.
    pub race_tries: u8,
    /// A repeated position in the race with the defenders to move is their win (the rules'
    /// repetition result), else not.
    pub race_rep_defenders_win: bool,
    /// A repeated position with the attackers to move is their loss, else it holds for them.
    pub race_rep_attackers_lose: bool,
    /// King mobility in the evaluation.
    pub king_moves: bool,
    /// Points per square the king can move to.
    pub w_king_moves: i16,
    /// Corner seals: the seal squares of each corner, five per corner, as a split string
    /// (absent when the term is off or the board has no corner escapes).
    pub corners: Option<String>,
    /// Points per sealed corner entry.
    pub w_corner_entry: i16,
    /// Extra points per corner with both entries sealed.
    pub w_corner_sealed: i16,
    /// Tropism: attackers within 3 orthogonal steps of the king.
    pub tropism: bool,
    /// Tropism weight (per attacker and step of closeness).
    pub w_tropism: i16,
    /// Balance: minus the start position's material (defenders' view), signed (`+1280`), added
    /// to the evaluation (absent when the term is off).
    pub balance: Option<String>,
    /// Quiescence.
    pub qsearch: bool,
    /// PV first.
    pub pv: bool,
    /// Transposition table.
    pub tt: bool,
    /// Captures first.
    pub captures: bool,
    /// Killers.
    pub killers: bool,
    /// History.
    pub history: bool,
    /// Principal variation search.
    pub pvs: bool,
    /// Late move reductions.
    pub lmr: bool,
    /// BFS depth of the escape term.
    pub escape_depth: u8,
    /// Escape-distance bonuses (index 1..3) as a split string.
    pub escape_distance: String,
    /// Weight of two or more open routes.
    pub w_routes: i16,
    /// Penalty per attacker next to the king.
    pub w_guard: i16,
    /// Mobility weight.
    pub w_mobility: i16,
    /// Defended-soldier weight.
    pub w_defended: i16,
    /// Mobility clamp.
    pub mobility_clamp: i32,
    /// Evaluation clamp.
    pub eval_max: i16,
    /// Whether the evaluation can pass the clamp on some board (`Evaluator::max_abs`): when
    /// it cannot, the cart leaves the clamp's comparisons out.
    pub eval_clamp: bool,
    /// Whether the evaluation is only the table sum and the escape term (the guard and the
    /// king's moves counted inside it), unclamped: quiescence then adds them itself instead of
    /// calling `evaluate`.
    pub eval_inline: bool,
    /// Score bound.
    pub inf: i16,
    /// Decided-score threshold.
    pub win_min: i16,
    /// Deepest ply.
    pub max_ply: usize,
    /// Quiescence plies.
    pub max_qply: usize,
    /// Most legal moves a position can have (more than any move count).
    pub max_moves: usize,
    /// Ordering keys.
    pub key_tt: i16,
    /// PV key.
    pub key_pv: i16,
    /// Capture key.
    pub key_capture: i16,
    /// First killer key.
    pub key_killer: i16,
    /// History cap.
    pub history_max: i16,
    /// LMR: reduce from this 0-based move index on.
    pub lmr_first: usize,
    /// LMR: reduce by two from this index on.
    pub lmr_second: usize,
    /// TT index mask, as the 16.16 literal whose raw bits are `2^bits - 1`.
    pub tt_mask: String,
    /// Log2 of the TT's slot count.
    pub tt_bits: u8,
    /// TT bound codes.
    pub b_exact: u8,
    /// Lower bound code.
    pub b_lower: u8,
    /// Upper bound code.
    pub b_upper: u8,
    /// Side that loses by repetition (0 = none named: a draw, or a rule that names the mover).
    pub rep_loser: u8,
    /// Repetition rules that name the mover: 1 when the mover loses (the side to move in the
    /// repeated position wins), -1 when the mover wins, 0 otherwise.
    pub rep_mover: i8,
    /// `stat(1)` threshold for yielding.
    pub frame_cpu: &'static str,
    /// The node-count bits that must be clear for the search to test the frame's CPU
    /// ([`yield_mask`]).
    pub yield_mask: &'static str,
    /// The opening book in the engine's compact form (with the `book` feature, for a preset that
    /// has one).
    pub book: Option<String>,
    /// Draws discarded after seeding the game's generator.
    pub warm_up: usize,
    /// Levels: "depth,nodes,margin,halvings,frames" (nodes as a 16.16 literal of raw value
    /// `nodes`; frames: the thinking time in frames of CPU).
    pub levels: Vec<String>,
}

/// Whether some board of `rules` evaluates past `±EVAL_MAX` under `e` (or no bound is known).
fn eval_clamp(ev: &Evaluator, rules: &Rules, e: &tafl8_engine::config::EvalConfig) -> bool {
    ev.max_abs(rules, e).is_none_or(|b| b > i64::from(EVAL_MAX))
}

impl AiContext {
    /// The context for `rules` searched with `cfg` (`book`: include the opening book).
    pub fn new(rules: &Rules, cfg: &SearchConfig, book: bool) -> AiContext {
        let ev = Evaluator::new(rules);
        let (w, t) = (&ev.weights, &ev.tables);
        let e = &cfg.eval;
        let clamp = eval_clamp(&ev, rules, e);
        let table = (e.material || e.pst).then(|| {
            let g = rules.geometry();
            let kind = |value: i16, pst: &[i16], sign: i64| {
                square_table(g, |s| {
                    let on = g.on_board(tafl8_engine::Square(s as u8));
                    let v = i64::from(if e.material { value } else { 0 })
                        + if e.pst { i64::from(pst[s]) } else { 0 };
                    if on {
                        sign * v
                    } else {
                        0
                    }
                })
            };
            [
                kind(w.attacker, &t.attacker, -1),
                kind(w.defender, &t.defender, 1),
                kind(0, &t.king, 1),
            ]
        });
        let (rep, _) = rules.repetition();
        AiContext {
            table,
            escape: e.escape,
            guard: e.king_guard,
            mobility: e.mobility,
            defended: e.defended,
            escape_win: cfg.escape_win,
            escape_ext: cfg.escape_extension,
            escape_block: cfg.escape_block,
            escape_threat: cfg.escape_threat,
            race: cfg.race,
            race_nodes: RACE_NODES,
            race_tries: RACE_TRIES,
            race_rep_defenders_win: rep.loser(Side::Defenders) == Some(Side::Attackers),
            race_rep_attackers_lose: rep.loser(Side::Attackers) == Some(Side::Attackers),
            king_moves: e.king_moves,
            w_king_moves: w.king_moves,
            balance: (e.balance || e.even).then(|| format!("{:+}", -ev.start_offset(e))),
            corners: (e.corners && !ev.corner_squares().is_empty()).then(|| {
                join(
                    ev.corner_squares()
                        .iter()
                        .flatten()
                        .map(|&sq| i64::from(sq)),
                )
            }),
            w_corner_entry: w.corner_entry,
            w_corner_sealed: w.corner_sealed,
            tropism: e.tropism,
            w_tropism: w.tropism,
            qsearch: cfg.quiescence,
            pv: cfg.pv_first,
            tt: cfg.tt,
            captures: cfg.captures_first,
            killers: cfg.killers,
            history: cfg.history,
            pvs: cfg.pvs,
            lmr: cfg.lmr,
            escape_depth: MAX_ESCAPE_DEPTH,
            escape_distance: join(w.escape_distance.map(i64::from)),
            w_routes: w.escape_routes,
            w_guard: w.king_guard,
            w_mobility: w.mobility,
            w_defended: w.defended,
            mobility_clamp: MOBILITY_CLAMP,
            eval_max: EVAL_MAX,
            eval_clamp: clamp,
            eval_inline: e.escape
                && !(e.defended || e.mobility || e.corners || e.tropism)
                && !clamp,
            inf: INF,
            win_min: WIN_MIN,
            max_ply: MAX_PLY,
            max_qply: cfg.max_qply as usize,
            max_moves: tafl8_engine::MAX_MOVES,
            key_tt: KEY_TT,
            key_pv: KEY_PV,
            key_capture: KEY_CAPTURE,
            key_killer: KEY_KILLER,
            history_max: HISTORY_MAX,
            lmr_first: LMR_FIRST,
            lmr_second: LMR_SECOND,
            tt_mask: fixed_literal((1u32 << cfg.tt_bits.min(31)) - 1),
            tt_bits: cfg.tt_bits,
            b_exact: Bound::Exact as u8,
            b_lower: Bound::Lower as u8,
            b_upper: Bound::Upper as u8,
            rep_loser: match rep {
                RepetitionResult::AttackersLose => Side::Attackers.code(),
                RepetitionResult::DefendersLose => Side::Defenders.code(),
                _ => 0,
            },
            rep_mover: match rep {
                RepetitionResult::MoverLoses => 1,
                RepetitionResult::MoverWins => -1,
                _ => 0,
            },
            frame_cpu: frame_cpu(rules.geometry().size()),
            yield_mask: yield_mask(rules.geometry().size()),
            warm_up: WARM_UP,
            book: if book {
                crate::book::compact_book(rules)
            } else {
                None
            },
            levels: Level::all(rules)
                .iter()
                .map(|l| {
                    format!(
                        "{},{},{},{},{}",
                        l.depth,
                        fixed_literal(l.nodes.min(u64::from(u32::MAX >> 1)) as u32),
                        l.margin,
                        l.halvings,
                        l.frames
                    )
                })
                .collect(),
        }
    }
}
