-- nested blocks and functions
function outer()
  local function mid()
    local function inner(x)
      if x>0 then
        while x>0 do
          x-=1
          if x==5 then
            repeat x-=1 until true
          elseif x==3 then
            do x-=1 end
          else
            for i=1,1 do x=x end
          end
        end
      end
      return x
    end
    return inner(10)
  end
  return mid()
end
print(outer())
