a = "plain"
b = 'single "quotes"'
c = "esc: \n \t \\ \" \65\066\x41 \z
     continued"
d = [[long
string]]
e = [==[with ]] inside]==]
f = "\1\2\255"
g = "glyphs: ⬅️➡️🅾️❎"
h = "p8 escapes: \*\#\-\|\+\^"
print(a, b, c, d, e, f, g, h)
print(#g)
