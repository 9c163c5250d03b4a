pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=0 frames=0 stdout=6 b
local m=getmetatable("") m.__add=function() return 99 end m.__index=function() return "h" end printh(("0b101"+1).." "..("abc")[2])
