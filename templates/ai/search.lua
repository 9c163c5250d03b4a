{# The search, the engine's `Searcher`: negamax alpha-beta (fail-soft) with iterative deepening.
   Every optional feature is a template switch. Scores fit PICO-8's integers: a win h plies from
   the root is {{ ai.inf }}-h. Node counts are kept in units of 0x0.0001 so they never wrap.
   `slice`: when set (inside the AI coroutine), yield whenever the frame's CPU is nearly spent
   (checked at every node, before the king-escape search and before each quiescence move; yielding
   never changes a result). #}
function yld()
 if slice and stat(1)>{{ ai.frame_cpu }} then
  yield()
 end
end

function tick()
 nodes+=0x0.0001
 if lim>0 and nodes>=lim then
  halt=true
 end
 yld()
 return halt
end

{# Does this node repeat a position of the search path (same side to move) or of the game? #}
function rep()
 local i=#hist-3
 while i>root do
  if hist[i]==hash then
   return true
  end
  i-=2
 end
 return game[hash]
end

{# The capture candidates' destinations, the engine's `is_capture_candidate` for every move at
   once: squares next to an enemy soldier with a hostile square beyond it{% if shieldwall %}, edge squares (shieldwall){% endif %},
   and (for the attackers) the squares next to the king. The board is the same for every move of
   a node (the far square is never the mover's origin), so one pass serves them all. It visits
   the pieces only (`pk`, the sets of their squares, kept by mk/um) and looks at their four
   sides written out (directions N E S W: +{{ width }}, +1, -{{ width }}, -1), with the globals in
   locals: this runs at nearly every quiescence node. #}
{% macro off(x) %}{% if x >= 0 %}+{% endif %}{{ x }}{% endmacro %}
{% if ai.captures or ai.qsearch %}
function cands()
{% if simple_host %}
 local bo,so,s,cs=bd,sd,side,{}
{% else %}
 local s,cs=side,{}
{% endif %}
 local e={{ ATTACKERS + DEFENDERS }}-s
{% if king_capture == "two" and not surround %}
 {# The squares next to the king come first so that a soldier's capture square overwrites them.
    Moving there takes the king only if the square beyond him is hostile; the others are still
    candidates for the ordering (any true value) but their quiescence moves would capture
    nothing and change nothing (no surround rule here), so `qmoves` skips them (value 0). #}
 if s=={{ ATTACKERS }} then
  local k=king
  for d in all(dirs) do
   cs[k+d]={% if simple_host %}so[bo[k-d]]==s{% else %}host(k-d,{{ KING }}){% endif %} or 0
  end
 end
{% endif %}
{% if simple_host %}
 {# Hostile means a piece of the side to move here, so the pass starts from those pieces (the
    king among them for the defenders: he is armed): an enemy soldier next to one, and the
    square beyond him. (One test fewer per side than starting from the enemy.) #}
 for w in pairs(pk[s]) do
{% for d in [width, 1, -width, -1] %}
  if bo[w{{ off(d) }}]==e then
   cs[w{{ off(2 * d) }}]=true
  end
{% endfor %}
 end
 if s=={{ DEFENDERS }} then
  for d in all(dirs) do
   if bo[king+d]==e then
    cs[king+d+d]=true
   end
  end
 end
{% else %}
 for v in pairs(pk[e]) do
{% for d in [width, 1, -width, -1] %}
  if host(v{{ off(d) }},e) then
   cs[v{{ off(-d) }}]=true
  end
{% endfor %}
 end
{% endif %}
{% if king_capture != "two" or surround %}
 if s=={{ ATTACKERS }} then
  for d in all(dirs) do
   cs[king+d]=true
  end
 end
{% endif %}
{% if shieldwall %}
 for i=1,#edl do
  cs[edl[i]]=true
 end
{% endif %}
 return cs
end
{% if shieldwall %}
{# The edge squares as a list: the shieldwall marks visit them, not the whole board. #}
edl={}
for v={{ first_square }},{{ last_square }} do
 if edge[v]>0 then
  add(edl,v)
 end
end
{% endif %}
{% endif %}

{% if ai.qsearch %}
{# The capture candidates' moves in generation order without generating every move: from each
   empty candidate destination, look back along the four lines for the piece that can move there,
   and insert it by the generator's order (origin, then direction N E S W, then distance): the
   key is origin*64 + `dk[to-origin]`, the direction's rank*16 + the distance, from a table made
   once (so the scan need not count the distance; a distance is at most {{ width - 3 }}, so the
   horizontal offsets never reach the vertical ones). The lines are scanned in the order S W E N
   (`qd`): the origins found from one destination then come in increasing order, so the
   insertion rarely shifts (in N E S W order nearly every insertion shifted). `ks[0]` is a
   sentinel below every key. #}
qd,dk=split"{{ -width }},-1,1,{{ width }}",{}
for j=1,4 do
 for k=1,{{ width - 3 }} do
  dk[-dirs[j]*k]=(j+1)%4*16+k
 end
end

function qmoves(cs)
 local bo,so,s,ky,ms,ks,n=bd,sd,side,dk,{},{[0]=-1},0
{% if king_capture == "two" and not surround %}
 for t,v in pairs(cs) do
  if bo[t]=={{ EMPTY }} and v~=0 then
{% else %}
 for t in pairs(cs) do
  if bo[t]=={{ EMPTY }} then
{% endif %}
   for d in all(qd) do
    local u=t+d
    local c=bo[u]
    while c=={{ EMPTY }} do
     u+=d
     c=bo[u]
    end
    if so[c]==s{% if not king_armed %} and c~={{ KING }}{% endif %}{% if stop %} and stp[c][t]>0{% endif %} then
{% if pass %}
     local ok=true
     for x=t+d,u-d,d do
      ok=ok and pas[c][x]>0
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
 end
 return ms
end
{% endif %}

{# Ordering keys: TT move, PV move, captures, killers, history. #}
function order(l,h,tm,pm)
 local ks{% if ai.killers %},k{% endif %}{% if ai.captures %},cs{% endif %}={}{% if ai.killers %},kl[h] or {}{% endif %}{% if ai.captures %},cands(){% endif %}

 for i=1,#l do
  local m=l[i]
  ks[i]=m==tm and {{ ai.key_tt }} or m==pm and {{ ai.key_pv }}{% if ai.captures %} or cs[m%{{ area }}]{% if not king_armed %} and bd[m\{{ area }}]~={{ KING }}{% endif %} and {{ ai.key_capture }}{% endif %}{% if ai.killers %} or m==k[1] and {{ ai.key_killer }} or m==k[2] and {{ ai.key_killer - 1 }}{% endif %}{% if ai.history %} or hs[m]{% endif %} or 0
 end
 return ks
end

{# Moves the first largest key at or after i into place i. #}
function pick(l,ks,i)
 local b,kb=i,ks[i]
 for j=i+1,#l do
  if ks[j]>kb then
   b,kb=j,ks[j]
  end
 end
 l[i],l[b],ks[i],ks[b]=l[b],l[i],kb,ks[i]
end

function upv(h,m)
 local c,p=pvl[h+1] or 0,{m}
 for k=1,c do
  p[k+1]=pv[h+1][k]
 end
 pv[h],pvl[h]=p,c+1
end
{% if ai.qsearch %}

{# Quiescence: stand pat or try the captures, at most {{ ai.max_qply }} plies. #}
function qs(h,a,b,q)
 if q>0 then
  if tick() then
   return 0
  end
{% if ai.escape_win %}
  if side=={{ DEFENDERS }} and routes()>0 then
   return {{ ai.inf - 1 }}-h
  end
{% endif %}
 end
 local best=evaluate()
 if best>=b or q>={{ ai.max_qply }} or h>={{ ai.max_ply - 2 }} then
  return best
 end
 a=max(a,best)
 for m in all(qmoves(cands())) do
  yld()
  mk(m,true)
  local s
  if status>{{ ONGOING }} then
   s={{ ai.inf - 1 }}-h
  elseif ncap>0 then
   s=-qs(h+1,-b,-a,q+1)
  end
  um()
  if halt then
   return 0
  end
  if s and s>best then
   best=s
   if s>a then
    a=s
    if s>=b then
     break
    end
   end
  end
 end
 return best
end
{% endif %}

function nega(d,h,a,b,onpv)
 if tick() then
  return 0
 end
 pvl[h]=0
 if rep() then
{% if ai.rep_loser %}
  return side=={{ ai.rep_loser }} and h-{{ ai.inf }} or {{ ai.inf }}-h
{% elif ai.rep_mover > 0 %}
  return {{ ai.inf }}-h
{% elif ai.rep_mover < 0 %}
  return h-{{ ai.inf }}
{% else %}
  return 0
{% endif %}
 end
{% if move_limit %}
 if ply>={{ move_limit }} then
  return 0
 end
{% endif %}
{% if ai.escape_win or ai.escape_ext %}
 if routes()>0 then
{% if ai.escape_win %}
  if side=={{ DEFENDERS }} then
   return {{ ai.inf - 1 }}-h
  end
{% endif %}
{% if ai.escape_ext %}
  if side=={{ ATTACKERS }} then
   d=max(d,1)
  end
{% endif %}
 end
{% endif %}
 if d<1 or h>={{ ai.max_ply - 2 }} then
{% if ai.qsearch %}
  return qs(h,a,b,0)
{% else %}
  return evaluate()
{% endif %}
 end
 local a0,tm=a
{% if ai.tt %}
 local e=tt[hash&{{ ai.tt_mask }}]
 if e and e[1]==hash then
  tm=e[2]
  if e[4]>=d then
   local s,k=e[3],e[5]
   if s>={{ ai.win_min }} then
    s=max(s-h,{{ ai.win_min }})
   elseif s<=-{{ ai.win_min }} then
    s=min(s+h,-{{ ai.win_min }})
   end
   if k=={{ ai.b_exact }} or k=={{ ai.b_lower }} and s>=b or k=={{ ai.b_upper }} and s<=a then
    return s
   end
  end
 end
{% endif %}
 local l=gen()
 if #l<1 then
  return h-{{ ai.inf }}
 end
{% if ai.pv %}
 local pm=onpv and ppv[h]
{% else %}
 local pm
{% endif %}
 local ks,best,bm=order(l,h,tm,pm),-{{ ai.inf }}
 for i=1,#l do
  pick(l,ks,i)
  local m,s=l[i]
{% if ai.lmr %}
  local q=ks[i]<{{ ai.key_killer - 1 }} and bd[m\{{ area }}]~={{ KING }}
{% endif %}
  mk(m)
  local n=ncap
  if status>{{ ONGOING }} then
   pvl[h+1]=0
   s={{ ai.inf - 1 }}-h
  else
   local cp=onpv and pm==m
{% if ai.lmr %}
   local r=d-1
   if q and n<1 and d>=3 and i>{{ ai.lmr_first }} then
    r=max(r-(i>{{ ai.lmr_second }} and 2 or 1),0)
   end
{% else %}
   local r=d-1
{% endif %}
{% if ai.pvs %}
   if i>1 then
    local nb=min(a+1,{{ ai.inf }})
    s=-nega(r,h+1,-nb,-a,cp)
    if s>a and r<d-1 and not halt then
     s=-nega(d-1,h+1,-nb,-a,cp)
    end
    if s>a and s<b and not halt then
     s=-nega(d-1,h+1,-b,-a,cp)
    end
   else
    s=-nega(r,h+1,-b,-a,cp)
{% if ai.lmr %}
    if r<d-1 and s>a and not halt then
     s=-nega(d-1,h+1,-b,-a,cp)
    end
{% endif %}
   end
{% else %}
   s=-nega(r,h+1,-b,-a,cp)
{% if ai.lmr %}
   if r<d-1 and s>a and not halt then
    s=-nega(d-1,h+1,-b,-a,cp)
   end
{% endif %}
{% endif %}
  end
  um()
  if halt then
   return 0
  end
  if s>best then
   best,bm=s,m
   if s>a then
    a=s
    upv(h,m)
    if s>=b then
{% if ai.killers or ai.history %}
     if n<1 then
{% if ai.killers %}
      local k=kl[h] or {}
      kl[h]=k
      if k[1]~=m then
       k[2],k[1]=k[1],m
      end
{% endif %}
{% if ai.history %}
      {# The bonus is depth^2 (the Rust clamps depth to 1..100 and the bonus to the cap: never reached at d <= {{ ai.max_ply }}). #}
      local c=hs[m] or 0
      if c>{{ ai.history_max }}-d*d then
       for x,y in pairs(hs) do
        hs[x]=y\2
       end
      end
      hs[m]=(hs[m] or 0)+d*d
{% endif %}
     end
{% endif %}
     break
    end
   end
  end
 end
{% if ai.tt %}
 local s=best
 if s>={{ ai.win_min }} then
  s+=h
 elseif s<=-{{ ai.win_min }} then
  s-=h
 end
 tt[hash&{{ ai.tt_mask }}]={hash,bm,s,d,best>=b and {{ ai.b_lower }} or best>a0 and {{ ai.b_exact }} or {{ ai.b_upper }}}
{% endif %}
 return best
end

{# One iteration at the root: every move, with the window's lower bound `best - margin` so the
   moves within the margin get exact scores (`rsc`, for the difficulty choice). The bound is
   clamped before the subtraction: `best - margin` itself would wrap past -32768 on PICO-8 when
   the best so far is a loss (the Rust saturates in a wider integer). #}
--lint: func::_init
function rootsearch(d)
 tick()
 pvl[0]=0
 local l,best,bm=gen()
{% if ai.pv or ai.tt %}
 local pm=ppv[0]
{% else %}
 local pm
{% endif %}
 local ks=order(l,0,nil,pm)
 rsc={}
 for i=1,#l do
  pick(l,ks,i)
  local m,s=l[i]
  local a=best and max(best,margin-{{ ai.inf }})-margin or -{{ ai.inf }}
  mk(m)
  if status>{{ ONGOING }} then
   pvl[1]=0
   s={{ ai.inf - 1 }}
{% if ai.pvs %}
  elseif best then
   s=-nega(d-1,1,-min(a+1,{{ ai.inf }}),-a,pm==m)
   if s>a and not halt then
    s=-nega(d-1,1,-{{ ai.inf }},-a,pm==m)
   end
{% endif %}
  else
   s=-nega(d-1,1,-{{ ai.inf }},-a,pm==m)
  end
  um()
  if halt then
   if d==1 then
    return best or s,bm or m
   end
   return
  end
  add(rsc,{m,s,s>a or not best})
  if not best or s>best then
   best,bm=s,m
   upv(0,m)
  end
 end
 return best,bm
end

{# Iterative deepening to depth `md` within `nl` nodes (in units of 0x0.0001; 0 = no limit).
   (The stored depth needs no clamp to the Rust's i8: d <= {{ ai.max_ply }}.)
   Returns the best move and its score (nothing when the game is over); `sdep` is the depth
   reached, `pv[0]` the principal variation, `rscs` the root scores of the last completed
   iteration. #}
--lint: func::_init, used::sdep
function search(md,nl)
 nodes,halt,lim,root,game,pv,pvl,ppv,sdep=0,false,nl,#hist,{},{},{},{},0
{% if ai.tt %}
 tt={}
{% endif %}
{% if ai.history %}
 hs={}
{% endif %}
 for x in all(hist) do
  game[x]=true
 end
 if #gen()<1 then
  return
 end
 local bm,bs
 for d=1,mid(1,md,{{ ai.max_ply - 2 }}) do
{% if ai.killers %}
  kl={}
{% endif %}
  local s,m=rootsearch(d)
  if halt and d>1 or not s then
   break
  end
  ppv={}
  for k=1,pvl[0] do
   ppv[k-1]=pv[0][k]
  end
  bm,bs,sdep,rscs=m,s,d,rsc
  if halt or abs(s)>={{ ai.win_min }} and {{ ai.inf }}-abs(s)<=d then
   break
  end
 end
 return bm,bs
end
