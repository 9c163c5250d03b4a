//! The CPU model's charges for the built-ins implemented natively whose cost does not depend on
//! drawing work: each is wrapped so that a call charges [`costs`] once it has run (`split`'s
//! charge counts the fields it made). The drawing functions charge inside their own code (the
//! pixels they draw), and the table functions written in Lua (`add`, `del`, `all`, ..., `yield`)
//! through the prelude's private `charge`.

use std::rc::Rc;

use mlua::{Function, Lua, MultiValue, Table, Value};

use super::costs;
use crate::clock::Clock;
use crate::lua::convert::lenient;

/// What a wrapped built-in charges, from its arguments and its results.
type Rule = fn(&MultiValue, &MultiValue) -> u64;

/// The wrapped built-ins and their charges (see [`costs`] for each figure's source).
const RULES: &[(&str, Rule)] = &[
    ("stat", |_, _| costs::STAT),
    ("rnd", |_, _| costs::RND),
    ("srand", |_, _| costs::SRAND),
    ("sqrt", |a, _| {
        costs::sqrt(a.iter().next().is_none_or(|v| lenient(v).bits() == 0))
    }),
    ("sin", |_, _| costs::TRIG),
    ("cos", |_, _| costs::TRIG),
    ("atan2", |_, _| costs::TRIG),
    ("tostr", |_, _| costs::TOSTR),
    ("tonum", |_, _| costs::STRING),
    ("sub", |_, _| costs::STRING),
    ("chr", |_, _| costs::STRING),
    ("ord", |_, _| costs::STRING),
    ("split", |_, r| {
        let fields = match r.iter().next() {
            Some(Value::Table(t)) => t.raw_len() as u64,
            _ => 0,
        };
        costs::split(fields)
    }),
    ("sfx", |a, _| costs::sound(a.len())),
    ("music", |a, _| costs::sound(a.len())),
    ("btn", |a, _| costs::button(a.len())),
    ("btnp", |a, _| costs::button(a.len())),
    ("cocreate", |_, _| costs::COROUTINE),
    ("costatus", |_, _| costs::COSTATUS),
    ("time", |_, _| costs::TIME),
    ("t", |_, _| costs::TIME),
    ("menuitem", |_, _| costs::MENUITEM),
    ("pal", |a, _| {
        costs::pal(match a.iter().next() {
            None | Some(Value::Nil) => 32,
            Some(Value::Table(_)) => 16,
            Some(_) => 1,
        })
    }),
];

// `min`, `max`, `abs`, `mid` and `assert` charge nothing beyond the call, so they are not
// wrapped; `coresume` charges in its own code (before the coroutine runs), `yield` and the
// table functions in the prelude.
const _: () = assert!(
    costs::PLAIN_CALL == 0,
    "min, max, abs, mid, assert: wrap them here once they charge"
);

/// Wraps each built-in of [`RULES`] in `env` so that it charges `clock`.
pub fn install(lua: &Lua, env: &Table, clock: &Rc<Clock>) -> mlua::Result<()> {
    for &(name, rule) in RULES {
        let f: Function = env.raw_get(name)?;
        let clock = Rc::clone(clock);
        env.raw_set(
            name,
            lua.create_function(move |_, args: MultiValue| {
                let out: MultiValue = f.call(args.clone())?;
                clock.charge(rule(&args, &out))?;
                Ok(out)
            })?,
        )?;
    }
    Ok(())
}
