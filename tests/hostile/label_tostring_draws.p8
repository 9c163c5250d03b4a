pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=0 frames=3 input=2: menu 1 stdout=picked
lbl=setmetatable({},{__tostring=function() pset(1,1,8) return 'go' end})
function _init() menuitem(1,lbl,function() printh('picked') end) end
function _update() end
