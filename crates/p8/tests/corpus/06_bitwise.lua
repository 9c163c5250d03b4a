-- PICO-8 bitwise operators and shifts/rotates
x,y=0x0f0f,0x00ff
print(x&y) print(x|y) print(x^^y) print(~x)
print(x<<4) print(x>>4) print(x>>>4)
print(x<<>4) print(x>><4)
print(band(x,y),bor(x,y),bxor(x,y),bnot(x))
print(shl(x,1),shr(x,1),lshr(x,1),rotl(x,1),rotr(x,1))
z=x&~y|y<<1^^x>>>2
print(z)
