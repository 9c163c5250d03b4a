{# The calibration cart (`tafl8 build --calibration`): the variant's engine, as the game cart holds
   it, then this. On PICO-8 it measures what each construct the generated carts use costs, the
   way public profiler carts do (stat(1) deltas over a loop, an empty loop's subtracted), and
   what a node of the engine's search costs, and prints each beside the runner's prediction;
   in `tafl8 run` it prints the runner's own figures. One construct a frame, in _update: the
   loop runs n times (`cal_n`, sized at build time from the prediction to take about a seventh
   of a frame), so stat(1) (a 16.16 fraction of the 30 fps frame, 139,810.13 instructions)
   resolves a few thousandths of an instruction.
   The constructs' locals: a,b,c 3,5,7; t the list 1..8 (fresh each construct); f an empty
   function; s "ab"; o a coroutine of f, not yet resumed; u an upvalue, gv a global. The probe list and what the runner and the
   published sources give for each: crates/codegen/src/calibration.rs. #}
{# The search runs unsliced (`slice`, set by the game when it thinks in a coroutine), with the
   root's usual window (`margin`, set by the difficulty levels) and no thinking time (`fr`,
   `tl`, which a level's `think` sets). #}
local u=1
gv,slice,margin,fr,tl=1,false,0,0,0x7fff
{# cal_f[0], the empty loop, is called as the probes are (a table read), so the two calls cost
   the same. #}
cal_f={[0]=function(n) for _=1,n do end end,
{% for p in probes %}
 function(n{{ p.params }}) for _=1,n do {{ p.code }} end{{ p.ret }} end,
{% endfor %}
}
cal_id,cal_pr,cal_pb,cal_n=split"{{ names }}",split"{{ predictions }}",split"{{ published }}",split"{{ reps }}"
cal_k,cal_l=0,{}
{# One result: on the screen and in calib.txt beside the cart (PICO-8's printh with a file name;
   the first line starts the file; the runner prints it). #}
function cal_o(...)
 local l=""
 for w in all({...}) do
  l..=tostr(w).." "
 end
 add(cal_l,l)
 printh(l,"calib",#cal_l<2)
end
{# Instructions a repetition, to a tenth, from d frames of stat(1) over n repetitions: a frame
   is 4194304/30 = 139810.13 instructions, past PICO-8's largest number, so 64 x 2184.5333. #}
function cal_r(d,n)
 return flr(d*(2184.5333/n)*640+.5)/10
end
function _init()
 cal_o("tafl8 calibration {{ variant }} pico-8 v"..stat(5))
 cal_o("name measured predicted published")
end
function _update()
 cal_k+=1
 local k=cal_k
 if k<=#cal_f then
  local n,t,p=cal_n[k],{1,2,3,4,5,6,7,8},cal_f
  local f=function() end
  local o=cocreate(f)
  local x=stat(1)
  p[0](n,3,5,7,t,f,"ab",o)
  local y=stat(1)
  p[k](n,3,5,7,t,f,"ab",o)
  local z=stat(1)
  cal_o(cal_id[k],cal_r(z-y-(y-x),n),cal_pr[k],cal_pb[k])
 elseif k==#cal_f+1 then
  {# A search node of this engine: the full-width depth-{{ node_depth }} search from the start,
     unsliced (as `tafl8 bench cart` counts it). #}
  setup(split(strt),{{ first_side }})
  local x=stat(1)
  search({{ node_depth }},0)
  local y=stat(1)
  local d=nodes<<16
  cal_o("node"..d,cal_r(y-x,d),{{ node_prediction }},"-")
  cal_o("done")
 end
end
function _draw()
 cls()
 for i=max(1,#cal_l-20),#cal_l do
  print(cal_l[i])
 end
end
