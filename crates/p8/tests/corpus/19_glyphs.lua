-- glyphs: button glyphs as globals and in strings, glyph names
if btn(⬅️) then print("left") end
if btnp(❎) or btnp(🅾️) then print("fire") end
print(⬆️,⬇️,➡️)
🐱=1 ♥x=2
print("⬅️➡️⬆️⬇️🅾️❎ █▒♪★")
print(🐱+♥x)
