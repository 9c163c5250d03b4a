-- run: numeric for, while, repeat, nested loops, break
local s = 0
for i = 1, 200 do
  s += i
end
print(s)
local n, steps = 27, 0
while n != 1 do
  if n % 2 == 0 then n \= 2 else n = 3 * n + 1 end
  steps += 1
end
print(steps)
local k = 0
repeat
  k += 3
until k > 100
print(k)
local c = 0
for y = 0, 15 do
  for x = 0, 15 do
    if (x + y) % 3 == 0 then c += 1 end
  end
end
print(c)
for i = 10, 1, -1 do
  if i < 4 then break end
  c -= i
end
print(c)
local f = 0
for i = 0, 1, 0.125 do f += i end
print(f)
