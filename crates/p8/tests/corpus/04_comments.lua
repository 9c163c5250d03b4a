-- line comment
--[[ block
comment ]]
--[==[ level two ]] still ]=] inside ]==]
// c-style comment
x=1 -- trailing
y=2 --[[ inline ]] z=3
w=x+--[[ in an expression ]]y
--[ not a long comment
--[= not one either
v=4 // trailing c-style
print(x+y+z+w+v)
--
