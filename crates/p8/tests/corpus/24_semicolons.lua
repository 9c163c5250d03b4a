-- semicolons as separators and empty statements
a=1; b=2;
;;
local c=3; print(a,b,c);
do ; end
function f() return; end
f();
