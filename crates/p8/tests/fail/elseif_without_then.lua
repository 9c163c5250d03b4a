-- expect: 3:10 `then` after the `elseif` condition
if a then
elseif b c()
end

