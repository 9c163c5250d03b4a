pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=1 frames=1 stderr=exceeded
big='x' for i=1,19 do big=big..big end
function _update() while true do print(big,0,0,7) end end
