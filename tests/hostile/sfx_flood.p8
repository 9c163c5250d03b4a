pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=0 frames=30
function _update() for j=1,50 do for i=1,10000 do sfx(1,2,3,4) end end end
