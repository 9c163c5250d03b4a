-- expect: 2:11 `then` after the `if` condition
if a == 1 x = 2

