local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_concatn,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.concatn,__p8.peek,__p8.peek2,__p8.peek4 local function __p8_main(...) 
a="plain"
b="single \034quotes\034"
c="esc: \010 \009 \092 \034 ABA continued"

d="long\010string"

e="with ]] inside"
f="\001\002\255"
g="glyphs: \139\145\142\151"
h="p8 escapes: \001\002\003\004\005\006"
print(a,b,c,d,e,f,g,h)
print(#g)
end return __p8_main()
