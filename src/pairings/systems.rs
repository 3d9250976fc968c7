//! Pairing rounds. Every function is pure: it sees players as indices in seeding order (0 = the top seed) and
//! returns who plays whom, the first of a pair taking the first side (White, South...).

/// One round: pairs (first side, second side) and at most one bye.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Round {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// A round robin by Berger tables: every player meets every other once per leg; with an odd field, the player
/// who would meet the missing one has a bye. The second leg repeats the first with sides swapped.
pub fn round_robin(players: usize, legs: usize) -> Vec<Round> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2; // a dummy player `players` when odd
    let dummy = (players % 2 == 1).then_some(players);
    let mut first_leg = Vec::with_capacity(n - 1);
    for r in 0..n - 1 {
        let mut round = Round::default();
        // The fixed player (n - 1) alternates sides; the others are paired around the circle.
        let (a, b) = if r % 2 == 0 { (r, n - 1) } else { (n - 1, r) };
        let mut push = |a: usize, b: usize| match dummy {
            Some(d) if a == d => round.bye = Some(b),
            Some(d) if b == d => round.bye = Some(a),
            _ => round.pairs.push((a, b)),
        };
        push(a, b);
        for k in 1..n / 2 {
            let x = (r + k) % (n - 1);
            let y = (r + n - 1 - k) % (n - 1);
            push(x, y);
        }
        first_leg.push(round);
    }
    let mut all = first_leg.clone();
    for _ in 1..legs {
        for round in &first_leg {
            all.push(Round { pairs: round.pairs.iter().map(|&(a, b)| (b, a)).collect(), bye: round.bye });
        }
    }
    all
}

/// What Swiss pairing knows of a player.
#[derive(Debug, Clone, PartialEq)]
pub struct SwissPlayer {
    /// Points so far (a win 1, a draw ½, a bye 1).
    pub score: f64,
    /// Opponents met so far.
    pub met: Vec<usize>,
    /// Games with the first side minus games with the second.
    pub colour_balance: i32,
    /// The side of the last game: Some(true) first, Some(false) second.
    pub last_first: Option<bool>,
    pub had_bye: bool,
    /// Still playing (a dropped player is not paired).
    pub active: bool,
}

/// What Swiss pairing knows of `n` players (in seeding order) from the games played so far, each as (first,
/// second, first's points), the byes worth a win, and who is still playing. A tournament of the table and a
/// report file read back are both paired from this.
pub fn swiss_players(
    n: usize,
    games: &[(usize, usize, f64)],
    byes: &[usize],
    active: impl Fn(usize) -> bool,
) -> Vec<SwissPlayer> {
    (0..n)
        .map(|p| {
            let mut s = SwissPlayer {
                score: byes.iter().filter(|&&b| b == p).count() as f64,
                met: Vec::new(),
                colour_balance: 0,
                last_first: None,
                had_bye: byes.contains(&p),
                active: active(p),
            };
            for &(a, b, pts) in games {
                if a == p {
                    s.score += pts;
                    s.met.push(b);
                    s.colour_balance += 1;
                    s.last_first = Some(true);
                } else if b == p {
                    s.score += 1.0 - pts;
                    s.met.push(a);
                    s.colour_balance -= 1;
                    s.last_first = Some(false);
                }
            }
            s
        })
        .collect()
}

/// A Swiss round by a plain search, for when the Dutch system finds no pairing at all (players in seeding
/// order): score groups from the top, the top half of a group meeting its bottom half, no rematch while one can
/// be avoided, sides chosen to even out each
/// player's balance, and a bye (worth a win) for the lowest-ranked player who has not had one.
pub fn swiss(players: &[SwissPlayer]) -> Round {
    let mut order: Vec<usize> = (0..players.len()).filter(|&i| players[i].active).collect();
    // By score, then seed.
    order.sort_by(|&a, &b| players[b].score.total_cmp(&players[a].score).then(a.cmp(&b)));
    let mut round = Round::default();
    if order.len() % 2 == 1 {
        // The lowest-ranked player without a bye (everyone has had one: the lowest-ranked).
        let pick = order.iter().rev().find(|&&p| !players[p].had_bye).or(order.last()).copied();
        if let Some(bye) = pick {
            order.retain(|&p| p != bye);
            round.bye = Some(bye);
        }
    }
    // Strictest first: no rematch and nobody a third game on the same side in a row of imbalance; then sides
    // relaxed; then rematches allowed (a small field late in the event).
    let matched = match_players(players, &order, false, false)
        .or_else(|| match_players(players, &order, false, true))
        .or_else(|| match_players(players, &order, true, true));
    for (a, b) in matched.unwrap_or_default() {
        round.pairs.push(sides(players, a, b));
    }
    round
}

/// The preferred opponents of `p` among the unpaired: its own score group's bottom half first (Dutch), then the
/// nearest scores.
fn preferences(players: &[SwissPlayer], order: &[usize], free: &[bool], p: usize) -> Vec<usize> {
    let score = players[order[p]].score;
    let group: Vec<usize> = (0..order.len()).filter(|&i| free[i] && players[order[i]].score == score).collect();
    let at = group.iter().position(|&i| i == p).unwrap_or(0);
    let half = group.len() / 2;
    let mut candidates: Vec<usize> = (0..order.len()).filter(|&i| i != p && free[i]).collect();
    candidates.sort_by(|&a, &b| {
        let key = |i: usize| {
            let gap = (players[order[i]].score - score).abs();
            let dutch = match group.iter().position(|&g| g == i) {
                Some(pos) => (pos as i64 - (at + half) as i64).unsigned_abs(),
                None => u64::MAX,
            };
            (gap, dutch, i)
        };
        let (ga, da, ia) = key(a);
        let (gb, db, ib) = key(b);
        ga.total_cmp(&gb).then(da.cmp(&db)).then(ia.cmp(&ib))
    });
    candidates
}

/// A perfect matching of `order` (indices into `players`) by depth-first search in preference order; without
/// `allow_rematch`, none of the pairs met before. `None` when there is none (or the search is too long).
fn match_players(
    players: &[SwissPlayer],
    order: &[usize],
    allow_rematch: bool,
    allow_side_clash: bool,
) -> Option<Vec<(usize, usize)>> {
    let mut free = vec![true; order.len()];
    let mut pairs = Vec::with_capacity(order.len() / 2);
    let mut budget = 200_000u32;
    fn search(
        players: &[SwissPlayer],
        order: &[usize],
        free: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        allow: (bool, bool),
        budget: &mut u32,
    ) -> bool {
        let (allow_rematch, allow_side_clash) = allow;
        let Some(p) = free.iter().position(|&f| f) else { return true };
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        free[p] = false;
        for q in preferences(players, order, free, p) {
            let (a, b) = (order[p], order[q]);
            if !allow_rematch && players[a].met.contains(&b) {
                continue;
            }
            // Two players who both need the same side (two games more on one side than the other) clash.
            let (ba, bb) = (players[a].colour_balance, players[b].colour_balance);
            if !allow_side_clash && ((ba >= 2 && bb >= 2) || (ba <= -2 && bb <= -2)) {
                continue;
            }
            free[q] = false;
            pairs.push((a, b));
            if search(players, order, free, pairs, allow, budget) {
                return true;
            }
            pairs.pop();
            free[q] = true;
        }
        free[p] = true;
        false
    }
    search(players, order, &mut free, &mut pairs, (allow_rematch, allow_side_clash), &mut budget).then_some(pairs)
}

/// Who takes the first side: the player who has had it less; then the one who had the second side last; then
/// the higher seed.
fn sides(players: &[SwissPlayer], a: usize, b: usize) -> (usize, usize) {
    let (pa, pb) = (&players[a], &players[b]);
    let a_first = match pa.colour_balance.cmp(&pb.colour_balance) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (pa.last_first, pb.last_first) {
            (Some(false), Some(true)) | (Some(false), None) | (None, Some(true)) => true,
            (Some(true), Some(false)) | (Some(true), None) | (None, Some(false)) => false,
            _ => a < b,
        },
    };
    if a_first { (a, b) } else { (b, a) }
}

/// The first round of a single-elimination bracket for `players` seeds: the bracket is the next power of two,
/// seeds placed so the top seeds meet last (1 v 16, 8 v 9, ...), and the missing places are byes for the top
/// seeds. Each slot pair is `(Some(seed), Some(seed))`, or one `None` for a bye.
pub fn bracket(players: usize) -> Vec<(Option<usize>, Option<usize>)> {
    if players < 2 {
        return Vec::new();
    }
    let size = players.next_power_of_two();
    let mut slots = vec![0usize];
    while slots.len() < size {
        let n = slots.len() * 2;
        slots = slots.iter().flat_map(|&s| [s, n - 1 - s]).collect();
    }
    slots.chunks(2).map(|c| (Some(c[0]).filter(|&s| s < players), Some(c[1]).filter(|&s| s < players))).collect()
}

/// The next round of a bracket from the winners of the previous one, in bracket order.
pub fn next_bracket_round(winners: &[usize]) -> Vec<(usize, usize)> {
    winners.chunks(2).filter(|c| c.len() == 2).map(|c| (c[0], c[1])).collect()
}
