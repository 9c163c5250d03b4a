-- expect: 2:14 expected the end of the line after the `?` arguments
if a then ?x end
