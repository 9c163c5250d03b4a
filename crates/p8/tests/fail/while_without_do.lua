-- expect: 2:9 `do` after the `while` condition
while a b()

