-- tafl8 differential harness: the Lua half. PICO-8 dialect, loaded AFTER the cart's engine code
-- (so it sees the cart's own `setup gen mk um outcome evaluate search think`), in the headless
-- runner or in z8lua. Protocol: the driver sets the global string `reqs` (request lines separated
-- by "\n") and calls `_init()` (the runner does that at boot); every request gets exactly one
-- `printh` line back, so answer i belongs to request i.
--
-- A request: `cmd side cells moves args...`
--   side:  1 attackers, 2 defenders (the contract's codes)
--   cells: the cells of squares 1..AREA-1 (contract order), comma-separated
--   moves: move codes played from there with `mk` (so the history is real), or `-`
--   cmd/args and the answer (after the echoed `cmd`):
--   perft d          hash, leaf count (units of 0x0.0001: exact past 32767), both as hex
--   moves            the outcome here (w:r), then per legal move, in generation order,
--                    `m:status:hash:w:r:c1.c2.` (captures in removal order), then the hash after
--                    every unmake (must equal the hash before)
--   eval             the static evaluation (side to move's view)
--   search d n       best score nodes(hex) depth pv(,m...) rootscores(,m:s:exact...)
--                    (n = node limit as hex units of 0x0.0001, 0 = none)
--   think lv seed    the level's choice, the PRNG state after it (hex), nodes(hex), depth
--                    (the PRNG seeded as the game seeds it: `seed(x)`, with its warm-up)
--   book seed        the opening book's choice (`-` out of book or without a book), PRNG after
--   level lv         search with level lv's limits and margin, unsliced: nodes(hex), depth
--                    (for `tafl8 bench cart`; compares nothing)
--   race l           the king race (`rdef`, defenders to move) after a depth-1 search: plies
--                    to a forced escape (0 none), moves made
--   nop              nothing (the bench's baseline: setup and protocol cost)
--   ycost n s        `yld()` n times with `slice` set (s 1) or not (s 0): the difference is
--                    what the game's frame-slicing test adds to every node (for the bench)
--   game a b seed n  self-play from here as the cart's game plays (book move, else the level's
--                    choice), attackers at level a, defenders at level b, at most n plies: the
--                    moves, then `= w:r:rng`
-- `-` stands for "nothing" (no move, game not over).

function hx(x)
 return tostr(x,1)
end

function hperft(d)
 local n=0
 for m in all(gen()) do
  mk(m)
  if d==1 then
   n+=0x0.0001
  elseif status==0 then
   n+=hperft(d-1)
  end
  um()
 end
 return n
end

-- Thinks in a coroutine, as the game does: `think` yields when stat(1) says the frame is spent.
function hthink(lv)
 local co,ok,m=cocreate(think)
 repeat
  ok,m=coresume(co,lv)
  assert(ok,m)
 until costatus(co)=="dead"
 return m
end

function hout()
 local w,r=outcome()
 return (w or "-")..":"..(r or "-")
end

function hreq(f)
 local c,a,b=f[1],tonum(f[5]),tonum(f[6])
 local o=c
 if c=="perft" then
  o..=" "..hx(hash).." "..hx(hperft(a))
 elseif c=="moves" then
  o..=" "..hout()
  for m in all(gen()) do
   local n=#caps
   mk(m)
   o..=" "..m..":"..status..":"..hx(hash)..":"..hout()..":"
   for i=n+1,#caps do
    o..=caps[i].."."
   end
   um()
  end
  o..=" "..hx(hash)
 elseif c=="eval" then
  o..=" "..evaluate()
 elseif c=="search" then
  rscs,ppv=nil
  local bm,bs=search(a,b)
  o..=" "..(bm or "-").." "..(bs or "-").." "..hx(nodes).." "..sdep.." pv"
  local k=0
  while ppv and ppv[k] do
   o..=","..ppv[k]
   k+=1
  end
  o..=" rs"
  for r in all(rscs) do
   o..=","..r[1]..":"..r[2]..":"..(r[3] and 1 or 0)
  end
 elseif c=="think" then
  seed(b)
  local m=hthink(a)
  o..=" "..(m or "-").." "..hx(rs).." "..hx(nodes).." "..sdep
 elseif c=="book" then
  seed(a)
  local m=bookmove and bookmove()
  o..=" "..(m or "-").." "..hx(rs)
 elseif c=="game" then
  seed(tonum(f[7]))
  local n=0
  while not outcome() and n<tonum(f[8]) do
   local m=bookmove and bookmove() or hthink(side==1 and a or b)
   if not m then
    break
   end
   mk(m)
   o..=" "..m
   n+=1
  end
  o..=" = "..hout()..":"..hx(rs)
 elseif c=="race" then
  search(1,0)
  rn=0
  o..=" "..rdef(a).." "..rn
 elseif c=="level" then
  local l=levels[a]
  margin=l[3]
  search(l[1],l[2])
  margin=0
  o..=" "..hx(nodes).." "..sdep
 elseif c=="ycost" then
  slice=b>0
  for _=1,a do
   yld()
  end
  slice=nil
 elseif c~="nop" then
  o="error unknown request "..c
 end
 return o
end

function serve(s)
 for l in all(split(s,"\n",false)) do
  if #l>0 then
   local f=split(l," ",false)
   setup(split(f[3]),tonum(f[2]))
   if f[4]~="-" then
    for m in all(split(f[4])) do
     mk(m)
    end
   end
   printh(hreq(f))
  end
 end
end

-- Watch mode (the cart's own game loop, frame by frame): every move the game itself makes (not
-- the search's, which run inside its coroutine `co`) is printed as `move m nodes depth frame`
-- (`move m book frame` for a book move),
-- so the frame-sliced game can be replayed by the Rust engine.
function watch()
 local mk0,up,fr,bk,bm0=mk,_update,0,nil,bookmove
 mk=function(m)
  if not co then
   printh("move "..m.." "..(bk and "book" or hx(nodes).." "..sdep).." "..fr)
   bk=nil
  end
  mk0(m)
 end
 if bm0 then
  bookmove=function()
   bk=bm0()
   return bk
  end
 end
 _update=function()
  fr+=1
  up()
 end
end

-- The cart's own `_init` (the game), kept for watch mode.
_init0=_init

function _init()
 if reqs then
  serve(reqs)
 else
  _init0()
  watch()
 end
end
