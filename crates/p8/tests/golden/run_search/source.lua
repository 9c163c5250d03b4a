-- run: a little game-tree search (negamax with alpha-beta over a synthetic tree)
-- and an insertion sort: the shape of the engine's hot loops
local nodes = 0
local function eval(h)
  return (h * 37 + 11) % 64 - 32
end
local function negamax(h, depth, alpha, beta)
  nodes += 1
  if depth == 0 then return eval(h) end
  local best = -32767
  for m = 1, 3 do
    local child = (h * 3 + m) & 0x3ff
    local score = -negamax(child, depth - 1, -beta, -alpha)
    if score > best then
      best = score
      if score > alpha then alpha = score end
      if alpha >= beta then break end
    end
  end
  return best
end
print(negamax(1, 5, -32767, 32767), nodes)
local arr = {}
local seed = 7
for i = 1, 40 do
  seed = (seed * 75 + 74) % 257
  arr[i] = seed
end
for i = 2, #arr do
  local v, j = arr[i], i - 1
  while j >= 1 and arr[j] > v do
    arr[j + 1] = arr[j]
    j -= 1
  end
  arr[j + 1] = v
end
print(arr[1], arr[20], arr[40])
local h = 0
for i = 1, 50 do
  h = h ^^ (i << 3) ^^ (h >>> 2)
  h = h <<> 1
end
print(tostr(h, 1))
