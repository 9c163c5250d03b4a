{# The title menu over the start position, and the game-over box over the final position. #}
function box(y,h)
 rectfill(14,y,113,y+h,0)
 rect(14,y,113,y+h,{{ screen.ink }})
end

function title()
 box(30,66)
 print("tafl8: {{ name }}",20,36,10)
 print("the infected besiege",20,46,11)
 print("the scientists' lab",20,53,12)
 local o=split"play the infected,play the scientists,two players,ai against ai"
 print((row<2 and "> " or "  ")..o[mode],20,66,row<2 and 7 or 6)
 print((row>1 and "> " or "  ").."level "..lvl.." of 5",20,74,row>1 and 7 or 6)
 print("arrows: choose",20,84,13)
 print("o: start",20,90,13)
end

function over()
 local s=res<1 and "draw" or nm[res].." win"
 if mode<3 and res>0 then
  s=ctl[res] and "you lose: "..s or "you win! "..s
 end
 box(44,30)
 print(s,20,50,res>0 and ctl[res] and mode<4 and 8 or 10)
 print("by "..wy[why],20,58,7)
 print("o: title  x: undo",20,66,13)
end
