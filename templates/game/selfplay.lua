{# A minimal game until the game issue lands: the AI plays itself on screen. The AI thinks in a
    coroutine (`think`, from the AI templates) that yields when the frame's CPU budget is nearly
    spent, so the cart keeps its frame rate. #}
tsx,psx,whys=split"{{ screen.tiles }}",split"{{ screen.pieces }}",split"{{ screen.reasons }}"

function _init()
 setup(split(strt),{{ first_side }})
 seed({{ screen.seed }})
 slice,last,res,why,co=true
end

function _update()
 if res then
  if btnp({{ screen.button }}) then
   _init()
  end
  return
 end
{% if ai.book %}
 co=co or cocreate(function(l)
  return bookmove() or think(l)
 end)
{% else %}
 co=co or cocreate(think)
{% endif %}
 local ok,m=coresume(co,{{ screen.level }})
 assert(ok,m)
 if costatus(co)=="dead" then
  co=nil
  if m then
   mk(m)
   last=m
  end
  res,why=outcome()
 end
end

function sqname(s)
 return chr(s%{{ width }}+{{ screen.file_char }})..s\{{ width }}
end

function _draw()
 cls({{ screen.background }})
 for s={{ first_square }},{{ last_square }} do
  local c=bd[s]
  if c~={{ OFF }} then
   local x,y=s%{{ width }}*{{ screen.tile }}+{{ screen.x0 }},{{ screen.y0 }}-s\{{ width }}*{{ screen.tile }}
   sspr(tsx[s],0,{{ screen.art }},{{ screen.art }},x,y,{{ screen.tile }},{{ screen.tile }})
   if last and (s==last\{{ area }} or s==last%{{ area }}) then
    sspr({{ screen.mark }},{{ screen.art }},{{ screen.art }},{{ screen.art }},x,y,{{ screen.tile }},{{ screen.tile }})
   end
   if c>{{ EMPTY }} then
    sspr(psx[c],0,{{ screen.art }},{{ screen.art }},x,y,{{ screen.tile }},{{ screen.tile }})
   end
  end
 end
 local t=side=={{ ATTACKERS }} and "infected" or "scientists"
 if res then
  t=({[0]="draw","infected win","scientists win"})[res]..": "..whys[why].." ❎"
 elseif last then
  t=sqname(last\{{ area }}).."-"..sqname(last%{{ area }}).."  "..t.." think"
 end
 print(t,1,{{ screen.text_y }},{{ screen.ink }})
end
