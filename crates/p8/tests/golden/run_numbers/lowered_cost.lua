local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.peek,__p8.peek2,__p8.peek4 local __p8_cost=0 function __p8_cycles() return __p8_cost end local function __p8_cb(k,...) __p8_cost=__p8_cost+k return ... end 
 __p8_cost=__p8_cost+156 print(tostr(0.0999908447265625,1),tostr((-0.0999908447265625),1),tostr(1.5,1),tostr(1.5,1))
print(tostr(0,1),tostr((-25536),1),tostr(9029.4044342041015625,1),tostr((-32768),1))
print(tostr(__p8_add(32767,1),1),tostr(__p8_idiv(7,2),1),tostr(__p8_idiv((-7),2),1),tostr(__p8_mod((-7),3),1))
print(tostr(__p8_div(1,0),1),tostr(__p8_div((-1),0),1),tostr(__p8_pow(2,10),1),tostr(__p8_unm(__p8_pow(2,2)),1))
print(tostr(__p8_bnot(5),1),tostr(__p8_band(5,3),1),tostr(__p8_bor(5,3),1),tostr(__p8_bxor(5,3),1),tostr(__p8_bxor(5,3),1))
print(tostr(__p8_shr((-1),4),1),tostr(__p8_lshr((-1),4),1),tostr(__p8_shl(1,15),1),tostr(__p8_rotl(1,31),1),tostr(__p8_rotr(3,1),1))
print(__p8_concat(1,2),__p8_concat("a",0.5),3,__p8_unm(((-3))))
local x=32767.9999847412109375
x=__p8_add(x,0.0000152587890625)
print(tostr(x,1),x~=(-32768),not (x~=(-32768)))
print(tostr(0.9999847412109375,1),tostr((-31073),1),tostr(1.9999847412109375,1))
