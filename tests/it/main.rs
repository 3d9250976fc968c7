//! Every test of tablero in one binary (linking serenity, sqlx and the rest once, not once per file): a module
//! per subject, `common` and `fake_discord` shared. `cargo test --test it NAME` runs the tests whose path holds
//! NAME (`cargo test --test it regression::`). No test needs a process of its own: what a test controls (the
//! clock, held searches) is a value of the bot it runs, never a global.

mod common;
mod fake_discord;

mod activity;
mod ai;
mod analyze;
mod catalogue;
mod computer;
mod computer_load;
mod console;
mod crash_injection;
mod deadlines;
mod deadlines_properties;
mod deploy;
mod describe;
mod discord_brackets;
mod discord_e2e;
mod discord_faults;
mod discord_fixtures;
mod discord_flow;
mod discord_reach;
mod discord_records;
mod discord_restart;
mod discord_shards;
mod dutch_reference;
mod epaminondas_properties;
mod hoyito_properties;
mod http_interactions;
mod lessons;
mod ocencahuac;
mod operations;
mod outside_servers;
mod pairing_properties;
mod puzzles;
mod ratings;
mod readme;
mod records;
mod regression;
mod render;
mod storage;
mod store;
mod table;
mod table_fuzz;
mod teams;
mod tournaments;
mod trf_files;
mod vacations;
mod web;
mod web_browser;
mod web_gate;
mod web_hostile;
pub mod web_play;
mod write_path;
mod zohn_ahl;

/// Counts what each thread holds, for the tests that bound a job's memory (`common::held`).
#[global_allocator]
static COUNTING: common::held::Counting = common::held::Counting;
