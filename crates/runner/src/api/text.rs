//! String API: `tostr tonum sub ord chr split`.

use mlua::{Function, Lua, MultiValue, Table, Value, Variadic};

use crate::lua::convert::{int_or, is_number, lenient, push};
use crate::num::{format, Fix};

/// `tostr(v, flags)` as text (bytes, since P8SCII strings need not be UTF-8).
pub fn tostr(lua: &Lua, args: &[Value]) -> mlua::Result<Value> {
    let flags = match args.get(1) {
        Some(Value::Boolean(b)) => i32::from(*b),
        Some(v @ (Value::Number(_) | Value::Integer(_))) => lenient(v).to_int(),
        _ => 0,
    };
    let text = match args.first() {
        None => String::new(),
        Some(Value::Nil) => "[nil]".into(),
        Some(v @ (Value::Number(_) | Value::Integer(_))) => format::tostr_number(lenient(v), flags),
        Some(Value::String(s)) => return Ok(Value::String(s.clone())),
        Some(Value::Boolean(b)) => b.to_string(),
        Some(Value::Table(t)) => {
            if let Some(f) = t
                .metatable()
                .and_then(|mt| mt.raw_get::<Function>("__tostring").ok())
            {
                return f.call(t.clone());
            }
            if flags != 0 {
                format!("table: {:p}", t.to_pointer())
            } else {
                "[table]".into()
            }
        }
        Some(Value::Function(f)) if flags != 0 => format!("function: {:p}", f.to_pointer()),
        Some(Value::Function(_)) => "[function]".into(),
        Some(Value::Thread(_)) => "[thread]".into(),
        Some(other) => format!("[{}]", other.type_name()),
    };
    Ok(Value::String(lua.create_string(text)?))
}

/// The bytes `print`/`printh` show for a value (`tostr` without flags). A `__tostring` that
/// returns something other than a string has its result shown as `tostr` shows that value
/// (z8lua's `tostr` returns such a result unchanged: `5` shows as `5`), without calling a
/// `__tostring` again (a table shows as `[table]`).
pub fn display_bytes(lua: &Lua, v: &Value) -> mlua::Result<Vec<u8>> {
    match tostr(lua, std::slice::from_ref(v))? {
        Value::String(s) => Ok(s.as_bytes().to_vec()),
        Value::Table(_) => Ok(b"[table]".to_vec()),
        other => match tostr(lua, &[other])? {
            Value::String(s) => Ok(s.as_bytes().to_vec()),
            _ => Ok(b"[table]".to_vec()),
        },
    }
}

/// Registers the string functions into `env`.
pub fn register(lua: &Lua, env: &Table) -> mlua::Result<()> {
    env.raw_set(
        "tostr",
        lua.create_function(|lua, args: Variadic<Value>| tostr(lua, &args))?,
    )?;
    env.raw_set("tonum", lua.create_function(tonum)?)?;
    env.raw_set("sub", lua.create_function(sub)?)?;
    env.raw_set("ord", lua.create_function(ord)?)?;
    env.raw_set(
        "chr",
        lua.create_function(|lua, args: Variadic<Value>| {
            let bytes: Vec<u8> = args.iter().map(|v| lenient(v).to_int() as u8).collect();
            lua.create_string(bytes)
        })?,
    )?;
    env.raw_set("split", lua.create_function(split)?)?;
    Ok(())
}

fn tonum(_: &Lua, args: Variadic<Value>) -> mlua::Result<MultiValue> {
    let flags = args.get(1).map_or(0, |v| int_or(v, 0));
    let out = match args.first() {
        Some(Value::String(s)) => format::tonum_str(&s.as_bytes(), flags),
        Some(v @ (Value::Number(_) | Value::Integer(_))) => Some(lenient(v)),
        // 1 or 0 (PICO-8 0.2.2d changelog); with flag 0x2 the value is read as raw bits, as for a
        // string (z8lua's test suite: `tonum(true, 2) == 0x.0001`).
        Some(Value::Boolean(b)) => Some(match (*b, flags & 2 != 0) {
            (false, _) => Fix::ZERO,
            (true, false) => Fix::ONE,
            (true, true) => Fix::from_bits(1),
        }),
        _ => None,
    };
    Ok(match out {
        Some(x) => MultiValue::from_vec(vec![Value::Number(push(x))]),
        None => MultiValue::new(),
    })
}

/// The bytes of a string argument; numbers become their PICO-8 decimal text.
fn text_arg(v: &Value) -> Option<Vec<u8>> {
    match v {
        Value::String(s) => Some(s.as_bytes().to_vec()),
        Value::Number(_) | Value::Integer(_) => Some(format::decimal(lenient(v)).into_bytes()),
        _ => None,
    }
}

/// `sub(s, i, j)`: bytes i..j (1-based, negative from the end), like Lua's `string.sub`; a `j`
/// that is given but is not a number gives the single character at i (PICO-8 manual, SUB); a
/// first argument that is neither a string nor a number gives no value (as z8lua's `sub`).
fn sub(lua: &Lua, (s, i, j): (Value, Value, Value)) -> mlua::Result<MultiValue> {
    let Some(bytes) = text_arg(&s) else {
        return Ok(MultiValue::new());
    };
    let len = bytes.len() as i64;
    let norm = |p: i64| if p < 0 { (len + p + 1).max(0) } else { p };
    let first = i64::from(int_or(&i, 1));
    let start = norm(first).max(1);
    let end = match j {
        Value::Nil => len,
        ref v if is_number(v) => norm(i64::from(lenient(v).to_int())).min(len),
        _ => norm(first).min(len),
    };
    let piece = if start > end {
        &[][..]
    } else {
        &bytes[(start - 1) as usize..end as usize]
    };
    Ok(MultiValue::from_vec(vec![Value::String(
        lua.create_string(piece)?,
    )]))
}

/// `ord(s, i, n)`: the byte codes of the n characters from position i (default 1 and 1), one
/// value per position with nil for positions outside the string; no value when n < 1; nil when
/// `s` is not a string (PICO-8 manual, ORD; z8lua's `ord` for the edges). Like C's
/// `lua_tonumber`, a non-number i or n reads as 0.
fn ord(_: &Lua, args: Variadic<Value>) -> mlua::Result<MultiValue> {
    let Some(bytes) = args.first().and_then(text_arg) else {
        return Ok(MultiValue::from_vec(vec![Value::Nil]));
    };
    let arg = |k: usize, d: i32| args.get(k).map_or(d, |v| lenient(v).to_int());
    let (first, count) = (i64::from(arg(1, 1)) - 1, arg(2, 1));
    if count < 1 {
        return Ok(MultiValue::new());
    }
    Ok((0..i64::from(count))
        .map(
            |k| match usize::try_from(first + k).ok().and_then(|at| bytes.get(at)) {
                Some(&b) => Value::Number(push(Fix::from_int(i32::from(b)))),
                None => Value::Nil,
            },
        )
        .collect())
}

/// `split(s, sep, convert)`: by a separator character (default ","), or into chunks of a given size
/// when `sep` is a number; numeric pieces become numbers unless `convert` is false.
fn split(lua: &Lua, args: Variadic<Value>) -> mlua::Result<MultiValue> {
    let Some(bytes) = args.first().and_then(text_arg) else {
        return Ok(MultiValue::new());
    };
    let convert = match args.get(2) {
        None => true,
        Some(v) => !matches!(v, Value::Nil | Value::Boolean(false)),
    };
    let pieces: Vec<&[u8]> = match args.get(1) {
        Some(v @ (Value::Number(_) | Value::Integer(_))) => {
            let size = lenient(v).to_int().max(1) as usize;
            bytes.chunks(size).collect()
        }
        Some(Value::String(s)) if s.as_bytes().is_empty() => bytes.chunks(1).collect(),
        Some(Value::String(s)) => {
            let sep = s.as_bytes()[0];
            bytes.split(move |&b| b == sep).collect()
        }
        _ => bytes.split(|&b| b == b',').collect(),
    };
    let t = lua.create_table_with_capacity(pieces.len(), 0)?;
    for (k, p) in pieces.into_iter().enumerate() {
        let v = match format::parse(p) {
            Some(x) if convert => Value::Number(push(x)),
            _ => Value::String(lua.create_string(p)?),
        };
        t.raw_set(k + 1, v)?;
    }
    Ok(MultiValue::from_vec(vec![Value::Table(t)]))
}
