{# The game loop: the title menu (behind it, the AI plays itself at level {{ screen.level }} from the
   fixed seed: the attract mode, which the self-play tests watch) (mode `mode`: 1 play the infected, 2 play the scientists, 3 two
   players, 4 AI against AI; level `lvl` 1..5), then turns. A human moves the cursor `cur` with the
   arrows, picks a piece with 🅾️ (its legal destinations `dst[to]=move` light up) and a
   destination with 🅾️; ❎ cancels a pick, or undoes when nothing is picked; while the AI
   thinks, ❎ stops the search and takes back the human's last move, so the human moves again. The AI (`ctl[side]`)
   thinks in the coroutine `co`, resumed at the end of `_draw` so the search gets what the frame
   has left after drawing; `n0` is the move count when it started, so an abort can take back the
   search's own moves (by replaying the game's first n0 moves from the start: the search's
   quiescence makes its moves without undo records). `stt`: 0 title, 1 playing. `an`/`at`: the animation of the last move
   (from, to, captured squares, captured kind) and its frame. `res`,`why`: the result. #}
mv,wy=split"-1,1,{{ width }},-{{ width }}",split"{{ screen.reasons }}"

function _init()
 abort()
 mode,lvl,row,stt,dst,ctl,slice,res,an,co,aim,n0,cur,sel,at,why=1,{{ screen.level }},1,0,{},{1,1},true
 setup(split(strt),{{ first_side }})
 seed({{ screen.seed }})
 snap()
 menuitem(1,"undo",undo)
 menuitem(2,"restart",go)
 menuitem(3,"title",_init)
end

{# A new game with the menu's settings; the AI's variety comes from PICO-8's random seed. #}
function go()
 abort()
 setup(split(strt),{{ first_side }})
 ctl={[{{ ATTACKERS }}]=mode%2==0,[{{ DEFENDERS }}]=mode%3==1}
 stt,cur,dst,res,an,sel=1,king,{}
 seed(rnd(32767)+1)
 snap()
end

{# Stops a search in progress and takes back the moves it had made. #}
function abort()
 aim=nil
 if co then
  co=nil
  local l={}
  for j=1,n0 do
   l[j]=undos[j][1]
  end
  setup(split(strt),{{ first_side }})
  for m in all(l) do
   mk(m)
  end
 end
end

{# Takes back moves until a human is to move again (one move in a two-player game). #}
function undo()
 abort()
 if #undos>0 and mode<4 then
  repeat
   um()
  until #undos<1 or not ctl[side]
  res,an,sel,dst=nil,nil,nil,{}
  snap()
 end
end

function play(m)
 local n=#caps
 mk(m)
 an,at,sel,dst={m\{{ area }},m%{{ area }},{unpack(caps,n+1)},side},0
 dst={}
 if stt>0 then
  sfx(#caps>n and 1 or 0)
 end
 snap()
end

function _update()
 local b=btnp
 if aim then
  play(aim)
  aim=nil
 end
 if an then
  at+=1
  if at>=(#an[3]>0 and 18 or 6) then
   an=nil
   res,why=outcome()
   if res and stt>0 then
    sfx(ctl[res] and mode<4 and 3 or 2)
   end
  end
 end
 if stt<1 then
  if res then
   _init()
  end
  if b(2) or b(3) then
   row=3-row
  end
  local d=(b(1) and 1 or 0)-(b(0) and 1 or 0)
  if row<2 then
   mode=(mode+d-1)%4+1
  else
   lvl=mid(1,lvl+d,5)
  end
  if b(4) then
   go()
  end
  return
 end
 if an then
  return
 end
 for j=0,3 do
  local q=cur+mv[j+1]
  if b(j) and bd[q]~={{ OFF }} then
   cur=q
  end
 end
 if res then
  if b(4) then
   _init()
  elseif b(5) then
   undo()
  end
 elseif b(5) then
  if sel then
   sel,dst=nil,{}
  else
   undo()
  end
 elseif b(4) and not ctl[vs] then
  if dst[cur] then
   play(dst[cur])
  else
   sel,dst=nil,{}
   for m in all(gen()) do
    if m\{{ area }}==cur then
     sel,dst[m%{{ area }}]=cur,m
    end
   end
   sfx(sel and 4 or 5)
  end
 end
end

function _draw()
 cls({{ screen.background }})
 board()
 if stt<1 then
  title()
 else
 local s,c=nm[vs].." to move",{{ screen.ink }}
 if res then
  over()
  s=""
 elseif ctl[vs] then
  {# Thinking: a bar filling with the nodes searched against the level's budget, and the dots. #}
  s=nm[vs].." think"..sub("...",1,time()*4%4)
  if co and lim<0x7fff then
   rectfill(0,{{ screen.text_y - 2 }},nodes/lim*128,{{ screen.text_y - 2 }},8)
  end
  {# Against the AI, ❎ takes the human's move back while the AI thinks (`undo`). #}
  if mode<3 then
   print("❎ undo",99,{{ screen.text_y }},13)
  end
 elseif mode<3 then
  s,c="your move: "..nm[vs],10
 end
 print(s,1,{{ screen.text_y }},c)
 end
 if not (res or an or aim) and ctl[vs] then
  if not co then
   co,n0=cocreate(function(l)
    return {% if ai.book %}bookmove() or {% endif %}think(l)
   end),#undos
  end
  local ok,m=coresume(co,lvl)
  assert(ok,m)
  if costatus(co)=="dead" then
   co,aim=nil,m
  end
 end
end
