-- expect: 2:1 cannot assign to this expression
f() = 1

