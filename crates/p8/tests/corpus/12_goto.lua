-- goto and labels
for i=1,3 do
  for j=1,3 do
    if (j==2) goto continue
    print(i..j)
    ::continue::
  end
end
do
  goto done
  print("skipped")
  ::done::
end
