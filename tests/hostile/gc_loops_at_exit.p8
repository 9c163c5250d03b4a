pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=0 frames=2 stdout=alive
keep=setmetatable({},{__gc=function() while true do end end})
function _update() printh('alive') end
