{# make/unmake. `mk(m)` plays move m (legal: from `gen()`), pushing what `um()` needs on `undos`;
    captured squares go on `caps`, earlier hashes on `hist` (repetition reads it). #}
function mk(m)
 local f,t=m\{{ area }},m%{{ area }}
 local p,st,n=bd[f],status,#caps
 add(hist,hash)
 bd[f],bd[t]={{ EMPTY }},p
 hash^^=zk[p*{{ area }}+f]^^zk[p*{{ area }}+t]^^zs
{% if ai.table %}
 local mt=mat
 mat+=pst[p][t]-pst[p][f]
{% endif %}
 if p=={{ KING }} then
  king=t
 end
 capt(t{% if not king_armed %},p{% endif %})
 if status=={{ ONGOING }} then
  if p=={{ KING }} and esc[t]>0 then
   status={{ ESCAPED }}
{% if exit_fort %}
  elseif side=={{ DEFENDERS }} and edge[king]>0 and fort() then
   status={{ EXIT_FORT }}
{% endif %}
{% if surround %}
  elseif side=={{ ATTACKERS }} and surr() then
   status={{ SURROUNDED }}
{% endif %}
  end
 end
 side={{ ATTACKERS + DEFENDERS }}-side
{% if move_limit %}
 ply+=1
{% endif %} add(undos,{m,#caps-n,st{% if ai.table %},mt{% endif %}})
end

function um()
 local m,n,st{% if ai.table %},mt{% endif %}=unpack(deli(undos))
 local f,t=m\{{ area }},m%{{ area }}
 side={{ ATTACKERS + DEFENDERS }}-side
{% if move_limit %}
 ply-=1
{% endif %} local p=bd[t]
 bd[t],bd[f]={{ EMPTY }},p
 if p=={{ KING }} then
  king=f
 end
 for _=1,n do
  bd[deli(caps)]={{ ATTACKERS + DEFENDERS }}-side
 end
 status,hash=st,deli(hist)
{% if ai.table %}
 mat=mt
{% endif %}
end
