-- locals, shadowing, scopes
local a=1
local b,c=2,3
local d
do local a=10 print(a) end
local function f(a) local a=a+1 return a end
for a=1,2 do print(a) end
local e,f2,g=1
print(a,b,c,d,f(1),e,f2,g)
