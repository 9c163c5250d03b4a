{# make/unmake. `mk(m)` plays move m (legal: from `gen()`), pushing what `um()` needs on `undos`;
    captured squares go on `caps`, earlier hashes on `hist` (repetition reads it). It sets `ncap`
    to the number of pieces captured (the search reads it instead of the undo record; a global,
    not a return value, so that a wrapper such as the test harness's watch mode cannot lose it). `bd` is read
    through a local (`bo`): a global read is one VM instruction more. `mk(m,true)` (quiescence) leaves
    `hash` and `hist` alone: nothing under a quiescence node reads them (no table, no repetition
    check there); the undo record says so (`nh`), and `um` then has no hash to restore.
    `mk(m,nil,true)`: the caller knows m captures nothing (it does not land on a capture
    candidate square), so the capture test is skipped.{% if surround %} `ns`: the caller knows the move cannot
    surround (see `wchk`), so that test is skipped too.{% endif %} #}
function mk(m,nh,nc{% if surround %},ns{% endif %})
 local bo,f,t=bd,m\{{ area }},m%{{ area }}
 local p,st,n=bo[f],status,#caps
 bo[f],bo[t]={{ EMPTY }},p
 local x=pix[f]
 pk[p][x]=t
 pix[t]=x
{% if ai.table %}
 local mt,ps=mat,pst[p]
 mat+=ps[t]-ps[f]
{% endif %}
 if p=={{ KING }} then
  king=t
 end
 if not nc then
  capt(t{% if not king_armed %},p{% endif %})
 end
 if not nh then
  add(hist,hash)
  hash^^=zk[p*{{ area }}+f]^^zk[p*{{ area }}+t]^^zs
  if not nc then
   for i=n+1,#caps do
    hash^^=zk[({{ ATTACKERS + DEFENDERS }}-side)*{{ area }}+caps[i]]
   end
  end
 end
 if status=={{ ONGOING }} then
  if p=={{ KING }} and esc[t]>0 then
   status={{ ESCAPED }}
{% if exit_fort %}
  elseif side=={{ DEFENDERS }} and edge[king]>0 and fort() then
   status={{ EXIT_FORT }}
{% endif %}
{% if surround %}
  elseif side=={{ ATTACKERS }} and not ns and surr() then
   status={{ SURROUNDED }}
{% endif %}
  end
 end
 side={{ ATTACKERS + DEFENDERS }}-side
{% if move_limit %}
 ply+=1
{% endif %} n=#caps-n
 ncap=n
 add(undos,{m,n,st,nh{% if ai.table %},mt{% endif %}})
end

{# The stacks are popped by hand (`deli` and `unpack` have no published PICO-8 cost): r is
   the undo record {m, n, status, nh{% if ai.table %}, mat{% endif %}}. #}
function um()
 local u=undos
 local z=#u
 local r=u[z]
 u[z]=nil
 local m,n=r[1],r[2]
 local f,t=m\{{ area }},m%{{ area }}
 side={{ ATTACKERS + DEFENDERS }}-side
{% if move_limit %}
 ply-=1
{% endif %} local bo=bd
 local p=bo[t]
 bo[t],bo[f]={{ EMPTY }},p
 local i=pix[t]
 pk[p][i]=f
 pix[f]=i
 if p=={{ KING }} then
  king=f
 end
 if n>0 then
  local e={{ ATTACKERS + DEFENDERS }}-side
  local l=pk[e]
  for _=1,n do
   local s=caps[#caps]
   caps[#caps]=nil
   bo[s]=e
   add(l,s)
   pix[s]=#l
  end
 end
 status=r[3]
 if not r[4] then
  local h=hist
  z=#h
  hash=h[z]
  h[z]=nil
 end
{% if ai.table %}
 mat=r[5]
{% endif %}
end
