-- a mixed workload: closures, string building, table methods, bit ops, while/repeat, varargs
function hash(a,b) return (a*31 ^^ b<<3) & 0x7fff end
acc={} h=0
for i=1,300 do
  h=hash(h,i)
  add(acc,{k=h,v=i%7})
end
function sum(...) local s=0 for _,v in ipairs({...}) do s+=v end return s end
total=0
for _,e in ipairs(acc) do total+=sum(e.v,1,2) end
local i,str=0,""
while i<40 do i+=1 if i%3==0 then str=str..i end end
repeat i-=2 until i<0
obj={n=0}
function obj:inc(d) self.n+=d return self end
for j=1,100 do obj:inc(j%4) end
result=total..":"..#str..":"..obj.n..":"..h
