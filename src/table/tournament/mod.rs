//! Tournaments: the pure pieces first. `pairing` makes rounds (Berger round robin, Swiss in the Dutch spirit,
//! single elimination with byes for the top seeds) and `standings` scores them (points, Buchholz,
//! Sonneborn-Berger). Players are indices into the tournament's list, in seeding order (0 = top seed).

mod lifecycle;
pub use lifecycle::is_parked;
pub mod pairing;
pub mod standings;
