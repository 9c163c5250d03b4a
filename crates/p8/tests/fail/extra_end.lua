-- expect: 3:1 expected a statement or end of input
x = 1
end

