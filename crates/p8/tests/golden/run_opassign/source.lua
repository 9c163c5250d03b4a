-- run: compound assignments evaluate the table and key once; every operator
local calls = 0
local t = {5, 6, 7}
local function k()
  calls += 1
  return 2
end
local function tab()
  calls += 10
  return t
end
t[k()] += 100
tab()[k()] *= 2
tab()[1] -= 1
local o = {v = 1, s = "a"}
local function obj()
  calls += 100
  return o
end
obj().v <<= 3
obj().s ..= "b"
print(calls, t[1], t[2], t[3], o.v, o.s)
local n = 100
n -= 1 n *= 2 n /= 4 n \= 3 n %= 5 n ^= 2
print(tostr(n, 1))
local b = 0x0f0f
b &= 0xff b |= 0x1000 b ^^= 0x3 b >>= 1 b <<= 2 b >>>= 1 b <<>= 4 b >><= 2
print(tostr(b, 1))
local s = "x"
s ..= 1 s ..= "y"
?s, #s
