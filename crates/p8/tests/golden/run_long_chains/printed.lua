log = ""
function f(x)
  log = log .. x
  return x
end
v = 3
local a = v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v
print(a)
local b = f(1) + f(2) * f(3) - f(4) + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + f(5) - f(6) + f(7)
print(b, log)
function va(...)
  return v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v - v + ... + 1
end
print(va(10, 20))
print(v * 2 \ 1 + v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v & v | 7)
local s = "a"
print(s .. s .. s .. s .. s .. s .. s .. s .. s .. s .. s .. s)
local ok = 1 + 2 - 3 + 4 - 5 + 6 - 7 + 8 - 9 + 10 - 11 + 12 - 13 + 14 - 15 + 16 - 17 + 18 - 19 + 20 - 21 + 22 - 23 + 24 - 25 + 26 - 27 + 28 - 29 + 30 - 31 + 32 - 33 + 34 - 35 + 36
print(ok)
