-- concatenation of strings and numbers
s="a".."b"..1 ..2
s..="c"
t="x"..(1+2).."y"
u=1 .."z"
print(s..t..u,#s)
