-- The PICO-8 API functions that are plain table/coroutine work, written in Lua so they run at VM speed.
-- Loaded with a private environment holding the natives it needs; it returns the functions to export.
-- (Their own Lua is not counted as cart instructions: only the cart's code carries cost
-- annotations. What PICO-8 charges for them is charged through the private `charge`, with the
-- figures of `costs`, from api/costs.rs.)
-- Plain `#t` and `t[i]` (not rawlen/rawget) keep them fast and honour metatables as PICO-8 does.
local tinsert, tremove = table.insert, table.remove
-- The natives `pairs` and `ipairs` are called by those names (globals of this environment), so
-- their argument errors name them as the cart called them.
local flr, charge, costs, co_yield = flr, charge, costs, co_yield
local api = {}

function api.add(t, v, i)
  if t == nil then return nil end
  if i == nil then
    charge(costs.add)
    t[#t + 1] = v
  else
    i = flr(i)
    -- z8lua's add: "bad argument #2 to 'add' (position out of bounds)" (lupaz8 2.8.0.1), not
    -- the message of the table.insert it is built on.
    if i < 1 or i > #t + 1 then error("bad argument #2 to 'add' (position out of bounds)", 2) end
    -- Inserting moves the elements after i up: charged as del moves them down.
    charge(costs.add + costs.del_moved * (#t + 1 - i))
    tinsert(t, i, v)
  end
  return v
end

function api.del(t, v)
  if t == nil then return nil end
  local n = #t
  for i = 1, n do
    if t[i] == v then
      charge(costs.del + costs.del_moved * (n - i))
      tremove(t, i)
      return v
    end
  end
  charge(costs.del)
  return nil
end

function api.deli(t, i)
  if t == nil then return nil end
  local n = #t
  if i == nil then i = n else i = flr(i) end
  if i < 1 or i > n then
    charge(costs.deli)
    return nil
  end
  charge(costs.deli + costs.deli_moved * (n - i))
  return tremove(t, i)
end

function api.count(t, v)
  if t == nil then return 0 end
  local c, n = 0, #t
  charge(costs.count + costs.count_element * n)
  for i = 1, n do
    local x = t[i]
    if (v == nil and x ~= nil) or (v ~= nil and x == v) then c = c + 1 end
  end
  return c
end

-- pairs, charged when called and per pair returned.
function api.pairs(...)
  charge(costs.pairs)
  local f, s, k = pairs(...)
  return function(s, k)
    local k2, v = f(s, k)
    if k2 ~= nil then charge(costs.pairs_element) end
    return k2, v
  end, s, k
end

-- ipairs, charged as pairs (see costs.rs: not published).
function api.ipairs(...)
  charge(costs.ipairs)
  local f, s, k = ipairs(...)
  return function(s, k)
    local k2, v = f(s, k)
    if k2 ~= nil then charge(costs.ipairs_element) end
    return k2, v
  end, s, k
end

-- yield, charged before the switch (see costs.rs: not published).
function api.yield(...)
  charge(costs.coroutine)
  return co_yield(...)
end

-- Iterates t[1..#t]; deleting the current element (del/deli) during iteration does not skip the next.
-- Charged when called and per element returned (see costs.rs: not published, bounded by foreach).
function api.all(t)
  charge(costs.all)
  if t == nil then return function() end end
  local i, n = 0, #t
  return function()
    local m = #t
    if m < n then
      i = i - (n - m)
      n = m
    end
    i = i + 1
    local v = t[i]
    -- Holes (nil entries inside 1..#t) are skipped, not ends of the iteration.
    while v == nil and i < n do
      i = i + 1
      v = t[i]
    end
    if v ~= nil then charge(costs.all_element) end
    return v
  end
end

-- foreach: the wiki's 2 + n(5 + c), c being the function's own code (counted by the cart).
function api.foreach(t, f)
  charge(costs.foreach)
  if t == nil then return end
  local i, n = 0, #t
  while true do
    local m = #t
    if m < n then
      i = i - (n - m)
      n = m
    end
    i = i + 1
    local v = t[i]
    while v == nil and i < n do
      i = i + 1
      v = t[i]
    end
    if v == nil then return end
    charge(costs.foreach_element)
    f(v)
  end
end

function api.pack(...)
  return { n = select("#", ...), ... }
end

-- Finalizers (`__gc`). Lua 5.2 runs a finalizer with its hooks off, so the instruction limit could
-- not stop one. Instead, `setmetatable` arms a sentinel of the runner's own: an object whose
-- metatable has `__gc` is set its metatable with that field held back for the call (so Lua does not
-- mark it) and gets a sentinel that only it references (through a weak-keyed table). When the object
-- becomes garbage, so does its sentinel, whose finalizer (the runner's, which runs no cart code)
-- queues it; the queued finalizers run when the cart's callback returns (`run_finalizers`), hooks
-- on, so the limit holds. The finalizer called is the object's current metatable's `__gc`, with the
-- object, as Lua would.
local real_setmetatable, rawget, rawset, type, pcall, error =
  setmetatable, rawget, rawset, type, pcall, error
local pending = {}
local watched = real_setmetatable({}, { __mode = "k" })
local sentinel_mt = { __gc = function(s) pending[#pending + 1] = s end }

function api.setmetatable(t, mt)
  local gc = nil
  if type(mt) == "table" then gc = rawget(mt, "__gc") end
  if gc ~= nil then rawset(mt, "__gc", nil) end
  local ok, r = pcall(real_setmetatable, t, mt)
  if gc ~= nil then rawset(mt, "__gc", gc) end
  if not ok then error(r, 0) end
  local s = watched[t]
  if s then
    s.mt = mt
  elseif gc ~= nil then
    watched[t] = real_setmetatable({ obj = t, mt = mt }, sentinel_mt)
  end
  return r
end

local internal = {}

-- Runs the finalizers queued so far (and those they queue), in order. An error in one stops the
-- cart (the runner reports it as Lua does: "error in __gc metamethod (...)").
function internal.run_finalizers()
  while pending[1] ~= nil do
    local batch = pending
    pending = {}
    for i = 1, #batch do
      local s = batch[i]
      local t = s.obj
      watched[t] = nil
      local f = rawget(s.mt, "__gc")
      if type(f) == "function" then
        f(t)
      end
    end
  end
end

return api, internal
