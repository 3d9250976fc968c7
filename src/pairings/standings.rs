//! Standings: points, then Buchholz (the sum of the opponents' points) and Sonneborn-Berger (the points of the
//! opponents beaten, plus half those of the opponents drawn). A bye is worth a win and adds no opponent.

/// One finished game: (first, second, the first's points: 1, ½ or 0).
pub type Result = (usize, usize, f64);

#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub player: usize,
    pub points: f64,
    pub buchholz: f64,
    pub sonneborn_berger: f64,
}

/// Standings of `players` from their games and byes, best first (points, Buchholz, Sonneborn-Berger, seed).
pub fn standings(players: usize, games: &[Result], byes: &[usize]) -> Vec<Standing> {
    let mut points = vec![0.0; players];
    for &(a, b, s) in games {
        points[a] += s;
        points[b] += 1.0 - s;
    }
    for &p in byes {
        points[p] += 1.0;
    }
    let mut out: Vec<Standing> = (0..players)
        .map(|p| {
            let mut buchholz = 0.0;
            let mut sb = 0.0;
            for &(a, b, s) in games {
                let (opponent, mine) = if a == p {
                    (b, s)
                } else if b == p {
                    (a, 1.0 - s)
                } else {
                    continue;
                };
                buchholz += points[opponent];
                sb += mine * points[opponent];
            }
            Standing { player: p, points: points[p], buchholz, sonneborn_berger: sb }
        })
        .collect();
    out.sort_by(|x, y| {
        y.points
            .total_cmp(&x.points)
            .then(y.buchholz.total_cmp(&x.buchholz))
            .then(y.sonneborn_berger.total_cmp(&x.sonneborn_berger))
            .then(x.player.cmp(&y.player))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked by hand. Four players A B C D (0..3), three rounds:
    /// R1 A beats B, C draws D; R2 A draws C, B beats D; R3 A beats D, B beats C.
    /// Points: A 2½, B 2, C 1, D ½.
    /// Buchholz: A = B2 + C1 + D½ = 3½; B = A2½ + D½ + C1 = 4; C = D½ + A2½ + B2 = 5; D = C1 + B2 + A2½ = 5½.
    /// Sonneborn-Berger: A = B2 (won) + ½·C1 (drew) + D½ (won) = 3; B = D½ + C1 = 1½;
    /// C = ½·D½ + ½·A2½ = 1½; D = ½·C1 = ½.
    #[test]
    fn tie_breaks_match_the_example_worked_by_hand() {
        let games = [(0, 1, 1.0), (2, 3, 0.5), (0, 2, 0.5), (1, 3, 1.0), (0, 3, 1.0), (1, 2, 1.0)];
        let table = standings(4, &games, &[]);
        let row = |p: usize| table.iter().find(|s| s.player == p).unwrap().clone();
        assert_eq!((row(0).points, row(0).buchholz, row(0).sonneborn_berger), (2.5, 3.5, 3.0));
        assert_eq!((row(1).points, row(1).buchholz, row(1).sonneborn_berger), (2.0, 4.0, 1.5));
        assert_eq!((row(2).points, row(2).buchholz, row(2).sonneborn_berger), (1.0, 5.0, 1.5));
        assert_eq!((row(3).points, row(3).buchholz, row(3).sonneborn_berger), (0.5, 5.5, 0.5));
        assert_eq!(table.iter().map(|s| s.player).collect::<Vec<_>>(), [0, 1, 2, 3]);
    }

    #[test]
    fn equal_points_are_split_by_buchholz_then_sonneborn_berger() {
        // A (0), B (1) and C (2) have a point each: A and C by Buchholz 1 ahead of B (0), then A by
        // Sonneborn-Berger (it beat C, who has a point; C beat D, who has none).
        let games = [(0, 2, 1.0), (1, 3, 1.0), (2, 3, 1.0)];
        let table = standings(4, &games, &[]);
        assert_eq!(table[0].player, 0, "{table:?}");
        assert_eq!(table[1].player, 2);
    }
}
