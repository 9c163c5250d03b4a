//! Speed of the runner in PICO-8 VM instructions per second: a search workload (the cart's own
//! instructions as the lowering's cost model counts them, ≈ z8lua's count) per wall-clock second.
//! PICO-8 itself runs about 4.2M instructions/s; the aim is at least 10x that (40M/s).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tafl8_runner::session::Session;
use tafl8_runner::vm::Limits;

const SEARCH: &str = include_str!("../tests/workloads/search.lua");

fn cart(code: &str) -> tafl8_p8::Cart {
    let text = format!("pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n{code}\n");
    tafl8_p8::Cart::parse(&text).expect("workload cart parses")
}

fn bench(c: &mut Criterion) {
    let cart = cart(SEARCH);
    let limits = Limits {
        instructions_per_frame: u64::MAX,
        ..Limits::default()
    };
    // Instructions one run executes, as the CPU model counts them.
    let probe = Session::from_cart(&cart, "search.p8", limits).unwrap();
    probe.boot().unwrap();
    let instructions = probe.cycles();
    let mut group = c.benchmark_group("runner");
    group.throughput(Throughput::Elements(instructions));
    group.sample_size(10);
    group.bench_function("search workload (PICO-8 instructions)", |b| {
        b.iter_batched(
            || Session::from_cart(&cart, "search.p8", limits).unwrap(),
            |s| s.boot().unwrap(),
            criterion::BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
