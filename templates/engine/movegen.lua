{# Move generation in the contract's order: squares in increasing index; for each piece of the
    side to move, directions N, E, S, W; along each ray the nearest destination first. A move is
    from*AREA+to. A finished game has no moves. (The globals the loops read are copied into
    locals: a local read costs no VM instruction, a global one does.) #}
function gen()
 local l,bo,so,o,di={},bd,sd,side,dirs
 if status=={{ ONGOING }} then
  for s={{ first_square }},{{ last_square }} do
   local c=bo[s]
   if so[c]==o then
{% if stop %}
    local st=stp[c]
{% endif %}
{% if pass %}
    local ps=pas[c]
{% endif %}
    for j=1,4 do
     local d=di[j]
     local t=s+d
     while bo[t]=={{ EMPTY }} do
{% if stop %}
      if st[t]>0 then
       add(l,s*{{ area }}+t)
      end
{% else %}
      add(l,s*{{ area }}+t)
{% endif %}
{% if pass %}
      if ps[t]<1 then
       break
      end
{% endif %}
      t=t+d
     end
    end
   end
  end
 end
 return l
end
