-- operators packed without spaces, as a minifier writes them
a=1b=2c=a+b*-1d=a-(-1)e=a..b..c
f=a<b and b>a or a<=b and b>=a
g=a==b h=a~=b i=a!=b
j=a<<1|b>>1&c>>>1 k=a<<>1^^b>><1
l={a,b,c}m=#l n=-#l o=~#l
p=a\b+a%b*a^b
print(a,b,c,d,e,f,g,h,i,j,k,l[1],m,n,o,p)
