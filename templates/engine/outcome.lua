{# Game endings, as the engine checks them: king captured / escaped (found while making the move),
    {% if exit_fort %}exit fort (after a defenders' move), {% endif %}{% if surround %}surrounded (after an attackers' move), {% endif %}then for the
    position reached: no moves, repetition, move limit. `outcome()` returns winner (0 = draw) and
    reason code, or nothing while the game goes on. #}
{% if surround %}
{# Are the king and every defender walled in (no path through non-attacker squares to the edge)?
   This runs after every attackers' move, quiescence candidates included, so on 11x11 it was most
   of the search's cost. Two savings, neither of which can change the answer:
   - `wit`, the path (edge square first, a defender's square last) that answered "no" last time.
     If it still starts on a defender or the king and no attacker stands on it, the answer is
     still "no". Most moves leave it intact.
   - Otherwise a depth-first search seeded from the piece sets (not a board scan), with a hand-
     indexed stack; it records each square's parent so the path it finds becomes the new `wit`.
     (Breadth first finds shorter paths, but measured slower on 11x11: it visits more squares.) #}
wit=false
function surr()
 local b,w=bd,wit
 if w and sd[b[w[#w]]]=={{ DEFENDERS }} then
  for i=1,#w do
   if b[w[i]]=={{ ATTACKER }} then
    goto search
   end
  end
  return
 end
 ::search::
 local e,seen,q,n=edge,{},{},0
 for k={{ DEFENDER }},{{ KING }} do
  for i in pairs(pk[k]) do
   if e[i]>0 then
    wit={i}
    return
   end
   seen[i]=0
   n=n+1
   q[n]=i
  end
 end
 while n>0 do
  local s=q[n]
  n=n-1
  for j=1,4 do
   local t=s+dirs[j]
   local c=b[t]
   if not (seen[t] or c=={{ ATTACKER }} or c=={{ OFF }}) then
    seen[t]=s
    if e[t]>0 then
     w={}
     while t>0 do
      add(w,t)
      t=seen[t]
     end
     wit=w
     return
    end
    n=n+1
    q[n]=t
   end
  end
 end
 return true
end
{% endif %}
{% if exit_fort %}

{# The king on the edge in a fort: he can move, the empty squares he reaches touch no attacker,
    and every wall defender is safe on both lines through it. #}
function fort()
 local mr,stk,walls,ok={[king]=1},{king},{}
 for d in all(dirs) do
  local t=king+d
{% if stop %}
  if bd[t]=={{ EMPTY }} and stp[{{ KING }}][t]>0 then
{% else %}
  if bd[t]=={{ EMPTY }} then
{% endif %}
   ok=1
  end
 end
 if not ok then
  return
 end
 while #stk>0 do
  local s=deli(stk)
  for d in all(dirs) do
   local t=s+d
   local c=bd[t]
   if not mr[t] then
    if c=={{ EMPTY }} then
     mr[t]=1
     add(stk,t)
    elseif c=={{ DEFENDER }} then
     mr[t]=2
     add(walls,t)
    elseif c=={{ ATTACKER }} then
     return
    end
   end
  end
 end
 local function pr(t)
  local c=bd[t]
{% if hostile_empty %}
  return c=={{ OFF }} or mr[t]==2 or mr[t]==1 and (c~={{ EMPTY }} or he[{{ DEFENDER }}][t]<1)
{% else %}
  return c=={{ OFF }} or mr[t]
{% endif %}
 end
 for w in all(walls) do
  for i=1,2 do
   local d=dirs[i]
   if not (pr(w+d) or pr(w-d)) then
    return
   end
  end
 end
 return true
end
{% endif %}

function outcome()
 if status>{{ ONGOING }} then
  return swin[status],status
 end
 if #gen()<1 then
  return {{ ATTACKERS + DEFENDERS }}-side,{{ R_NO_MOVES }}
 end
{% if repetition %}
 local r=1
 for h in all(hist) do
  if h==hash then
   r+=1
  end
 end
 if r>={{ repetition.count }} then
  return {{ repetition.winner }},{{ R_REPETITION }}
 end
{% endif %}
{% if move_limit %}
 if ply>={{ move_limit }} then
  return 0,{{ R_MOVE_LIMIT }}
 end
{% endif %}
end
