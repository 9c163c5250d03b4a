-- a small game in the usual PICO-8 shape
function _init()
  px,py=64,64
  score=0
  stars={}
  for i=1,20 do add(stars,{x=rnd(128),y=rnd(128),s=rnd(2)+0.5}) end
end

function _update()
  if (btn(0)) px-=2
  if (btn(1)) px+=2
  if (btn(2)) py-=2
  if (btn(3)) py+=2
  px=mid(0,px,120) py=mid(0,py,120)
  for s in all(stars) do
    s.y+=s.s
    if (s.y>128) s.y=0 s.x=rnd(128)
  end
  if (btnp(4)) score+=1 sfx(0)
end

function _draw()
  cls(1)
  for s in all(stars) do pset(s.x,s.y,7) end
  spr(1,px,py)
  rectfill(0,0,127,7,0)
  print("score "..score,1,1,7)
  circ(px+4,py+4,6,8) line(0,8,127,8,5)
end
