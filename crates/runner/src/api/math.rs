//! Numeric API: `flr ceil abs sgn min max mid sqrt sin cos atan2`, the bitwise function forms
//! (`band bor bxor bnot shl shr lshr rotl rotr`), `rnd` and `srand`.

use std::cell::RefCell;
use std::rc::Rc;

use mlua::{Lua, Table, Value, Variadic};

use crate::lua::convert::{lenient, push};
use crate::machine::Machine;
use crate::num::{trig, Fix};

type Unary = fn(Fix) -> Fix;
type Binary = fn(Fix, Fix) -> Fix;

/// Registers the numeric functions into `env`.
pub fn register(lua: &Lua, env: &Table, machine: &Rc<RefCell<Machine>>) -> mlua::Result<()> {
    let unary: [(&str, Unary); 8] = [
        ("flr", Fix::flr),
        ("ceil", Fix::ceil),
        ("abs", Fix::abs),
        ("sgn", Fix::sgn),
        ("sqrt", Fix::sqrt),
        ("sin", trig::sin),
        ("cos", trig::cos),
        ("bnot", Fix::bnot),
    ];
    for (name, f) in unary {
        env.raw_set(
            name,
            lua.create_function(move |_, a: Value| Ok(push(f(lenient(&a)))))?,
        )?;
    }
    let binary: [(&str, Binary); 11] = [
        ("min", Fix::min),
        ("max", Fix::max),
        ("atan2", trig::atan2),
        ("band", Fix::band),
        ("bor", Fix::bor),
        ("bxor", Fix::bxor),
        ("shl", Fix::shl),
        ("shr", Fix::shr),
        ("lshr", Fix::lshr),
        ("rotl", Fix::rotl),
        ("rotr", Fix::rotr),
    ];
    for (name, f) in binary {
        env.raw_set(
            name,
            lua.create_function(move |_, (a, b): (Value, Value)| {
                Ok(push(f(lenient(&a), lenient(&b))))
            })?,
        )?;
    }
    env.raw_set(
        "mid",
        lua.create_function(|_, (a, b, c): (Value, Value, Value)| {
            Ok(push(lenient(&a).mid(lenient(&b), lenient(&c))))
        })?,
    )?;
    let m = Rc::clone(machine);
    env.raw_set(
        "rnd",
        lua.create_function(move |_, args: Variadic<Value>| {
            let mut machine = m.borrow_mut();
            let mut rng = machine.rng();
            let out = match args.first() {
                // rnd(table): a random element (index drawn like rnd(#t)).
                Some(Value::Table(t)) => {
                    let n = t.raw_len() as i32;
                    let i = rng.rnd(Fix::from_int(n)).to_int();
                    machine.set_rng(rng);
                    drop(machine);
                    return t.raw_get::<Value>(i + 1);
                }
                None | Some(Value::Nil) => rng.rnd(Fix::ONE),
                Some(v) => rng.rnd(lenient(v)),
            };
            machine.set_rng(rng);
            Ok(Value::Number(push(out)))
        })?,
    )?;
    let m = Rc::clone(machine);
    env.raw_set(
        "srand",
        lua.create_function(move |_, seed: Value| {
            let mut machine = m.borrow_mut();
            machine.set_rng(crate::rng::Rng::seeded(lenient(&seed)));
            Ok(())
        })?,
    )?;
    Ok(())
}
