-- run: varargs, multiple returns, select, pack/unpack-free tricks, method chains
local function pass(...) return ... end
local function count(...) return select("#", ...) end
print(count(pass(1, nil, 3)), count((pass(1, 2, 3))))
local function minmax(...)
  local lo, hi = 32767, -32768
  for v in all({...}) do
    lo, hi = min(lo, v), max(hi, v)
  end
  return lo, hi
end
print(minmax(5, -2, 9, 0.5))
local t = {pass(4, 5, 6)}
local u = {pass(4, 5, 6), 7}
print(#t, #u)
local acc = {n = 0}
function acc:add(v) self.n += v return self end
print(acc:add(1):add(2):add(3).n)
local a, b, c = (function() return 1, 2 end)()
print(a, b, c)
