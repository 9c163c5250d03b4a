-- expect: 3:1 `then` after the `if` condition
if (a)
b()
