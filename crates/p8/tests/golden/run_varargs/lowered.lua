local __p8=... local __p8_add,__p8_sub,__p8_mul,__p8_div,__p8_idiv,__p8_mod,__p8_pow,__p8_unm,__p8_band,__p8_bor,__p8_bxor,__p8_bnot,__p8_shl,__p8_shr,__p8_lshr,__p8_rotl,__p8_rotr,__p8_concat,__p8_concatn,__p8_peek,__p8_peek2,__p8_peek4=__p8.add,__p8.sub,__p8.mul,__p8.div,__p8.idiv,__p8.mod,__p8.pow,__p8.unm,__p8.band,__p8.bor,__p8.bxor,__p8.bnot,__p8.shl,__p8.shr,__p8.lshr,__p8.rotl,__p8.rotr,__p8.concat,__p8.concatn,__p8.peek,__p8.peek2,__p8.peek4 local function __p8_main(...) 
local function pass(...) return ... end
local function count(...) return select("#",...) end
print(count(pass(1,nil,3)),count((pass(1,2,3))))
local function minmax(...)
local lo,hi=32767,(-32768)
for v in all({...}) do
lo,hi=min(lo,v),max(hi,v) end

return lo,hi
end
print(minmax(5,(-2),9,0.5))
local t={pass(4,5,6)}
local u={pass(4,5,6),7}
print(#t,#u)
local acc={n=0}
function acc:add(v) self.n=__p8_add(self.n,v) return self end
print(acc:add(1):add(2):add(3).n)
local a,b,c=(function() return 1,2 end)()
print(a,b,c)
end return __p8_main()
