-- the ? print shorthand, at the start of a line
?"hello"
?"at",10,20,7
x=5
?x
  ?x+1
if (x>1) ?"inline"
