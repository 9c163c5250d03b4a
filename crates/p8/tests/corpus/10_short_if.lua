-- the one-line if and while forms
x=3
if (x>2) print("big")
if (x>5) print("huge") else print("not huge")
if (x==3) x+=1 y=2
if (not x) then print("never") end
i=0
while (i<3) i+=1
while (i>0) i-=1 print(i)
if (btn(0)) x-=1
print(x,i)
