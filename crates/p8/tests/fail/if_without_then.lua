-- expect: 2:6 `then` after the `if` condition
if a b()

