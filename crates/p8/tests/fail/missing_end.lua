-- expect: 3:11 `end` to close `function` at 2:1
function f()
  return 1

