//! The positions seen since the last capture or crowning, for the repetition rule (rules 4.12): only those can
//! come again, since a capture removes a piece for good and a crown is never lost. Kept as a shared chain, so a
//! copy of the game (the computer copies one for every position it looks at) costs a reference count, not a map.

use std::sync::Arc;

use super::board::{Board, KEY_LEN};
use crate::games::Side;

#[derive(Debug, Clone, Default)]
pub struct History {
    last: Option<Arc<Seen>>,
}

#[derive(Debug)]
struct Seen {
    key: [u8; KEY_LEN],
    before: Option<Arc<Seen>>,
}

impl History {
    /// A history that holds one position.
    pub fn starting(board: &Board, to_move: Side) -> History {
        let mut history = History::default();
        history.record(board, to_move);
        history
    }

    /// Forgets every position: none of them can come again (after a capture or a crowning).
    pub fn clear(&mut self) {
        *self = History::default();
    }

    /// Adds the position and says how many times it has now been seen.
    pub fn record(&mut self, board: &Board, to_move: Side) -> u8 {
        let key = board.key_bytes(to_move);
        let before = self.iter().filter(|k| **k == key).count();
        self.last = Some(Arc::new(Seen { key, before: self.last.take() }));
        u8::try_from(before + 1).unwrap_or(u8::MAX)
    }

    fn iter(&self) -> impl Iterator<Item = &[u8; KEY_LEN]> {
        std::iter::successors(self.last.as_deref(), |s| s.before.as_deref()).map(|s| &s.key)
    }
}

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Drop for Seen {
    /// One link at a time: a long chain dropped recursively could overflow the stack.
    fn drop(&mut self) {
        let mut next = self.before.take();
        while let Some(link) = next {
            next = match Arc::try_unwrap(link) {
                Ok(mut seen) => seen.before.take(),
                Err(_) => None,
            };
        }
    }
}
