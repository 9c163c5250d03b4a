pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=0 frames=3 stdout=gc 8
mt={__gc=function(o) pset(2,2,o.c) printh('gc '..o.c) end}
function _init() for i=1,200 do setmetatable({c=8},mt) end end
function _update() for i=1,30000 do menuitem(1,i+0.5) end end
