-- expect: 2:7 `in` or `=` after the `for` variables
for i do end

