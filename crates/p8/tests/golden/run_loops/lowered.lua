local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_concatn,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.concatn,__p8.peek,__p8.peek2,__p8.peek4 local function __p8_main(...) 
local s=0
for i=1,200 do
s=__p8_add(s,i) end

print(s)
local n,steps=27,0
while n~=1 do
if __p8_mod(n,2)==0 then n=__p8_idiv(n,2) else n=__p8_add(__p8_mul(3,n),1) end
steps=__p8_add(steps,1) end

print(steps)
local k=0
repeat
k=__p8_add(k,3) until 
k>100
print(k)
local c=0
for y=0,15 do
for x=0,15 do
if __p8_mod((__p8_add(x,y)),3)==0 then c=__p8_add(c,1) end end end


print(c)
for i=10,1,(-1) do
if i<4 then break end
c=__p8_sub(c,i) end

print(c)
local f=0
for i=0,1,0.125 do f=__p8_add(f,i) end
print(f)
end return __p8_main()
