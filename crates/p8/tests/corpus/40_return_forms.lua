-- return in every position
function a() return end
function b() return 1 end
function c() return 1,2,3 end
function d() return (c()) end
function e(x) if x then return -x end return ~x end
function f() do return 1 end end
function g() return {} end
function h() return function() end end
print(a(),b(),c(),d(),e(1),e(false),f(),g(),h())
