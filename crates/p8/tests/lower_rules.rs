//! One table row per lowering rule of the contract (PICO-8 in, Lua 5.2 out), expectations
//! written by hand from the contract; the z8lua comparison in `lower_lupaz8.rs` checks that the
//! rules keep the meaning.

use tafl8_p8::lower::HELPERS;
use tafl8_p8::{lower, parse, LowerOptions};

/// The lowered chunk without its helper header and the function wrapping the cart's code.
fn body(src: &str) -> String {
    let out = lower(&parse(src).unwrap(), &LowerOptions::default());
    let start = "__p8.peek4 local function __p8_main(...) ";
    let header_end = out.find(start).expect("header") + start.len();
    let code = out[header_end..].trim_end();
    code.strip_suffix("end return __p8_main()")
        .expect("the cart's function is closed")
        .trim_end()
        .to_owned()
}

macro_rules! rules {
    ($($name:ident: $src:expr => $want:expr;)*) => {$(
        #[test]
        fn $name() {
            assert_eq!(body($src), $want, "lowering {:?}", $src);
        }
    )*};
}

rules! {
    add: "x=a+b" => "x=__p8_add(a,b)";
    sub_mul_div: "x=a-b*c/d" => "x=__p8_sub(a,__p8_div(__p8_mul(b,c),d))";
    idiv_mod_pow: "x=a\\b%c^d" => "x=__p8_mod(__p8_idiv(a,b),__p8_pow(c,d))";
    unary_minus: "x=-a" => "x=__p8_unm(a)";
    unary_minus_literal_folds: "x=-1.5" => "x=(-1.5)";
    unary_minus_spaced_literal_folds: "x=- 2" => "x=(-2)";
    double_minus_folds: "x=- -2" => "x=2";
    bitwise: "x=a&b|c^^d" => "x=__p8_bor(__p8_band(a,b),__p8_bxor(c,d))";
    tilde_binary_is_xor: "x=a~b" => "x=__p8_bxor(a,b)";
    bnot: "x=~a" => "x=__p8_bnot(a)";
    shifts: "x=a<<1>>2>>>3" => "x=__p8_lshr(__p8_shr(__p8_shl(a,1),2),3)";
    rotates: "x=a<<>1>><2" => "x=__p8_rotr(__p8_rotl(a,1),2)";
    concat_chain_is_one_call: "x=a..b..c" => "x=__p8_concatn(a,b,c)";
    concat_pair: "x=a..b" => "x=__p8_concat(a,b)";
    concat_parenthesised_stays_apart: "x=a..(b..c)" => "x=__p8_concat(a,(__p8_concat(b,c)))";
    peeks: "x=@a+%b+$c" => "x=__p8_add(__p8_add(__p8_peek(a),__p8_peek2(b)),__p8_peek4(c))";
    bang_eq: "x=a!=b" => "x=a~=b";
    comparisons_native: "x=a<b and c>=d or not e" => "x=((a<b) and (c>=d)) or not e";
    len_native: "x=#t" => "x=#t";
    hex_literal: "x=0x1.8" => "x=1.5";
    binary_literal: "x=0b101.1" => "x=5.5";
    decimal_truncates: "x=0.1" => "x=0.0999908447265625";
    literal_wraps: "x=65537" => "x=1";
    literal_wraps_negative: "x=40000" => "x=(-25536)";
    string_escapes: "x=\"a\\n\\\"b\"" => "x=\"a\\010\\034b\"";
    long_string: "x=[[q\"]]" => "x=\"q\\034\"";
    string_call_sugar: "f\"s\"" => "f(\"s\")";
    table_call_sugar: "f{1}" => "f({1})";
    op_assign_name: "a+=1" => "a=__p8_add(a,1)";
    op_assign_member_simple: "t.k-=2" => "t.k=__p8_sub(t.k,2)";
    op_assign_index_once: "t[f()]+=1" =>
        "do local __p8t1,__p8k1=t,f() __p8t1[__p8k1]=__p8_add(__p8t1[__p8k1],1) end";
    op_assign_member_once: "g().k*=2" => "do local __p8t1=g() __p8t1.k=__p8_mul(__p8t1.k,2) end";
    op_assign_concat: "s..=\"x\"" => "s=__p8_concat(s,\"x\")";
    print_shorthand: "?a,b" => "print(a,b)";
    short_if: "if (a) b=1 else b=2" => "if (a) then b=1 else b=2 end";
    short_while: "while (a) a-=1" => "while (a) do a=__p8_sub(a,1) end";
    if_do: "if a do b() end" => "if a then b() end";
    goto_label: "goto l ::l::" => "goto l ::l::";
    return_last: "function f() return 1 end" => "function f() return 1 end";
    return_operator_not_a_tail_call: "function f(v) return v+1 end"
        => "function f(v) return (__p8_add(v,1)) end";
    return_call_stays_a_tail_call: "function f() return g() end" => "function f() return g() end";
    break_anywhere: "while a do break end" => "while a do break end";
    paren_statement_guarded: "a=b;(f)()" => "a=b ;(f)()";
    newline_does_not_end_a_call: "a=b\n(f)()" => "a=b(\nf)()";
    method_call: "o:m(1)" => "o:m(1)";
    glyph_global: "x=btn(\u{2b05}\u{fe0f})" => "x=btn(__p8g_8b)";
    internal_names_renamed: "local __p8_add=1 __p8_cost=__p8_add t.__p8_add=2"
        => "local __p8x_5f5f70385f616464=1 __p8x_5f5f70385f636f7374=__p8x_5f5f70385f616464 t.__p8_add=2";
    opassign_temporaries_are_internal: "a.b.c+=__t1"
        => "do local __p8t1=a.b __p8t1.c=__p8_add(__p8t1.c,__t1) end";
    lines_kept: "a=1\n\n\nb=2" => "a=1\n\n\nb=2";
    multiline_call_keeps_lines: "f(1,\n2)" => "f(1,\n2)";
}

#[test]
fn header_binds_every_helper_in_order() {
    let out = lower(&parse("").unwrap(), &LowerOptions::default());
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("local __p8=... local __p8_add,__p8_sub,"));
    for h in HELPERS {
        assert!(first.contains(&format!("__p8_{h}=")) || first.contains(&format!("__p8_{h},")));
        assert!(first.contains(&format!("__p8.{h}")));
    }
    assert!(!out.contains("__p8_cost"));
}

#[test]
fn cost_option_declares_counter_and_accessor() {
    let out = lower(
        &parse("x=1").unwrap(),
        &LowerOptions {
            cost: true,
            ..LowerOptions::default()
        },
    );
    let first = out.lines().next().unwrap();
    assert!(first.contains("local __p8_cost=0 __p8.cost(function() return __p8_cost end)"));
    assert!(out.contains("__p8_cost=__p8_cost+"));
    // Still one statement per source line: `x=1` stays on line 1 (the line after it closes the
    // function the cart's code runs in).
    assert!(first.ends_with("x=1"), "{first}");
    assert_eq!(
        out.trim_end().lines().nth(1),
        Some("end return __p8_main()")
    );
}

/// With costs on, the right operand of `and`/`or` is counted only when it runs.
#[test]
fn right_operands_of_and_or_are_counted_when_they_run() {
    let lowered = |src: &str| {
        lower(
            &parse(src).unwrap(),
            &LowerOptions {
                cost: true,
                ..LowerOptions::default()
            },
        )
    };
    // A value: `b` is moved into place (1) when `a` lets it run.
    assert!(lowered("x=a and b").contains("x=a and __p8_cb(1,b)"));
    // A condition: global `c` costs its load and test (2) only when `a<b` holds.
    assert!(lowered("if a<b and c then end").contains("if (a<b) and __p8_cb(2,c) then"));
    // `a and b or c`: `b` also pays the `JMP` past `c`.
    assert!(lowered("x=a and b or c").contains("(a and __p8_cb(2,b)) or __p8_cb(1,c)"));
    // Without costs the operators stay as written.
    assert_eq!(body("x=a and b or c"), "x=(a and b) or c");
}

/// With costs on, an `elseif` condition is counted when it runs, inside the one flat `if`
/// chain (a nested `else if` per clause would pass Lua's nesting limit of 200 on a chain of
/// 200 clauses, which z8lua compiles).
#[test]
fn elseif_conditions_are_counted_in_a_flat_chain() {
    let src = format!(
        "if a==0 then x=0 {}end",
        (1..300)
            .map(|i| format!("elseif a=={i} then x={i} "))
            .collect::<String>()
    );
    let lua = lower(
        &parse(&src).unwrap(),
        &LowerOptions {
            cost: true,
            ..LowerOptions::default()
        },
    );
    // Global `a` is loaded and compared: 2, counted only when the clause is reached.
    assert!(lua.contains("elseif __p8_cb(2,a==1) then"), "{lua}");
    let chain = &lua[lua.find("if a==0").unwrap()..];
    assert_eq!(chain.matches("elseif").count(), 299);
    assert_eq!(
        chain.matches(" end").count(),
        1,
        "one `end` closes the chain"
    );
}
