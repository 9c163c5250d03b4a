{# The title menu over the attract-mode board: the logo from the sprite sheet on a dark band with
   the two sides' pieces, then the menu box (the selected row between ⬅️ and ➡️); and the
   game-over box over the final position. #}
function box(y,h)
 rectfill(6,y,121,y+h,0)
 rect(6,y,121,y+h,{{ screen.ink }})
end

function title()
 rectfill(0,0,127,50,0)
 line(0,51,127,51,1)
 sspr(0,{{ screen.logo_y }},{{ screen.logo_w }},{{ screen.logo_h }},{{ (128 - screen.logo_w) // 2 }},3)
 art(psx[1],0,6,31,16)
 art(psx[3],0,106,31,16)
 print("{{ name }}",{{ 64 - (name | length) * 2 }},33,10)
 print("the lab under siege",26,41,6)
 box(70,46)
 for k,s in ipairs{split"play the infected,play the scientists,two players,ai against ai"[mode],"level "..lvl.." of 5"} do
  local y,c=68+k*10,6
  if k==row then
   print("⬅️",10,y,12)
   print("➡️",110,y,12)
   c=7
  end
  print(s,20,y,c)
 end
 print("⬆️⬇️ choose   🅾️ start",20,104,13)
end

function over()
 local s=res<1 and "draw" or nm[res].." win"
 if mode<3 and res>0 then
  s=ctl[res] and "you lose: "..s or "you win! "..s
 end
 box(44,30)
 print(s,14,50,res>0 and ctl[res] and mode<4 and 8 or 10)
 print("by "..wy[why],14,58,7)
 print("🅾️ title"..(mode<4 and "   ❎ undo" or ""),14,66,13)
end
