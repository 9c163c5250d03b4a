-- run: literal quantisation and PICO-8 number semantics through the helpers
print(tostr(0.1, 1), tostr(-0.1, 1), tostr(0x1.8, 1), tostr(0b1.1, 1))
print(tostr(65536, 1), tostr(40000, 1), tostr(0x12345.6789, 1), tostr(-32768, 1))
print(tostr(32767 + 1, 1), tostr(7 \ 2, 1), tostr(-7 \ 2, 1), tostr(-7 % 3, 1))
print(tostr(1 / 0, 1), tostr(-1 / 0, 1), tostr(2 ^ 10, 1), tostr(-2 ^ 2, 1))
print(tostr(~5, 1), tostr(5 & 3, 1), tostr(5 | 3, 1), tostr(5 ^^ 3, 1), tostr(5 ~ 3, 1))
print(tostr(-1 >> 4, 1), tostr(-1 >>> 4, 1), tostr(1 << 15, 1), tostr(1 <<> 31, 1), tostr(3 >>< 1, 1))
print(1 .. 2, "a" .. 0.5, - - 3, -(-3))
local x = 0x7fff.ffff
x += 0x0.0001
print(tostr(x, 1), x != -32768, not (x ~= -32768))
print(tostr(0x.ffff8, 1), tostr(99999, 1), tostr(1.99999999, 1))
