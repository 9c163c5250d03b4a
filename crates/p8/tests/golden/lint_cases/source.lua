-- lint: undefined, unused, assigned-only and shadowed names (findings in lint.txt)
function _init()
  score = 0
end
function _update()
  scroe += 1
  local unused = 5
  local only_set
  only_set = 2
  for i = 1, 3 do
    local score = i
    print(score)
  end
end
function _draw()
  cls()
  print(score, 1, 1, 7)
  spr(⬅️, x, 0)
end
x = 0
