-- literals at the edges of 16.16: wrap, truncation, tiny fractions
a=32767.99999 b=0x7fff.ffff c=0x8000 d=-32768 e=65536
f=0.00001 g=0.0000152587890625 h=0x.0001 i=0b.0000000000000001
j=0x0.ffffffff k=123456 l=0xffffffff m=1.999999
print(tostr(a,1),tostr(b,1),tostr(c,1),tostr(d,1),tostr(e,1))
print(tostr(f,1),tostr(g,1),tostr(h,1),tostr(i,1),tostr(j,1))
print(tostr(k,1),tostr(l,1),tostr(m,1))
