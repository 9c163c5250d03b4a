//! The `__p8` helper table the lowered chunk receives as its vararg: one function per routed operator
//! (see the lowering contract), computing PICO-8's exact 16.16 results with [`Fix`].

use std::rc::Rc;

use mlua::{Error, Function, Lua, Table, Value};
use tafl8_luaheap::Meter;

use super::convert::{operand, operand_named, push};
use crate::num::{format, Fix};

/// Names and implementations of the binary operators, in the contract's order.
/// A binary operator on PICO-8 numbers.
type BinaryOp = fn(Fix, Fix) -> Fix;

const BINARY: [(&str, BinaryOp); 15] = [
    ("add", Fix::add),
    ("sub", Fix::sub),
    ("mul", Fix::mul),
    ("div", Fix::div),
    ("idiv", Fix::idiv),
    ("mod", Fix::rem),
    ("pow", Fix::pow),
    ("band", Fix::band),
    ("bor", Fix::bor),
    ("bxor", Fix::bxor),
    ("shl", Fix::shl),
    ("shr", Fix::shr),
    ("lshr", Fix::lshr),
    ("rotl", Fix::rotl),
    ("rotr", Fix::rotr),
];

/// Builds the `__p8` table: the exact Rust operators, with the hot ones replaced by the Lua fast paths
/// of `fast.lua` (which fall back to the Rust ones). `peek` is where `peek`, `peek2`, `peek4` come from.
/// Also gives strings the arithmetic metamethods, so strings plain Lua cannot convert (`"0b101"`) still
/// convert the PICO-8 way inside the fast paths.
pub fn helper_table(lua: &Lua, peek: &Table, meter: &Rc<Meter>) -> Result<Table, Error> {
    let t = exact_table(lua, peek, meter)?;
    let bit32: Table = lua.globals().raw_get("bit32")?;
    let fast: Table = lua
        .load(include_str!("fast.lua"))
        .set_name("=p8 operators")
        .call((t.clone(), bit32))?;
    let string_mt: Table = lua
        .load("return getmetatable('')")
        .set_name("=p8 setup")
        .call(())?;
    // PICO-8 0.2.5 made `s[i]` the character at i (`sub(s,i,i)`; negative i counts from the end)
    // and strings have no methods: their `__index` is this function, not the string library.
    let index: Function = lua.load(STRING_INDEX).set_name("=p8 operators").call(
        lua.globals()
            .raw_get::<Table>("string")?
            .raw_get::<Function>("sub")?,
    )?;
    string_mt.raw_set("__index", index)?;
    for (meta, name) in [
        ("__add", "add"),
        ("__sub", "sub"),
        ("__mul", "mul"),
        ("__div", "div"),
        ("__mod", "mod"),
        ("__pow", "pow"),
        ("__unm", "unm"),
    ] {
        string_mt.raw_set(meta, t.raw_get::<Function>(name)?)?;
    }
    // The metatable every string shares is the runner's: a cart that could change it would
    // change what `"0b101"+1` or `s[2]` give (z8lua does both without it). `getmetatable` gives
    // the cart a table of its own instead, shaped like z8lua's (`{__index=...}`), whose changes
    // reach nothing.
    let decoy = lua.create_table()?;
    decoy.raw_set("__index", lua.create_table()?)?;
    string_mt.raw_set("__metatable", decoy)?;
    let out = lua.create_table()?;
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair?;
        out.raw_set(k, v)?;
    }
    for pair in fast.pairs::<Value, Value>() {
        let (k, v) = pair?;
        out.raw_set(k, v)?;
    }
    Ok(out)
}

/// `s[k]` for a string `s`, as z8lua implements PICO-8 0.2.5's string indexing: a number `k` is
/// truncated to an integer as PICO-8 converts numbers (towards minus infinity); 1..#s counts from
/// the start, 0 and below from the end (-1 is the last character); anything else is nil.
const STRING_INDEX: &str = "local sub = ...
return function(s, k)
  if type(k) ~= 'number' then return nil end
  local n = #s
  local i = k - k % 1
  if i <= 0 then i = n + i + 1 end
  if i >= 1 and i <= n then return sub(s, i, i) end
  return nil
end";

/// The exact operators, all in Rust on [`Fix`]; `meter` charges concatenations as PICO-8 does.
pub fn exact_table(lua: &Lua, peek: &Table, meter: &Rc<Meter>) -> Result<Table, Error> {
    let t = lua.create_table()?;
    for (name, op) in BINARY {
        t.raw_set(
            name,
            lua.create_function(move |_, (a, b): (Value, Value)| {
                Ok(push(op(
                    operand_named(&a, Some("a"))?,
                    operand_named(&b, Some("b"))?,
                )))
            })?,
        )?;
    }
    t.raw_set(
        "unm",
        lua.create_function(|_, a: Value| Ok(push(operand_named(&a, Some("a"))?.neg())))?,
    )?;
    t.raw_set(
        "bnot",
        lua.create_function(|_, a: Value| Ok(push(operand_named(&a, Some("a"))?.bnot())))?,
    )?;
    let m = Rc::clone(meter);
    t.raw_set(
        "concat",
        lua.create_function(move |lua, args| concat(lua, &m, args))?,
    )?;
    let m = Rc::clone(meter);
    t.raw_set(
        "concatn",
        lua.create_function(move |lua, args: mlua::MultiValue| concatn(lua, &m, args.into_vec()))?,
    )?;
    for name in ["peek", "peek2", "peek4"] {
        let f: Function = peek.raw_get(name)?;
        t.raw_set(name, f)?;
    }
    Ok(t)
}

/// The text a value contributes to `..`: numbers in PICO-8's decimal form.
fn piece(lua: &Lua, v: &Value) -> Result<Option<mlua::LuaString>, Error> {
    Ok(match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(_) | Value::Integer(_) => {
            Some(lua.create_string(format::decimal(operand(v)?))?)
        }
        _ => None,
    })
}

/// `a .. b .. c ...` (three or more operands), as Lua 5.2's `CONCAT` runs it (`luaV_concat`):
/// every operand is already evaluated; the last two are joined first, and a run of strings and
/// numbers ending at the top is joined at once, in one buffer (so no intermediate strings, as on
/// PICO-8); a table in the way gets its `__concat` with the two values at the top.
fn concatn(lua: &Lua, meter: &Meter, mut vals: Vec<Value>) -> Result<Value, Error> {
    while vals.len() > 1 {
        let n = vals.len();
        let run = vals
            .iter()
            .rev()
            .take_while(|v| matches!(v, Value::String(_) | Value::Number(_) | Value::Integer(_)))
            .count();
        if run < 2 {
            let b = vals.pop().unwrap_or(Value::Nil);
            let a = vals.pop().unwrap_or(Value::Nil);
            // Operand slots n-2 and n-1 (a joined result sits in its first operand's slot).
            let names = (format!("@{}", n - 2), format!("@{}", n - 1));
            vals.push(concat_pair(lua, meter, (a, b), (&names.0, &names.1))?);
            continue;
        }
        let mut pieces = Vec::with_capacity(run);
        for v in &vals[n - run..] {
            pieces.push(piece(lua, v)?.expect("strings and numbers have text"));
        }
        let total: usize = pieces.iter().map(|p| p.as_bytes().len()).sum();
        let non_empty = pieces.iter().filter(|p| !p.as_bytes().is_empty()).count();
        if non_empty >= 2 && !meter.fits_transient(total) {
            lua.gc_collect()?;
            if !meter.fits_transient(total) {
                meter.mark_exhausted();
                return Err(Error::MemoryError("not enough memory".into()));
            }
        }
        let mut bytes = Vec::with_capacity(total);
        for p in &pieces {
            bytes.extend_from_slice(&p.as_bytes());
        }
        vals.truncate(n - run);
        vals.push(Value::String(lua.create_string(bytes)?));
    }
    Ok(vals.pop().unwrap_or(Value::Nil))
}

/// `a .. b`: strings and numbers join; anything else is the error Lua gives (or its `__concat`).
///
/// PICO-8's Lua joins two non-empty strings in a buffer of the result's size and then makes the
/// string, so for a moment both count; the runner joins in Rust memory and charges the buffer
/// itself: a result that would not fit beside its buffer, even after a full collection, is out of
/// memory (as doubling a 1 MiB string is on PICO-8, see the memory tests).
fn concat(lua: &Lua, meter: &Meter, (a, b): (Value, Value)) -> Result<Value, Error> {
    concat_pair(lua, meter, (a, b), ("a", "b"))
}

/// `a .. b`, an error naming `a` and `b` as `names` (see [`crate::operand_names`]).
fn concat_pair(
    lua: &Lua,
    meter: &Meter,
    (a, b): (Value, Value),
    names: (&str, &str),
) -> Result<Value, Error> {
    match (piece(lua, &a)?, piece(lua, &b)?) {
        (Some(x), Some(y)) => {
            let (x, y) = (x.as_bytes(), y.as_bytes());
            let joined = x.len() + y.len();
            if !x.is_empty() && !y.is_empty() && !meter.fits_transient(joined) {
                lua.gc_collect()?;
                if !meter.fits_transient(joined) {
                    meter.mark_exhausted();
                    return Err(Error::MemoryError("not enough memory".into()));
                }
            }
            let mut bytes = x.to_vec();
            bytes.extend_from_slice(&y);
            Ok(Value::String(lua.create_string(bytes)?))
        }
        _ => {
            for v in [&a, &b] {
                if let Value::Table(t) = v {
                    if let Some(mt) = t.metatable() {
                        if let Ok(f) = mt.raw_get::<Function>("__concat") {
                            return f.call((a.clone(), b.clone()));
                        }
                    }
                }
            }
            let (bad, param) = if piece(lua, &a)?.is_none() {
                (&a, names.0)
            } else {
                (&b, names.1)
            };
            Err(Error::runtime(format!(
                "attempt to concatenate local '{param}' (a {} value)",
                bad.type_name()
            )))
        }
    }
}
