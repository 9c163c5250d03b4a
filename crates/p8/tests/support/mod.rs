//! Shared by the suites that run lowered code in z8lua (`lower_lupaz8`, `lower_carts`).

/// The lowering's helper table (what a lowered chunk receives as its argument), implemented with
/// z8lua's own PICO-8 operators: running lowered code with it checks each lowering rule against
/// the meaning of the operator it replaces. A Lua table constructor; the reader of the cost counter
/// that a chunk lowered with costs hands over is kept in the global `__p8_reader`.
const Z8LUA_HELPERS: &str = r"{
  add = function(a, b) return a + b end, sub = function(a, b) return a - b end,
  mul = function(a, b) return a * b end, div = function(a, b) return a / b end,
  idiv = function(a, b) return a \ b end, mod = function(a, b) return a % b end,
  pow = function(a, b) return a ^ b end, unm = function(a) return -a end,
  band = function(a, b) return a & b end, bor = function(a, b) return a | b end,
  bxor = function(a, b) return a ^^ b end, bnot = function(a) return ~a end,
  shl = function(a, b) return a << b end, shr = function(a, b) return a >> b end,
  lshr = function(a, b) return a >>> b end, rotl = function(a, b) return a <<> b end,
  rotr = function(a, b) return a >>< b end, concat = function(a, b) return a .. b end,
  concatn = function(...)
    local t, n = {...}, select('#', ...)
    local acc = t[n]
    for i = n - 1, 1, -1 do acc = t[i] .. acc end
    return acc
  end,
  peek = function(a) return @a end, peek2 = function(a) return %a end,
  peek4 = function(a) return $a end,
  cost = function(reader) __p8_reader = reader end,
  profile = function(reader) end,
}";

/// `driver` (a Python script holding Lua) with its placeholder `__HELPERS__` replaced by the helper
/// table.
pub fn with_z8lua_helpers(driver: &str) -> String {
    assert!(
        driver.contains("__HELPERS__"),
        "the z8lua driver has no __HELPERS__ placeholder"
    );
    driver.replace("__HELPERS__", Z8LUA_HELPERS)
}
