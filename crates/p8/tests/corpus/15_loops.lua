-- numeric and generic for, while, repeat, break
for i=1,10 do print(i) end
for i=10,1,-1 do print(i) end
for i=0,1,0.25 do print(i) end
for i=-5,-1 do if i==-3 then break end end
for k,v in next,{1,2} do print(k,v) end
n=0
while n<5 do n+=1 end
repeat n-=1 until n<=0
repeat local m=n until m==0
for v in all({1,2,3}) do print(v) end
