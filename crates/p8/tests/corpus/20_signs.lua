-- signs glued to numbers in every context the token counter cares about
a=-1 b=- 1 c=~1 d=~ 1
e={-1,-2,~3}
f=math and -1
g=(a)-1 h=a-1 i=a -1 j=1 -1
k="s"-1
l=e[1]-1
m=a==-1
n=not -1
o=a*-0x10 p=a/-.5 q=a^-2
r=f and -1 or -2
return -1
