{# The static evaluation, the engine's `evaluate`: from the defenders' point of view, then signed
   for the side to move, clamped to +-EVAL_MAX. Material and piece-square values are folded into
   one signed table per piece kind (`pst[c][s]`), computed in Rust; their sum over the board,
   `mat`, is kept incrementally by setup/mk/um/rem (integer sums: the same value). #}
{% if ai.table %}
pst={split"{{ ai.table[0] }}",split"{{ ai.table[1] }}",split"{{ ai.table[2] }}"}
{% endif %}
{% if ai.escape or ai.escape_win or ai.escape_ext or ai.qsearch and (ai.escape_block or ai.escape_threat) or ai.race %}

{# ke[s]: s is one of the king's route targets (`FLAG_KING_TARGET`: an escape square he may stop
   on, or a square he has escaped from), so the hot loops test one table, not two.
   The rays below are `if empty then repeat ... until not empty end` rather than `while`: the same
   tests, without the `JMP` back a `while` runs per square; and `t=t+d`, not `t+=d`, which
   z8lua computes into a temporary first (one instruction more). #}
{% set klines = ai.escape and ai.escape_depth > 2 and not (corner_escape and not escaped) and not edge_escape_all and not pass and not king_stop %}
ke={}
for s in all(split"{{ king_targets }}{% if klines %},{{ king_lines }}{% endif %}") do
 ke[s]=true
end

{# The king's open routes: the directions in which he reaches a target in one move (a ray
   whose line key says it holds none is not walked). #}
function routes()
 local n,b,x,k,di{% if pass %},kp{% endif %}=0,bd,ke,king,dirs{% if pass %},pas[{{ KING }}]{% endif %}

 for j=1,4 do
  local d=di[j]
  local t=k+d
  if {% if klines %}x[k+d*{{ area }}] and {% endif %}b[t]=={{ EMPTY }} then
   repeat
    if x[t] then
     n=n+1
     break
    end
{% if pass %}
    if kp[t]<1 then
     break
    end
{% endif %}
    t=t+d
   until b[t]~={{ EMPTY }}
  end
 end
 return n
end
{% if ai.escape_block or ai.race %}

{# The squares of the king's open routes (from its neighbour up to the escape square) and the
   empty squares beside him, as a set and a list, or nothing when he has no route: the
   engine's `route_squares`, with the squares `qblk` adds. #}
function rsq()
 local r,l,n,b,x,k,di{% if pass %},kp{% endif %}={},{},0,bd,ke,king,dirs{% if pass %},pas[{{ KING }}]{% endif %}

 for j=1,4 do
  local d=di[j]
  local t=k+d
  if b[t]=={{ EMPTY }} then
   local c=t
   r[t]=1
   add(l,t)
   repeat
    if x[t] then
     n=n+1
     {# The squares since the last one listed on this ray (the rays share none), up to its
        first target: a block beyond that one leaves this route open. #}
     for u=c+d,t,d do
      r[u]=1
      add(l,u)
     end
     break
    end
{% if pass %}
    if kp[t]<1 then
     break
    end
{% endif %}
    t=t+d
   until b[t]~={{ EMPTY }}
  end
 end
 if n>0 then
  return r,l,n
 end
end

{# The engine's `king_safe`: no single attackers' move can take the king where he stands: he
   needs {{ "three hostile sides already (captured by four)" if king_capture == "four" else "a hostile side already (captured by two)" if king_capture == "two" else "three hostile sides already on or beside the throne, one elsewhere" }}. #}
function ksafe()
 local n,k,di=0,king,dirs
 for j=1,4 do
  if {% if simple_host %}sd[bd[k+di[j]]]=={{ ATTACKERS }}{% else %}host(k+di[j],{{ KING }}){% endif %} then
   n+=1
  end
 end
{% if king_capture == "four" %}
 return n<3
{% elif king_capture == "two" %}
 return n<1
{% else %}
 return n<(nt[k]>0 and 3 or 1)
{% endif %}
end
{% endif %}
{% endif %}
{% if ai.escape %}

{# The escape term of the evaluation: the bonus for the king's escape distance (1..{{ ai.escape_depth }} rook moves
   through empty squares; none beyond) plus the one for two or more one-move routes. It sets
   `kd` to the distance (0: none within {{ ai.escape_depth }}), so the search's known-escape test (distance 1)
   can read it instead of walking the king's rays again.
   Most positions answer 1 or 2, so a cheap pass comes first: walk the king's rays counting the
   escape squares on them (distance 1), and from each square of them the king may stop on look
   across for an escape square (distance 2), queueing nothing. The rays along a square's own axis
   need no look: back towards the king and ahead they only hold the king's own ray squares,
   none an escape square when the distance is not 1. (A square the king may not pass ends his
   ray, so the pass can miss a distance 2 ahead of it: then the search below answers.)
   ax[d]: the axis across direction d, as a positive step (1 or W). #}
{# With the guard term on, the escape term's first pass also counts the attackers beside the
   king (it reads those squares anyway) and every return adds them (`g`): the evaluation then
   has no walk of its own around the king. #}
{% set kg = ai.guard or ai.king_moves %}
{% set gs = "+g" if kg else "" %}
{# The corner walks count the king's moves from their lengths, 4 too many (see `kesc`). #}
{% set g0 = (-4 * ai.w_king_moves) if (ai.king_moves and not king_stop) else 0 %}
{% macro sg(x) %}{% if x >= 0 %}+{% endif %}{{ x }}{% endmacro %}
ax,kd={[{{ width }}]=1,[-{{ width }}]=1,[1]={{ width }},[-1]={{ width }}},0
{% if corner_escape and not pass and not escaped %}
{# Corner escapes, nothing inside the board the king may not pass: the paths of at most three
   moves to a corner have a fixed shape, so no search is needed. The last move runs along an
   edge line into the corner; the move before it arrives on that edge square at the end of a
   ray, so it is a ray that runs into the ring (any other shape has a shorter path). So:
   distance 1, a king ray ending on a corner; 2, a king ray ending on the edge with a free run
   along it to a corner (`cr`); 3, a square on a king ray (one the king may stop on) with a ray
   across ending on the edge, and from there a free run to a corner. (The king's own square
   stays blocked for the later moves, as in the engine.) #}
function cr(u,p,b,x)
 local v=u
 repeat
  v=v+p
 until b[v]~={{ EMPTY }}
 if b[v]=={{ OFF }} and x[v-p] then
  return true
 end
 v=u
 repeat
  v=v-p
 until b[v]~={{ EMPTY }}
 return b[v]=={{ OFF }} and x[v+p]
end

function kesc()
 local b,x,w,k,di,n,f{% if king_stop %},st{% endif %}{% if kg %},g{% endif %}=bd,ke,ax,king,dirs,0{% if king_stop %},nil,stp[{{ KING }}]{% endif %}{% if kg %}{% if not king_stop %},nil{% endif %},{{ g0 }}{% endif %}

 for j=1,4 do
  local d=di[j]
{% if ai.king_moves and king_stop %}
  {# The king's moves (the evaluation's mobility term) counted on the way. #}
  local t=k+d
  while b[t]=={{ EMPTY }} do
   if st[t]>0 then
    g=g+{{ ai.w_king_moves }}
   end
   t=t+d
  end
{% else %}
  local t=k
  repeat
   t=t+d
  until b[t]~={{ EMPTY }}
{% if ai.king_moves %}
  {# The king's moves (the evaluation's mobility term): the empty squares the walk crossed
     (`g` started 4 below, for the square each walk stops on). #}
  g=g+(t-k)\d*{{ ai.w_king_moves }}
{% endif %}
{% endif %}
  local u,p=t-d,w[d]
{% if ai.guard %}
  if u==k and b[t]=={{ ATTACKER }} then
   g=g-{{ ai.w_guard }}
  end
{% endif %}
  if b[t]=={{ OFF }} and u~=k then
   if x[u] then
    n=n+1
   elseif not f{% if king_stop %} and st[u]>0{% endif %} and cr(u,p,b,x) then
    f=1
   end
  end
 end
 if n>0 then
  kd=1
  return (n>1 and ai_ed[1]+{{ ai.w_routes }} or ai_ed[1]){{ gs }}
 end
{% if ai.escape_depth > 1 %}
 if f then
  kd=2
  return ai_ed[2]{{ gs }}
 end
{% endif %}
{% if ai.escape_depth > 2 %}
{# Distance 3, only now that 1 and 2 are ruled out (most evaluations answer above). #}
 for j=1,4 do
  local d=di[j]
  local a,p=k+d,w[d]
  if b[a]=={{ EMPTY }} then
   repeat
{% if king_stop %}
    if st[a]>0 then
{% endif %}
     for e=-p,p,p+p do
      local v=a
      repeat
       v=v+e
      until b[v]~={{ EMPTY }}
      if b[v]=={{ OFF }} and v-e~=a{% if king_stop %} and st[v-e]>0{% endif %} and cr(v-e,w[e],b,x) then
       kd=3
       return ai_ed[3]{{ gs }}
      end
     end
{% if king_stop %}
    end
{% endif %}
    a=a+d
   until b[a]~={{ EMPTY }}
  end
 end
{% endif %}
 kd=0
 return {{ "g" if kg else "0" }}
end
{% else %}
{% set er = edge_escape_all and not pass %}
{% if er %}
{# Edge escapes, every square passable: one king ray of the first pass, written out per
   direction (d along the ray, p across it): the hot path of the default cart. #}
{% macro kray(d, p, id) %}
 t=k{{ sg(d) }}
{# The square's piece kept in q: the tests after the walk read it again. #}
 q=b[t]
 if q=={{ EMPTY }} then
  repeat
{% if ai.king_moves %}
{% if king_stop %}
   if st[t]>0 then
    g=g+{{ ai.w_king_moves }}
   end
{% else %}
   g=g+{{ ai.w_king_moves }}
{% endif %}
{% endif %}
{% if ai.escape_depth > 1 %}
   if not f{% if king_stop %} and st[t]>0{% endif %} then
{# The two rays across, written out (a loop over the two costs more than a ray's walk). t is
   no edge square (else the ray's own count answers), so a look across finds an escape
   square just where it runs into the ring. #}
    local u=t{{ sg(-p) }}
    q=b[u]
    if q=={{ EMPTY }} then
     repeat
      u=u{{ sg(-p) }}
      q=b[u]
     until q~={{ EMPTY }}
     if q=={{ OFF }} then
      f=1
      goto f{{ id }}
     end
    end
    u=t{{ sg(p) }}
    q=b[u]
    if q=={{ EMPTY }} then
     repeat
      u=u{{ sg(p) }}
      q=b[u]
     until q~={{ EMPTY }}
     if q=={{ OFF }} then
      f=1
     end
    end
    ::f{{ id }}::
   end
{% endif %}
   t=t{{ sg(d) }}
   q=b[t]
  until q~={{ EMPTY }}
{# A king off the edge has one escape square on a ray, its last, just where the ray runs into
   the ring (a king on the edge is counted again below). #}
  if q=={{ OFF }} then
   n=n+1
  end
{% if ai.guard %}
 elseif q=={{ ATTACKER }} then
  g=g-{{ ai.w_guard }}
{% endif %}
 end
{% endmacro %}
function kesc()
 local b,x,w,k{% if ai.escape_depth > 2 %},di{% endif %},n{% if king_stop %},st{% endif %},f,t{% if kg %},g{% endif %},q=bd,ke,ax,king{% if ai.escape_depth > 2 %},dirs{% endif %},0{% if king_stop %},stp[{{ KING }}]{% endif %}{% if kg %},nil,nil,0{% endif %}

{{ kray(-width, 1, 1) }}{{ kray(1, width, 2) }}{{ kray(width, 1, 3) }}{{ kray(-1, width, 4) }}
{# A king on the edge (the game is over, but the evaluation may still be asked) has a ray
   along it, every square of which is an escape square: its routes, one a direction. #}
 if x[k] then
  n=routes()
 end
{% else %}
{# Any targets: the first pass walks each king ray counting its first target (one route a
   ray), and from each square of it the king may stop on looks across both ways for a target
   (distance 2), in one loop: these boards' carts are short of tokens, not of time. #}
function kesc()
 local b,x,w,k,di,n{% if king_stop %},st{% endif %}{% if pass %},kp{% endif %},f{% if kg %},g{% endif %}=bd,ke,ax,king,dirs,0{% if king_stop %},stp[{{ KING }}]{% endif %}{% if pass %},pas[{{ KING }}]{% endif %}{% if kg %},nil,0{% endif %}

 for j=1,4 do
  local d=di[j]
  local p,t,c=w[d],k+d
  if b[t]=={{ EMPTY }} then
   repeat
    if x[t] and not c then
     n,c=n+1,1
    end
{% if ai.king_moves %}
{% if king_stop %}
    if st[t]>0 then
     g=g+{{ ai.w_king_moves }}
    end
{% else %}
    g=g+{{ ai.w_king_moves }}
{% endif %}
{% endif %}
{% if ai.escape_depth > 1 %}
    if not f{% if king_stop %} and st[t]>0{% endif %} then
     for e=-p,p,p+p do
      local u=t+e
      if {% if klines %}x[t+e*{{ area }}] and {% endif %}b[u]=={{ EMPTY }} then
       repeat
        if x[u] then
         f=1
         break
        end
{% if pass %}
        if kp[u]<1 then
         break
        end
{% endif %}
        u=u+e
       until b[u]~={{ EMPTY }}
      end
     end
    end
{% endif %}
{% if pass %}
    if kp[t]<1 then
     break
    end
{% endif %}
    t=t+d
   until b[t]~={{ EMPTY }}
{% if ai.guard %}
  elseif b[t]=={{ ATTACKER }} then
   g=g-{{ ai.w_guard }}
{% endif %}
  end
 end
{% endif %}
 if n>0 then
  kd=1
  return (n>1 and ai_ed[1]+{{ ai.w_routes }} or ai_ed[1]){{ gs }}
 end
{% if ai.escape_depth > 1 %}
 if f then
  kd=2
  return ai_ed[2]{{ gs }}
 end
{% endif %}
{% if ai.escape_depth > 2 and edge_escape_all and not pass %}
{# Every edge square an escape square the king may stop on, and no square he may not pass: the
   paths of three moves have a fixed shape. A second move along the first one's axis reaches
   only squares of the king's own ray (his square stays blocked), and a third along the second
   one's axis only squares of that ray, so: a square `a` of a king ray, a square `u` of a ray
   across from it (both squares the king may stop on), and from `u` a free run along the first
   axis into the ring (the last square before it an edge square). None of `a` and `u` is an edge
   square, or the pass above would have answered. #}
 for j=1,4 do
  local d=di[j]
  local a,p=k+d,w[d]
  while b[a]=={{ EMPTY }} do
{% if king_stop %}
   if st[a]>0 then
{% endif %}
    for e=-p,p,p+p do
     local u=a+e
     while b[u]=={{ EMPTY }} do
{% if king_stop %}
      if st[u]>0 then
{% endif %}
       local v=u
       repeat
        v=v+d
       until b[v]~={{ EMPTY }}
       if b[v]=={{ OFF }} then
        kd=3
        return ai_ed[3]{{ gs }}
       end
       v=u
       repeat
        v=v-d
       until b[v]~={{ EMPTY }}
       if b[v]=={{ OFF }} then
        kd=3
        return ai_ed[3]{{ gs }}
       end
{% if king_stop %}
      end
{% endif %}
      u=u+e
     end
    end
{% if king_stop %}
   end
{% endif %}
   a=a+d
  end
 end
{% elif klines %}
{# Distance 3 when the king may stop on and pass every square: a path of three moves runs along
   a king ray to `a`, across it to `u`, then along the first axis to a target (a second move
   along the first axis stays on the king's own line; a third across the second's is a shorter
   path). `ke[u+v*AREA]` says whether the ray from `u` in direction `v` holds a target at all, so
   the last walk is taken only where it can end on one (on corner boards, near the corners). #}
 for j=1,4 do
  local d=di[j]
  local a,p=k+d,w[d]
  while b[a]=={{ EMPTY }} do
   for e=-p,p,p+p do
    local u=a+e
    while b[u]=={{ EMPTY }} do
     for v=-d,d,d+d do
      if x[u+v*{{ area }}] then
       local t=u
       repeat
        t=t+v
       until b[t]~={{ EMPTY }} or x[t]
       if b[t]=={{ EMPTY }} then
        kd=3
        return ai_ed[3]{{ gs }}
       end
      end
     end
     u=u+e
    end
   end
   a=a+d
  end
 end
{% elif ai.escape_depth > 2 %}
{# The full search, level by level from the king (levels 1 and 2 hold no escape square now but
   for the miss above; the tests stay for one loop). The queue holds (square, axis) pairs: a
   square found by a ray along one axis scans only the other axis, because the rays back and
   ahead along its own axis cover squares the ray that found it (or its parent's rays) already
   visited at this level or before: seen, or not a stop for the king, so they add nothing. A
   square the king may not pass ends the ray that found it, so it is queued twice, once per axis;
   the king is queued with both. The last level queues nothing: it only looks for an escape
   square (one already seen cannot be one: the search would have stopped at it). #}
 local seen,q,a,m,h={},{k,k},{1,{{ width }}},2,1
 for l=1,{{ ai.escape_depth }} do
  local e=m
  for i=h,e do
   local s,p=q[i],a[i]
   local o={{ width + 1 }}-p
   for d=-p,p,p+p do
    local t=s+d
    if b[t]=={{ EMPTY }} then
     repeat
      if x[t] then
       kd=l
       return ai_ed[l]{{ gs }}
      end
      if l<{{ ai.escape_depth }} and not seen[t]{% if king_stop %} and st[t]>0{% endif %} then
       seen[t]=1
       m=m+1
       q[m]=t
       a[m]=o
{% if pass %}
       if kp[t]<1 then
        m=m+1
        q[m]=t
        a[m]=p
       end
{% endif %}
      end
{% if pass %}
      if kp[t]<1 then
       break
      end
{% endif %}
      t=t+d
     until b[t]~={{ EMPTY }}
    end
   end
  end
  h=e+1
 end
{% endif %}
 kd=0
 return {{ "g" if kg else "0" }}
end
{% endif %}
{% endif %}
{% if ai.mobility %}

{# Legal moves of side `sd` as if it were to move. #}
function nmoves(o)
 local n,b,so=0,bd,sd
 for s={{ first_square }},{{ last_square }} do
  local c=b[s]
  if so[c]==o then
{% if stop %}
   local st=stp[c]
{% endif %}
{% if pass %}
   local pc=pas[c]
{% endif %}
   for j=1,4 do
    local d=dirs[j]
    local t=s+d
    while b[t]=={{ EMPTY }} do
{% if stop %}
     if st[t]>0 then
      n+=1
     end
{% else %}
     n+=1
{% endif %}
{% if pass %}
     if pc[t]<1 then
      break
     end
{% endif %}
     t+=d
    end
   end
  end
 end
 return n
end
{% endif %}

{% if ai.eval_inline and ai.qsearch %}
{# Quiescence adds this evaluation itself (see ai/quiesce), so nothing in the cart calls it;
   the differential suite's evaluation checks do. #}
--lint: used::evaluate
{% endif %}
function evaluate({% if ai.escape %}e{% endif %})
{# The board through a local only for the terms that read it. #}
{% set eb = ai.defended or ((ai.guard or ai.king_moves) and not ai.escape) or ai.corners %}
 local v{% if eb %},b{% endif %}={% if ai.table %}mat{% else %}0{% endif %}{% if ai.balance %}{{ ai.balance }}{% endif %}{% if eb %},bd{% endif %}


{% if ai.defended %}
 local so=sd
 for s={{ first_square }},{{ last_square }} do
  local c=b[s]
{% if ai.defended %}
  if c=={{ ATTACKER }} or c=={{ DEFENDER }} then
   for j=1,4 do
    if so[b[s+dirs[j]]]==so[c] then
     v+=c=={{ DEFENDER }} and {{ ai.w_defended }} or -{{ ai.w_defended }}
     break
    end
   end
  end
{% endif %}
 end
{% endif %}
{% if ai.escape %}
{# The search's tick() has just checked the frame's time (a routes() walk ago), so only the
   slow optional terms above need a check of their own before the escape search. #}
{% if ai.defended %}
 yld()
{% endif %}
 v=v+(e or kesc())
{% endif %}
{% if ai.guard and not ai.escape %}
{# Attackers beside the king, the four directions written out (with the escape term on, `kesc`
   counts them). #}
 local k=king
 if b[k-1]=={{ ATTACKER }} then
  v=v-{{ ai.w_guard }}
 end
 if b[k+1]=={{ ATTACKER }} then
  v=v-{{ ai.w_guard }}
 end
 if b[k-{{ width }}]=={{ ATTACKER }} then
  v=v-{{ ai.w_guard }}
 end
 if b[k+{{ width }}]=={{ ATTACKER }} then
  v=v-{{ ai.w_guard }}
 end
{% endif %}
{% if ai.king_moves and not ai.escape %}
{# The king's mobility: the squares it can move to (with the escape term on, `kesc` counts
   them). #}
 local kq{% if stop %},ks{% endif %}{% if pass %},kp{% endif %}=king{% if stop %},stp[{{ KING }}]{% endif %}{% if pass %},pas[{{ KING }}]{% endif %}

 for j=1,4 do
  local d=dirs[j]
  local t=kq+d
  while b[t]=={{ EMPTY }} do
{% if stop %}
   if ks[t]>0 then
    v=v+{{ ai.w_king_moves }}
   end
{% else %}
   v=v+{{ ai.w_king_moves }}
{% endif %}
{% if pass %}
   if kp[t]<1 then
    break
   end
{% endif %}
   t=t+d
  end
 end
{% endif %}
{% if ai.corners %}
{# Corner seals, five squares per corner in crn (an entry, the square beyond it along the edge,
   the other entry, the square beyond it, the diagonal): an entry is sealed by an attacker on it,
   or on both the square beyond it and the diagonal. #}
 for i=1,#crn,5 do
  local g=b[crn[i+4]]=={{ ATTACKER }}
  local s1,s2=b[crn[i]]=={{ ATTACKER }} or g and b[crn[i+1]]=={{ ATTACKER }},b[crn[i+2]]=={{ ATTACKER }} or g and b[crn[i+3]]=={{ ATTACKER }}
  if s1 then
   v-={{ ai.w_corner_entry }}
  end
  if s2 then
   v-={{ ai.w_corner_entry }}
   if s1 then
    v-={{ ai.w_corner_sealed }}
   end
  end
 end
{% endif %}
{% if ai.tropism %}
{# Tropism: per attacker within 3 orthogonal steps of the king, 4 minus its distance. #}
 local kx,ky,n,l=king%{{ width }},king\{{ width }},0,pk[{{ ATTACKER }}]
 for i=1,#l do
  local s=l[i]
  local d=abs(s%{{ width }}-kx)+abs(s\{{ width }}-ky)
  if d<4 then
   n+=4-d
  end
 end
 v-=n*{{ ai.w_tropism }}
{% endif %}
{% if ai.mobility %}
 v+={{ ai.w_mobility }}*mid(-{{ ai.mobility_clamp }},nmoves({{ DEFENDERS }})-nmoves({{ ATTACKERS }}),{{ ai.mobility_clamp }})
{% endif %}
{% if ai.eval_clamp %}
 if v>{{ ai.eval_max }} then
  v={{ ai.eval_max }}
 elseif v<-{{ ai.eval_max }} then
  v=-{{ ai.eval_max }}
 end
{% else %}
{# No board of this ruleset sums past the clamp (the engine's `Evaluator::max_abs`). #}
{% endif %}
 return side=={{ DEFENDERS }} and v or -v
end
{% if ai.escape %}
ai_ed=split"{{ ai.escape_distance }}"
{% endif %}
{% if ai.corners %}
crn=split"{{ ai.corners }}"
{% endif %}
