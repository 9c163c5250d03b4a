pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- tafl8 ruleset copenhagen 49bd64cd
function rnd32()
 rs^^=rs<<13
 rs^^=rs>>>17
 rs^^=rs<<5
 return rs
end
function below(n)
 return (rnd32()>>>16)%(n>>16)<<16
end
dirs,sd,swin=split"13,1,-13,-1",split"1,2,2",split"1,2,2,1"
stp={split"0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,0,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,0,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,0,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",split"0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,0,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,0,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,0,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",split"0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0"}
he={split"0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0",split"0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0",split"0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0"}
ho={split"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",split"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",split"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"}
esc=split"0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0"
edge=split"0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0"
cor=split"0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0"
rs,zk=0x7af1.8c0d,{}
for i=169,675 do
 zk[i]=rnd32()
end
zs=rnd32()
strt="4,4,4,4,4,4,4,4,4,4,4,4,4,0,0,0,1,1,1,1,1,0,0,0,4,4,0,0,0,0,0,1,0,0,0,0,0,4,4,0,0,0,0,0,0,0,0,0,0,0,4,4,1,0,0,0,0,2,0,0,0,0,1,4,4,1,0,0,0,2,2,2,0,0,0,1,4,4,1,1,0,2,2,3,2,2,0,1,1,4,4,1,0,0,0,2,2,2,0,0,0,1,4,4,1,0,0,0,0,2,0,0,0,0,1,4,4,0,0,0,0,0,0,0,0,0,0,0,4,4,0,0,0,0,0,1,0,0,0,0,0,4,4,0,0,0,1,1,1,1,1,0,0,0,4,4,4,4,4,4,4,4,4,4,4,4,4,4"
--lint: func::_init
function setup(c,s)
 bd,side,hash,status,hist,caps,undos,pk,pix,ncap=c,s,s==2 and zs or 0,0,{},{},{},{{},{},{}},{},0
 mat=0
 for i=1,168 do
  local p=bd[i]
  hash^^=zk[p*169+i] or 0
  mat+=pst[p] and pst[p][i] or 0
  local q=pk[p]
  if q then
   add(q,i)
   pix[i]=#q
  end
  if p==3 then
   king=i
  end
 end
 if esc[king]>0 then
  status=2
 end
end
function gen()
 local l,bo,so,o,di={},bd,sd,side,dirs
 if status==0 then
  for s=14,154 do
   local c=bo[s]
   if so[c]==o then
    local st=stp[c]
    for j=1,4 do
     local d=di[j]
     local t=s+d
     while bo[t]==0 do
      if st[t]>0 then
       add(l,s*169+t)
      end
      t=t+d
     end
    end
   end
  end
 end
 return l
end
function host(s,v)
 local c=bd[s]
 if c==0 then
  return he[v][s]>0
 end
 if c==4 then
  return
 end
 local en=(c==1)~=(v==1)
 if en then
  return true
 end
 if ho[v][s]>0 then
  return true
 end
end
function rem(s)
 local c=bd[s]
 mat-=pst[c][s]
 bd[s]=0
 local l,i=pk[c],pix[s]
 local w=l[#l]
 l[i],pix[w]=w,i
 l[#l]=nil
 add(caps,s)
end
function kcap(k)
 for j=1,4 do
  if not host(k+dirs[j],3) then
   return
  end
 end
 return true
end
function capt(t)
 local e,di=3-side,dirs
 for j=1,4 do
  local d=di[j]
  local v=t+d
  local c=bd[v]
  if c==e then
   if host(v+d,c) then
    rem(v)
   end
  elseif c==3 and side==1 and kcap(v) then
   status=1
  end
 end
 if edge[t]>0 then
  shield(t)
 end
end
function capr(c)
 return sd[c]==side
end
function shield(t)
 for i=1,4 do
  local d,p=dirs[i],dirs[i%4+1]
  local o1,o2=bd[t+p]==4,bd[t-p]==4
  if o1~=o2 then
   local f,s,k=o1 and -p or p,t+d,0
   while sd[bd[s]]==3-side do
    if not capr(bd[s+f]) then
     k=0
     break
    end
    k=k+1
    s=s+d
   end
   local c=bd[s]
   if k>1 and (capr(c) or c==0 and cor[s]>0) then
    for m=t+d,s-d,d do
     if bd[m]~=3 then
      rem(m)
     end
    end
   end
  end
 end
end
wit,wis,rng,rix=false,{},split"-13,-12,1,14,13,12,-1,-14",{}
for i=1,8 do
 rix[rng[i]]=i
end
function surr()
 local b,w=bd,wit
 if w then
  local n,j=#w
  if sd[b[w[n]]]==2 then
   for i=1,n do
    if b[w[i]]==1 then
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
 for k=3,2,-1 do
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
   if not (seen[t] or c==1 or c==4) then
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
  if v==1 or v==4 or edge[y]>0 then
   return
  end
  add(r,y)
 end
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
function fort()
 local mr,q,w,di,n,ok={[king]=1},{king},{},dirs,0
 while n<#q do
  n+=1
  local s=q[n]
  for j=1,4 do
   local t=s+di[j]
   local c=bd[t]
   if not mr[t] then
    if c==0 then
     mr[t]=1
     add(q,t)
     ok=ok or s==king and stp[3][t]>0
    elseif c==2 then
     mr[t]=2
     add(w,t)
    elseif c==1 then
     return
    end
   end
  end
 end
 local function pr(t)
  local c=bd[t]
  return c==4 or mr[t]==2 or mr[t]==1 and (c~=0 or he[2][t]<1)
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
function outcome()
 if status>0 then
  return swin[status],status
 end
 if #gen()<1 then
  return 3-side,5
 end
 local r=1
 for h in all(hist) do
  if h==hash then
   r+=1
  end
 end
 if r>=3 then
  return 1,6
 end
end
function mk(m,nh,nc,ns)
 local bo,f,t=bd,m\169,m%169
 local p,st,n=bo[f],status,#caps
 bo[f],bo[t]=0,p
 local x=pix[f]
 pk[p][x]=t
 pix[t]=x
 local mt,ps=mat,pst[p]
 mat+=ps[t]-ps[f]
 if p==3 then
  king=t
 end
 if not nc then
  capt(t)
 end
 if not nh then
  add(hist,hash)
  hash^^=zk[p*169+f]^^zk[p*169+t]^^zs
  if not nc then
   for i=n+1,#caps do
    hash^^=zk[(3-side)*169+caps[i]]
   end
  end
 end
 if status==0 then
  if p==3 and esc[t]>0 then
   status=2
  elseif side==2 and edge[king]>0 and fort() then
   status=3
  elseif side==1 and not ns and surr() then
   status=4
  end
 end
 side=3-side
 n=#caps-n
 ncap=n
 add(undos,{m,n,st,nh,mt})
end
function um()
 local u=undos
 local z=#u
 local r=u[z]
 u[z]=nil
 local m,n=r[1],r[2]
 local f,t=m\169,m%169
 side=3-side
 local bo=bd
 local p=bo[t]
 bo[t],bo[f]=0,p
 local i=pix[t]
 pk[p][i]=f
 pix[f]=i
 if p==3 then
  king=f
 end
 if n>0 then
  local e=3-side
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
 mat=r[5]
end
pst={split"0,0,0,0,0,0,0,0,0,0,0,0,0,-326,-320,-320,-320,-320,-320,-320,-320,-320,-320,-326,0,0,-320,-308,-308,-308,-308,-308,-308,-308,-308,-308,-320,0,0,-320,-308,-308,-308,-308,-308,-308,-308,-308,-308,-320,0,0,-320,-308,-308,-308,-308,-308,-308,-308,-308,-308,-320,0,0,-320,-308,-308,-308,-308,-308,-308,-308,-308,-308,-320,0,0,-320,-308,-308,-308,-308,-308,-308,-308,-308,-308,-320,0,0,-320,-308,-308,-308,-308,-308,-308,-308,-308,-308,-320,0,0,-320,-308,-308,-308,-308,-308,-308,-308,-308,-308,-320,0,0,-320,-308,-308,-308,-308,-308,-308,-308,-308,-308,-320,0,0,-320,-308,-308,-308,-308,-308,-308,-308,-308,-308,-320,0,0,-326,-320,-320,-320,-320,-320,-320,-320,-320,-320,-326,0,0,0,0,0,0,0,0,0,0,0,0,0,0",split"0,0,0,0,0,0,0,0,0,0,0,0,0,293,290,290,290,290,290,290,290,290,290,293,0,0,290,284,284,284,284,284,284,284,284,284,290,0,0,290,284,284,284,284,284,284,284,284,284,290,0,0,290,284,284,284,284,284,284,284,284,284,290,0,0,290,284,284,284,284,284,284,284,284,284,290,0,0,290,284,284,284,284,284,284,284,284,284,290,0,0,290,284,284,284,284,284,284,284,284,284,290,0,0,290,284,284,284,284,284,284,284,284,284,290,0,0,290,284,284,284,284,284,284,284,284,284,290,0,0,290,284,284,284,284,284,284,284,284,284,290,0,0,293,290,290,290,290,290,290,290,290,290,293,0,0,0,0,0,0,0,0,0,0,0,0,0,0",split"0,0,0,0,0,0,0,0,0,0,0,0,0,104,80,80,80,80,80,80,80,80,80,104,0,0,80,32,32,32,32,32,32,32,32,32,80,0,0,80,32,32,32,32,32,32,32,32,32,80,0,0,80,32,32,32,32,32,32,32,32,32,80,0,0,80,32,32,32,32,32,32,32,32,32,80,0,0,80,32,32,32,32,32,32,32,32,32,80,0,0,80,32,32,32,32,32,32,32,32,32,80,0,0,80,32,32,32,32,32,32,32,32,32,80,0,0,80,32,32,32,32,32,32,32,32,32,80,0,0,80,32,32,32,32,32,32,32,32,32,80,0,0,104,80,80,80,80,80,80,80,80,80,104,0,0,0,0,0,0,0,0,0,0,0,0,0,0"}
ke={}
for s in all(split"14,15,23,24,27,37,131,141,144,145,153,154,2211,183,2212,184,-154,185,-153,186,-152,187,-151,188,-150,189,-149,190,-148,191,-147,2220,192,-146,2221,-145,2224,196,-2170,2225,197,-2169,-141,198,-140,199,-139,200,-138,201,-137,202,-136,203,-135,204,-134,2233,205,-2161,-133,2234,-2160,-132,2237,-2157,2238,-2156,2246,-2148,2247,-2147,2250,-2144,2251,-2143,2259,-2135,2260,-2134,2263,-2131,2264,-2130,2272,-2122,2273,-2121,2276,-2118,2277,-2117,2285,-2109,2286,-2108,2289,-2105,2290,-2104,2298,-2096,2299,-2095,2302,-2092,2303,-2091,2311,-2083,2312,-2082,2315,-2079,2316,-2078,2324,-2070,2325,-2069,2328,300,-2066,2329,301,-2065,-37,302,-36,303,-35,304,-34,305,-33,306,-32,307,-31,308,-30,2337,309,-2057,-29,2338,-2056,-28,313,-2053,314,-2052,-24,315,-23,316,-22,317,-21,318,-20,319,-19,320,-18,321,-17,322,-2044,-16,-2043,-15") do
 ke[s]=true
end
function routes()
 local n,b,x,k,di=0,bd,ke,king,dirs
 for j=1,4 do
  local d=di[j]
  local t=k+d
  if x[k+d*169] and b[t]==0 then
   repeat
    if x[t] then
     n=n+1
     break
    end
    t=t+d
   until b[t]~=0
  end
 end
 return n
end
function rsq()
 local r,l,n,b,x,k,di={},{},0,bd,ke,king,dirs
 for j=1,4 do
  local d=di[j]
  local t=k+d
  if b[t]==0 then
   local c=t
   r[t]=1
   add(l,t)
   repeat
    if x[t] then
     n=n+1
     for u=c+d,t,d do
      r[u]=1
      add(l,u)
     end
     break
    end
    t=t+d
   until b[t]~=0
  end
 end
 if n>0 then
  return r,l,n
 end
end
function ksafe()
 local n,k,di=0,king,dirs
 for j=1,4 do
  if host(k+di[j],3) then
   n+=1
  end
 end
 return n<3
end
ax,kd={[13]=1,[-13]=1,[1]=13,[-1]=13},0
function kesc()
 local b,x,w,k,di,n,f,g=bd,ke,ax,king,dirs,0,nil,0
 for j=1,4 do
  local d=di[j]
  local p,t,c=w[d],k+d
  if b[t]==0 then
   repeat
    if x[t] and not c then
     n,c=n+1,1
    end
    g=g+8
    if not f then
     for e=-p,p,p+p do
      local u=t+e
      if x[t+e*169] and b[u]==0 then
       repeat
        if x[u] then
         f=1
         break
        end
        u=u+e
       until b[u]~=0
      end
     end
    end
    t=t+d
   until b[t]~=0
  elseif b[t]==1 then
   g=g-45
  end
 end
 if n>0 then
  kd=1
  return (n>1 and ai_ed[1]+1500 or ai_ed[1])+g
 end
 if f then
  kd=2
  return ai_ed[2]+g
 end
 for j=1,4 do
  local d=di[j]
  local a,p=k+d,w[d]
  while b[a]==0 do
   for e=-p,p,p+p do
    local u=a+e
    while b[u]==0 do
     for v=-d,d,d+d do
      if x[u+v*169] then
       local t=u
       repeat
        t=t+v
       until b[t]~=0 or x[t]
       if b[t]==0 then
        kd=3
        return ai_ed[3]+g
       end
      end
     end
     u=u+e
    end
   end
   a=a+d
  end
 end
 kd=0
 return g
end
function evaluate(e)
 local v=mat+3840
 v=v+(e or kesc())
 if v>30000 then
  v=30000
 elseif v<-30000 then
  v=-30000
 end
 return side==2 and v or -v
end
ai_ed=split"500,90,25"
edl,inw,oww={},{},{}
for v=14,154 do
 if edge[v]>0 then
  add(edl,v)
  local f,r=v%13,v\13
  if (f==1 or f==11)~=(r==1 or r==11) then
   local d=f==1 and 1 or f==11 and -1 or r==1 and 13 or -13
   inw[v]=d
   oww[v+d]=oww[v+d] or {}
   add(oww[v+d],v)
  end
 end
end
spl={}
local spcel=split(strt)
for x=14,154 do
 if he[1][x]+he[2][x]>0 or ho[1][x]+ho[2][x]>0 or false then
  for j=1,4 do
   local d=dirs[j]
   if (spcel[x+d+d] or 4)<4 then
    add(spl,x)
    add(spl,x+d)
    add(spl,x+d+d)
   end
  end
 end
end
function qsw(v,f,e,vic)
 local bo,so=bd,sd
 local p=f%13==0 and 1 or 13
 for d=-p,p,p+p do
  local t=v-d
  if bo[t]==0 then
   local x,k=v,0
   while so[bo[x]]==e do
    if not capr(bo[x+f]) then
     k=0
     break
    end
    k=k+1
    x=x+d
   end
   local c=bo[x]
   if k>1 and (capr(c) or c==0 and cor[x]>0) and (bo[v]==3 or not host(v+d,bo[v])) then
    for m=v,x-d,d do
     if bo[m]~=3 then
      vic(t,m)
     end
    end
   end
  end
 end
end
function wchk()
 local w,b=wit,bd
 if w then
  local n=#w
  local df=w[n]
  if sd[b[df]]==2 then
   for i=1,n do
    if b[w[i]]==1 then
     return false
    end
   end
   return true,wis,df
  end
 end
end
qd,dk=split"-13,-1,1,13",{}
for j=1,4 do
 for k=1,10 do
  dk[-dirs[j]*k]=(j+1)%4*16+k
 end
end
function qmv(lt,lq,s)
 local bo,so=bd,sd
 local ms,ks,ky,n,dq={},{[0]=-1},dk,0,qd
 for y=1,#lq do
  local t=lq[y]
  local c=lt[t]
  for j=1,4 do
   local d=dq[j]
   local u=t+d
   local p=bo[u]
   while p==0 do
    u=u+d
    p=bo[u]
   end
   if so[p]==s and (c<2 or p==3) and stp[p][t]>0 then
    local key,i=u*64+ky[t-u],n+1
    n=i
    while ks[i-1]>key do
     ms[i],ks[i]=ms[i-1],ks[i-1]
     i=i-1
    end
    ms[i],ks[i]=u*169+t,key
   end
  end
 end
 return ms
end
function qfind(z)
 local bo,so,s,di,vl,kc,lt,lq,ok,on,df=bd,sd,side,dirs,{},{},{},{}
 local function mrk(t,c)
  if not lt[t] then
   lt[t]=c
   add(lq,t)
  end
 end
 local function vic(t,v)
  local l=vl[t]
  if l then
   add(l,v)
  else
   vl[t]={v}
   mrk(t,1)
  end
 end
 local e=3-s
 if s==1 then
  local pl,a,c=pk[2]
  for i=1,#pl do
   local v=pl[i]
   for j=1,2 do
    local d=di[j]
    a,c=bo[v-d],bo[v+d]
    if a==0 then
     if c==1 then
      vic(v-d,v)
     end
    elseif c==0 and a==1 then
     vic(v+d,v)
    end
   end
  end
 else
  local pl=pk[s]
  for i=1,#pl do
   local w=pl[i]
  for j=1,4 do
   local d=di[j]
   if bo[w+d]==e and bo[w+d+d]==0 then
    vic(w+d+d,w+d)
   end
  end
  end
 end
 if s==2 then
  local w=king
  for j=1,4 do
   local d=di[j]
   if bo[w+d]==e and bo[w+d+d]==0 then
    vic(w+d+d,w+d)
   end
  end
 end
 local hz=he[e]
 local hq=ho[e]
 local sl=spl
 for i=2,#sl,3 do
  local v=sl[i]
  if bo[v]==e then
   local w,t=sl[i-1],sl[i+1]
   local c=bo[w]
   if bo[t]==0 and (c==0 and hz[w]>0 or c~=0 and (so[c]~=s) and hq[w]>0) then
    vic(t,v)
   end
  end
 end
 if s==1 then
  local pl=pk[e]
  for i=1,#pl do
   local v=pl[i]
   local f=inw[v]
   if f and so[bo[v+f]]==s then
    qsw(v,f,e,vic)
   end
  end
  local f=inw[king]
  if f and so[bo[king+f]]==s then
   qsw(king,f,e,vic)
  end
 else
  for k=2,3 do
   local pl=pk[k]
   for i=1,#pl do
    local l=oww[pl[i]]
    if l then
     for j=1,#l do
      local v=l[j]
      if bo[v]==e then
       qsw(v,inw[v],e,vic)
      end
     end
    end
   end
  end
 end
 if s==1 then
  local k,hk,hl=king,he[3],ho[3]
  local hh,c={},0
  for j=1,4 do
   local d=di[j]
   if (so[bo[k+d]]==s or hk[k+d]>0 and bo[k+d]==0 or hl[k+d]>0 and bo[k+d]~=0) then
    c=c+1
    hh[d]=true
   end
  end
  if c==3 then
   for j=1,4 do
    local t=k+di[j]
    if not hh[t-k] and bo[t]==0 then
     kc[t]=true
     mrk(t,1)
    end
   end
  end
  if z then
  if not wchk() then
   surr()
  end
  ok,on,df=wchk()
  local function sus(t)
   if bo[t]==0 then
    mrk(t,1)
   end
  end
  if ok then
   sus(wit[1])
   for j=1,4 do
    local t=k+di[j]
    if on[t] then
     sus(t)
    end
   end
  else
   for j=1,4 do
    sus(k+di[j])
   end
   for i=1,#edl do
    sus(edl[i])
   end
  end
  end
 end
 if z and s==2 then
  if edge[king]>0 then
   for i=1,#edl do
    local t=edl[i]
    if bo[t]==0 then
     mrk(t,1)
    end
   end
  end
  for j=1,4 do
   local d=di[j]
   local t=king+d
   while bo[t]==0 do
    if edge[t]>0 then
     mrk(t,2)
    end
    t=t+d
   end
  end
 end
 return qmv(lt,lq,s),vl,kc,ok,on,df
end
function yld()
 if slice and stat(1)>.8 then
  fr+=stat(1)
  if fr>=tl then
   lim=nodes
  end
  yield()
  fr-=stat(1)
 end
end
function tick()
 nodes+=0x0.0001
 if nodes>=lim then
  halt=true
 end
 yld()
 return halt
end
function rep()
 local i=#hist-3
 while i>root do
  if hist[i]==hash then
   return true
  end
  i=i-2
 end
 return game[hash]
end
function lg(m)
 local bo,f,t=bd,m\169,m%169
 local p,d=bo[f],t-f
 if sd[p]~=side or bo[t]~=0 or stp[p][t]<1 then
  return
 end
 if f\13==t\13 then
  d=d>0 and 1 or -1
 elseif d%13==0 then
  d=d>0 and 13 or -13
 else
  return
 end
 for x=f+d,t-d,d do
  if bo[x]~=0 then
   return
  end
 end
 return true
end
function stage(k,sq,n,tr,h,tm,pm,fc)
 if k<2 then
  if tm and lg(tm) then
   n=n+1
   sq[n],tr[tm]=tm,1
  end
  if pm and not tr[pm] and lg(pm) then
   n=n+1
   sq[n],tr[pm]=pm,1
  end
 elseif k<3 then
  local ms
  ms,fc.v,fc.k=qfind()
  for j=1,#ms do
   local m=ms[j]
   if not tr[m] then
    n=n+1
    sq[n],tr[m]=m,1
   end
  end
 elseif k<4 then
  local l=kl[h]
  if l then
   for j=1,#l do
    local m=l[j]
    if not tr[m] and lg(m) then
     n=n+1
     sq[n],tr[m]=m,1
    end
   end
  end
 else
  local l,hq,hk,z,c,y=gen(),{},{},{},0,0
  for i=1,#l do
   local m=l[i]
   if not tr[m] then
    local x=hs[m]
    if x and x>0 then
     c=c+1
     local j=c
     while j>1 and hk[j-1]<x do
      hq[j],hk[j]=hq[j-1],hk[j-1]
      j=j-1
     end
     hq[j],hk[j]=m,x
    else
     y=y+1
     z[y]=m
    end
   end
  end
  for j=1,c do
   n=n+1
   sq[n]=hq[j]
  end
  for j=1,y do
   n=n+1
   sq[n]=z[j]
  end
 end
 return n
end
function upv(h,m)
 local c,p=pvl[h+1] or 0,{m}
 for k=1,c do
  p[k+1]=pv[h+1][k]
 end
 pv[h],pvl[h]=p,c+1
end
function nega(d,h,a,b,onpv)
 nodes+=0x0.0001
 if nodes>=lim then
  halt=true
  return 0
 end
 if nodes&0x0.0003==0 then
  yld()
 end
 pvl[h]=0
 if rep() then
  return side==2 and h-32000 or 32000-h
 end
 local ev
 if side==2 then
  if d<1 or h>=62 then
   ev=kesc()
   if kd==1 then
    return 31999-h
   end
  elseif routes()>0 then
   return 31999-h
  end
 end
 if d<1 or h>=62 then
  return qs(h,a,b,0,ev)
 end
 local a0,tm=a
 local ti=(hash&0x0000.0fff)<<16
 if tk[ti]==hash then
  local v,x=tv[ti],td[ti]
  tm=(v&0x0.ffff)<<16
  if x>=d*4 then
   local s,k=v\1,x&3
   if s>=31000 then
    s=max(s-h,31000)
   elseif s<=-31000 then
    s=min(s+h,-31000)
   end
   if k==1 or k==2 and s>=b or k==3 and s<=a then
    return s
   end
  end
 end
 local pm=onpv and ppv[h]
 local sq,tr,fc,best,bm,i,n,st,qi={},{},{},-32000,nil,0,0,0,484
 local wok,won,wdf
 if side==1 then
  wok,won,wdf=wchk()
 end
 while true do
  while i>=n and st<4 do
   st=st+1
   n=stage(st,sq,n,tr,h,tm,pm,fc)
   if st==3 then
    qi=n
   end
  end
  if i>=n then
   break
  end
  i=i+1
  local m,s=sq[i]
  local t=m%169
  local ns
  if wok and st>1 and not won[t] then
   ns=true
   local l=fc.v[t]
   if l then
    for j=1,#l do
     if l[j]==wdf then
      ns=nil
     end
    end
   end
  end
  mk(m,nil,st>1 and not (fc.v[t] or fc.k[t]),ns)
  local nc=ncap
  if status>0 then
   pvl[h+1]=0
   s=31999-h
  else
   local cp=onpv and pm==m
   local r=d-1
   if d>=3 and i>3 and nc<1 and i>qi and bd[m%169]~=3 then
    r=r-(i>11 and 2 or 1)
    if r<0 then
     r=0
    end
   end
   if i>1 then
    local nb=a+1
    s=-nega(r,h+1,-nb,-a,cp)
    if s>a and r<d-1 and not halt then
     s=-nega(d-1,h+1,-nb,-a,cp)
    end
    if s>a and s<b and not halt then
     s=-nega(d-1,h+1,-b,-a,cp)
    end
   else
    s=-nega(r,h+1,-b,-a,cp)
    if r<d-1 and s>a and not halt then
     s=-nega(d-1,h+1,-b,-a,cp)
    end
   end
  end
  um()
  if halt then
   return 0
  end
  if s>best then
   best,bm=s,m
   if s>a then
    a=s
    upv(h,m)
    if s>=b then
     if nc<1 then
      local k=kl[h] or {}
      kl[h]=k
      if k[1]~=m then
       k[2],k[1]=k[1],m
      end
      local c=hs[m] or 0
      if c>16000-d*d then
       for x,y in pairs(hs) do
        hs[x]=y\2
       end
      end
      hs[m]=(hs[m] or 0)+d*d
     end
     break
    end
   end
  end
 end
 if i<1 then
  return h-32000
 end
 local s=best
 if s>=31000 then
  s+=h
 elseif s<=-31000 then
  s-=h
 end
 local tj=(hash&0x0000.0fff)<<16
 tk[tj],tv[tj],td[tj]=hash,s+(bm>>16),d*4+(best>=b and 2 or best>a0 and 1 or 3)
 return best
end
--lint: func::_init
function rootsearch(d)
 tick()
 pvl[0]=0
 local sq,tr,fc,n,best,bm={},{},{},0
 local pm=ppv[0]
 for k=1,4 do
  n=stage(k,sq,n,tr,0,nil,pm,fc)
 end
 rsc={}
 for i=1,n do
  local m,s=sq[i]
  local a=best and max(best,margin-32000)-margin or -32000
  mk(m)
  if status>0 then
   pvl[1]=0
   s=31999
  elseif best then
   s=-nega(d-1,1,-min(a+1,32000),-a,pm==m)
   if s>a and not halt then
    s=-nega(d-1,1,-32000,-a,pm==m)
   end
  else
   s=-nega(d-1,1,-32000,-a,pm==m)
  end
  um()
  if halt then
   if d==1 then
    return best or s,bm or m
   end
   return
  end
  add(rsc,{m,s,s>a or not best})
  if not best or s>best then
   best,bm=s,m
   upv(0,m)
  end
 end
 return best,bm
end
--lint: func::_init, used::sdep
function search(md,nl)
 nodes,halt,lim,root,game,pv,pvl,ppv,sdep=0,false,nl>0 and nl or 0x7fff.ffff,#hist,{},{},{},{},0
 tk,tv,td={},{},{}
 hs={}
 for i=1,#hist do
  game[hist[i]]=true
 end
 if #gen()<1 then
  return
 end
 local bm,bs
 for d=1,mid(1,md,62) do
  kl={}
  local s,m=rootsearch(d)
  if halt and d>1 or not s then
   break
  end
  ppv={}
  for k=1,pvl[0] do
   ppv[k-1]=pv[0][k]
  end
  bm,bs,sdep,rscs=m,s,d,rsc
  if halt or abs(s)>=31000 and 32000-abs(s)<=d then
   break
  end
 end
 return bm,bs
end
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
function qs(h,a,b,q,e)
 if q>0 then
  nodes+=0x0.0001
  if nodes>=lim then
   halt=true
   return 0
  end
  if nodes&0x0.0003==0 then
   yld()
  end
  if side==2 then
   e=kesc()
   if kd==1 then
    return 31999-h
   end
  end
 end
 if side==1 and q<6 and h<62 then
  e=kesc()
  if kd==1 then
   return qblk(h,a,b,q,rsq())
  end
 end
 local best=evaluate(e)
 if best>=b or q>=6 or h>=62 then
  return best
 end
 if best>a then
  a=best
 end
 if side==2 then
  local k,di,ks=king,dirs,stp[3]
  for j=1,4 do
   local d=di[j]
   local t=k+d
   while bd[t]==0 do
    if ks[t]>0 then
     mk(k*169+t,true)
     local sc
     if status>0 then
      sc=31999-h
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
    end
    t=t+d
   end
  end
 end
 local ms,vl,kc,wok,won,wdf=qfind(true)
 local bo,s,mt=bd,side,mat
 local o=3-s
 local en,ix,pe=pk[o],pix,pst[o]
 for i=1,#ms do
  local m=ms[i]
  local f,t=m\169,m%169
  local p,l=bo[f],vl[t]
  local pp,x,ps=pk[p],ix[f],pst[p]
  bo[f],bo[t]=0,p
  pp[x],ix[t]=t,x
  mat=mt+ps[t]-ps[f]
  if p==3 then
   king=t
  end
  if l then
   for j=1,#l do
    local v=l[j]
    local y,w=ix[v],en[#en]
    bo[v],en[y],ix[w]=0,w,y
    en[#en]=nil
    mat-=pe[v]
   end
  end
  local sc
  if kc[t] or p==3 and esc[t]>0 or s==2 and edge[king]>0 and fort() or s==1 and qsur(t,l,wok,won,wdf) then
   sc=31999-h
  elseif l and p==3 and routes()>0 then
  elseif l then
   side=o
   sc=-qs(h+1,-b,-a,q+1)
   side=s
  end
  bo[t],bo[f]=0,p
  x=ix[t]
  pp[x],ix[f]=f,x
  if p==3 then
   king=f
  end
  if l then
   for j=1,#l do
    local v,n=l[j],#en+1
    bo[v],en[n],ix[v]=o,v,n
   end
  end
  mat=mt
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
function qblk(h,a,b,q,r,l,n)
 local best=h-31998
 if n>1 and ksafe() then
  return best
 end
 if best>a then
  a=best
 end
 local ms=qmv(r,l,1)
 for i=1,#ms do
  local m=ms[i]
  mk(m,true)
  local sc
  if status>0 then
   sc=31999-h
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
local u=1
gv,slice,margin,fr,tl=1,false,0,0,0x7fff
cal_f={[0]=function(n) for _=1,n do end end,
 function(n,a,b) for _=1,n do a=b end return a end,
 function(n,a) for _=1,n do a=gv end return a end,
 function(n,a) for _=1,n do gv=a end return a end,
 function(n,a) for _=1,n do a=u end return a end,
 function(n,a,b,c) for _=1,n do a=b+c end return a end,
 function(n,a,b,c) for _=1,n do a=b&c end return a end,
 function(n,a,b,_,t) for _=1,n do a=t[b] end return a end,
 function(n,a,b,_,t) for _=1,n do t[b]=a end return a end,
 function(n,a,_,_,t) for _=1,n do a=#t end return a end,
 function(n,a) for _=1,n do a={} end return a end,
 function(n,a,b,c) for _=1,n do a=b<c end return a end,
 function(n,a,b,c) for _=1,n do if b<c then a=b end end return a end,
 function(n,a,b,c) for _=1,n do a=b..c end return a end,
 function(n,_,_,_,_,f) for _=1,n do f() end end,
 function(n,a,b,_,_,f) for _=1,n do f(a,b) end return a end,
 function(n) for _=1,n do for _j=1,8 do end end end,
 function(n,a,_,_,t) for _=1,n do add(t,a) end return a end,
 function(n,_,_,_,t,f) for _=1,n do add(t,f) del(t,f) end end,
 function(n,_,_,_,t,f) for _=1,n do add(t,f) deli(t) end end,
 function(n,a,_,_,t) for _=1,n do a=count(t) end return a end,
 function(n,_,_,_,t) for _=1,n do for _v in all(t) do end end end,
 function(n,_,_,_,t,f) for _=1,n do foreach(t,f) end end,
 function(n,_,_,_,t) for _=1,n do for _k,_v in pairs(t) do end end end,
 function(n,_,_,_,t) for _=1,n do for _k,_v in ipairs(t) do end end end,
 function(n,a,b,_,t) for _=1,n do a,b=unpack(t) end return a end,
 function(n,a,b,c) for _=1,n do a=band(b,c) end return a end,
 function(n,a,b) for _=1,n do a=flr(b) end return a end,
 function(n,a,b) for _=1,n do a=peek(b) end return a end,
 function(n,a,b,c) for _=1,n do a=max(b,c) end return a end,
 function(n,a,b,c) for _=1,n do a=min(b,c) end return a end,
 function(n,a,b) for _=1,n do a=abs(b) end return a end,
 function(n,_,b) for _=1,n do assert(b) end end,
 function(n,a,b,c) for _=1,n do a=mid(a,b,c) end return a end,
 function(n,a,b) for _=1,n do a=rnd(b) end return a end,
 function(n,_,b) for _=1,n do srand(b) end end,
 function(n,a,b) for _=1,n do a=sqrt(b) end return a end,
 function(n,a,b) for _=1,n do a=sin(b) end return a end,
 function(n,a,b) for _=1,n do a=b^4 end return a end,
 function(n,a,b) for _=1,n do a=b^.5 end return a end,
 function(n,a,b) for _=1,n do a=stat(b) end return a end,
 function(n,a,b) for _=1,n do a=tostr(b) end return a end,
 function(n,a,_,_,_,_,s) for _=1,n do a=tonum(s) end return a end,
 function(n,a,_,_,_,_,s) for _=1,n do a=sub(s,1,1) end return a end,
 function(n,a,_,_,_,_,s) for _=1,n do a=split(s) end return a end,
 function(n,a,b) for _=1,n do a=chr(b) end return a end,
 function(n,a,b) for _=1,n do a=btn(b) end return a end,
 function(n,a,b) for _=1,n do a=btnp(b) end return a end,
 function(n,a) for _=1,n do a=time() end return a end,
 function(n,a,_,_,_,f) for _=1,n do a=cocreate(f) end return a end,
 function(n,a,_,_,_,f) for _=1,n do a=cocreate(f) coresume(a) end return a end,
 function(n,a) for _=1,n do a=cocreate(yield) coresume(a) coresume(a) end return a end,
 function(n,a,_,_,_,_,_,o) for _=1,n do a=costatus(o) end return a end,
 function(n,_,_,_,_,f,s) for _=1,n do menuitem(1,s,f) end end,
 function(n,_,_,_,_,_,s) for _=1,n do printh(s) end end,
 function(n) for _=1,n do sfx(-1) end end,
 function(n) for _=1,n do music(-1) end end,
 function(n) for _=1,n do cls() end end,
 function(n,a) for _=1,n do rectfill(0,0,15,15,a) end return a end,
 function(n,a) for _=1,n do rect(0,0,15,15,a) end return a end,
 function(n,a) for _=1,n do line(0,0,15,0,a) end return a end,
 function(n,a) for _=1,n do circfill(64,64,4,a) end return a end,
 function(n,a) for _=1,n do circ(64,64,4,a) end return a end,
 function(n,a) for _=1,n do pset(0,0,a) end return a end,
 function(n,a) for _=1,n do a=pget(0,0) end return a end,
 function(n) for _=1,n do spr(1,0,0) end end,
 function(n) for _=1,n do sspr(0,0,8,8,0,0) end end,
 function(n) for _=1,n do map(0,0,0,0,2,2) end end,
 function(n,a) for _=1,n do print("ab",0,0,a) end return a end,
 function(n) for _=1,n do memcpy(0x4300,0x6000,64) end end,
 function(n) for _=1,n do memset(0x4300,0,64) end end,
 function(n,a) for _=1,n do poke(0x4300,a) end return a end,
 function(n,_,b,c) for _=1,n do pal(b,c) end end,
 function(n) for _=1,n do pal() end end,
}
cal_id,cal_pr,cal_pb,cal_n=split"local,global,setglob,upval,arith,bitop,index,setidx,len,newtab,cmpval,cmpif,concat,call0,call2,for8,add,del,deli,count,all,foreach,pairs,ipairs,unpack,band,flr,peek,max,min,abs,assert,mid,rnd,srand,sqrt,sin,pow4,pow.5,stat,tostr,tonum,sub,split,chr,btn,btnp,time,cocreat,coresum,yield,costat,menuitm,printh,sfx,music,cls,rectfil,rect,line,circfil,circ,pset,pget,spr,sspr,map,print,memcpy,memset,poke,pal,palrst",split"1,1,1,1,1,1,1,1,1,1,2,2,3,3,5,13,9,17,16,31,55,54,55,55,5,1,1,1,4,4,3,3,5,7,11,27,27,8,16,19,12,12,14,12,12,7,7,18,27,55,105,12,14,3,19,19,1026,23,29,15,12,22,6,5,69,72,9,24,70,37,4,5,18",split"-,1,1,1,1,1,1,1,-,-,2,-,3,3,5,13,9,17,-,-,-,54,-,-,-,1,1,1,-,-,-,-,-,7,11,27,-,8,16,19,12,-,-,-,-,7,7,-,-,-,-,-,-,-,19,19,1026,23,29,15,-,-,-,-,69,72,9,24,70,37,-,-,-",split"1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,645,363,370,363,363,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,740,740,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,1024,740,363,190,1024,1024,128,1024,1024,19,869,689,1024,1024,909,1024,1024,289,277,1024,833,285,540,1024,1024,1024"
cal_k,cal_l=0,{}
function cal_o(...)
 local l=""
 for w in all({...}) do
  l..=tostr(w).." "
 end
 add(cal_l,l)
 printh(l,"calib",#cal_l<2)
end
function cal_r(d,n)
 return flr(d*(2184.5333/n)*640+.5)/10
end
function _init()
 cal_o("tafl8 calibration copenhagen pico-8 v"..stat(5))
 cal_o("name measured predicted published")
end
function _update()
 cal_k+=1
 local k=cal_k
 if k<=#cal_f then
  local n,t,p=cal_n[k],{1,2,3,4,5,6,7,8},cal_f
  local f=function() end
  local o=cocreate(f)
  local x=stat(1)
  p[0](n,3,5,7,t,f,"ab",o)
  local y=stat(1)
  p[k](n,3,5,7,t,f,"ab",o)
  local z=stat(1)
  cal_o(cal_id[k],cal_r(z-y-(y-x),n),cal_pr[k],cal_pb[k])
 elseif k==#cal_f+1 then
  setup(split(strt),1)
  local x=stat(1)
  search(2,0)
  local y=stat(1)
  local d=nodes<<16
  cal_o("node"..d,cal_r(y-x,d),1273.4,"-")
  cal_o("done")
 end
end
function _draw()
 cls()
 for i=max(1,#cal_l-20),#cal_l do
  print(cal_l[i])
 end
end
__gfx__
666666666666666dddddddddddddddd51111111111111115aaaa0000aaaa0000000000000000000000000000000000000000111111110000aaaa00000000aaaa
666666666666666dddddddddddddddd51111111111111115aaa0000aaaa0000a0000000000000000000000000000000000001aaaaaa10000a00000000000000a
666666666666666dddddddddddddddd51111177777711115aa0000aaaa0000aa000001111110000000000111111000000000014444100000a00000000000000a
666666666666666dddddddddddddddd511177cccccc77115a0000aaaa0000aaa00001bbbbb310000000001ffff100000000001ffff100000a00000000000000a
666666666666666dddddddddddddddd51117cccccccc7115000055555555aaaa0001bbbbbb331000000001cccc100000000001eeee1000000000000000000000
666666666666666dddddddddddddddd5117cccccccccc715000a53333335aaa0001bbbbbbbb3310000001cccccc1000000001eeeeee100000000000000000000
666666666666666dddddddddddddddd5117cccc77cccc71500aa53333335aa00001bb88bb8833100000001ffff100000000001ffff1000000000000000000000
666666666666666dddddddddddddddd5117ccc7777ccc7150aaa53333335a000001bb88bb8833100000001ffff100000000001ffff1000000000000000000000
666666666666666dddddddddddddddd5117ccc7777ccc715aaaa5333333500000013bbbbbb333100000001ffff100000000001ffff1000000000000000000000
666666666666666dddddddddddddddd5117cccc77cccc715aaa053333335000a0013bbbbbb333100000017766771000000001776677100000000000000000000
666666666666666dddddddddddddddd5117cccccccccc715aa005333333500aa00013322223310000000177667710000000017766aa100000000000000000000
666666666666666dddddddddddddddd51117cccccccc7115a000555555550aaa00001333333100000001777667771000000177766aa710000000000000000000
666666666666666dddddddddddddddd511177cccccc771150000aaaa0000aaaa000131111113100000017776677710000001777667771000a00000000000000a
666666666666666dddddddddddddddd51111177777711115000aaaa0000aaaa0000110000001100000177776677771000017777667777100a00000000000000a
666666666666666dddddddddddddddd5111111111111111500aaaa0000aaaa00000110000000000000111111111111000011111111111100a00000000000000a
dddddddddddddddd555555555555555555555555555555550aaaa0000aaaa000000000000000000000000000000000000000000000000000aaaa00000000aaaa
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000990000000000990000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000990000000000990000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000000bbbb0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000000bbbb0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000000bbbb0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000000bbbb0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000990000000000990000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000990000000000990000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
11111111111111111111110000011111111111111000001111111111111111111111011111100000000000000000000011111111111111000000000000000000
17777777777777777777710000017777777777771000001777777777777777777771017777100000000000000000000017777777777771000000000000000000
1aaaaaaaaaaaaaaaaaaaa1000001aaaaaaaaaaaa1000001aaaaaaaaaaaaaaaaaaaa101aaaa10000000000000000000001bbbbbbbbbbbb1000000000000000000
1aaaaaaaaaaaaaaaaaaaa1211111aaaaaaaaaaaa1111101aaaaaaaaaaaaaaaaaaaa121aaaa12000000000000000011111bbbbbbbbbbbb1111100000000000000
11111111177771111111112177771111111111117777101777711111111111111111217777120000000000000000177771111111111117777100000000000000
002222221aaaa12222222221aaaa122222222221aaaa101aaaa1222222222222222221aaaa1200000000000000001bbbb122222222221bbbb100000000000000
000000001aaaa12000000001aaaa120000000001aaaa121aaaa1200000000000000001aaaa1200000000000000001bbbb120000000001bbbb120000000000000
00000000177771200000000177771200000000017777121777712000000000000000017777120000000000000000177771200000000017777120000000000000
000000001999912000000001999912000000000199991219999120000000000000000199991200000000000000001bbbb120000000001bbbb120000000000000
000000001999912000000001999911111111111199991219999111111111111100000199991200000000000000001bbbb111111111111bbbb120000000000000
0000000019999120000000019999999999999999999912199999999999999991000001999912000000000000000011111bbbbbbbbbbbb1111120000000000000
0000000019999120000000019999999999999999999912199999999999999991000001999912000000000000000000221bbbbbbbbbbbb1222220000000000000
0000000019999120000000019999999999999999999912199999999999999991200001999912000000000000000011111bbbbbbbbbbbb1111100000000000000
000000001999912000000001999911111111111199991219999111111111111120000199991200000000000000001bbbb111111111111bbbb100000000000000
000000001999912000000001999912222222222199991219999122222222222220000199991200000000000000001bbbb122222222221bbbb100000000000000
00000000188881200000000188881200000000018888121888812000000000000000018888120000000000000000133331200000000013333120000000000000
00000000188881200000000188881200000000018888121888812000000000000000018888120000000000000000133331200000000013333120000000000000
00000000188881200000000188881200000000018888121888812000000000000000018888120000000000000000133331200000000013333120000000000000
00000000188881200000000188881200000000018888121888812000000000000000018888111111111111111110133331111111111113333120000000000000
00000000188881200000000188881200000000018888121888812000000000000000018888888888888888888810111113333333333331111120000000000000
00000000188881200000000188881200000000018888121888812000000000000000018888888888888888888810002213333333333331222220000000000000
00000000188881200000000188881200000000018888121888812000000000000000018888888888888888888812000013333333333331200000000000000000
00000000111111200000000111111200000000011111121111112000000000000000011111111111111111111112000011111111111111200000000000000000
00000000002222200000000002222200000000000222220022222000000000000000000222222222222222222222000000222222222222200000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
__label__
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111117777777777777777777711111117777777777771111111777777777777777777771117777111111111111111111111117777777777771111111111111
1111111aaaaaaaaaaaaaaaaaaaa1111111aaaaaaaaaaaa1111111aaaaaaaaaaaaaaaaaaaa111aaaa11111111111111111111111bbbbbbbbbbbb1111111111111
1111111aaaaaaaaaaaaaaaaaaaa1211111aaaaaaaaaaaa1111111aaaaaaaaaaaaaaaaaaaa121aaaa12111111111111111111111bbbbbbbbbbbb1111111111111
11111111111111177771111111112177771111111111117777111777711111111111111111217777121111111111111111177771111111111117777111111111
111111112222221aaaa12222222221aaaa122222222221aaaa111aaaa1222222222222222221aaaa1211111111111111111bbbb122222222221bbbb111111111
111111111111111aaaa12111111111aaaa121111111111aaaa121aaaa1211111111111111111aaaa1211111111111111111bbbb121111111111bbbb121111111
11111111111111177771211111111177771211111111117777121777712111111111111111117777121111111111111111177771211111111117777121111111
111111111111111999912111111111999912111111111199991219999121111111111111111199991211111111111111111bbbb121111111111bbbb121111111
111111111111111999912111111111999911111111111199991219999111111111111111111199991211111111111111111bbbb111111111111bbbb121111111
1111111111111119999121111111119999999999999999999912199999999999999991111111999912111111111111111111111bbbbbbbbbbbb1111121111111
1111111111111119999121111111119999999999999999999912199999999999999991111111999912111111111111111111221bbbbbbbbbbbb1222221111111
1111111111111119999121111111119999999999999999999912199999999999999991211111999912111111111111111111111bbbbbbbbbbbb1111111111111
111111111111111999912111111111999911111111111199991219999111111111111121111199991211111111111111111bbbb111111111111bbbb111111111
111111111111111999912111111111999912222222222199991219999122222222222221111199991211111111111111111bbbb122222222221bbbb111111111
11111111111111188881211111111188881211111111118888121888812111111111111111118888121111111111111111133331211111111113333121111111
11111111111111188881211111111188881211111111118888121888812111111111111111118888121111111111111111133331211111111113333121111111
11111111111111188881211111111188881211111111118888121888812111111111111111118888121111111111111111133331211111111113333121111111
11111111111111188881211111111188881211111111118888121888812111111111111111118888111111111111111111133331111111111113333121111111
11111111111111188881211111111188881211111111118888121888812111111111111111118888888888888888888811111113333333333331111121111111
11111111111111188881211111111188881211111111118888121888812111111111111111118888888888888888888811112213333333333331222221111111
11111111111111188881211111111188881211111111118888121888812111111111111111118888888888888888888812111113333333333331211111111111
11111111111111111111211111111111111211111111111111121111112111111111111111111111111111111111111112111111111111111111211111111111
11111111111111112222211111111112222211111111111222221122222111111111111111111222222222222222222222111111222222222222211111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111
111111111111111111111111111111111111111111111111111111111111111111111111111111111111aaaaaaaaaaaa11111111111111111111111111111111
111111111111111111111111111111111111111111111111111111111111111111111111111111111111aaaaaaaaaaaa11111111111111111111111111111111
00000000000000000000000000000000000000000000000000000000000000000000000000000000000011444444441100000000000000000000000000000000
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111444444441111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111ffffffff1111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111ffffffff1111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111eeeeeeee1111111111111111111111111111111111
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111eeeeeeee1111111111111111111111111111111111
111111111111111111111111111111111111111111111111111111111111111111111111111111111111eeeeeeeeeeee11111111111111111111111111111111
111111111111111111111111111111111111111111111111111111111111111111111111111111111111eeeeeeeeeeee11111111111111111111111111111111
00000000000000000000000000000000000000000000000000000000000000000000111111111111000011ffffffff1100000000001111111111110000000000
11111111111111111111111111111111111111111111111111111111111111111111111111111111111111ffffffff1111111111111111111111111111111111
1111111111111111111111111111111111111111111111111111111111111111111111ffffffff11111111ffffffff11111111111111ffffffff111111111111
1111111111111111111111111111111111111111111111111111111111111111111111ffffffff11111111ffffffff11111111111111ffffffff111111111111
1111111111111111111111111111111111111111111111111111111111111111111111cccccccc11111111ffffffff11111111111111cccccccc111111111111
1111111111111111111111111111111111111111111111111111111111111111111111cccccccc11111111ffffffff11111111111111cccccccc111111111111
11111111111111111111111111111111111111111111111111111111111111111111cccccccccccc11117777666677771111111111cccccccccccc1111111111
1111111bbbbb31111111111111111111111111111111111111111111111111111111cccccccccccc11117777666677771111111111cccccccccccc1111111111
000001bbbbbb3310000000000000000000000000000000000000000000000000000011ffffffff11001177776666aaaa110000000011ffffffff110000000000
11111bbbbbbbb331111111111111111111111111111111111111111111111111111111ffffffff11111177776666aaaa111111111111ffffffff111111111111
11111bb88bb88331111111111111111111111111111111111111111111111111111111ffffffff11117777776666aaaa771111111111ffffffff111111111111
11111bb88bb88331111111111111111111111111111111111111111111111111111111ffffffff11117777776666aaaa771111111111ffffffff111111111111
111113bbbbbb3331111111111111111111111111111111111111111111111111111111ffffffff111177777766667777771111111111ffffffff111111111111
111113bbbbbb3331111111111111111111111111111111111111111111111111111111ffffffff111177777766667777771111111111ffffffff111111111111
aaaa013322223310aaaa0000a1111110aaaa0000aaaa0000aaaa0000aaaa0000aa117777666677117777777766667777777711001177776666777711aaaa0000
aaa000133333310aaaa0000a1bbbbb31aaa0000aaaa0000aaaa0000aaaa0000aaa1177776666771177777777666677777777110a1177776666777711aaa0000a
aa0001311111131aaa0000a1bbbbbb331a0000aaaa0000aaaa0000aaaa0000aaaa117777666677111111111111111111111111aa1177776666777711aa0000aa
a000011aa000011aa0000a1bbbbbbbb331000aaaa0000aaaa0000aaaa0000aaaa0117777666677111111111111111111111111aa1177776666777711a0000aaa
ddddd11dddddddd56666661bb88bb88331ddddddddddddd5666666666666666d1177777766667777771166666666666ddddddd1177777766667777771166666d
ddddddddddddddd56666661bb88bb88331ddddddddddddd5666666666666666d1177777766667777771166666666666ddddddd1177777766667777771166666d
ddddddddddddddd566666613bbbbbb3331ddddddddddddd5666666666666666d1177777766667777771166666666666ddddddd1177777766667777771166666d
ddddddddddddddd566666613bbbbbb3331ddddddddddddd5666666666666666d1177777766667777771166666666666ddddddd1177777766667777771166666d
ddddddddddddddd566666661332222331dddddddddddddd566666666666666117777777766667777777711666666666ddddd117777777766667777777711666d
ddddddddddddddd56666666613333331ddddddddddddddd566666666666666117777777766667777777711666666666ddddd117777777766667777777711666d
ddddddddddddddd566666661311111131dddddddddddddd566666666666666111111111111111111111111666666666ddddd111111111111111111111111666d
ddddddddddddddd566666661166666611dddddddddddddd566666666666666111111111111111111111111666666666ddddd111111111111111111111111666d
ddddddddddddddd5666666611666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddd111111dd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
dddddd1bbbbb31d5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddd1bbbbbb3315666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
55551bbbbbbbb331dddddddddddddddd5555555555555555dddddddddddddddd5555555555555555dddddddddddddddd5555555555555555dddddddddddddddd
66661bb88bb88331ddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
66661bb88bb88331ddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666613bbbbbb3331ddddddddddddddd5611111166666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666613bbbbbb3331ddddddddddddddd51bbbbb316666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666661332222331dddddddddddddddd1bbbbbb331666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666666133333316ddddddddddddddd1bbbbbbbb33166666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666661311111131ddddddddddddddd1bb88bb8833166666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666661166666611ddddddddddddddd1bb88bb8833166666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666661166666666ddddddddddddddd13bbbbbb333166666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666666666666666ddddddddddddddd13bbbbbb333166666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666666666666666dddddddddddddddd1332222331666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666666666666666dddddddddddddddd5133333316666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666666666666666dddddddddddddddd1311111131666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666666666666666dddddddddddddddd1166666611666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666666666666666dddddddddddddddd1166666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
dddddddddddddddd5555555555555555dddddddddddddddd5555555555555555dddddddddddddddd5555555555555555dddddddddddddddd5555555555555555
ddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd5611111166666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd51bbbbb316666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd1bbbbbb331666666dddddddddddddd111111666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
dddddddddddddd1bbbbbbbb33166666ddddddddddddd1bbbbb3166666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
dddddddddddddd1bb88bb8833166666dddddddddddd1bbbbbb3316666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
dddddddddddddd1bb88bb8833166666ddddddddddd1bbbbbbbb331666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
dddddddddddddd13bbbbbb333166666ddddddddddd1bb88bb88331666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
dddddddddddddd13bbbbbb333166666ddddddddddd1bb88bb88331666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd1332222331666666ddddddddddd13bbbbbb3331666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd5133333316666666ddddddddddd13bbbbbb3331666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd1311111131666666dddddddddddd13322223316666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd1166666611666666ddddddddddddd1333333166666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
ddddddddddddddd1166666666666666dddddddddddd13111111316666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666d
5555555555555555dddddddddddddddd5555555555511555ddd11ddddddddddd5555555555555555dddddddddddddddd5555555555555555dddddddddddddddd
666666666666666dddddddddddddddd5666666666661166dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5666666666666666dddddddddddddddd5
__sfx__
000300002b05324043000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
00040000306752d6652965524645216351d6251861500000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
0007000024350283502b3503035034350373503c3533c3433c3333c32500000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000c00002b2502a250292502824027235262250000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000200003014037143000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
000400000c2400c235000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
