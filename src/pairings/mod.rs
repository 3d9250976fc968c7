//! A tournament's arithmetic, pure (no store, no clock): `systems` makes rounds (Berger round robin, single
//! elimination with byes for the top seeds, and the plain Swiss search kept for when no Dutch pairing exists),
//! `double` the double-elimination bracket, `dutch` is the Swiss system's engine (FIDE Dutch, its own crate),
//! `standings` scores them (points, Buchholz, Sonneborn-Berger), and `trf` writes and `trf_read` reads FIDE
//! tournament report files. Players are indices into the tournament's list, in seeding order (0 = the top
//! seed). The table's `tournament` module is a tournament's life at the table, built on these.

pub mod double;
pub mod dutch;
pub mod standings;
pub mod systems;
pub mod trf;
mod trf_read;
