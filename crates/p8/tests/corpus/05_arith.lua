-- arithmetic operators, unary operators
a,b=7,2
print(a+b) print(a-b) print(a*b) print(a/b)
print(a\b) print(a%b) print(a^b)
print(-a) print(- a) print(-(a)) print(not a) print(#"abc")
print(a- -b) print(a--b
)
c=a+b*2-a/b\1%3^2
print(c)
