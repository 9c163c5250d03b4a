pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=0 frames=0 stdout=coresume_message.p8:7: attempt to perform arithmetic on local 'v' (a nil value)
co=cocreate(function()
 local v=nil
 return v+1
end)
local ok,e=coresume(co) printh(e)
