{# Quiescence, the engine's `qsearch`: stand pat or try the captures, at most {{ ai.max_qply }} plies.

   The engine makes every move that lands on a capture candidate square (`capture_squares`) and
   keeps those that captured or ended the game. Here `qfind(true)` finds the same moves without
   making the others (see ai/captures), and the search makes only those, removing the victims it
   already knows. Moves that capture nothing can only matter by ending the game{% if surround %} (a surround){% endif %}{% if exit_fort %} (an exit fort){% endif %};
   `qfind(true)` adds them only where that is possible, and they are made and tested as the
   engine does. Quiescence moves leave the hash, the history and the undo records alone: nothing
   below a quiescence node reads them. #}
{% if surround %}
{# After an attackers' move to t taking the pieces in l: surrounded? Not while the path `qfind`
   checked (`ok`, its squares `on`, its defender `df`) keeps clear of t and its defender stands:
   `surr` would find the same path. #}
function qsur(t,l,ok,on,df)
 if ok and not on[t] then
  ok=true
  if l then
   for j=1,#l do
    if l[j]==df then
     ok=false
    end
   end
  end
  if ok then
   return
  end
 end
 return surr()
end

{% endif %}
function qs(h,a,b,q{% if ai.escape %},e{% endif %})
 if q>0 then
  nodes+=0x0.0001
  if nodes>=lim then
   halt=true
   return 0
  end
  if nodes&{{ ai.yield_mask }}==0 then
   yld()
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
{% if ai.escape_block %}
 if side=={{ ATTACKERS }} and q<{{ ai.max_qply }} and h<{{ ai.max_ply - 2 }} then
{% if ai.escape %}
  {# The evaluation's escape term walks the king's rays anyway and counts his routes (`kd` 1):
     the routes' squares are collected only when there are some. #}
  e=kesc()
  if kd==1 then
   return qblk(h,a,b,q,rsq())
  end
{% else %}
  local r,l=rsq()
  if r then
   return qblk(h,a,b,q,r,l)
  end
{% endif %}
 end
{% endif %}
{% if ai.eval_inline %}
{# The evaluation written out: it is the table sum and the escape term, nothing else. #}
 local best={% if ai.table %}mat{% else %}0{% endif %}{% if ai.balance %}{{ ai.balance }}{% endif %}+(e or kesc())
 if side=={{ ATTACKERS }} then
  best=-best
 end
{% else %}
 local best=evaluate({% if ai.escape %}e{% endif %})
{% endif %}
 if best>=b or q>={{ ai.max_qply }} or h>={{ ai.max_ply - 2 }} then
  return best
 end
 if best>a then
  a=best
 end
{% if ai.escape_threat %}
{# The king's moves (in generation order) to a square with an open route come first: threats
   the attackers must answer, and a fork wins. #}
 if side=={{ DEFENDERS }} then
  local k,di{% if stop %},ks{% endif %}{% if pass %},kp{% endif %}=king,dirs{% if stop %},stp[{{ KING }}]{% endif %}{% if pass %},pas[{{ KING }}]{% endif %}

  for j=1,4 do
   local d=di[j]
   local t=k+d
   while bd[t]=={{ EMPTY }} do
{% if stop %}
    if ks[t]>0 then
{% endif %}
     mk(k*{{ area }}+t,true)
     local sc
     if status>{{ ONGOING }} then
      sc={{ ai.inf - 1 }}-h
     elseif routes()>0 then
      sc=-qs(h+1,-b,-a,q+1)
     end
     um()
     if halt then
      return 0
     end
     if sc and sc>best then
      best=sc
      if sc>a then
       a=sc
       if sc>=b then
        return best
       end
      end
     end
{% if stop %}
    end
{% endif %}
{% if pass %}
    if kp[t]<1 then
     break
    end
{% endif %}
    t=t+d
   end
  end
 end
{% endif %}
 local ms,vl,kc{% if surround %},wok,won,wdf{% endif %}=qfind(true)
 local bo,s{% if ai.table %},mt{% endif %}=bd,side{% if ai.table %},mat{% endif %}

 local o={{ ATTACKERS + DEFENDERS }}-s
 local en,ix{% if ai.table %},pe{% endif %}=pk[o],pix{% if ai.table %},pst[o]{% endif %}

 for i=1,#ms do
  local m=ms[i]
  local f,t=m\{{ area }},m%{{ area }}
  local p,l=bo[f],vl[t]
  local pp,x{% if ai.table %},ps{% endif %}=pk[p],ix[f]{% if ai.table %},pst[p]{% endif %}

  bo[f],bo[t]={{ EMPTY }},p
  pp[x],ix[t]=t,x
{% if ai.table %}
  mat=mt+ps[t]-ps[f]
{% endif %}
  if p=={{ KING }} then
   king=t
  end
  if l then
   {# Each victim leaves its list as `rem` takes it off. #}
   for j=1,#l do
    local v=l[j]
    local y,w=ix[v],en[#en]
    bo[v],en[y],ix[w]={{ EMPTY }},w,y
    en[#en]=nil
{% if ai.table %}
    mat-=pe[v]
{% endif %}
   end
  end
  local sc
  if kc[t] or p=={{ KING }} and esc[t]>0{% if exit_fort %} or s=={{ DEFENDERS }} and edge[king]>0 and fort(){% endif %}{% if surround %} or s=={{ ATTACKERS }} and qsur(t,l,wok,won,wdf){% endif %} then
   sc={{ ai.inf - 1 }}-h
{% if ai.escape_threat %}
  elseif l and p=={{ KING }} and routes()>0 then
   {# searched as a threat above #}
{% endif %}
  elseif l then
   side=o
   sc=-qs(h+1,-b,-a,q+1)
   side=s
  end
  bo[t],bo[f]={{ EMPTY }},p
  {# The mover's place in its list may have moved in the search below (a capture there fills
     its hole with the list's last square): read it again. #}
  x=ix[t]
  pp[x],ix[f]=f,x
  if p=={{ KING }} then
   king=f
  end
  if l then
   for j=1,#l do
    local v,n=l[j],#en+1
    bo[v],en[n],ix[v]=o,v,n
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
{% if ai.escape_block %}

{# The engine's `qblock`: the attackers to move facing an open route may not stand pat; only
   the moves to a route square or beside the king (r and l, from `rsq`) can save the game, and
   one that leaves a route open loses two plies on. The moves are found from those squares
   (`qmv`), in the engine's generation order; each is made in full (quiescence's make: no
   hash). #}
function qblk(h,a,b,q,r,l,n)
 local best=h-{{ ai.inf - 2 }}
 if n>1 and ksafe() then
  {# A fork: no single move closes two routes nor takes the king. #}
  return best
 end
 if best>a then
  a=best
 end
 local ms=qmv(r,l,{{ ATTACKERS }})
 for i=1,#ms do
  local m=ms[i]
  mk(m,true)
  local sc
  if status>{{ ONGOING }} then
   sc={{ ai.inf - 1 }}-h
  elseif routes()<1 then
   sc=-qs(h+1,-b,-a,q+1)
  end
  um()
  if halt then
   return 0
  end
  if sc and sc>best then
   best=sc
   if sc>a then
    a=sc
    if sc>=b then
     return best
    end
   end
  end
 end
 return best
end
{% endif %}
