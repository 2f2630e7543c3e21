//! Search speed: the `bench` command's positions searched to a fixed depth from an empty table.
//!
//! Criterion reports time per iteration; the node counts are fixed for a given engine, so
//! throughput is nodes per second. `parachess bench` prints the same figures without criterion.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parachess::commands::bench::POSITIONS;
use parachess::engine::{Engine, Limits, StopFlag};
use parachess::rules::Position;

const DEPTH: u32 = 7;

fn search(engine: &mut Engine, pos: &Position) -> u64 {
    engine.new_game();
    engine
        .search(pos, &Limits::depth(DEPTH), &StopFlag::new())
        .map_or(0, |r| r.nodes)
}

fn bench_search(c: &mut Criterion) {
    let positions: Vec<Position> = POSITIONS
        .iter()
        .map(|t| t.parse().unwrap_or_else(|e| panic!("{t}: {e}")))
        .collect();
    let mut engine = Engine::with_hash_mb(16);
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let nodes: u64 = positions.iter().map(|p| search(&mut engine, p)).sum();
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("bench positions depth {DEPTH}"), |b| {
        b.iter(|| {
            let total: u64 = positions.iter().map(|p| search(&mut engine, p)).sum();
            assert_eq!(total, nodes);
        })
    });
    let start = &positions[0];
    let start_nodes = search(&mut engine, start);
    group.throughput(Throughput::Elements(start_nodes));
    group.bench_function(format!("start depth {DEPTH}"), |b| {
        b.iter(|| search(&mut engine, start))
    });
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
