local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_concatn,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.concatn,__p8.peek,__p8.peek2,__p8.peek4 local __p8_cost=0 __p8.cost(function() return __p8_cost end) local function __p8_cb(k,...) __p8_cost=__p8_cost+k return ... end local function __p8_main(...) 
 __p8_cost=__p8_cost+16 local a,b=1,(-2)
x=__p8_add(1.5,__p8_mul(3,0.5))
a=__p8_add(a,3) b=__p8_concat(b,"s")
do local __p8t1,__p8k1=t,f() __p8t1[__p8k1]=__p8_sub(__p8t1[__p8k1],1) end
if (a~=b) then  __p8_cost=__p8_cost+2 a=b else  __p8_cost=__p8_cost+1 b=a end
 __p8_cost=__p8_cost+2 while (x>0) do  __p8_cost=__p8_cost+6 x=__p8_sub(x,1) end
 __p8_cost=__p8_cost+13 print(a,b)
function obj.m:go(p,...)
 __p8_cost=__p8_cost+12 local r=__p8_add(__p8_add(__p8_peek(p),__p8_peek2(p)),__p8_peek4(p))
return __p8_bxor(__p8_rotr(__p8_shl(__p8_lshr(r,1),2),3),__p8_bnot(r)),...
end
for i=1,10,2 do
 __p8_cost=__p8_cost+3 if __p8_idiv(i,2)==1 then  __p8_cost=__p8_cost+2 goto skip elseif __p8_cb(2,__p8_mod(i,3)==0) then  __p8_cost=__p8_cost+2 break else  __p8_cost=__p8_cost+3 print(i) end
::skip:: end

 __p8_cost=__p8_cost+10 for k,v in pairs({1,2,x=3,[4]=5}) do  __p8_cost=__p8_cost+6 printh(__p8_concat(k,v)) end
 __p8_cost=__p8_cost+1 local f=function()  __p8_cost=__p8_cost+15 return (-1),(-1),__p8_unm(__p8_pow(x,2)),not a or __p8_cb(2,b and __p8_cb(1,c)) end
repeat  __p8_cost=__p8_cost+2 local z=1 until z
do  __p8_cost=__p8_cost+2 ;(f)() end
 __p8_cost=__p8_cost+5 s:sub("x")
end return __p8_main()
