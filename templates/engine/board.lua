{# Board and setup: the padded mailbox `bd` (square index = (rank+1)*W + file+1, ring = OFF),
    the rules tables (one `split` per kind, index = square), zobrist keys regenerated from the PRNG
    in the contract's order, and `setup(cells, side)`. #}
dirs,sd,swin=split"{{ dirs }}",split"{{ side_of }}",split"{{ status_winner }}"
{% if stop %}
stp={split"{{ stop[0] }}",split"{{ stop[1] }}",split"{{ stop[2] }}"}
{% endif %}
{% if pass %}
pas={split"{{ pass[0] }}",split"{{ pass[1] }}",split"{{ pass[2] }}"}
{% endif %}
{% if hostile_empty %}
he={split"{{ hostile_empty[0] }}",split"{{ hostile_empty[1] }}",split"{{ hostile_empty[2] }}"}
{% endif %}
{% if hostile_occupied %}
ho={split"{{ hostile_occupied[0] }}",split"{{ hostile_occupied[1] }}",split"{{ hostile_occupied[2] }}"}
{% endif %}
esc=split"{{ escape }}"
{% if surround or exit_fort or shieldwall %}
edge=split"{{ edge }}"
{% endif %}
{% if shieldwall %}
cor=split"{{ corner }}"
{% endif %}
{% if king_capture == "near" %}
nt=split"{{ near_throne }}"
{% endif %}
{# Keys: kind k on square s is zk[k*AREA+s], drawn for k = 1..3, s = 0..AREA-1, then the side key. #}
rs,zk={{ zobrist_seed }},{}
for i={{ area }},{{ 4 * area - 1 }} do
 zk[i]=rnd32()
end
zs=rnd32()
strt="{{ start }}"

{# `c`: the cells as a list indexed by square (1..AREA-1; square 0 is a ring corner nothing reads);
    `s`: side to move. The hash, the king's square{% if ai.table %} and `mat` (the evaluation's material and
    piece-square sum, kept up to date by mk/um){% endif %} are computed from the cells. The hint
    comment tells shrinko8's lint that `setup` defines the state globals, as `_init` would.
    `pk[k]`: the squares holding a piece of kind k (1 attacker, 2 defender, 3 the king) as a list,
    and `pix[s]` the place of square s in its kind's list (read only while s holds a piece),
    kept up to date by mk/um/rem, so that the search's capture candidates visit the enemy pieces
    only instead of every square. A list walked by a numeric `for`, not a set walked by `pairs`:
    no iterator of unknown PICO-8 cost on the hot path. A capture moves the list's last square
    into the hole and an unmake appends the square again, so the order changes; it never
    matters (the lists' users compute sets or sort). `ncap`: the number of pieces the last `mk`
    captured. #}
--lint: func::_init
function setup(c,s)
 bd,side,hash,status,hist,caps,undos,pk,pix,ncap=c,s,s=={{ DEFENDERS }} and zs or 0,{{ ONGOING }},{},{},{},{{ "{" }}{},{},{}},{},0
{% if ai.table %}
 mat=0
{% endif %}
{% if move_limit %}
 ply=0
{% endif %}
 for i=1,{{ area - 1 }} do
  local p=bd[i]
  hash^^=zk[p*{{ area }}+i] or 0
{% if ai.table %}
  mat+=pst[p] and pst[p][i] or 0
{% endif %}
  local q=pk[p]
  if q then
   add(q,i)
   pix[i]=#q
  end
  if p=={{ KING }} then
   king=i
  end
 end
 if esc[king]>0 then
  status={{ ESCAPED }}
 end
end
