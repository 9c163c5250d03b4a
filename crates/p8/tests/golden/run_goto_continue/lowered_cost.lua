local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_concatn,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.concatn,__p8.peek,__p8.peek2,__p8.peek4 local __p8_cost=0 __p8.cost(function() return __p8_cost end) local function __p8_cb(k,...) __p8_cost=__p8_cost+k return ... end local function __p8_main(...) 
 __p8_cost=__p8_cost+6 local total=0
for i=1,20 do
 __p8_cost=__p8_cost+3 if __p8_mod(i,3)==0 then  __p8_cost=__p8_cost+1 goto continue end
 __p8_cost=__p8_cost+3 local sq=__p8_mul(i,i)
total=__p8_add(total,sq)
::continue:: end

 __p8_cost=__p8_cost+9 print(total)
local found
for y=1,5 do
 __p8_cost=__p8_cost+6 for x=1,5 do
 __p8_cost=__p8_cost+3 if __p8_mul(x,y)==12 then
 __p8_cost=__p8_cost+5 found=__p8_concatn(x,",",y)
goto done end end end



::done::
 __p8_cost=__p8_cost+4 print(found)
local n=0
::again::
 __p8_cost=__p8_cost+3 n=__p8_add(n,1)
if n<5 then  __p8_cost=__p8_cost+1 goto again end
 __p8_cost=__p8_cost+4 print(n)
end return __p8_main()
