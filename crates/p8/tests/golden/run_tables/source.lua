-- run: array fill and sum, hash fields, nested tables, # and add/del-free access
local a = {}
for i = 1, 64 do
  a[i] = i * i % 17
end
local sum = 0
for i = 1, #a do
  sum += a[i]
end
print(sum)
local p = {x = 3, y = 4, hp = 10}
for i = 1, 30 do
  p.x += 1
  p.y = p.y + p.x
  if p.y > 100 then p.y -= 100 end
end
print(p.x, p.y, p.hp)
local grid = {}
for y = 0, 9 do
  local row = {}
  grid[y] = row
  for x = 0, 9 do
    row[x] = x ~= y and x * y or -1
  end
end
local t = 0
for y = 0, 9 do
  for x = 0, 9 do
    t += grid[y][x]
  end
end
print(t)
local keys = {"a", "b", "c", "d"}
local h = {}
for i, k in ipairs(keys) do
  h[k] = i
end
local acc = ""
for i = 1, #keys do
  acc = acc .. keys[i] .. h[keys[i]]
end
print(acc)
