-- PICO-8's operators at VM speed. Numbers are doubles holding exact 16.16 values in [-32768, 32768), so
-- the common cases are exact in double arithmetic: each helper does those natively and hands everything
-- else (strings, division by large divisors, products too big for a double's 53 bits, rotations) to the
-- exact Rust implementation it receives in `slow`. `x + 0 ~= x` is true exactly when x is a string (a
-- number always equals itself plus zero), which keeps string coercion PICO-8's.
local slow, bit32 = ...
local band, bor, bxor, bnot = bit32.band, bit32.bor, bit32.bxor, bit32.bnot
local s_add, s_sub, s_mul, s_div, s_idiv, s_mod, s_unm = slow.add, slow.sub, slow.mul, slow.div,
  slow.idiv, slow.mod, slow.unm
local s_band, s_bor, s_bxor, s_bnot = slow.band, slow.bor, slow.bxor, slow.bnot
local s_shl, s_shr, s_lshr = slow.shl, slow.shr, slow.lshr
-- 2^-16 is written as a literal (not an upvalue) so each use is a constant operand, one instruction less.
local P2 = {}
for n = 0, 31 do P2[n] = 2 ^ n end
local fast = {}

function fast.add(a, b)
  local r = a + b
  -- A string that is not an exact 16.16 number leaves bits below 2^-16: redo it exactly.
  if r % 1.52587890625e-05 ~= 0 then return s_add(a, b) end
  if r >= 32768 or r < -32768 then return (r + 32768) % 65536 - 32768 end
  return r
end

function fast.sub(a, b)
  local r = a - b
  if r % 1.52587890625e-05 ~= 0 then return s_sub(a, b) end
  if r >= 32768 or r < -32768 then return (r + 32768) % 65536 - 32768 end
  return r
end

function fast.unm(a)
  local r = 0 - a
  if r % 1.52587890625e-05 ~= 0 then return s_unm(a) end
  if r >= 32768 or r < -32768 then return (r + 32768) % 65536 - 32768 end
  return r
end

function fast.mul(a, b)
  if a + 0 ~= a or b + 0 ~= b then return s_mul(a, b) end
  local p = a * b
  -- Exact while the raw product stays under 2^53, i.e. |a*b| < 2^21.
  if p >= 2097152 or p <= -2097152 then return s_mul(a, b) end
  p = p * 65536
  p = (p - p % 1) * 1.52587890625e-05
  if p >= 32768 or p < -32768 then return (p + 32768) % 65536 - 32768 end
  return p
end

-- The truncated raw quotient of a/b, or nil when the double path might not be exact or overflows.
local function quotient(a, b)
  if a + 0 ~= a or b + 0 ~= b then return nil end
  -- For |b| < 32 the exact quotient is never within rounding distance of an integer it is not.
  if b >= 32 or b <= -32 or b == 0 then return nil end
  local q = a / b * 65536
  if q >= 0 then q = q - q % 1 else q = q - q % -1 end
  if q >= 2147483648 or q <= -2147483648 then return nil end
  return q * 1.52587890625e-05
end

function fast.div(a, b)
  return quotient(a, b) or s_div(a, b)
end

function fast.idiv(a, b)
  local r = quotient(a, b)
  if r == nil then return s_idiv(a, b) end
  return r - r % 1
end

function fast.mod(a, b)
  if a + 0 ~= a or b + 0 ~= b then return s_mod(a, b) end
  if b > 0 and b < 64 then return a % b end
  if b < 0 and b > -64 then return a % -b end
  return s_mod(a, b)
end

-- bit32 results are unsigned: values from 2^31 up are the negative numbers.

function fast.band(a, b)
  if a + 0 ~= a or b + 0 ~= b then return s_band(a, b) end
  local r = band(a * 65536, b * 65536)
  if r >= 2147483648 then r = r - 4294967296 end
  return r * 1.52587890625e-05
end

function fast.bor(a, b)
  if a + 0 ~= a or b + 0 ~= b then return s_bor(a, b) end
  local r = bor(a * 65536, b * 65536)
  if r >= 2147483648 then r = r - 4294967296 end
  return r * 1.52587890625e-05
end

function fast.bxor(a, b)
  if a + 0 ~= a or b + 0 ~= b then return s_bxor(a, b) end
  local r = bxor(a * 65536, b * 65536)
  if r >= 2147483648 then r = r - 4294967296 end
  return r * 1.52587890625e-05
end

function fast.bnot(a)
  if a + 0 ~= a then return s_bnot(a) end
  local r = bnot(a * 65536)
  if r >= 2147483648 then r = r - 4294967296 end
  return r * 1.52587890625e-05
end

function fast.shl(a, b)
  if a + 0 ~= a or b + 0 ~= b then return s_shl(a, b) end
  local n = b - b % 1
  if n < 0 or n > 31 then return s_shl(a, b) end
  local r = a * P2[n]
  if r >= 32768 or r < -32768 then return (r + 32768) % 65536 - 32768 end
  return r
end

function fast.shr(a, b)
  if a + 0 ~= a or b + 0 ~= b then return s_shr(a, b) end
  local n = b - b % 1
  if n < 0 or n > 31 then return s_shr(a, b) end
  local x = a * 65536 / P2[n]
  return (x - x % 1) * 1.52587890625e-05
end

function fast.lshr(a, b)
  if a + 0 ~= a or b + 0 ~= b then return s_lshr(a, b) end
  local n = b - b % 1
  if n < 0 or n > 31 then return s_lshr(a, b) end
  if a < 0 then a = a + 65536 end
  local x = a * 65536 / P2[n]
  local r = (x - x % 1) * 1.52587890625e-05
  if r >= 32768 then r = r - 65536 end
  return r
end

return fast
