-- metatables and class-like objects
vec={}
vec.__index=vec
function vec.new(x,y) return setmetatable({x=x,y=y},vec) end
function vec.__add(a,b) return vec.new(a.x+b.x,a.y+b.y) end
function vec.__eq(a,b) return a.x==b.x and a.y==b.y end
function vec:len() return sqrt(self.x^2+self.y^2) end
v=vec.new(3,4)+vec.new(0,0)
print(v:len(),v==vec.new(3,4),getmetatable(v)==vec)
print(rawget(v,"x"),rawlen({1,2}),rawequal(v,v))
