{# The capture finder, shared by the ordering (which tries captures first) and quiescence.

   What a move to a square captures does not depend on where the mover comes from (the square
   beyond a victim, the king's other sides and a shieldwall's front and end are never on the
   mover's line), so `qfind` works out each landing square's victims on the board as it is,
   then looks along the four lines for the pieces that can land there. Nothing is made. #}
{% if ai.captures or ai.qsearch %}
{% if shieldwall %}
{# The edge squares as a list (`edl`); `inw[v]`: the direction from edge square v into the board
   (none at a corner); `oww[x]`: the edge squares whose front (v+inw[v]) is x. #}
edl,inw,oww={},{},{}
for v={{ first_square }},{{ last_square }} do
 if edge[v]>0 then
  add(edl,v)
  local f,r=v%{{ width }},v\{{ width }}
  if (f==1 or f=={{ size }})~=(r==1 or r=={{ size }}) then
   local d=f==1 and 1 or f=={{ size }} and -1 or r==1 and {{ width }} or -{{ width }}
   inw[v]=d
   oww[v+d]=oww[v+d] or {}
   add(oww[v+d],v)
  end
 end
end
{% endif %}
{% if not simple_host %}
{# The squares that can be hostile without a capturer on them (special squares; the throne for
   Linnaeus' rule), each with the directions d that have x+2d on the board (a corner has two:
   the others cannot take anything). On corner boards (the special squares are the corners,
   nearly always empty and hostile) they are a flat list `spl` of triples x, x+d, x+2d, and the
   capture finder looks at the victim's square first, since it nearly never holds an enemy;
   elsewhere (a throne, hostile only at times) `spx` lists the squares and `spd[x]` their
   directions, and the finder asks first whether the square is hostile. #}
sp{% if corner_escape %}l{% else %}x,spd{% endif %}={}{% if not corner_escape %},{}{% endif %}

local spcel=split(strt)
for x={{ first_square }},{{ last_square }} do
 if {% if hostile_empty %}he[1][x]+he[2][x]>0 or {% endif %}{% if hostile_occupied %}ho[1][x]+ho[2][x]>0 or {% endif %}{% if linnaean %}x=={{ throne }}{% else %}false{% endif %} then
{% if not corner_escape %}
  add(spx,x)
  spd[x]={}
{% endif %}
  for j=1,4 do
   local d=dirs[j]
   if (spcel[x+d+d] or {{ OFF }})<{{ OFF }} then
{% if corner_escape %}
    add(spl,x)
    add(spl,x+d)
    add(spl,x+d+d)
{% else %}
    add(spd[x],d)
{% endif %}
   end
  end
 end
end
{% endif %}
{% macro off(x) %}{% if x >= 0 %}+{% endif %}{{ x }}{% endmacro %}
{# Is square x hostile to a piece of kind k (tables he/ho of k in locals), the mover being `s`? #}
{% macro hostile(x, he, ho, k) -%}
(so[bo[{{ x }}]]==s{% if not king_armed %} and bo[{{ x }}]~={{ KING }}{% endif %}{% if hostile_empty %} or {{ he }}[{{ x }}]>0 and bo[{{ x }}]=={{ EMPTY }}{% endif %}{% if hostile_occupied %} or {{ ho }}[{{ x }}]>0 and bo[{{ x }}]~={{ EMPTY }}{% endif %}{% if linnaean %} or bo[{{ x }}]=={{ KING }} and host({{ x }},{{ k }}){% endif %})
{%- endmacro %}
{# Adds victim square v to landing square t's list in vl; the first one marks t as a landing
   square (new there: every `vic` comes before the other marks). On 7x7 boards (tokens to
   spare) the attackers' captures, the most frequent, write it out: a call costs about as much
   as the work (ziege's depth 4: 2 instructions a node for about 80 tokens; nothing
   measurable on the larger boards). #}
{% macro vic(t, v, i) %}
{% if size > 7 %}
{{ i }}vic({{ t }},{{ v }})
{% else %}
{% set vt = "vl[" ~ t ~ "]" %}
{{ i }}local l={{ vt }}
{{ i }}if l then
{{ i }} l[#l+1]={{ v }}
{{ i }}else
{{ i }} {{ vt }}={ {{- v -}} }
{{ i }} lq[#lq+1]={{ t }}
{{ i }} lt[{{ t }}]=1
{{ i }}end
{% endif %}
{% endmacro %}

{# The four sides of a capturer w: an enemy soldier next to it and an empty square beyond:
   moving there takes the soldier. Written out, but as a loop on 11x11 boards, whose carts are
   short of tokens rather than of time. #}
{% macro around(w) %}
{% if width > 12 %}
  for j=1,4 do
   local d=di[j]
   if bo[{{ w }}+d]==e and bo[{{ w }}+d+d]=={{ EMPTY }} then
    vic({{ w }}+d+d,{{ w }}+d)
   end
  end
{% else %}
{% for d in [width, 1, -width, -1] %}
  if bo[{{ w }}{{ off(d) }}]==e and bo[{{ w }}{{ off(2 * d) }}]=={{ EMPTY }} then
   vic({{ w }}{{ off(2 * d) }},{{ w }}{{ off(d) }})
  end
{% endfor %}
{% endif %}
{% endmacro %}
{% if shieldwall %}

{# Shieldwall rows that a move to an empty edge square next to the edge piece v would take,
   v's front square (f = `inw[v]`, into the board) already holding a capturer: for each
   direction d along the edge, the row from v away from the landing square t=v-d. A row whose
   first piece a custodial capture takes (the engine takes those first) is broken. #}
function qsw(v,f,e,vic)
 local bo,so=bd,sd
 local p=f%{{ width }}==0 and 1 or {{ width }}
 for d=-p,p,p+p do
  local t=v-d
  if bo[t]=={{ EMPTY }} then
   local x,k=v,0
   while so[bo[x]]==e do
    if not capr(bo[x+f]) then
     k=0
     break
    end
    k=k+1
    x=x+d
   end
   local c=bo[x]
   if k>1 and (capr(c) or c=={{ EMPTY }} and cor[x]>0) and (bo[v]=={{ KING }} or not host(v+d,bo[v])) then
    {# The row holds one king at most, so a soldier at least: `vic` marks t. #}
    for m=v,x-d,d do
     if bo[m]~={{ KING }} then
      vic(t,m)
     end
    end
   end
  end
 end
end
{% endif %}

{% if surround %}
{# Does the walk `surr` last found (a defender's square last) still stand, free of attackers?
   Returns that, the walk's squares as a set (`wis`), and its defender's square. While it stands, an
   attackers' move that neither lands on it nor takes that defender cannot surround. #}
function wchk()
 local w,b=wit,bd
 if w then
  local n=#w
  local df=w[n]
  if sd[b[df]]=={{ DEFENDERS }} then
   for i=1,n do
    if b[w[i]]=={{ ATTACKER }} then
     return false
    end
   end
   return true,wis,df
  end
 end
end

{% endif %}

{# The quiescence moves, in generation order (origin, then direction N E S W, then distance),
   with `vl[t]`, the victims of a move to t, and `kc[t]`, true when it takes the king. The movers
   are found from each landing square along the lines S W E N (`qd`), so the origins found from
   one square mostly come in increasing order, and inserted by the key origin*64 + `dk[t-origin]`
   (the direction's rank*16 + the distance; a distance is at most {{ width - 3 }}, so horizontal offsets
   never reach vertical ones); `ks[0]` is a sentinel below every key. `lt[t]`: 1 for a landing
   square any mover is tried on, 2 for one only the king is (a possible ending). `z`: also the
   moves quiescence tries because they may end the game without a capture. `lq`: the landing
   squares as a list, in the order they were marked. #}
qd,dk=split"{{ -width }},-1,1,{{ width }}",{}
for j=1,4 do
 for k=1,{{ width - 3 }} do
  dk[-dirs[j]*k]=(j+1)%4*16+k
 end
end

{# The moves of side s to the empty squares in lt, in the order the engine generates them (by
   square, then direction, then distance): from each square, the nearest piece on each of its
   four lines, kept in order of the key from*64 + (direction, distance) as they come (`ms`).
   Where the attackers' blocking moves (`qblk`) need it too, a function, `qmv`; elsewhere
   written out at the end of `qfind`. #}
{% macro movers() %}
 local ms,ks,ky,n,dq={},{[0]=-1},dk,0,qd
 for y=1,#lq do
  local t=lq[y]
{# c: 2 for a square only the king's move may take (his own way to the edge), else 1. #}
{% if shieldwall and (exit_fort or not ai.escape_win) %}
  local c=lt[t]
{% endif %}
  for j=1,4 do
   local d=dq[j]
   local u=t+d
   local p=bo[u]
   while p=={{ EMPTY }} do
    u=u+d
    p=bo[u]
   end
   if so[p]==s{% if not king_armed %} and p~={{ KING }}{% endif %}{% if shieldwall and (exit_fort or not ai.escape_win) %} and (c<2 or p=={{ KING }}){% endif %}{% if stop %} and stp[p][t]>0{% endif %} then
{% if pass %}
    local ok=true
    for x=t+d,u-d,d do
     ok=ok and pas[p][x]>0
    end
    if ok then
{% endif %}
    local key,i=u*64+ky[t-u],n+1
    n=i
    while ks[i-1]>key do
     ms[i],ks[i]=ms[i-1],ks[i-1]
     i=i-1
    end
    ms[i],ks[i]=u*{{ area }}+t,key
{% if pass %}
    end
{% endif %}
   end
  end
 end
{% endmacro %}
{% if ai.escape_block or ai.race %}
function qmv(lt,lq,s)
 local bo,so=bd,sd
{{ movers() }} return ms
end

{% endif %}
function qfind({% if surround or shieldwall and (exit_fort or not ai.escape_win) %}z{% endif %})
 local bo,so,s,di,vl,kc,lt,lq{% if surround %},ok,on,df{% endif %}=bd,sd,side,dirs,{},{},{},{}
 {# `mrk(t,c)` marks t as a landing square (`lt[t]` c, 1 or 2), listing it in `lq` the first
    time: the movers' search walks that list. `vic(t,v)`: the function form, over this call's
    tables. #}
 local function mrk(t,c)
  if not lt[t] then
   lt[t]=c
   add(lq,t)
  end
 end
 local function vic(t,v)
  local l=vl[t]
  if l then
   add(l,v)
  else
   vl[t]={v}
   mrk(t,1)
  end
 end
 local e={{ ATTACKERS + DEFENDERS }}-s
 {# Custodial captures, from the squares hostile to the enemy: the side to move's capturers
    (and the king{% if not king_armed %}, were he armed{% endif %}), then{% if not simple_host %} the special squares that are hostile without one{% else %} nothing else (no special square is hostile here){% endif %}: an enemy soldier beside one and an empty square
    beyond him. #}
 if s=={{ ATTACKERS }} then
 {# The attackers outnumber the defenders, so their captures are found from the victims: a
    defender with an attacker on one side and an empty square on the other (the same pairs). #}
  local pl,a,c=pk[{{ DEFENDER }}]
  for i=1,#pl do
   local v=pl[i]
{% if width > 12 %}
   for j=1,2 do
    local d=di[j]
    a,c=bo[v-d],bo[v+d]
    if a=={{ EMPTY }} then
     if c=={{ ATTACKER }} then
      vic(v-d,v)
     end
    elseif c=={{ EMPTY }} and a=={{ ATTACKER }} then
     vic(v+d,v)
    end
   end
{% else %}
{% for d in [width, 1] %}
   a,c=bo[v-{{ d }}],bo[v+{{ d }}]
   if a=={{ EMPTY }} then
    if c=={{ ATTACKER }} then
{{ vic('v-' ~ d, 'v', '     ') }}    end
   elseif c=={{ EMPTY }} and a=={{ ATTACKER }} then
{{ vic('v+' ~ d, 'v', '    ') }}   end
{% endfor %}
{% endif %}
  end
 else
  local pl=pk[s]
  for i=1,#pl do
   local w=pl[i]
{{ around("w") }}
  end
 end
{% if king_armed %}
 if s=={{ DEFENDERS }} then
  local w=king
{{ around("w") }}
 end
{% endif %}
{% if not simple_host %}
{% if hostile_empty %}
 local hz=he[e]
{% endif %}
{% if hostile_occupied %}
 local hq=ho[e]
{% endif %}
{# `hostile` with the square w (holding c) not the mover's own piece, written out: its first case
   (a capturer on w) cannot hold then, and an empty w is never the mover's. #}
{% set sx = [
     ("c==" ~ EMPTY ~ " and hz[w]>0") if hostile_empty else "",
     ("c~=" ~ EMPTY ~ " and (so[c]~=s" ~ ("" if king_armed else " or c==" ~ KING) ~ ") and hq[w]>0") if hostile_occupied else "",
     ("c==" ~ KING ~ (" and so[c]~=s" if king_armed else "") ~ " and host(w,e)") if linnaean else ""
   ] | select | join(" or ") or "false" %}
{% if corner_escape %}
 local sl=spl
 for i=2,#sl,3 do
  local v=sl[i]
  if bo[v]==e then
   local w,t=sl[i-1],sl[i+1]
   local c=bo[w]
   if bo[t]=={{ EMPTY }} and ({{ sx }}) then
    vic(t,v)
   end
  end
 end
{% else %}
 for i=1,#spx do
  local w=spx[i]
  local c=bo[w]
  if {{ sx }} then
   local l=spd[w]
   for j=1,#l do
    local d=l[j]
    if bo[w+d]==e and bo[w+d+d]=={{ EMPTY }} then
     vic(w+d+d,w+d)
    end
   end
  end
 end
{% endif %}
{% endif %}
{% if shieldwall %}
 {# Shieldwalls: an enemy piece on the edge with one of the side to move's in front of it, found
    from the fewer of the two: the defenders (the king with them) either way. #}
 if s=={{ ATTACKERS }} then
  local pl=pk[e]
  for i=1,#pl do
   local v=pl[i]
   local f=inw[v]
   if f and so[bo[v+f]]==s then
    qsw(v,f,e,vic)
   end
  end
  local f=inw[king]
  if f and so[bo[king+f]]==s then
   qsw(king,f,e,vic)
  end
 else
  for k={{ DEFENDER }},{{ KING }} do
   local pl=pk[k]
   for i=1,#pl do
    local l=oww[pl[i]]
    if l then
     for j=1,#l do
      local v=l[j]
      if bo[v]==e then
       qsw(v,inw[v],e,vic)
      end
     end
    end
   end
  end
 end
{% endif %}
 if s=={{ ATTACKERS }} then
  local k{% if hostile_empty %},hk{% endif %}{% if hostile_occupied %},hl{% endif %}=king{% if hostile_empty %},he[{{ KING }}]{% endif %}{% if hostile_occupied %},ho[{{ KING }}]{% endif %}

{% if king_capture == "two" %}
  for j=1,4 do
   local d=di[j]
   local t=k+d
   if bo[t]=={{ EMPTY }} and {% if simple_host %}so[bo[k-d]]==s{% else %}{{ hostile("k-d", "hk", "hl", KING) }}{% endif %} then
    kc[t]=true
    mrk(t,1)
   end
  end
{% else %}
{# By four{% if king_capture == "near" %} on or beside the throne (else by two){% endif %}: a move to the one side of the king that is not hostile. #}
{% if king_capture == "near" %}
  if nt[k]>0 then
{% endif %}
  local hh,c={},0
  for j=1,4 do
   local d=di[j]
   if {{ hostile("k+d", "hk", "hl", KING) }} then
    c=c+1
    hh[d]=true
   end
  end
  if c==3 then
   for j=1,4 do
    local t=k+di[j]
    if not hh[t-k] and bo[t]=={{ EMPTY }} then
     kc[t]=true
     mrk(t,1)
    end
   end
  end
{% if king_capture == "near" %}
  else
   for j=1,4 do
    local d=di[j]
    local t=k+d
    if bo[t]=={{ EMPTY }} and {{ hostile("k-d", "hk", "hl", KING) }} then
     kc[t]=true
     mrk(t,1)
    end
   end
  end
{% endif %}
{% endif %}
{% if surround %}
  if z then
  {# A move that takes nothing can still surround, if it lands on a candidate square (beside the
     king{% if shieldwall %}, or on the edge{% endif %}). It cannot while the path `surr` last found from a defender to
     the edge stays free of attackers and does not hold the landing square: then only the
     squares of that path are tried. #}
  if not wchk() then
   surr()
  end
  ok,on,df=wchk()
  local function sus(t)
   if bo[t]=={{ EMPTY }} then
    mrk(t,1)
   end
  end
  if ok then
   {# Only the walk's squares that are candidates: beside the king{% if shieldwall %} or on the edge (only its
      first square is: `surr` stops at the first edge square it reaches, and `srep` starts a walk
      anew from an edge square it goes round by){% endif %}. #}
{% if shieldwall %}
   sus(wit[1])
{% endif %}
   for j=1,4 do
    local t=k+di[j]
    if on[t] then
     sus(t)
    end
   end
  else
   for j=1,4 do
    sus(k+di[j])
   end
{% if shieldwall %}
   for i=1,#edl do
    sus(edl[i])
   end
{% endif %}
  end
  end
{% endif %}
 end
{% if shieldwall and (exit_fort or not ai.escape_win) %}
 if z and s=={{ DEFENDERS }} then
  {# A defenders' move to an empty edge square that takes nothing can still end the game: an
     exit fort (after it the king stands on the edge){% if not ai.escape_win %}, or the king's escape{% endif %}. #}
{% if exit_fort %}
  if edge[king]>0 then
   for i=1,#edl do
    local t=edl[i]
    if bo[t]=={{ EMPTY }} then
     mrk(t,1)
    end
   end
  end
{% endif %}
  {# The king's own moves to the edge (the only ones that can bring him there). #}
  for j=1,4 do
   local d=di[j]
   local t=king+d
   while bo[t]=={{ EMPTY }} do
    if edge[t]>0 then
     mrk(t,2)
    end
    t=t+d
   end
  end
 end
{% endif %}
{% if ai.escape_block or ai.race %}
 return qmv(lt,lq,s),vl,kc{% if surround %},ok,on,df{% endif %}
{% else %}
{{ movers() }} return ms,vl,kc{% if surround %},ok,on,df{% endif %}
{% endif %}

end


{% endif %}
