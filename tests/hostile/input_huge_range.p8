pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=0 frames=5 input=1-4294967295: R stdout=held 5
n=0 function _update() if btn(1) then n+=1 end end function _draw() if n==5 then printh('held '..n) end end
