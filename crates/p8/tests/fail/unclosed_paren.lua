-- expect: 3:1 to close `(` at 2:5
x = (1 + 2
print(x)

