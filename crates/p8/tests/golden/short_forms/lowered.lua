local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_concatn,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.concatn,__p8.peek,__p8.peek2,__p8.peek4 local function __p8_main(...) 
if (a) then b() end
if (a) then b() c=1 end
if (a) then b() else c() end
if (a) then if (b) then c() else d() end end
if (a) then x=1 else if (b) then y=2 else y=3 end end
while (i<10) do i=__p8_add(i,1) j=__p8_sub(j,1) end
if (a) then end
if (not a) then return end
if (a==1) then b() end
while (a) do b() end
if (a) then f(function() return 1 end) g() end
if (a) then print("yes") end
if (a) then
if (b) then c() end end
end return __p8_main()
