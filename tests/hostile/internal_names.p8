pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=0 frames=0 stdout=2
__p8_add=function() return 99 end function __p8_sub() return 99 end local __p8_mul=nil
printh(1+1)
