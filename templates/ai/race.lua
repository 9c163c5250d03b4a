{# The king race, the engine's `search::race`: a narrow search that proves a forced escape. The
   defenders try the king's moves, the moves of their pieces first on the king's rays (`o`) and
   the moves landing where they take an attacker first on a ray (`n`), in generation order,
   keeping those after which the king has a route; the attackers try every move to a route
   square or beside the king (`rsq`, `qmv`: generation order). A repeated position is scored by
   the rules' repetition result; a race stops unproven after {{ ai.race_nodes }} moves made (`rn`).
   `rdef(l)`: plies to the defenders' forced escape within l plies, 0 for none; `ratt(l)` the
   same with the attackers to move facing a route (0: a reply holds). #}
function rdef(l)
 if rep() then
  return {{ 1 if ai.race_rep_defenders_win else 0 }}
 end
 if routes()>0 then
  return 1
 end
 if l<3 then
  return 0
 end
 local k,b,di,o,n,ms=king,bd,dirs,{},{},gen()
 for j=1,4 do
  local d=di[j]
  local t=k+d
  while b[t]=={{ EMPTY }} do
   t=t+d
  end
  if b[t]=={{ DEFENDER }} then
   o[t]=1
  elseif b[t]=={{ ATTACKER }} then
   for i=1,4 do
    local e=di[i]
    if b[t-e]=={{ EMPTY }} and {% if simple_host %}sd[b[t+e]]=={{ DEFENDERS }}{% else %}host(t+e,{{ ATTACKER }}){% endif %} then
     n[t-e]=1
    end
   end
  end
 end
 for i=1,#ms do
  local m=ms[i]
  local f=m\{{ area }}
  if f==k or o[f] or n[m%{{ area }}] then
   rn+=1
   if rn>{{ ai.race_nodes }} then
    return 0
   end
   yld()
   mk(m)
   local r=0
   if status>{{ ONGOING }} then
    r=1
   elseif routes()>0 then
    r=ratt(l-1)
    if r>0 then
     r+=1
    end
   end
   um()
   if r>0 then
    return r
   end
  end
 end
 return 0
end

function ratt(l)
 if rep() then
  return {{ 2 if ai.race_rep_attackers_lose else 0 }}
 end
 local r,q,c=rsq()
 if c>1 and ksafe() then
  return 2
 end
 local w,ms=2,qmv(r,q,{{ ATTACKERS }})
 for i=1,#ms do
  rn+=1
  if rn>{{ ai.race_nodes }} then
   return 0
  end
  yld()
  mk(ms[i])
  local x=0
  if status=={{ ONGOING }} then
   x=2
   if routes()<1 then
    x=rdef(l-1)
    if x>0 then
     x+=1
    end
   end
  end
  um()
  if x<1 then
   return 0
  end
  if x>w then
   w=x
  end
 end
 return w
end

{# The engine's `race_guard` on a level's choice m, the attackers to move: a choice the race
   refutes gets its proven loss as an exact score, the best is found again (the first of the
   highest), and the level chooses again, at most {{ ai.race_tries }} times. It starts the
   race's move count `rn`. #}
--lint: func::_init
function guard(m,l)
 for _=1,{{ ai.race_tries }} do
  mk(m)
  rn=0
  local p,bm,bs=status=={{ ONGOING }} and rdef({{ ai.race }}) or 0,m,-{{ ai.inf }}
  um()
  if p<1 then
   return m
  end
  for i=1,#rscs do
   local r=rscs[i]
   if r[1]==m then
    r[2],r[3]=p+{{ 1 - ai.inf }},true
   end
   if r[2]>bs then
    bm,bs=r[1],r[2]
   end
  end
  m=choose(bm,bs,l)
 end
 return m
end
