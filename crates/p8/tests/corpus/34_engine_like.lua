-- a tafl-like engine core: padded mailbox, move generation, captures
n=11 w=n+2
dirs={-1,1,-w,w}
empty,att,def,king,off=0,1,2,3,4
board={}
function sq(f,r) return (r+1)*w+f+1 end
function init_board()
  for i=0,w*w-1 do board[i]=off end
  for r=0,n-1 do for f=0,n-1 do board[sq(f,r)]=empty end end
  local c=n\2
  board[sq(c,c)]=king
  for d in all(dirs) do
    for k=1,2 do board[sq(c,c)+d*k]=def end
  end
  for i=3,7 do
    board[sq(i,0)]=att board[sq(i,n-1)]=att
    board[sq(0,i)]=att board[sq(n-1,i)]=att
  end
end
function side_of(p) if p==att then return 1 elseif p==def or p==king then return 2 end return 0 end
function gen_moves(side)
  local moves={}
  for s=0,w*w-1 do
    local p=board[s]
    if side_of(p)==side then
      for d in all(dirs) do
        local t=s+d
        while board[t]==empty do
          add(moves,s|t<<8>>>0)
          t+=d
        end
      end
    end
  end
  return moves
end
function captures(s,side)
  local got=0
  for d in all(dirs) do
    local a,b=s+d,s+d*2
    if side_of(board[a])==3-side and board[a]!=king and side_of(board[b])==side then
      board[a]=empty got+=1
    end
  end
  return got
end
function perft(side,depth)
  if (depth==0) return 1
  local total=0
  for m in all(gen_moves(side)) do
    local from,to=m&0xff,m>>>8&0xff
    local saved={}
    for i=0,w*w-1 do saved[i]=board[i] end
    board[to],board[from]=board[from],empty
    captures(to,side)
    total+=perft(3-side,depth-1)
    board=saved
  end
  return total
end
init_board()
print(#gen_moves(1),perft(1,1))
