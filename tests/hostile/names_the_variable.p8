pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=1 frames=0 stderr=names_the_variable.p8:6: attempt to perform arithmetic on local 'v' (a nil value)
local v=nil
printh(v+1)
