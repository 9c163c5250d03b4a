pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- expect: exit=0 frames=2 stdout=cpu ok
function __p8_cycles() pset(0,0,1) return 0 end
function _update() local s=stat(1) printh(s>=0 and s<1 and 'cpu ok' or 'cpu bad') end
