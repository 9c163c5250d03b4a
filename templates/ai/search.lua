{# The search, the engine's `Searcher`: negamax alpha-beta (fail-soft) with iterative deepening.
   Every optional feature is a template switch. Scores fit PICO-8's integers: a win h plies from
   the root is {{ ai.inf }}-h. Node counts are kept in units of 0x0.0001 so they never wrap.
   `slice`: when set (inside the AI coroutine), yield whenever the frame's CPU is nearly spent
   (checked every 8 nodes, every 4 on boards over 9x9, before the king-escape search and before
   each race move; yielding never changes a result). #}
{# The AI's thinking time (a difficulty level's budget, `think`): `fr` the CPU it has used, in
   frames (stat(1) units): each frame's stat(1) where it yields, less stat(1) where it was
   resumed; `tl` the budget. Charged when it yields, once a frame: a spent budget brings the
   node limit down to the nodes searched, so the search stops at its next node as a node budget
   would stop it there. The harness, which never yields, is bound by nodes alone. #}
function yld()
 if slice and stat(1)>{{ ai.frame_cpu }} then
  fr+=stat(1)
  if fr>=tl then
   lim=nodes
  end
  yield()
  fr-=stat(1)
 end
end

function tick()
 nodes+=0x0.0001
 if nodes>=lim then
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
  i=i-2
 end
 return game[hash]
end

{# Is move m (from a table entry, the PV or a killer: made in another position) legal here? #}
function lg(m)
 local bo,f,t=bd,m\{{ area }},m%{{ area }}
 local p,d=bo[f],t-f
 if sd[p]~=side or bo[t]~={{ EMPTY }}{% if stop %} or stp[p][t]<1{% endif %} then
  return
 end
 if f\{{ width }}==t\{{ width }} then
  d=d>0 and 1 or -1
 elseif d%{{ width }}==0 then
  d=d>0 and {{ width }} or -{{ width }}
 else
  return
 end
 for x=f+d,t-d,d do
  if bo[x]~={{ EMPTY }}{% if pass %} or pas[p][x]<1{% endif %} then
   return
  end
 end
 return true
end

{# The moves in the engine's order (a stable sort of the keys: the table's move, the PV's,
   captures, killers, history, the rest in generation order), a stage at a time, so that a
   node that cuts off early never generates the rest: `stage(k,...)` appends stage k's moves
   to sq (from n on), skipping those already in tr, and returns the new count. 1: the table's
   and the PV's moves, if legal here; 2: the moves that capture, in generation order (`qfind`;
   its victims and king captures are kept in fc: a move to any other square captures
   nothing); 3: the killers, if legal; 4: every other move, those with a history count first
   (highest first). #}
function stage(k,sq,n,tr,h,tm,pm,fc)
 if k<2 then
  if tm and lg(tm) then
   n=n+1
   sq[n],tr[tm]=tm,1
  end
  if pm and not tr[pm] and lg(pm) then
   n=n+1
   sq[n],tr[pm]=pm,1
  end
 elseif k<3 then
{% if ai.captures %}
  local ms
  ms,fc.v,fc.k=qfind()
  for j=1,#ms do
   local m=ms[j]
   if not tr[m] then
    n=n+1
    sq[n],tr[m]=m,1
   end
  end
{% endif %}
 elseif k<4 then
{% if ai.killers %}
  local l=kl[h]
  if l then
   for j=1,#l do
    local m=l[j]
    if not tr[m] and lg(m) then
     n=n+1
     sq[n],tr[m]=m,1
    end
   end
  end
{% endif %}
 else
  local l,hq,hk,z,c,y=gen(),{},{},{},0,0
  for i=1,#l do
   local m=l[i]
   if not tr[m] then
{% if ai.history %}
    local x=hs[m]
    if x and x>0 then
     c=c+1
     local j=c
     while j>1 and hk[j-1]<x do
      hq[j],hk[j]=hq[j-1],hk[j-1]
      j=j-1
     end
     hq[j],hk[j]=m,x
    else
     y=y+1
     z[y]=m
    end
{% else %}
    y=y+1
    z[y]=m
{% endif %}
   end
  end
  for j=1,c do
   n=n+1
   sq[n]=hq[j]
  end
  for j=1,y do
   n=n+1
   sq[n]=z[j]
  end
 end
 return n
end

function upv(h,m)
 local c,p=pvl[h+1] or 0,{m}
 for k=1,c do
  p[k+1]=pv[h+1][k]
 end
 pv[h],pvl[h]=p,c+1
end
function nega(d,h,a,b,onpv)
 nodes+=0x0.0001
 if nodes>=lim then
  halt=true
  return 0
 end
 if nodes&{{ ai.yield_mask }}==0 then
  yld()
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
{% if ai.escape %}
 local ev
{% endif %}
{% if ai.escape_win %}
 {# The defenders to move with an open route win at once. At a leaf the evaluation's escape
    term walks the king's rays anyway, and tells the same (`kd`). #}
 if side=={{ DEFENDERS }} then
{% if ai.escape %}
  if d<1 or h>={{ ai.max_ply - 2 }} then
   ev=kesc()
   if kd==1 then
    return {{ ai.inf - 1 }}-h
   end
  elseif routes()>0 then
   return {{ ai.inf - 1 }}-h
  end
{% else %}
  if routes()>0 then
   return {{ ai.inf - 1 }}-h
  end
{% endif %}
 end
{% endif %}
{% if ai.escape_ext %}
 if side=={{ ATTACKERS }} and d<1 and routes()>0 then
  d=1
 end
{% endif %}
 if d<1 or h>={{ ai.max_ply - 2 }} then
{% if ai.qsearch %}
  return qs(h,a,b,0{% if ai.escape %},ev{% endif %})
{% else %}
  return evaluate({% if ai.escape %}ev{% endif %})
{% endif %}
 end
 local a0,tm=a
{% if ai.tt %}
 local ti=(hash&{{ ai.tt_mask }})<<16
 if tk[ti]==hash then
  local v,x=tv[ti],td[ti]
  tm=(v&0x0.ffff)<<16
  if x>=d*4 then
   local s,k=v\1,x&3
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
{% if ai.pv %}
 local pm=onpv and ppv[h]
{% else %}
 local pm
{% endif %}
 {# i: moves tried; n: moves staged; st: the last stage staged; qi: the moves up to stage 3
    (the rest are quiet by their key, for LMR). #}
 local sq,tr,fc,best,bm,i,n,st,qi={},{},{},-{{ ai.inf }},nil,0,0,0,{{ ai.max_moves }}
{% if surround and ai.captures %}
 {# The attackers' moves that cannot surround (see `wchk`) skip that test. #}
 local wok,won,wdf
 if side=={{ ATTACKERS }} then
  wok,won,wdf=wchk()
 end
{% endif %}
 while true do
  while i>=n and st<4 do
   st=st+1
   n=stage(st,sq,n,tr,h,tm,pm,fc)
   if st==3 then
    qi=n
   end
  end
  if i>=n then
   break
  end
  i=i+1
  local m,s=sq[i]
{% if ai.captures %}
  local t=m%{{ area }}
{% if surround %}
  local ns
  if wok and st>1 and not won[t] then
   ns=true
   local l=fc.v[t]
   if l then
    for j=1,#l do
     if l[j]==wdf then
      ns=nil
     end
    end
   end
  end
{% endif %}
  mk(m,nil,st>1 and not (fc.v[t] or fc.k[t]){% if surround %},ns{% endif %})
{% else %}
  mk(m)
{% endif %}
  local nc=ncap
  if status>{{ ONGOING }} then
   pvl[h+1]=0
   s={{ ai.inf - 1 }}-h
  else
   local cp=onpv and pm==m
{% if ai.lmr %}
   local r=d-1
   {# Quiet by its stage, and not a king's move (the piece now stands on the move's square). #}
   if d>=3 and i>{{ ai.lmr_first }} and nc<1 and i>qi and bd[m%{{ area }}]~={{ KING }} then
    r=r-(i>{{ ai.lmr_second }} and 2 or 1)
    if r<0 then
     r=0
    end
   end
{% else %}
   local r=d-1
{% endif %}
{% if ai.pvs %}
   if i>1 then
    {# a<b<={{ ai.inf }} here, so the null window's top needs no clamp. #}
    local nb=a+1
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
     if nc<1 then
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
 if i<1 then
  return h-{{ ai.inf }}
 end
{% if ai.tt %}
 local s=best
 if s>={{ ai.win_min }} then
  s+=h
 elseif s<=-{{ ai.win_min }} then
  s-=h
 end
 local tj=(hash&{{ ai.tt_mask }})<<16
 tk[tj],tv[tj],td[tj]=hash,s+(bm>>16),d*4+(best>=b and {{ ai.b_lower }} or best>a0 and {{ ai.b_exact }} or {{ ai.b_upper }})
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
 local sq,tr,fc,n,best,bm={},{},{},0
{% if ai.pv or ai.tt %}
 local pm=ppv[0]
{% else %}
 local pm
{% endif %}
 for k=1,4 do
  n=stage(k,sq,n,tr,0,nil,pm,fc)
 end
 rsc={}
 for i=1,n do
  local m,s=sq[i]
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
 {# No limit: one the count never reaches, so the nodes' test is a single comparison. #}
 nodes,halt,lim,root,game,pv,pvl,ppv,sdep=0,false,nl>0 and nl or 0x7fff.ffff,#hist,{},{},{},{},0
{% if ai.tt %}
 {# The transposition table: 2^{{ ai.tt_bits }} slots in three arrays indexed by the hash's low bits:
    `tk` the hash, `tv` the score (integer part) with the best move in the fraction
    (move/65536: a move code is below 32768), `td` the depth*4 + the bound. #}
 tk,tv,td={},{},{}
{% endif %}
{% if ai.history %}
 hs={}
{% endif %}
 for i=1,#hist do
  game[hist[i]]=true
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
