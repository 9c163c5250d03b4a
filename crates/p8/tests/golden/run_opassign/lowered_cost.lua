local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_concatn,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.concatn,__p8.peek,__p8.peek2,__p8.peek4 local __p8_cost=0 __p8.cost(function() return __p8_cost end) local function __p8_cb(k,...) __p8_cost=__p8_cost+k return ... end local function __p8_main(...) 
 __p8_cost=__p8_cost+106 local calls=0
local t={5,6,7}
local function k()
 __p8_cost=__p8_cost+5 calls=__p8_add(calls,1)
return 2
end
local function tab()
 __p8_cost=__p8_cost+5 calls=__p8_add(calls,10)
return t
end
do local __p8t1,__p8k1=t,k() __p8t1[__p8k1]=__p8_add(__p8t1[__p8k1],100) end
do local __p8t2,__p8k2=tab(),k() __p8t2[__p8k2]=__p8_mul(__p8t2[__p8k2],2) end
do local __p8t3,__p8k3=tab(),1 __p8t3[__p8k3]=__p8_sub(__p8t3[__p8k3],1) end
local o={v=1,s="a"}
local function obj()
 __p8_cost=__p8_cost+5 calls=__p8_add(calls,100)
return o
end
do local __p8t4=obj() __p8t4.v=__p8_shl(__p8t4.v,3) end
do local __p8t5=obj() __p8t5.s=__p8_concat(__p8t5.s,"b") end
print(calls,t[1],t[2],t[3],o.v,o.s)
local n=100
n=__p8_sub(n,1) n=__p8_mul(n,2) n=__p8_div(n,4) n=__p8_idiv(n,3) n=__p8_mod(n,5) n=__p8_pow(n,2)
print(tostr(n,1))
local b=3855
b=__p8_band(b,255) b=__p8_bor(b,4096) b=__p8_bxor(b,3) b=__p8_shr(b,1) b=__p8_shl(b,2) b=__p8_lshr(b,1) b=__p8_rotl(b,4) b=__p8_rotr(b,2)
print(tostr(b,1))
local s="x"
s=__p8_concat(s,1) s=__p8_concat(s,"y")
print(s,#s)
end return __p8_main()
