//! Move generation speed: perft from the start position with bulk counting at the last ply.
//!
//! Criterion reports time per iteration; nodes per second = node count / time (the README
//! gives the figure). The node counts are fixed, so a change in them is a behaviour change.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parachess::rules::Position;
use parachess::rules::perft::perft;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (depth, nodes) in [(4u32, 4_019_817u64), (5, 190_609_948)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("start depth {depth}"), |b| {
            b.iter(|| {
                let mut pos = Position::start();
                assert_eq!(perft(&mut pos, depth), nodes);
            })
        });
    }
    let middle: Position = "r1qk1r/1bb1/1p1s1ppp/1p2p/3S6/6/2P1P5/s1P2/PP1P1PPP/1BB1/R1QK1R w 0 7"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    group.throughput(Throughput::Elements(perft(&mut middle.clone(), 4)));
    group.bench_function("middle game depth 4", |b| {
        b.iter(|| perft(&mut middle.clone(), 4))
    });
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
