local a,b=1,-2 x=0x1.8+0b11*.5 a+=3 b..="s"t[f()]-=1 if(a!=b)a=b else b=a
while(x>0)x-=1
?a,b
function obj.m:go(p,...)local r=@p+%p+$p return r>>>1<<2>><3^^~r,...end for i=1,10,2 do if i\2==1 then goto skip elseif i%3==0 then break else print(i)end::skip::end for k,v in pairs{1,2,x=3,[4]=5}do printh(k..v)end local f=function()return- 1,-1,-x^2,not a or b and c end repeat local z=1 until z do;(f)()end s:sub"x"
