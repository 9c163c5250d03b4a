-- long brackets at several levels
a=[[simple]]
b=[[
first newline dropped]]
c=[=[has ]] inside]=]
d=[==[has ]=] and ]] inside]==]
e=[[multi
line
string]]
f=[[]]
print(a..b..c..d..e..f)
t={[[key]],[=[k2]=]}
print(#t)
