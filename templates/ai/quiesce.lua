{# Quiescence, the engine's `qsearch`: stand pat or try the captures, at most {{ ai.max_qply }} plies.

   The engine makes every move that lands on a capture candidate square (`capture_squares`) and
   keeps those that captured or ended the game. Here the same moves are found without making the
   others: what a move to a square captures does not depend on where the mover comes from (the
   square beyond a victim, the king's other sides and a shieldwall's front and end are never on
   the mover's line), so `qfind` works out each landing square's victims on the board as it is,
   then looks along the four lines for the pieces that can land there, and the search makes only
   those moves, removing the victims it already knows. Moves that capture nothing can only matter
   by ending the game{% if surround %} (a surround){% endif %}{% if exit_fort %} (an exit fort){% endif %}; those are tried
   only where that is possible, and then made and tested as the engine does.
   Quiescence moves leave the hash, the history and the undo records alone: nothing below a
   quiescence node reads them. #}
{% macro off(x) %}{% if x >= 0 %}+{% endif %}{{ x }}{% endmacro %}
{# Adds victim square v to landing square t's list. #}
{% macro victim(t, v) %}
   local l=vs[{{ t }}]
   if l then
    add(l,{{ v }})
   else
    vs[{{ t }}]={ {{- v -}} }
   end
{% endmacro %}
{% if simple_host %}
{# The four sides of a capturer w, written out: an enemy soldier next to it and an empty square
   beyond: moving there takes the soldier. #}
{% macro around(w) %}
{% for d in [width, 1, -width, -1] %}
  if bo[{{ w }}{{ off(d) }}]==e and bo[{{ w }}{{ off(2 * d) }}]=={{ EMPTY }} then
{{ victim(w ~ off(2 * d), w ~ off(d)) }}
  end
{% endfor %}
{% endmacro %}
{% endif %}
{% if shieldwall %}

{# Shieldwall rows that a move to an empty edge square next to the edge piece v would take: for
   each direction d along the edge, the row from v away from the landing square t=v-d. #}
function qsw(v,vs,e)
 local bo=bd
 for i=1,4 do
  local d,p=dirs[i],dirs[i%4+1]
  local o1,o2=bo[v+p]=={{ OFF }},bo[v-p]=={{ OFF }}
  local t=v-d
  {# (A custodial capture of v itself, which the engine makes first, would break the row.) #}
  if o1~=o2 and bo[t]=={{ EMPTY }} and (bo[v]=={{ KING }} or not host(v+d,bo[v])) then
   local f,s,k=o1 and -p or p,v,0
   while sd[bo[s]]==e do
    if not capr(bo[s+f]) then
     k=0
     break
    end
    k+=1
    s+=d
   end
   local c=bo[s]
   if k>1 and (capr(c) or c=={{ EMPTY }} and cor[s]>0) then
    for m=v,s-d,d do
     if bo[m]~={{ KING }} then
{{ victim("t", "m") }}
     end
    end
   end
  end
 end
end
{% endif %}

{# The quiescence moves, in generation order (origin, then direction N E S W, then distance),
   with `vs[t]`, the victims of a move to t, and `kc[t]`, true when it takes the king. The movers
   are found from each landing square along the lines S W E N (`qd`), so the origins found from
   one square mostly come in increasing order, and inserted by the key origin*64 + `dk[t-origin]`
   (the direction's rank*16 + the distance; a distance is at most {{ width - 3 }}, so horizontal offsets
   never reach vertical ones); `ks[0]` is a sentinel below every key. `lt[t]`: 1 for a landing
   square any mover is tried on, 2 for one only the king is (a possible ending). #}
qd,dk=split"{{ -width }},-1,1,{{ width }}",{}
for j=1,4 do
 for k=1,{{ width - 3 }} do
  dk[-dirs[j]*k]=(j+1)%4*16+k
 end
end

function qfind()
 local bo,so,s,vs,kc,lt,ms,ks,ky,n=bd,sd,side,{},{},{},{},{[0]=-1},dk,0
 local e={{ ATTACKERS + DEFENDERS }}-s
{% if simple_host %}
 for w in pairs(pk[s]) do
{{ around("w") }}
 end
 if s=={{ DEFENDERS }} then
  local w=king
{{ around("w") }}
 end
{% else %}
 {# Custodial: for each enemy soldier and direction d, the empty square before it with a hostile
    square beyond. #}
 for v in pairs(pk[e]) do
{% for d in [width, 1, -width, -1] %}
  if bo[v{{ off(-d) }}]=={{ EMPTY }} and host(v{{ off(d) }},e) then
{{ victim("v" ~ off(-d), "v") }}
  end
{% endfor %}
 end
{% endif %}
 for t in pairs(vs) do
  lt[t]=1
 end
{% if shieldwall %}
 for v in pairs(pk[e]) do
  if edge[v]>0 then
   qsw(v,vs,e)
  end
 end
 if s=={{ ATTACKERS }} and edge[king]>0 then
  qsw(king,vs,e)
 end
 for t in pairs(vs) do
  lt[t]=1
 end
{% endif %}
 if s=={{ ATTACKERS }} then
  local k=king
{% if king_capture == "two" %}
  for d in all(dirs) do
   local t=k+d
   if bo[t]=={{ EMPTY }} and {% if simple_host %}so[bo[k-d]]==s{% else %}host(k-d,{{ KING }}){% endif %} then
    kc[t],lt[t]=true,1
   end
  end
{% else %}
{# By four{% if king_capture == "near" %} on or beside the throne (else by two){% endif %}: a move to the one side of the king that is not hostile. #}
{% if king_capture == "near" %}
  if nt[k]>0 then
{% endif %}
  local hs,c={},0
  for d in all(dirs) do
   if host(k+d,{{ KING }}) then
    c+=1
    hs[d]=true
   end
  end
  if c==3 then
   for d in all(dirs) do
    if not hs[d] and bo[k+d]=={{ EMPTY }} then
     kc[k+d],lt[k+d]=true,1
    end
   end
  end
{% if king_capture == "near" %}
  else
   for d in all(dirs) do
    local t=k+d
    if bo[t]=={{ EMPTY }} and host(k-d,{{ KING }}) then
     kc[t],lt[t]=true,1
    end
   end
  end
{% endif %}
{% endif %}
{% if surround %}
  {# A move that takes nothing can still surround, if it lands on a candidate square (beside the
     king{% if shieldwall %}, or on the edge{% endif %}). It cannot while the path `surr` last found from a defender to
     the edge stays free of attackers and does not hold the landing square: then only the
     squares of that path are tried. #}
  local w,ok,on=wit,wit,{}
  if w and sd[bo[w[#w]]]=={{ DEFENDERS }} then
   for i=1,#w do
    local x=w[i]
    ok=ok and bo[x]~={{ ATTACKER }}
    on[x]=true
   end
  else
   ok=false
  end
  for d in all(dirs) do
   local t=k+d
   if bo[t]=={{ EMPTY }} and not lt[t] and (not ok or on[t]) then
    lt[t]=1
   end
  end
{% if shieldwall %}
  for i=1,#edl do
   local t=edl[i]
   if bo[t]=={{ EMPTY }} and not lt[t] and (not ok or on[t]) then
    lt[t]=1
   end
  end
{% endif %}
{% endif %}
 end
{% if shieldwall and (exit_fort or not ai.escape_win) %}
 if s=={{ DEFENDERS }} then
  {# A defenders' move to an empty edge square that takes nothing can still end the game: an
     exit fort (after it the king stands on the edge){% if not ai.escape_win %}, or the king's escape{% endif %}. #}
{% if exit_fort %}
  local c=edge[king]>0 and 1 or 2
{% else %}
  local c=2
{% endif %}
  for i=1,#edl do
   local t=edl[i]
   if bo[t]=={{ EMPTY }} and not lt[t] then
    lt[t]=c
   end
  end
 end
{% endif %}
 for t,c in pairs(lt) do
  for d in all(qd) do
   local u=t+d
   local p=bo[u]
   while p=={{ EMPTY }} do
    u+=d
    p=bo[u]
   end
   if so[p]==s{% if not king_armed %} and p~={{ KING }}{% endif %} and (c<2 or p=={{ KING }}){% if stop %} and stp[p][t]>0{% endif %} then
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
     i-=1
    end
    ms[i],ks[i]=u*{{ area }}+t,key
{% if pass %}
    end
{% endif %}
   end
  end
 end
 return ms,vs,kc
end

function qs(h,a,b,q{% if ai.escape %},e{% endif %})
 if q>0 then
  nodes+=0x0.0001
  if lim>0 and nodes>=lim then
   halt=true
   return 0
  end
  if slice and stat(1)>{{ ai.frame_cpu }} then
   yield()
  end
{% if ai.escape_win %}
  if side=={{ DEFENDERS }} then
{% if ai.escape %}
   e=kesc()
   if kd==1 then
{% else %}
   if routes()>0 then
{% endif %}
    return {{ ai.inf - 1 }}-h
   end
  end
{% endif %}
 end
 local best=evaluate({% if ai.escape %}e{% endif %})
 if best>=b or q>={{ ai.max_qply }} or h>={{ ai.max_ply - 2 }} then
  return best
 end
 if best>a then
  a=best
 end
 local ms,vs,kc=qfind()
 local bo,s{% if ai.table %},mt{% endif %}=bd,side{% if ai.table %},mat{% endif %}

 local e={{ ATTACKERS + DEFENDERS }}-s
 local en{% if ai.table %},pe{% endif %}=pk[e]{% if ai.table %},pst[e]{% endif %}

 for i=1,#ms do
  local m=ms[i]
  local f,t=m\{{ area }},m%{{ area }}
  local p,l=bo[f],vs[t]
  local pp{% if ai.table %},ps{% endif %}=pk[p]{% if ai.table %},pst[p]{% endif %}

  bo[f],bo[t]={{ EMPTY }},p
  pp[f],pp[t]=nil,true
{% if ai.table %}
  mat=mt+ps[t]-ps[f]
{% endif %}
  if p=={{ KING }} then
   king=t
  end
  if l then
   for j=1,#l do
    local v=l[j]
    bo[v]={{ EMPTY }}
    en[v]=nil
{% if ai.table %}
    mat-=pe[v]
{% endif %}
   end
  end
  local sc
  if kc[t] or p=={{ KING }} and esc[t]>0{% if exit_fort %} or s=={{ DEFENDERS }} and edge[king]>0 and fort(){% endif %}{% if surround %} or s=={{ ATTACKERS }} and surr(){% endif %} then
   sc={{ ai.inf - 1 }}-h
  elseif l then
   side=e
   sc=-qs(h+1,-b,-a,q+1)
   side=s
  end
  bo[t],bo[f]={{ EMPTY }},p
  pp[t],pp[f]=nil,true
  if p=={{ KING }} then
   king=f
  end
  if l then
   for j=1,#l do
    local v=l[j]
    bo[v]=e
    en[v]=true
   end
  end
{% if ai.table %}
  mat=mt
{% endif %}
  if halt then
   return 0
  end
  if sc and sc>best then
   best=sc
   if sc>a then
    a=sc
    if sc>=b then
     break
    end
   end
  end
 end
 return best
end
