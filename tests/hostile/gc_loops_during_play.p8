pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=1 frames=30 stderr=__gc
function _update() setmetatable({},{__gc=function() while true do end end}) for i=1,2000 do local t={i} end end
