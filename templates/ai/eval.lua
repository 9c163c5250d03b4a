{# The static evaluation, the engine's `evaluate`: from the defenders' point of view, then signed
   for the side to move, clamped to +-EVAL_MAX. Material and piece-square values are folded into
   one signed table per piece kind (`pst[c][s]`), computed in Rust; their sum over the board,
   `mat`, is kept incrementally by setup/mk/um/rem (integer sums: the same value). #}
{% if ai.table %}
pst={split"{{ ai.table[0] }}",split"{{ ai.table[1] }}",split"{{ ai.table[2] }}"}
{% endif %}
{% if ai.escape or ai.escape_win or ai.escape_ext %}

{# Escape squares the king reaches in one move. #}
function routes()
 local n=0
 for d in all(dirs) do
  local t=king+d
  while bd[t]=={{ EMPTY }} do
{% if stop %}
   if esc[t]>0 and stp[{{ KING }}][t]>0 then
{% else %}
   if esc[t]>0 then
{% endif %}
    n+=1
   end
{% if pass %}
   if pas[{{ KING }}][t]<1 then
    break
   end
{% endif %}
   t+=d
  end
 end
 return n
end
{% endif %}
{% if ai.escape %}

{# The king's escape distance (1..{{ ai.escape_depth }}, 0 = none) by rook moves through empty squares, level by level, and his one-move routes. #}
function kesc()
 local r=routes()
 if r>0 then
  return 1,r
 end
 local seen,q,h={[king]=1},{king},1
 for l=1,{{ ai.escape_depth }} do
  for _=h,#q do
   local s=q[h]
   h+=1
   for d in all(dirs) do
    local t=s+d
    while bd[t]=={{ EMPTY }} do
{% if stop %}
     if stp[{{ KING }}][t]>0 and not seen[t] then
{% else %}
     if not seen[t] then
{% endif %}
      if esc[t]>0 then
       return l,0
      end
      seen[t]=1
      add(q,t)
     end
{% if pass %}
     if pas[{{ KING }}][t]<1 then
      break
     end
{% endif %}
     t+=d
    end
   end
  end
 end
 return 0,0
end
{% endif %}
{% if ai.mobility %}

{# Legal moves of side `sd` as if it were to move. #}
function nmoves(o)
 local n=0
 for s={{ first_square }},{{ last_square }} do
  local c=bd[s]
  if sd[c]==o then
   for d in all(dirs) do
    local t=s+d
    while bd[t]=={{ EMPTY }} do
{% if stop %}
     if stp[c][t]>0 then
      n+=1
     end
{% else %}
     n+=1
{% endif %}
{% if pass %}
     if pas[c][t]<1 then
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

function evaluate()
 local v={% if ai.table %}mat{% else %}0{% endif %}

{% if ai.defended %}
 for s={{ first_square }},{{ last_square }} do
  local c=bd[s]
{% if ai.defended %}
  if c=={{ ATTACKER }} or c=={{ DEFENDER }} then
   for d in all(dirs) do
    if sd[bd[s+d]]==sd[c] then
     v+=c=={{ DEFENDER }} and {{ ai.w_defended }} or -{{ ai.w_defended }}
     break
    end
   end
  end
{% endif %}
 end
{% endif %}
{% if ai.escape %}
 yld()
 local e,r=kesc()
 if e>0 then
  v+=ai_ed[e]
 end
 if r>1 then
  v+={{ ai.w_routes }}
 end
{% endif %}
{% if ai.guard %}
 for d in all(dirs) do
  if bd[king+d]=={{ ATTACKER }} then
   v-={{ ai.w_guard }}
  end
 end
{% endif %}
{% if ai.mobility %}
 v+={{ ai.w_mobility }}*mid(-{{ ai.mobility_clamp }},nmoves({{ DEFENDERS }})-nmoves({{ ATTACKERS }}),{{ ai.mobility_clamp }})
{% endif %}
 v=mid(-{{ ai.eval_max }},v,{{ ai.eval_max }})
 return side=={{ DEFENDERS }} and v or -v
end
{% if ai.escape %}
ai_ed=split"{{ ai.escape_distance }}"
{% endif %}
