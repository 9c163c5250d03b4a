-- expect: 2:22 cannot use `...` outside a vararg function
function f(a) return ... end

