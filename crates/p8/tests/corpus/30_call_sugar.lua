-- call sugar: string and table arguments, chained calls
d=split"1,2,3"
e=split("a b",' ')
f=split[[x,y]]
function g(t) return t end
h=g{1,2}.n
s=("abc"):sub(2)
print(#d,#e,#f,h,s,tostr(1),tonum"12",chr(65),ord"A",sub("hello",2,3))
u=g{g}[1]{3}[1]
print(u)
