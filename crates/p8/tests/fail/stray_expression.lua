-- expect: 3:1 not a statement
x
y = 1

