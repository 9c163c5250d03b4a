if (a) b()
if (a) b() c = 1
if (a) b() else c()
if (a) if (b) c() else d()
if (a) x = 1 else if (b) y = 2 else y = 3
while (i < 10) i += 1 j -= 1
if (a);
if (not a) return
if (a == 1) then
  b()
end
while (a) do
  b()
end
if (a) f(function() return 1 end) g()
if (a) ?"yes"
if (a) then
  if (b) c()
end
