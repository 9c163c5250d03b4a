-- coroutines, the way a frame-sliced search uses them
co=cocreate(function(n)
  for i=1,n do yield(i) end
  return "done"
end)
while costatus(co)!="dead" do
  local ok,v=coresume(co,3)
  print(ok,v)
end
co2=cocreate(function() yield() end)
assert(coresume(co2))
