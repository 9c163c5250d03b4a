local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_concatn,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.concatn,__p8.peek,__p8.peek2,__p8.peek4 local function __p8_main(...) 
function fib(n)
if n<2 then return n end
return (__p8_add(fib(__p8_sub(n,1)),fib(__p8_sub(n,2))))
end
print(fib(12))
local function counter()
local c=0
return function()
c=__p8_add(c,1)
return c
end
end
local next_id=counter()
for i=1,20 do next_id() end
print(next_id())
local vec={}
vec.__index=vec
function vec.new(x,y)
return setmetatable({x=x,y=y},vec)
end
function vec:add(o)
return vec.new(__p8_add(self.x,o.x),__p8_add(self.y,o.y))
end
function vec:len2()
return (__p8_add(__p8_mul(self.x,self.x),__p8_mul(self.y,self.y)))
end
local v=vec.new(1,2)
for i=1,10 do
v=v:add(vec.new(1,(-1))) end

print(v.x,v.y,v:len2())
local function total(...)
local s=0
for _,x in pairs({...}) do s=__p8_add(s,x) end
return s,select("#",...)
end
print(total(1,2,3,4.5))
score=0
function bump(k) score=__p8_add(score,k) end
for i=1,15 do bump(__p8_mod(i,4)) end
print(score)
end return __p8_main()
