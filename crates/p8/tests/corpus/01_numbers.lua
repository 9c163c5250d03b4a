-- number literals in every base, with and without fractions
a=0 b=12 c=32767 d=32768 e=65535 f=99999
g=1.5 h=.5 i=3. j=0.0001 k=32767.99999
l=0x1f m=0X1F n=0x.8 o=0x7fff.ffff p=0xffff q=0x12345.6789
r=0b101 s=0B1.1 t=0b.01 u=0b1111111111111111
v=00012 w=0x0000000001
print(a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q+r+s+t+u+v+w)
