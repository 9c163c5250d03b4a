local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_concatn,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.concatn,__p8.peek,__p8.peek2,__p8.peek4 local function __p8_main(...) 

local nodes=0
local function eval(h)
return (__p8_sub(__p8_mod((__p8_add(__p8_mul(h,37),11)),64),32))
end
local function negamax(h,depth,alpha,beta)
nodes=__p8_add(nodes,1)
if depth==0 then return eval(h) end
local best=(-32767)
for m=1,3 do
local child=__p8_band((__p8_add(__p8_mul(h,3),m)),1023)
local score=__p8_unm(negamax(child,__p8_sub(depth,1),__p8_unm(beta),__p8_unm(alpha)))
if score>best then
best=score
if score>alpha then alpha=score end
if alpha>=beta then break end end end


return best
end
print(negamax(1,5,(-32767),32767),nodes)
local arr={}
local seed=7
for i=1,40 do
seed=__p8_mod((__p8_add(__p8_mul(seed,75),74)),257)
arr[i]=seed end

for i=2,#arr do
local v,j=arr[i],__p8_sub(i,1)
while (j>=1) and (arr[j]>v) do
arr[__p8_add(j,1)]=arr[j]
j=__p8_sub(j,1) end

arr[__p8_add(j,1)]=v end

print(arr[1],arr[20],arr[40])
local h=0
for i=1,50 do
h=__p8_bxor(__p8_bxor(h,(__p8_shl(i,3))),(__p8_lshr(h,2)))
h=__p8_rotl(h,1) end

print(tostr(h,1))
end return __p8_main()
