{# The game's board view: tiles, pieces, the last move, legal destinations, the cursor, and the
   move and capture animations. It draws the snapshot `vb` (taken by `snap()` whenever the game's
   position changes), never `bd`: while the AI thinks, its coroutine is suspended in the middle of
   the search with search moves made on `bd`. #}
tsx,psx,nm=split"{{ screen.tiles }}",split"{{ screen.pieces }}",split"infected,scientists"

{# Screen position of square s's top-left pixel. #}
function sxy(s)
 return s%{{ width }}*{{ screen.tile }}+{{ screen.x0 }},{{ screen.y0 }}-s\{{ width }}*{{ screen.tile }}
end

{# One {{ screen.art }}-pixel drawing of the sheet at (u,v), drawn at (x,y) at z pixels (a square's size by default). #}
function art(u,v,x,y,z)
 z=z or {{ screen.tile }}
 sspr(u,v,{{ screen.art }},{{ screen.art }},x,y,z,z)
end

{# The position as the player sees it: cells, side to move, last move. The hint tells shrinko8's
   lint that `snap` defines these globals, as `_init` would. #}
--lint: func::_init
function snap()
 vb,vs,last={},side,#undos>0 and undos[#undos][1]
 for s=1,{{ area - 1 }} do
  vb[s]=bd[s]
 end
end

function board()
 local ms,k=an and an[2],an and min(at/6,1) or 1
 for s={{ first_square }},{{ last_square }} do
  local c,x,y=vb[s],sxy(s)
  if c~={{ OFF }} then
   art(tsx[s],0,x,y)
   if last and (s==last\{{ area }} or s==last%{{ area }}) then
    art({{ screen.mark }},{{ screen.art }},x,y)
   end
   if dst[s] then
    art({{ screen.highlight }},{{ screen.art }},x,y)
   end
   if c>{{ EMPTY }} and s~=ms then
    art(psx[c],0,x,s==sel and y-2 or y)
   end
  end
 end
 if an then
  {# The moving piece slides from its square to the new one (eased), then the captured pieces
     flash, shrink and burst. #}
  local fx,fy=sxy(an[1])
  local tx,ty=sxy(ms)
  k=k*(2-k)
  art(psx[vb[ms]],0,fx+(tx-fx)*k,fy+(ty-fy)*k)
  if at>=6 then
   local z=({{ screen.tile }}*(18-at))\12
   for s in all(an[3]) do
    local x,y=sxy(s)
    x+={{ screen.tile }}\2
    y+={{ screen.tile }}\2
    for j=1,15 do
     pal(j,at%4<2 and 7 or j)
    end
    art(psx[an[4]],0,x-z\2,y-z\2,z)
    pal()
    circ(x,y,(at-6)*2,8+at%3)
   end
  end
 end
 if not (res or ctl[vs] or stt<1) then
  local x,y=sxy(cur)
  art({{ screen.cursor }},0,x,y)
 end
end
