//! tablero: traditional board games on Discord (and in a local console).
//!
//! Layers, from the front ends down: `console` and `discord` translate user actions into table commands, `web`
//! shows a server's games as read-only pages; `table` decides; `games` holds the rules, `deadlines` and `pairings` the pure arithmetic of time controls and tournaments, `render` the pictures, `store` the records, `records` the
//! exchange form of a game (export, import) checked against the rules.

pub mod ai;
pub mod analyze;
pub mod clock;
pub mod config;
pub mod console;
pub mod dates;
pub mod deadlines;
pub mod discord;
pub mod games;
pub mod i18n;
pub mod metrics;
pub mod mining;
pub mod pairings;
pub mod records;
pub mod render;
pub mod store;
pub mod table;
pub mod web;
pub mod work;
