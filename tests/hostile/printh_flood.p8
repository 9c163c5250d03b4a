pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=0 frames=10
big='x' for i=1,19 do big=big..big end
function _update() for i=1,200 do printh(big) end end
