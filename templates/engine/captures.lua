{# Captures and outcome, in the contract's order: custodial captures around the destination in
    direction order N, E, S, W (the king's capture at its direction's step), then shieldwalls in
    direction order. `host(s,v)`: is square s hostile to a piece of kind v? With no hostile
    squares, no Linnaean rule and an armed king it is just "a piece of the side to move stands
    there" (every caller asks on behalf of the mover), written inline. #}
{% if not simple_host %}
function host(s,v)
 local c=bd[s]
 if c=={{ EMPTY }} then
{% if hostile_empty %}
  return he[v][s]>0
{% else %}
  return
{% endif %}
 end
 if c=={{ OFF }} then
  return
 end
 local en=(c=={{ ATTACKER }})~=(v=={{ ATTACKER }})
{% if king_armed %}
 if en then
{% else %}
 if en and c~={{ KING }} then
{% endif %}
  return true
 end
{% if hostile_occupied %}
 if ho[v][s]>0 then
  return true
 end
{% endif %}
{% if linnaean %}
 if not en and c=={{ KING }} and v=={{ DEFENDER }} and s=={{ throne }} then
  local k=0
  for j=1,4 do
   if bd[s+dirs[j]]=={{ ATTACKER }} then
    k+=1
   end
  end
  return k==3
 end
{% endif %}
end
{% endif %}

{# Takes the piece off s (mk adds the captures to the hash): its kind's list takes its last
   square into the hole. #}
function rem(s)
 local c=bd[s]
{% if ai.table %}
 mat-=pst[c][s]
{% endif %}
 bd[s]={{ EMPTY }}
 local l,i=pk[c],pix[s]
 local w=l[#l]
 l[i],pix[w]=w,i
 l[#l]=nil
 add(caps,s)
end
{% if king_capture != "two" %}

{# The king on k, the attacker having come from -d: by four (all sides hostile){% if king_capture == "near" %} on or beside the throne, else by two{% endif %}. #}
function kcap(k{% if king_capture == "near" %},d{% endif %})
{% if king_capture == "near" %}
 if nt[k]>0 then
{% endif %}
 for j=1,4 do
  if {% if simple_host %}sd[bd[k+dirs[j]]]~=side{% else %}not host(k+dirs[j],{{ KING }}){% endif %} then
   return
  end
 end
 return true
{% if king_capture == "near" %}
 end
 return {% if simple_host %}sd[bd[k+d]]==side{% else %}host(k+d,{{ KING }}){% endif %} 
{% endif %}
end
{% endif %}

{# A piece of `side` has just arrived on t (an unarmed king, p, captures nothing). #}
function capt(t{% if not king_armed %},p{% endif %})
{% if not king_armed %}
 if p=={{ KING }} then
  return
 end
{% endif %}
 local e,di={{ ATTACKERS + DEFENDERS }}-side,dirs
 for j=1,4 do
  local d=di[j]
  local v=t+d
  local c=bd[v]
  if c==e then
   if {% if simple_host %}sd[bd[v+d]]==side{% else %}host(v+d,c){% endif %} then
    rem(v)
   end
{% if king_capture == "two" %}
  elseif c=={{ KING }} and side=={{ ATTACKERS }} and {% if simple_host %}sd[bd[v+d]]==side{% else %}host(v+d,c){% endif %} then
{% else %}
  elseif c=={{ KING }} and side=={{ ATTACKERS }} and kcap(v{% if king_capture == "near" %},d{% endif %}) then
{% endif %}
   status={{ KING_CAPTURED }}
  end
 end
{% if shieldwall %}
 if edge[t]>0 then
  shield(t)
 end
{% endif %}
end
{% if shieldwall %}

{# Can piece c take part in a capture for `side`? #}
function capr(c)
{% if king_armed %}
 return sd[c]==side
{% else %}
 return sd[c]==side and c~={{ KING }}
{% endif %}
end

{# Shieldwall: a row of 2+ enemies along the edge from t, each with a capturer in front, closed by
    a capturer or an empty corner, is taken (the king in it stays). #}
function shield(t)
 for i=1,4 do
  local d,p=dirs[i],dirs[i%4+1]
  local o1,o2=bd[t+p]=={{ OFF }},bd[t-p]=={{ OFF }}
  if o1~=o2 then
   local f,s,k=o1 and -p or p,t+d,0
   while sd[bd[s]]=={{ ATTACKERS + DEFENDERS }}-side do
    if not capr(bd[s+f]) then
     k=0
     break
    end
    k=k+1
    s=s+d
   end
   local c=bd[s]
   if k>1 and (capr(c) or c=={{ EMPTY }} and cor[s]>0) then
    for m=t+d,s-d,d do
     if bd[m]~={{ KING }} then
      rem(m)
     end
    end
   end
  end
 end
end
{% endif %}
