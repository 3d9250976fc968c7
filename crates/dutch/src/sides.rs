//! Colours of a pair (the Dutch system's colour allocation) and the order of the boards.

use super::{Colour, Player, Tournament};

/// The pair `a`-`b` as (white, black).
pub fn with_colours(t: &Tournament, a: usize, b: usize) -> (usize, usize) {
    if colour_of(t, &t.players[a], &t.players[b]) == Colour::White { (a, b) } else { (b, a) }
}

/// `b` ranks above `a`: more points, or as many and a better rank.
fn below(a: &Player, b: &Player) -> bool {
    (a.score, b.rank) < (b.score, a.rank)
}

/// The colour `player` gets against `opponent`.
fn colour_of(t: &Tournament, player: &Player, opponent: &Player) -> Colour {
    let initial = t.initial.unwrap_or(Colour::White);
    match neutral(player, opponent) {
        Colour::None if player.preference() == Colour::None => {
            if below(player, opponent) {
                if opponent.rank % 2 == 1 { initial } else { initial.invert() }
            } else if player.rank % 2 == 1 {
                initial.invert()
            } else {
                initial
            }
        }
        Colour::None => {
            if below(player, opponent) {
                opponent.preference().invert()
            } else {
                player.preference()
            }
        }
        colour => colour,
    }
}

/// The colour the rules give `player` before rank decides (None when nothing tells them apart).
fn neutral(player: &Player, opponent: &Player) -> Colour {
    let (p, o) = (player.preference(), opponent.preference());
    if Colour::compatible(p, o) {
        if p != Colour::None {
            p
        } else if o != Colour::None {
            o.invert()
        } else {
            Colour::None
        }
    } else if player.absolute_preference() && (player.imbalance > opponent.imbalance || !opponent.absolute_preference())
    {
        p
    } else if opponent.absolute_preference() && (opponent.imbalance > player.imbalance || !player.absolute_preference())
    {
        o.invert()
    } else if player.strong && !opponent.strong {
        p
    } else if opponent.strong && !player.strong {
        o.invert()
    } else {
        // The latest round in which they had different colours: each takes the other's colour of then.
        let mut mine = player.matches.iter().rev().filter(|m| m.played);
        let mut theirs = opponent.matches.iter().rev().filter(|m| m.played);
        loop {
            match (mine.next(), theirs.next()) {
                (Some(x), Some(y)) if x.colour == y.colour => continue,
                (Some(_), Some(y)) => return y.colour,
                _ => return Colour::None,
            }
        }
    }
}

/// The boards in FIDE's order: by the higher player's score, then the lower one's, then the higher one's rank;
/// the bye last.
pub fn board_order(t: &Tournament, mut pairs: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    let key = |&(white, black): &(usize, usize)| {
        let (w, b) = (&t.players[white], &t.players[black]);
        let (higher, lower) = if below(w, b) { (b, w) } else { (w, b) };
        (white == black, std::cmp::Reverse(higher.score), std::cmp::Reverse(lower.score), higher.rank)
    };
    pairs.sort_by_key(key);
    pairs
}
