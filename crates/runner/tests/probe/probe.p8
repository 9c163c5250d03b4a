pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- edge cases of PICO-8's numbers, rng and api: one printh "name=value" line per result, numbers
-- in hex (tostr(x,true)). crates/runner/tests/probe.rs compares every line with expected.txt, and
-- docs/runner.md tells how each expected value was established. run it alone with
--   tafl8 run crates/runner/tests/probe/probe.p8 --printh
function h(x)
 if type(x)=="number" then
  return tostr(x,true)
 end
 return type(x)..":"..tostr(x)
end
function p(l,x)
 printh(l.."="..h(x))
end
-- run f in a coroutine: a lua error becomes "err:<message>" instead of stopping the cart
function try(l,f)
 local c=cocreate(f)
 local ok,r=coresume(c)
 if ok then
  p(l,r)
 else
  printh(l.."=err:"..bare(tostr(r)))
 end
end
-- an error message without its "chunk:line: " prefix
function bare(m)
 for i=#m-1,1,-1 do
  if sub(m,i,i+1)==": " then return sub(m,i+2) end
 end
 return m
end
-- how many values f returns
function count(...) return select("#",...) end
function _init()
 srand(42)
 for i=1,8 do p("srand42_rnd100_"..i,rnd(100)) end
 srand(0)
 for i=1,8 do p("srand0_rnd_"..i,rnd()) end
 srand(0x1234.5678)
 for i=1,4 do p("srand1234.5678_rnd_"..i,rnd(0x7fff.ffff)) end
 srand(-1)
 p("srandm1_rnd",rnd())
 p("rnd_neg",rnd(-5))
 p("rnd_0",rnd(0))
 srand(7)
 p("rnd_tbl",rnd({10,20,30,40}))
 -- shifts and rotates
 local a,b=0x8421.c3e7,-0x0.0001
 for n in all({0,1,4,15,16,17,31,32,33,-1,-4,0.5,1.5}) do
  local s=tostr(n,true)
  p("shl_"..s,a<<n)
  p("shr_"..s,a>>n)
  p("lshr_"..s,a>>>n)
  p("rotl_"..s,a<<>n)
  p("rotr_"..s,a>><n)
 end
 p("shr_negtiny",b>>1)
 p("lshr_negtiny",b>>>1)
 p("shl_fn",shl(1,4))
 p("shr_fn",shr(-16,2))
 p("lshr_fn",lshr(-16,2))
 p("rotl_fn",rotl(0x8000,1))
 p("rotr_fn",rotr(1,1))
 -- bitwise with fractions
 p("band",band(0x1.8,0x3.4))
 p("bor",bor(0x1.8,0x3.4))
 p("bxor",bxor(0x1.8,0x3.4))
 p("bnot",bnot(0.5))
 p("op_and",0xf0f0.f0f0&0x0ff0.0ff0)
 p("op_or",0xf0f0.f0f0|0x0ff0.0ff0)
 p("op_xor",0xf0f0.f0f0^^0x0ff0.0ff0)
 p("op_not",~0x1234.5678)
 -- division, modulo, overflow
 p("div_1_0",1/0)
 p("div_m1_0",-1/0)
 p("div_0_0",0/0)
 p("idiv_5_0",5\0)
 p("mod_5_0",5%0)
 p("div_1_3",1/3)
 p("div_m1_3",-1/3)
 p("div_small",0x0.0001/2)
 p("div_big",32767/0x0.0001)
 p("div_m32768_m1",-32768/-1)
 p("idiv_m7_2",-7\2)
 p("mod_m7_3",-7%3)
 p("mod_7_m3",7%-3)
 p("mod_frac",5.5%-2)
 p("mul_ovf",200*200)
 p("mul_frac",0x0.0001*0x0.8)
 p("mul_neg",-0x0.0001*0x0.8)
 p("mul_big",0x7fff.ffff*0x7fff.ffff)
 p("add_ovf",32767+1)
 p("sub_ovf",-32768-1)
 p("pow_2_15",2^15)
 p("pow_2_m1",2^-1)
 p("pow_neg",(-8)^(1/3))
 p("pow_10_0.5",10^0.5)
 p("unm_m32768",-(-32768))
 p("abs_m32768",abs(-32768))
 -- rounding
 for x in all({-1.5,-1,-0.5,-0x0.0001,0,0x0.0001,0.5,1.5,-32768,0x7fff.ffff}) do
  local s=tostr(x,true)
  p("flr_"..s,flr(x))
  p("ceil_"..s,ceil(x))
 end
 p("sgn_0",sgn(0))
 p("sgn_m0.0001",sgn(-0x0.0001))
 p("mid",mid(3,1,2))
 -- sqrt / trig
 for x in all({0,0x0.0001,0.25,2,3,10000,0x7fff.ffff,-1}) do
  p("sqrt_"..tostr(x,true),sqrt(x))
 end
 for v in all({{1,0},{0,1},{-1,0},{0,-1},{1,1},{-1,-1},{0,0},{3,4},{-0x0.0001,1},{32767,1}}) do
  p("atan2_"..tostr(v[1],true).."_"..tostr(v[2],true),atan2(v[1],v[2]))
 end
 for x in all({0,0.125,0.25,0.1,1/3,-0.125,0.5,0.75,1.1,-3.3,0x0.0001}) do
  local s=tostr(x,true)
  p("sin_"..s,sin(x))
  p("cos_"..s,cos(x))
 end
 -- tostr / tonum
 for x in all({0,1,-1,0.5,1/3,-1/3,0x0.0001,-0x0.0001,0x7fff.ffff,-32768,12345.678,0.1,-0.1,10000}) do
  printh("tostr_"..tostr(x,true).."="..tostr(x))
 end
 p("tonum_hex",tonum("0x1.8"))
 p("tonum_bin",tonum("0b101.1"))
 p("tonum_dec",tonum("12345.678"))
 p("tonum_ovf",tonum("40000"))
 p("tonum_neg",tonum("-0x10"))
 p("tonum_bad",tonum("abc"))
 p("tonum_flags",tonum("ff",1))
 p("tostr_nil",tostr(nil))
 p("tostr_bool",tostr(true))
 p("num_lit_ovf",40000)
 p("num_lit_frac",0.1+0.2)
 p("str_coerce","3"+4)
 p("concat_num",1/3 .."")
 -- strings: PICO-8 Lua and the string metatable
 try("str_rep_method",function() return ("x"):rep(3) end)
 try("str_sub_method",function() return ("hello"):sub(2,3) end)
 try("str_len_method",function() return ("hello"):len() end)
 try("string_lib",function() return type(string) end)
 try("sub_fn",function() return sub("hello",2,3) end)
 try("sub_neg",function() return sub("hello",-3) end)
 try("str_idx",function() return ("hello")[2] end)
 try("ord_chr",function() return ord("a")..","..chr(98) end)
 try("split",function() local t=split("1,2,a,,3") return #t..":"..tostr(t[1]+t[2])..":"..tostr(t[4]) end)
 try("len_op",function() return #"hello" end)
 try("pcall_exists",function() return type(pcall) end)
 try("err_msg",function() local x=nil return x.y end)
 -- memory: stat(0) around allocating a big table (in kib, after a full collection). each
 -- collection may halve the string table once, so a few readings first let it settle.
 for i=1,4 do stat(0) end
 local m0=stat(0)
 big={}
 for i=1,20000 do big[i]=i end
 local d=stat(0)-m0
 p("stat0_20k_kib",flr(d+0.5))
 big=nil
 d=stat(0)-m0
 p("stat0_free_kib",flr(d+0.5))
 p("stat0_max_ok",stat(0)<=2048)
 extra()
 printh("done")
end
function extra()
 -- strings: indexing (pico-8 0.2.5) and the edges of sub, ord, chr, split
 local s="123456789abcdef"
 for k in all({1,2,-1,-15,0,15,16,-16,2.7,-1.5}) do
  try("stridx_"..tostr(k,true),function() return s[k] end)
 end
 try("stridx_str",function() return s["2"] end)
 try("stridx_name",function() return s.x end)
 try("strlen_method",function() return s:len() end)
 try("strupper_method",function() return s:upper() end)
 try("sub_4_8",function() return sub(s,4,8) end)
 try("sub_m8_m4",function() return sub(s,-8,-4) end)
 try("sub_0_4",function() return sub(s,0,4) end)
 try("sub_m3_0",function() return sub(s,-3,0) end)
 try("sub_100_100",function() return sub(s,100,100) end)
 try("sub_1.9_1.3",function() return sub(s,1.9,1.3) end)
 try("sub_0_999",function() return sub(s,0,999) end)
 try("sub_num",function() return sub(123,1,2) end)
 try("sub_tbl_count",function() return count(sub({},1,2)) end)
 try("sub_5_true",function() return sub(s,5,true) end)
 try("sub_m1_true",function() return sub(s,-1,true) end)
 try("sub_2_x",function() return sub(s,2,"x") end)
 try("sub_2_str3",function() return sub(s,2,"3") end)
 try("sub_2_nil",function() return sub(s,2,nil) end)
 try("ord_1",function() return ord(s) end)
 try("ord_1.9",function() return ord(s,1.9) end)
 try("ord_4_count",function() return count(ord(s,4)) end)
 try("ord_100",function() return ord(s,100) end)
 try("ord_m1",function() return ord(s,-1) end)
 try("ord_3_4_third",function() return select(3,ord(s,3,4)) end)
 try("ord_3_4_count",function() return count(ord(s,3,4)) end)
 try("ord_1_0_count",function() return count(ord(s,1,0)) end)
 try("ord_0_4_first",function() return ord(s,0,4) end)
 try("ord_0_4_second",function() return select(2,ord(s,0,4)) end)
 try("ord_0_4_count",function() return count(ord(s,0,4)) end)
 try("ord_15_10_first",function() return ord(s,15,10) end)
 try("ord_15_10_count",function() return count(ord(s,15,10)) end)
 try("ord_tbl",function() return ord({}) end)
 try("ord_empty",function() return ord("") end)
 try("chr_99",function() return chr(99) end)
 try("chr_3",function() return chr(99,100,101) end)
 try("chr_wrap",function() return chr(889,-199) end)
 try("chr_none",function() return chr() end)
 try("chr_str_bool",function() return chr("99",true)=="c\0" end)
 try("chr_0_1_255",function() local c0,c1,c2=ord(chr(0,1,255),1,3) return c0..","..c1..","..c2 end)
 try("chr_len",function() return #chr(65,66,67,68,69,70,71,72,73,74) end)
 local t=split(",,1,,,big,,,")
 try("split_count",function() return #t end)
 try("split_3",function() return t[3] end)
 try("split_6",function() return t[6] end)
 try("split_7",function() return t[7] end)
 try("split_empty_count",function() return #split("") end)
 try("split_chars_count",function() return #split("abc","") end)
 try("split_noconv",function() return split("123","2",false)[1] end)
 try("split_size8",function() return split(s,8)[1] end)
 try("split_size8_2",function() return split(s,8)[2] end)
 try("split_size0_count",function() return #split(s,0) end)
 try("split_tbl",function() return split({}) end)
 -- shifts and rotations by 32 and more, negative and fractional counts
 local a=0x8421.c3e7
 for n in all({32,33,48,63,64,65,255,-31,-32,-33,-64,0x7fff}) do
  local k=tostr(n,true)
  try("opshl_"..k,function() return a<<n end)
  try("opshr_"..k,function() return a>>n end)
  try("oplshr_"..k,function() return a>>>n end)
  try("oprotl_"..k,function() return a<<>n end)
  try("oprotr_"..k,function() return a>><n end)
  try("fnshl_"..k,function() return shl(a,n) end)
  try("fnshr_"..k,function() return shr(a,n) end)
  try("fnlshr_"..k,function() return lshr(a,n) end)
  try("fnrotl_"..k,function() return rotl(a,n) end)
  try("fnrotr_"..k,function() return rotr(a,n) end)
 end
 try("shl_m0.5",function() return a<<-0.5 end)
 try("shr_m0.5",function() return a>>-0.5 end)
 try("fnshl_str",function() return shl(1,"4") end)
 try("fnshl_nil",function() return shl(1) end)
 -- tostr and tonum flags
 for x in all({0,1,-1,0x1234.5678,-9,0x8000,0x7fff.ffff,0x0.0001}) do
  local k=tostr(x,true)
  printh("tostr1_"..k.."="..tostr(x,1))
  printh("tostr2_"..k.."="..tostr(x,2))
  printh("tostr3_"..k.."="..tostr(x,3))
  printh("tostr4_"..k.."="..tostr(x,4))
  printh("tostr0_"..k.."="..tostr(x,0))
 end
 printh("tostr_1234.9="..tostr(1234.9))
 printh("tostr_m1234.9="..tostr(-1234.9))
 printh("tostr_none=<"..tostr()..">")
 printh("tostr_false1="..tostr(false,1))
 printh("tostr_nil1="..tostr(nil,1))
 printh("tostr_tbl="..tostr({}))
 printh("tostr_tbl1="..sub(tostr({},1),1,9))
 printh("tostr_fn="..tostr(print))
 printh("tostr_fn1="..sub(tostr(print,1),1,12))
 printh("tostr_thread="..tostr(cocreate(print)))
 printh("tostr_thread1="..tostr(cocreate(print),1))
 try("tonum_8hex",function() return tonum("12345678",1) end)
 try("tonum_8hex_3",function() return tonum("12345678",3) end)
 try("tonum_hex_nonhex",function() return tonum("fF-f",1) end)
 try("tonum_shift",function() return tonum("123456789",2) end)
 try("tonum_1114112",function() return tonum("1114112",2) end)
 try("tonum_1234abcd",function() return tonum("1234abcd",3) end)
 try("tonum_true_2",function() return tonum(true,2) end)
 try("tonum_true",function() return tonum(true) end)
 try("tonum_false",function() return tonum(false) end)
 try("tonum_num_2",function() return tonum(1,2) end)
 try("tonum_bad_4",function() return tonum("abc",4) end)
 try("tonum_tbl_4_count",function() return count(tonum({},4)) end)
 try("tonum_bad_count",function() return count(tonum("abc")) end)
 try("tonum_nil_count",function() return count(tonum(nil)) end)
 try("tonum_neg_bin",function() return tonum("-0b10.01") end)
 try("tonum_neg_dec",function() return tonum("-1234.5678") end)
 -- rnd: the limit is read as unsigned; srand drops the seed's top bit
 srand(42)
 for n in all({-5,-1,0x8000,0xffff.ffff,7}) do
  p("rnd42_"..tostr(n,true),rnd(n))
 end
 srand(32767)
 local r1=rnd()
 srand(-1)
 p("srand_topbit",rnd()==r1)
end
function _update() end
