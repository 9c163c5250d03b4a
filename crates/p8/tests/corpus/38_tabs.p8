pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- code split over editor tabs
function tab0() return 0 end
-->8
-- tab 1
function tab1() return 1 end
-->8
-- tab 2
print(tab0()+tab1())
__gfx__
00000000
