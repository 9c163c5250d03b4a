-- expect: 2:7 a name after `local`
local end = 1

