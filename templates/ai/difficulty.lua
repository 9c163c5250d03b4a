{# Difficulty levels and the move choice that gives them variety, the engine's `difficulty`:
   per level depth, node budget (in units of 0x0.0001), root margin, halvings and thinking
   time (CPU frames: see `yld`). Among the root
   moves with exact scores within the margin of the best, the weight halves `halvings` times from
   the best to the worst kept one; `below` draws among them. #}
levels={ {%- for l in ai.levels %}split"{{ l }}"{% if not loop.last %},{% endif %}{% endfor -%} }
margin=0

{# The game's generator, the engine's `seeded_rng`: seed, then {{ ai.warm_up }} draws discarded (small
   seeds' first outputs are small). #}
function seed(x)
 rs=x
 for _=1,{{ ai.warm_up }} do
  rnd32()
 end
end

function choose(bm,bs,l)
 if bs>={{ ai.win_min }} then
  return bm
 end
 local lost,sp,tot=true,1,0
 for r in all(rscs) do
  lost=lost and r[2]<=-{{ ai.win_min }}
 end
 local function gap(r)
  local g=bs-r[2]
  if r[3] and (lost or r[2]>-{{ ai.win_min }}) and g>=0 and g<=l[3] then
   return g
  end
 end
 for r in all(rscs) do
  sp=max(sp,gap(r) or 0)
 end
 local function wt(r)
  local g=gap(r)
  return g and (64>>min(g*l[4]\sp,15))\1 or 0
 end
 for r in all(rscs) do
  tot+=wt(r)
 end
 if tot<1 then
  return bm
 end
 local x=below(tot)
 for r in all(rscs) do
  if x<wt(r) then
   return r[1]
  end
  x-=wt(r)
 end
 return bm
end

{# The AI's move at level `lv` (1..{{ ai.levels | length }}); it thinks in slices (yields) when the
   game has set `slice` and runs it in a coroutine. It starts the time budget (`fr`, `tl`). #}
--lint: func::_init
function think(lv)
 local l=levels[lv]
 margin,tl,fr=l[3],l[5],-stat(1)
 local bm,bs=search(l[1],l[2])
 margin=0
{% if ai.race %}
 {# The attackers' choice goes through the king race (`guard`, ai/race). #}
 local m=bm and choose(bm,bs,l)
 if m and side=={{ ATTACKERS }} then
  return guard(m,l)
 end
 return m
{% else %}
 return bm and choose(bm,bs,l)
{% endif %}
end
