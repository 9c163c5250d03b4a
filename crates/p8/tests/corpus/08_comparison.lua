-- comparison and logic
a,b=1,2
print(a==b,a~=b,a!=b,a<b,a>b,a<=b,a>=b)
print(a and b or 0,not (a==b),a==1 and b==2)
if a!=b and not (a>b) then print("ok") end
