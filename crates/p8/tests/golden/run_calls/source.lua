-- run: recursion, closures and upvalues, methods, varargs, globals
function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end
print(fib(12))
local function counter()
  local c = 0
  return function()
    c += 1
    return c
  end
end
local next_id = counter()
for i = 1, 20 do next_id() end
print(next_id())
local vec = {}
vec.__index = vec
function vec.new(x, y)
  return setmetatable({x = x, y = y}, vec)
end
function vec:add(o)
  return vec.new(self.x + o.x, self.y + o.y)
end
function vec:len2()
  return self.x * self.x + self.y * self.y
end
local v = vec.new(1, 2)
for i = 1, 10 do
  v = v:add(vec.new(1, -1))
end
print(v.x, v.y, v:len2())
local function total(...)
  local s = 0
  for _, x in pairs({...}) do s += x end
  return s, select("#", ...)
end
print(total(1, 2, 3, 4.5))
score = 0
function bump(k) score += k end
for i = 1, 15 do bump(i % 4) end
print(score)
