-- functions: global, local, methods, varargs, closures, recursion
function add(a,b) return a+b end
local function fact(n) if n<=1 then return 1 end return n*fact(n-1) end
local sq=function(x) return x*x end
function sum(...)
  local t,s={...},0
  for v in all(t) do s+=v end
  return s,select("#",...)
end
obj={v=1}
function obj:get() return self.v end
function obj.set(self,v) self.v=v end
obj:set(5)
function counter()
  local n=0
  return function() n+=1 return n end
end
local c=counter() c() c()
print(add(1,2),fact(5),sq(3),sum(1,2,3),obj:get(),c())
a={b={c={}}}
function a.b.c.d(x) return x end
function a.b.c:e(x) return self,x end
print(a.b.c.d(1),(sum(4,5)))
