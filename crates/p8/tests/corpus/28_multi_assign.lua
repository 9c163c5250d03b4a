-- multiple assignment and multiple returns
a,b,c=1,2
a,b=b,a
function two() return 1,2 end
x,y,z=two()
p,q=two(),3
t={} t.a,t.b=two()
local m,n=(two())
print(a,b,c,x,y,z,p,q,t.a,t.b,m,n)
