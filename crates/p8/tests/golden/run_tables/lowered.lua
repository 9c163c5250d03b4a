local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_concatn,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.concatn,__p8.peek,__p8.peek2,__p8.peek4 local function __p8_main(...) 
local a={}
for i=1,64 do
a[i]=__p8_mod(__p8_mul(i,i),17) end

local sum=0
for i=1,#a do
sum=__p8_add(sum,a[i]) end

print(sum)
local p={x=3,y=4,hp=10}
for i=1,30 do
p.x=__p8_add(p.x,1)
p.y=__p8_add(p.y,p.x)
if p.y>100 then p.y=__p8_sub(p.y,100) end end

print(p.x,p.y,p.hp)
local grid={}
for y=0,9 do
local row={}
grid[y]=row
for x=0,9 do
row[x]=((x~=y) and __p8_mul(x,y)) or (-1) end end


local t=0
for y=0,9 do
for x=0,9 do
t=__p8_add(t,grid[y][x]) end end


print(t)
local keys={"a","b","c","d"}
local h={}
for i,k in ipairs(keys) do
h[k]=i end

local acc=""
for i=1,#keys do
acc=__p8_concatn(acc,keys[i],h[keys[i]]) end

print(acc)
end return __p8_main()
