-- expect: 4:3 end of block after `return`
function f()
  return 1
  x = 2
end

