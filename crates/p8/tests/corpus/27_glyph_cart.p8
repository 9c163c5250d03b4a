pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- glyphs in a cart: each is one character to PICO-8
function _update()
 if (btn(⬅️)) x-=1
 if (btn(➡️)) x+=1
 if (btnp(🅾️)) msg="press ❎"
end
x=0 msg="█▒🐱⬇️░✽●♥☉웃⌂⬅️😐♪🅾️◆…➡️★⧗⬆️ˇ∧❎▤▥"
kana="あいうえおかきくけこアイウエオ"
print(msg..kana,x)
-->8
-- second tab
function helper() return "◜◝" end
