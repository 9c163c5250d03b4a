-- names that contain keywords, and keywords next to punctuation
endx=1 _end=2 nil_=3 true1=4 iff=5 dox=6 format=7 repeats=8
local function_=9
t={andy=1,orb=2}
print(endx,_end,nil_,true1,iff,dox,format,repeats,function_,t.andy,t.orb)
if(endx==1)then print"ok"end
while(false)do end
for i=1,1 do end repeat until(true)
