local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_concatn,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.concatn,__p8.peek,__p8.peek2,__p8.peek4 local __p8_cost=0 __p8.cost(function() return __p8_cost end) local function __p8_cb(k,...) __p8_cost=__p8_cost+k return ... end local function __p8_main(...) 
 __p8_cost=__p8_cost+6 local a={}
for i=1,64 do
 __p8_cost=__p8_cost+4 a[i]=__p8_mod(__p8_mul(i,i),17) end

 __p8_cost=__p8_cost+6 local sum=0
for i=1,#a do
 __p8_cost=__p8_cost+4 sum=__p8_add(sum,a[i]) end

 __p8_cost=__p8_cost+12 print(sum)
local p={x=3,y=4,hp=10}
for i=1,30 do
 __p8_cost=__p8_cost+10 p.x=__p8_add(p.x,1)
p.y=__p8_add(p.y,p.x)
if p.y>100 then  __p8_cost=__p8_cost+3 p.y=__p8_sub(p.y,100) end end

 __p8_cost=__p8_cost+11 print(p.x,p.y,p.hp)
local grid={}
for y=0,9 do
 __p8_cost=__p8_cost+8 local row={}
grid[y]=row
for x=0,9 do
 __p8_cost=__p8_cost+3 row[x]=((x~=y) and __p8_cb(2,__p8_mul(x,y))) or __p8_cb(1,(-1)) end end


 __p8_cost=__p8_cost+6 local t=0
for y=0,9 do
 __p8_cost=__p8_cost+6 for x=0,9 do
 __p8_cost=__p8_cost+5 t=__p8_add(t,grid[y][x]) end end


 __p8_cost=__p8_cost+15 print(t)
local keys={"a","b","c","d"}
local h={}
for i,k in ipairs(keys) do
 __p8_cost=__p8_cost+2 h[k]=i end

 __p8_cost=__p8_cost+6 local acc=""
for i=1,#keys do
 __p8_cost=__p8_cost+6 acc=__p8_concatn(acc,keys[i],h[keys[i]]) end

 __p8_cost=__p8_cost+4 print(acc)
end return __p8_main()
