local total = 0
for i = 1, 20 do
  if i % 3 == 0 then
    goto continue
  end
  local sq = i * i
  total += sq
  ::continue::
end
print(total)
local found
for y = 1, 5 do
  for x = 1, 5 do
    if x * y == 12 then
      found = x .. "," .. y
      goto done
    end
  end
end
::done::
print(found)
local n = 0
::again::
n += 1
if n < 5 then
  goto again
end
print(n)
