//! Latency of the Discord bot, from an interaction dispatched by the fake Discord's gateway to the bot's answer
//! arriving at its REST server, for a Hoyito move with its board picture: by `/move` (the answer is the
//! interaction response carrying the PNG) and by a hole button (the answer that counts is the new board post).
//! Besides criterion's figures it prints p50 and p99 over every sample taken.

#[path = "../tests/it/fake_discord/mod.rs"]
mod fake_discord;

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use fake_discord::FakeDiscord;
use fake_discord::harness::{Place, Running};
use fake_discord::payloads::{self, Member, Opt};

struct Bench {
    fake: FakeDiscord,
    ana: Member,
    ben: Member,
    channel: u64,
    /// The latest board: its message id and whose turn it is.
    board: Option<(u64, u64)>,
}

impl Bench {
    /// A new game in a fresh channel, ana to move.
    async fn new_game(&mut self) {
        self.channel += 1;
        let place = Place { channel: self.channel, thread: false };
        let options = [Opt::User("opponent", self.ben.clone()), Opt::Int("first", 1), Opt::Bool("thread", false)];
        self.fake.slash(&self.ana, place, &["play", "hoyito"], &options).await;
        let board = self.fake.slash(&self.ben, place, &["accept"], &[]).await;
        self.board = Some((board.created.unwrap(), self.ana.id));
    }

    /// One move; returns the time from dispatch to the answer with the picture.
    async fn one_move(&mut self, by_button: bool) -> Duration {
        if self.board.is_none() {
            self.new_game().await;
        }
        let (message, mover_id) = self.board.unwrap();
        let buttons: Vec<String> =
            self.fake.enabled_buttons(message).into_iter().filter(|b| b.contains(":m:")).collect();
        let Some(button) = buttons.first() else {
            self.board = None;
            return Box::pin(self.one_move(by_button)).await;
        };
        let mover = if mover_id == self.ana.id { self.ana.clone() } else { self.ben.clone() };
        let place = Place { channel: self.channel, thread: false };
        let id = self.fake.next_id();
        let from = self.fake.mark();
        let sent = Instant::now();
        let answer = if by_button {
            self.fake.interact(payloads::press(id, place.channel, false, &mover, &self.fake.message(message), button));
            self.fake.post_in(from, place.channel).await
        } else {
            let notation = button.rsplit(':').next().unwrap().to_string();
            let options = [Opt::Str("notation", notation)];
            self.fake.interact(payloads::slash(2, id, place.channel, false, &mover, &["move"], &options));
            self.fake.callback(from, id).await
        };
        let latency = answer.at - sent;
        assert!(answer.png().is_some(), "a board with its picture: {}", answer.content());
        let content = answer.content();
        let next = content.strip_prefix("<@").and_then(|r| r.split('>').next()).and_then(|i| i.parse().ok());
        self.board = next.map(|n| (answer.created.unwrap(), n));
        latency
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn latency(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (fake, running) = runtime.block_on(async {
        let fake = FakeDiscord::start().await;
        let (running, _) = Running::start(&fake, dir.path()).await;
        (fake, running)
    });
    let mut bench =
        Bench { fake, ana: Member::new(101, "ana"), ben: Member::new(102, "ben"), channel: 1000, board: None };
    for (name, by_button) in [("move_by_slash_command", false), ("move_by_button", true)] {
        let mut samples = Vec::new();
        c.bench_function(&format!("discord/{name}"), |b| {
            b.iter_custom(|iterations| {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    let d = runtime.block_on(bench.one_move(by_button));
                    samples.push(d);
                    total += d;
                }
                total
            })
        });
        samples.sort();
        println!(
            "discord/{name}: {} samples, p50 {:.2} ms, p99 {:.2} ms",
            samples.len(),
            percentile(&samples, 0.50).as_secs_f64() * 1e3,
            percentile(&samples, 0.99).as_secs_f64() * 1e3
        );
    }
    runtime.block_on(running.stop());
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(10));
    targets = latency
}
criterion_main!(benches);
