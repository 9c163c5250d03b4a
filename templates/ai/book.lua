{# The opening book, the engine's `Book`: the compact string is read once into `book[key]`, a list
   of (move, weight) pairs; per position 8 hex digits of key (the hash's 32 bits, read as
   0xhhhh.llll), 1 of move count n, then n times 4 of move code and 1 of weight. #}
{% if ai.book %}
book={}
local bk,i="{{ ai.book }}",1
{# Hex digits a..b of the string after position i (a 16.16 number when `f` puts a point in). #}
local function hx(a,b,f)
 return tonum("0x"..sub(bk,i+a,i+b)..(f or ""))
end
while i<#bk do
 local n,e=hx(8,8),{}
 book[hx(0,3,"."..sub(bk,i+4,i+7))]=e
 for j=5,n*5,5 do
  add(e,{hx(4+j,7+j),hx(8+j,8+j)})
 end
 i+=9+n*5
end

{# A book move for this position, drawn by weight with `below`; nothing when the position is not
   in the book or a stored move is not legal here (a hash collision). #}
function bookmove()
 local e,l,t=book[hash],{},0
 if e then
  for m in all(gen()) do
   l[m]=true
  end
  for x in all(e) do
   if not l[x[1]] then
    return
   end
   t+=x[2]
  end
  local r=below(t)
  for x in all(e) do
   if r<x[2] then
    return x[1]
   end
   r-=x[2]
  end
 end
end
{% endif %}
