//! Moving PICO-8 numbers between Lua values and [`Fix`]: the strict conversion arithmetic operators use
//! (strings are parsed PICO-8's way, anything else is an error) and the lenient one API functions use
//! (like C's `lua_tonumber`: anything that is not a number becomes 0).

use mlua::{Error, Value};

use crate::num::{format, Fix};

/// A Lua double holding a PICO-8 number (exact, since every 16.16 value is a double).
pub fn push(x: Fix) -> f64 {
    x.to_f64()
}

/// The operand of an arithmetic operator: numbers, and strings that parse as PICO-8 numbers.
pub fn operand(v: &Value) -> Result<Fix, Error> {
    operand_named(v, None)
}

/// [`operand`], the error naming the helper's parameter `param` as Lua would ("attempt to
/// perform arithmetic on local 'a' (a nil value)"), which the runner then replaces with the
/// cart's operand (see [`crate::operand_names`]).
pub fn operand_named(v: &Value, param: Option<&str>) -> Result<Fix, Error> {
    let fail = |kind: &str| {
        let name = param.map_or(String::new(), |p| format!("local '{p}' "));
        Error::runtime(format!(
            "attempt to perform arithmetic on {name}(a {kind} value)"
        ))
    };
    match v {
        Value::Number(n) => Ok(Fix::from_f64(*n)),
        Value::Integer(i) => Ok(Fix::from_f64(*i as f64)),
        Value::String(s) => format::parse(&s.as_bytes()).ok_or_else(|| fail("string")),
        other => Err(fail(other.type_name())),
    }
}

/// An argument of a PICO-8 API function: numbers, numeric strings, else 0 (as PICO-8's C API reads it).
pub fn lenient(v: &Value) -> Fix {
    match v {
        Value::Number(n) => Fix::from_f64(*n),
        Value::Integer(i) => Fix::from_f64(*i as f64),
        Value::String(s) => format::parse(&s.as_bytes()).unwrap_or(Fix::ZERO),
        _ => Fix::ZERO,
    }
}

/// An optional integer argument (flags, counts): its integer part, or `default` when absent/non-number.
pub fn int_or(v: &Value, default: i32) -> i32 {
    match v {
        Value::Number(_) | Value::Integer(_) | Value::String(_) => lenient(v).to_int(),
        _ => default,
    }
}

/// True for a number or a string that converts to one (`lua_isnumber`).
pub fn is_number(v: &Value) -> bool {
    match v {
        Value::Number(_) | Value::Integer(_) => true,
        Value::String(s) => format::parse(&s.as_bytes()).is_some(),
        _ => false,
    }
}
