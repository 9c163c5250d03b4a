-- table constructors, indexing, separators
t1={}
t2={1,2,3}
t3={a=1,b=2;c=3,}
t4={[1]="one",["two"]=2,[1+2]=3}
t5={1,2,x=3,[4]=4;5}
t6={{1,2},{3,4}}
t7={f=function() return 1 end,"s",nil,false,true}
print(#t2,t3.a,t3["b"],t4[1],t5.x,t6[2][1],t7.f())
t2[#t2+1]=4
add(t2,5) del(t2,1) deli(t2,1)
for k,v in pairs(t3) do print(k..v) end
for i,v in ipairs(t2) do print(i,v) end
foreach(t2,print)
print(count(t2))
