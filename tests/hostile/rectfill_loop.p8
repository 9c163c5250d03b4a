pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=1 frames=1 stderr=exceeded
function _update() while true do rectfill(-2000,-2000,2000,2000,8) end end
