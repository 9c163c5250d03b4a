-- expect: 3:8 `until` to close `repeat` at 2:1
repeat
  x = 1

