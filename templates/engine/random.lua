{# PRNG and difficulty: xorshift32 on the raw 32 bits of a 16.16 number (the contract's one PRNG,
    bit for bit the engine's `Xorshift32`). `rs` is the state; it must never be 0. #}
function rnd32()
 rs^^=rs<<13
 rs^^=rs>>>17
 rs^^=rs<<5
 return rs
end
{# `Xorshift32::below(n)`: the top 16 bits, unsigned, mod n. `x>>>16` puts them in the fraction
    (raw value u), and 16.16 `%` works on raw values, so `(x>>>16)%(n>>16)<<16` is u % n exactly. #}
function below(n)
 return (rnd32()>>>16)%(n>>16)<<16
end
