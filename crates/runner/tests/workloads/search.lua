-- a tafl-like search workload: 7x7 padded mailbox, sliding moves, make/unmake, alpha-beta negamax
w=9
board={}
for i=0,80 do board[i]=-1 end
for y=1,7 do for x=1,7 do board[y*w+x]=0 end end
for _,s in ipairs({12,14,16,30,34,48,50,52}) do board[s]=1 end
for _,s in ipairs({20,22,38,40,58,60,62}) do board[s]=2 end
dirs={-1,1,-w,w}
pst={}
for i=0,80 do pst[i]=(i%w)*(i\w)%7 end
nodes=0

function gen(side)
  local moves={}
  for s=10,70 do
    if board[s]==side then
      for d in all(dirs) do
        local t=s+d
        while board[t]==0 do
          moves[#moves+1]=s*128+t
          t+=d
        end
      end
    end
  end
  return moves
end

function eval(side)
  local e=0
  for s=10,70 do
    local p=board[s]
    if p==side then e+=pst[s]+10 elseif p>0 then e-=pst[s]+10 end
  end
  return e
end

function search(side,depth,alpha,beta)
  nodes+=1
  if depth==0 then return eval(side) end
  local moves=gen(side)
  for i=1,#moves do
    local m=moves[i]
    local f,t=m\128,m%128
    board[t]=side board[f]=0
    local v=-search(3-side,depth-1,-beta,-alpha)
    board[f]=side board[t]=0
    if v>alpha then alpha=v end
    if alpha>=beta then break end
  end
  return alpha
end

result=search(1,3,-32000,32000)..":"..nodes
