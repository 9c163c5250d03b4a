{# Game endings, as the engine checks them: king captured / escaped (found while making the move),
    {% if exit_fort %}exit fort (after a defenders' move), {% endif %}{% if surround %}surrounded (after an attackers' move), {% endif %}then for the
    position reached: no moves, repetition, move limit. `outcome()` returns winner (0 = draw) and
    reason code, or nothing while the game goes on. #}
{% if surround %}
{# Are the king and every defender walled in (no path through non-attacker squares to the edge)?
   This runs after every attackers' move that could surround, quiescence candidates included, so
   on 11x11 it was most of the search's cost. Three savings, none of which can change the answer:
   - `wit`, the walk (edge square first, a defender's square last) that answered "no" last time,
     and `wis`, its squares as a set. If it still ends on a defender or the king and no attacker
     stands on it, the answer is still "no". Most moves leave it intact.
   - One attacker on it, not at its ends (usually the piece just moved): `srep` takes the walk
     round that square the shorter way on the eight around it (`rng`, in order round the square,
     each next to the one before). Mending more (the other way round too, an attacker on its edge
     square, a moved end defender) measured slower: the walks grow, and more moves land on them.
   - Otherwise a depth-first search seeded from the piece lists (not a board scan), with a hand-
     indexed stack; it records each square's parent so the path it finds becomes the new walk.
     (Breadth first finds shorter paths, but measured slower on 11x11: it visits more squares.)
     The king is pushed first and the defenders from the end of their list, so the search starts
     from the list's first defender: the walks found so stand longer (docs/search.md,
     "Surround and the exit fort"). #}
wit,wis,rng,rix=false,{},split"{{ -width }},{{ 1 - width }},1,{{ width + 1 }},{{ width }},{{ width - 1 }},-1,{{ -width - 1 }}",{}
for i=1,8 do
 rix[rng[i]]=i
end
function surr()
 local b,w=bd,wit
 if w then
  local n,j=#w
  if sd[b[w[n]]]=={{ DEFENDERS }} then
   for i=1,n do
    if b[w[i]]=={{ ATTACKER }} then
     if j then
      goto search
     end
     j=i
    end
   end
   if not j or j>1 and srep(b,w,j) then
    return
   end
  end
 end
 ::search::
 local e,seen,q,n,di=edge,{},{},0,dirs
 for k={{ KING }},{{ DEFENDER }},-1 do
  local l=pk[k]
  for j=#l,1,-1 do
   local i=l[j]
   if e[i]>0 then
    wit,wis={i},{[i]=true}
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
   local t=s+di[j]
   local c=b[t]
   if not (seen[t] or c=={{ ATTACKER }} or c=={{ OFF }}) then
    seen[t]=s
    if e[t]>0 then
     local o={}
     w={}
     while t>0 do
      add(w,t)
      o[t]=true
      t=seen[t]
     end
     wit,wis=w,o
     return
    end
    n=n+1
    q[n]=t
   end
  end
 end
 return true
end

{# The walk w has its j-th square t under an attacker, the only one on it, neither its first nor
   its last: take it round t the shorter way on the squares around t, from w[j-1] to w[j+1], if
   none of them holds an attacker or is an edge square (so its first square stays its only edge
   square: `qfind` relies on that). They are on the padded board (t is on the board), and the
   way round stops at its first off-board square, before any index outside it. The walk is
   changed in place (only `qfind` reads it, before any search); its set is new (a search holds the
   old one for the moves it has still to try). #}
function srep(b,w,j)
 local t=w[j]
 local x,c,r=rix[w[j-1]-t],rix[w[j+1]-t],{}
 local g=(c-x)%8<=4 and 1 or -1
 while true do
  x=(x+g-1)%8+1
  if x==c then
   break
  end
  local y=t+rng[x]
  local v=b[y]
  if v=={{ ATTACKER }} or v=={{ OFF }} or edge[y]>0 then
   return
  end
  add(r,y)
 end
 {# w[j] becomes the squares of r (at least one: w[j-1] and w[j+1] are not next to each
    other), the squares after it move on by #r-1. #}
 local n,m,o=#w,#r,{}
 for i=n,j+1,-1 do
  w[i+m-1]=w[i]
 end
 for i=1,m do
  w[j+i-1]=r[i]
 end
 for i=1,n+m-1 do
  o[w[i]]=true
 end
 wit,wis=w,o
 return true
end
{% endif %}
{% if exit_fort %}

{# The king on the edge in a fort: he can move (an empty square next to him{% if stop %} he may
    stop on{% endif %}), the empty squares he reaches touch no attacker, and every wall defender
    is safe on both lines through it. A flood fill from the king over a queue walked by index
    (the order changes nothing), with numeric loops: it runs after every defenders' move while
    the king is on the edge, in quiescence too, so nothing of unknown cost (`all`, `deli`). #}
function fort()
 local mr,q,w,di,n,ok={[king]=1},{king},{},dirs,0
 while n<#q do
  n+=1
  local s=q[n]
  for j=1,4 do
   local t=s+di[j]
   local c=bd[t]
   if not mr[t] then
    if c=={{ EMPTY }} then
     mr[t]=1
     add(q,t)
{% if stop %}
     ok=ok or s==king and stp[{{ KING }}][t]>0
{% else %}
     ok=ok or s==king
{% endif %}
    elseif c=={{ DEFENDER }} then
     mr[t]=2
     add(w,t)
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
 for j=1,#w do
  local x=w[j]
  for i=1,2 do
   local d=di[i]
   if not (pr(x+d) or pr(x-d)) then
    return
   end
  end
 end
 return ok
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
