//! Board pictures: golden images (compared as decoded pixels), the marks a picture must carry, determinism, size.
//! Set `UPDATE_GOLDEN=1` to rewrite the golden files after a deliberate change, then look at them.

use std::path::PathBuf;

use image::{Rgba, RgbaImage};
use tablero::games::hoyito::{Hole, Hoyito, Options};
use tablero::games::{Game, Position, Side};
use tablero::render::{Captions, SideCaption, board_png};

fn captions(to_move: Option<Side>) -> Captions {
    let badge = |side| (to_move == Some(side)).then(|| "to move".to_string());
    Captions {
        sides: [
            SideCaption {
                title: "ana · South".into(),
                score: "captured 8".into(),
                badge: badge(Side::First),
                note: Some("7. 3".into()),
            },
            SideCaption {
                title: "ben · North".into(),
                score: "captured 12".into(),
                badge: badge(Side::Second),
                note: None,
            },
        ],
        legend: tablero::table::legend_words(tablero::i18n::Locale::English),
        ..Captions::default()
    }
}

/// Example 3 of the rules after South's relay and capture: South's hole 3 (index 2) was played, indexes 4 and 5
/// captured.
fn example_3() -> Hoyito {
    Hoyito::from_parts(Options::default(), &[4, 0, 8, 0, 2, 2, 0, 2, 1, 6, 1, 6], [4, 12], Side::First)
        .play(&Hole(3))
        .unwrap()
}

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png).expect("a valid PNG").to_rgba8()
}

fn golden(name: &str, png: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, png).unwrap();
    }
    let expected = decode(&std::fs::read(&path).unwrap_or_else(|_| panic!("{} missing", path.display())));
    let actual = decode(png);
    if expected != actual {
        let out = std::env::temp_dir().join(format!("actual-{name}"));
        std::fs::write(&out, png).unwrap();
        panic!("{name} differs from its golden image; the new picture is {}", out.display());
    }
}

/// The centre of board index `i` on a 2x6 picture (cells of 100 px, margin 20, North's row on top).
fn hole_centre(i: usize) -> (u32, u32) {
    if i < 6 { (70 + 100 * i as u32, 290) } else { (70 + 100 * (11 - i) as u32, 126) }
}

fn is_blue(p: Rgba<u8>) -> bool {
    p[2] > 200 && p[0] < 80
}

fn is_orange(p: Rgba<u8>) -> bool {
    p[0] > 230 && p[1] > 90 && p[1] < 150 && p[2] < 40
}

#[test]
fn golden_start_position() {
    let p = Position::Hoyito(Hoyito::new(&Options::default()));
    golden("hoyito-start.png", &board_png(&p, &captions(Some(Side::First))));
}

#[test]
fn golden_example_3() {
    golden("hoyito-example-3.png", &board_png(&Position::Hoyito(example_3()), &captions(Some(Side::First))));
}

#[test]
fn golden_two_by_twelve() {
    let options = Options { holes: 12, ..Options::default() };
    let p = Hoyito::new(&options).play(&Hole(5)).unwrap();
    golden("hoyito-2x12.png", &board_png(&Position::Hoyito(p), &captions(Some(Side::Second))));
}

#[test]
fn the_last_move_and_its_captures_are_marked() {
    let img = decode(&board_png(&Position::Hoyito(example_3()), &captions(Some(Side::First))));
    // Rings sit 3 to 8 px outside the hole's radius of 40 px.
    let ring = |i| {
        let (x, y) = hole_centre(i);
        *img.get_pixel(x + 45, y)
    };
    assert!(is_blue(ring(2)), "the hole played (South's 3, index 2) is ringed in blue: {:?}", ring(2));
    assert!(is_orange(ring(4)) && is_orange(ring(5)), "captured holes are ringed in orange");
    for i in [0, 1, 3, 6, 7, 8, 9, 10, 11] {
        assert!(!is_blue(ring(i)) && !is_orange(ring(i)), "hole {i} is not marked");
    }
}

#[test]
fn the_band_of_the_side_to_move_is_highlighted() {
    let highlighted = |p: Rgba<u8>| p[0] > 200 && p[1] > 150 && p[2] < 120;
    let img = decode(&board_png(&Position::Hoyito(example_3()), &captions(Some(Side::First))));
    let (top, bottom) = (*img.get_pixel(5, 5), *img.get_pixel(5, img.height() - 5));
    assert!(highlighted(bottom) && !highlighted(top), "South to move: {top:?} {bottom:?}");
}

#[test]
fn the_same_state_gives_the_same_bytes_and_a_small_file() {
    let p = Position::Hoyito(example_3());
    let a = board_png(&p, &captions(Some(Side::First)));
    let b = board_png(&p, &captions(Some(Side::First)));
    assert_eq!(a, b);
    assert!(a.len() <= 40 * 1024, "{} bytes", a.len());
    let img = decode(&a);
    assert_eq!((img.width(), img.height()), (640, 466), "the board, and the legend under it");
}

#[test]
fn long_names_are_cut_to_fit() {
    let mut c = captions(Some(Side::First));
    c.sides[0].title = "a name far too long to fit in the band of the picture at all · South".into();
    // Must not panic, and must not paint over the score on the right.
    let img = decode(&board_png(&Position::Hoyito(example_3()), &c));
    assert_eq!(img.width(), 640);
}

mod epaminondas {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use tablero::games::epaminondas::{BoardSize, Epaminondas, Options as EpOptions, Square};

    /// A mid-game position: 60 random moves, then random moves until one captures, which is the last move.
    fn mid_game() -> Epaminondas {
        let mut rng = StdRng::seed_from_u64(4);
        let mut p = Epaminondas::new(&EpOptions::default());
        for ply in 0.. {
            let legal = p.legal_moves();
            let capture = legal.iter().find(|m| m.capture).copied().filter(|_| ply >= 60);
            p = p.play(&capture.unwrap_or(legal[rng.random_range(0..legal.len())])).unwrap();
            if capture.is_some() {
                break;
            }
        }
        p
    }

    fn captions(to_move: Option<Side>) -> Captions {
        let badge = |side| (to_move == Some(side)).then(|| "to move".to_string());
        Captions {
            sides: [
                SideCaption {
                    title: "ana · White".into(),
                    score: "26 pieces · far row 0".into(),
                    badge: badge(Side::First),
                    note: None,
                },
                SideCaption {
                    title: "ben · Black".into(),
                    score: "25 pieces · far row 1".into(),
                    badge: badge(Side::Second),
                    note: None,
                },
            ],
            legend: tablero::table::legend_words(tablero::i18n::Locale::English),
            ..Captions::default()
        }
    }

    fn centre(square: Square) -> (u32, u32) {
        (24 + 40 * u32::from(square.file) + 20, 50 + 24 + 40 * (11 - u32::from(square.rank)) + 20)
    }

    #[test]
    fn golden_mid_game() {
        golden(
            "epaminondas-mid-game.png",
            &board_png(&Position::Epaminondas(mid_game()), &captions(Some(Side::First))),
        );
    }

    #[test]
    fn golden_small_board_quick_game() {
        // The 8 x 8 board of quick games: the same picture, eight files and ranks, the squares beyond not drawn.
        let small = EpOptions { board: BoardSize::Small, ..EpOptions::default() };
        let mut p = Epaminondas::new(&small);
        for m in ["b1-b3", "g8-g6", "b2-b5", "g7-g4"] {
            p = p.play(&m.parse().unwrap()).unwrap_or_else(|e| panic!("{m}: {:?}", e.reason));
        }
        let png = board_png(&Position::Epaminondas(p.clone()), &captions(Some(Side::First)));
        let img = decode(&png);
        assert_eq!(img.width(), 24 * 2 + 40 * 8, "eight files");
        for square in Square::all().filter(|&s| p.on_board(s)) {
            let (x, y) = (24 + 40 * u32::from(square.file) + 20, 50 + 24 + 40 * (7 - u32::from(square.rank)) + 20);
            let centre = img.get_pixel(x, y);
            match p.piece_at(square) {
                Some(Side::First) => assert!(centre[0] > 240 && centre[2] > 240, "white piece on {square}"),
                Some(Side::Second) => assert!(centre[0] < 50, "black piece on {square}"),
                None => assert!(centre[0] > 100, "empty {square}"),
            }
        }
        golden("epaminondas-8x8.png", &png);
    }

    #[test]
    fn pieces_and_the_last_move_are_drawn_where_they_are() {
        let p = mid_game();
        let img = decode(&board_png(&Position::Epaminondas(p.clone()), &captions(Some(Side::First))));
        assert_eq!((img.width(), img.height()), (608, 662), "the board, and the legend under it");
        for square in Square::all() {
            let (x, y) = centre(square);
            let centre = img.get_pixel(x, y);
            match p.piece_at(square) {
                Some(Side::First) => assert!(centre[0] > 240 && centre[2] > 240, "white piece on {square}"),
                Some(Side::Second) => assert!(centre[0] < 50, "black piece on {square}"),
                None => assert!(centre[0] > 100, "empty {square}"),
            }
        }
        // Corners of the last move's squares carry their tint: pale blue left, blue arrived, orange captured.
        let last = p.last_move().unwrap();
        assert!(last.captured_count() > 0);
        let corner = |s: Square| *img.get_pixel(centre(s).0 - 18, centre(s).1 - 18);
        let blueish = |px: Rgba<u8>| px[2] > px[0] + 30;
        for s in &last.from() {
            if !last.to().contains(s) {
                assert!(blueish(corner(*s)), "left square {s} tinted: {:?}", corner(*s));
            }
        }
        for s in &last.to() {
            if !last.captured().contains(s) {
                assert!(blueish(corner(*s)), "arrival square {s} tinted");
            }
        }
        for s in &last.captured() {
            assert!(is_orange_tint(corner(*s)), "captured square {s} tinted orange: {:?}", corner(*s));
        }
    }

    fn is_orange_tint(p: Rgba<u8>) -> bool {
        p[0] > 220 && p[1] > 130 && p[1] < 180 && p[2] < 110
    }

    #[test]
    fn small_and_deterministic() {
        let p = Position::Epaminondas(mid_game());
        let a = board_png(&p, &captions(None));
        assert_eq!(a, board_png(&p, &captions(None)));
        assert!(a.len() <= 60 * 1024, "{} bytes", a.len());
    }
}

mod zohn_ahl {
    use super::*;
    use tablero::games::zohn_ahl::{Options as ZaOptions, Variant, ZohnAhl};

    fn captions() -> Captions {
        Captions {
            sides: [
                SideCaption {
                    title: "@red · West".into(),
                    score: "1 laps · step 12".into(),
                    badge: Some("to move".into()),
                    note: None,
                },
                SideCaption {
                    title: "ana, ben · East".into(),
                    score: "0 laps · step 24".into(),
                    badge: None,
                    note: None,
                },
            ],
            legend: tablero::table::legend_words(tablero::i18n::Locale::English),
            ..Captions::default()
        }
    }

    /// Tsoñä: West at step 9 throws 3 with the sahe flat (another throw), landing on step 12.
    fn position() -> ZohnAhl {
        let options = ZaOptions { variant: Variant::Tsona, ..ZaOptions::default() };
        ZohnAhl::from_parts(options, [9, 24], [1, 0], Side::First).play(&"FRFF".parse().unwrap()).unwrap()
    }

    #[test]
    fn golden_tsona_board() {
        golden("tsona-board.png", &board_png(&Position::ZohnAhl(position()), &captions()));
    }

    /// A Zohn Ahl team turn of three throws from the start: 5 (another), 10 (another), then 1.
    fn team_turn() -> (ZohnAhl, Vec<tablero::games::zohn_ahl::LastThrow>) {
        let mut p = ZohnAhl::new(&ZaOptions::default());
        let mut throws = Vec::new();
        for t in ["FFFF", "RRRR", "FRRR"] {
            p = p.play(&t.parse().unwrap()).unwrap();
            throws.push(*p.last_throw().unwrap());
        }
        (p, throws)
    }

    #[test]
    fn golden_team_turn_with_every_throw_and_spanish_letters() {
        let (p, throws) = team_turn();
        let compass = Some(["N", "E", "S", "O"].map(String::from));
        let captions = Captions { throws, compass, ..captions() };
        let png = board_png(&Position::ZohnAhl(p), &captions);
        golden("zohn-ahl-team-turn.png", &png);
        // Three sets of small sticks side by side (90 px apart, centred): the middle one is all round (10).
        let img = decode(&png);
        let (left, middle) = (*img.get_pixel(300 - 90 - 15, 50 + 190 + 40), *img.get_pixel(300 - 15, 50 + 190 + 40));
        assert!(middle[0] < left[0], "the 10 is round side up {middle:?}, the 5 flat {left:?}");
    }

    #[test]
    fn the_throw_that_ends_the_game_promises_no_other() {
        // East one step from its last lap, one counter left to win: an all-flat 5 ends the game.
        let options = ZaOptions { counters: 1, ..ZaOptions::default() };
        let start = ZohnAhl::from_parts(options, [0, 38], [1, 1], Side::Second);
        let end = start.play(&"FFFF".parse().unwrap()).unwrap();
        assert!(tablero::games::Game::to_move(&end).is_none(), "the game is over");
        let over = decode(&board_png(&Position::ZohnAhl(end), &captions()));
        // The same throw in a game that goes on shows the ↻ right of the value: more ink there.
        let on = ZohnAhl::new(&ZaOptions::default()).play(&"FFFF".parse().unwrap()).unwrap();
        let going = decode(&board_png(&Position::ZohnAhl(on), &captions()));
        let ink = |img: &RgbaImage| {
            (311..340)
                .flat_map(|x| (430..462).map(move |y| (x, y)))
                .filter(|&(x, y)| img.get_pixel(x, y)[0] < 120)
                .count()
        };
        assert!(ink(&going) > 20, "↻ after the 5 of a game that goes on: {} dark pixels", ink(&going));
        assert_eq!(ink(&over), 0, "no ↻ after the throw that ended the game");
    }

    #[test]
    fn the_awls_the_path_and_the_sticks_are_drawn() {
        let img = decode(&board_png(&Position::ZohnAhl(position()), &captions()));
        assert_eq!((img.width(), img.height()), (600, 700));
        // West's awl on G12 (left side, 5th space above the west creek): blue.
        let west = *img.get_pixel(70 - 9, 50 + 530 - 334);
        assert!(west[2] > 180 && west[0] < 80, "{west:?}");
        // The sahe (fourth stick) has its green tip; the second stick is round side up (darker).
        // Sticks 26 px wide, 22 apart, centred: the first starts at x = 215.
        let sahe = *img.get_pixel(215 + 3 * 48 + 6, 50 + 175);
        assert!(sahe[1] > sahe[0] + 50, "{sahe:?}");
        let round = *img.get_pixel(215 + 48 + 6, 50 + 250);
        let flat = *img.get_pixel(215 + 4, 50 + 250);
        assert!(round[0] < flat[0], "round {round:?} darker than flat {flat:?}");
    }
}

mod ocencahuac {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use tablero::games::ocencahuac::{Ocencahuac, Options as OcOptions, Policy};

    fn captions() -> Captions {
        Captions {
            sides: [
                SideCaption {
                    title: "ana · Sangangüey".into(),
                    score: "captured 1 · crowns 3".into(),
                    badge: Some("to move".into()),
                    note: None,
                },
                SideCaption {
                    title: "ben · Ceboruco".into(),
                    score: "captured 0 · crowns 1".into(),
                    badge: None,
                    note: None,
                },
            ],
            legend: tablero::table::legend_words(tablero::i18n::Locale::English),
            ..Captions::default()
        }
    }

    /// The biased player's game (seed 3) stopped at the first capture: both stages are on the board.
    fn stage_two() -> Ocencahuac {
        let mut moves = Vec::new();
        Ocencahuac::new(&OcOptions::default())
            .playout(&mut StdRng::seed_from_u64(3), Policy::Biased, |m| moves.push(m.clone()));
        let mut p = Ocencahuac::new(&OcOptions::default());
        for m in moves {
            p = p.play(&m).unwrap();
            if p.last_move().unwrap().captured.is_some() {
                break;
            }
        }
        assert!(p.board().activated.iter().any(|&a| a), "a capture needs an activated side");
        p
    }

    /// Example 3 of the rules: dark's Warrior jumps c4-c6 over the light Prince, which is pushed back over the
    /// jumper to c8 and stunned.
    fn retreat() -> Ocencahuac {
        use tablero::games::ocencahuac::{Board, Kind, Piece, Square};
        let mut board = Board { cells: [[None; 5]; 8], activated: [false, false] };
        let pieces = [
            ("c5", Side::Second, Kind::Prince),
            ("c7", Side::Second, Kind::Warrior),
            ("c4", Side::First, Kind::Warrior),
            ("a1", Side::First, Kind::Emperor),
        ];
        for (id, (square, side, kind)) in pieces.into_iter().enumerate() {
            let piece = Piece { side, kind, crowned: false, stunned: false, id: id as u8 };
            board.put(Square::parse(square).unwrap(), Some(piece));
        }
        let p = Ocencahuac::from_board(OcOptions::default(), board, Side::First);
        p.play(&"c4-c6".parse().unwrap()).unwrap()
    }

    #[test]
    fn golden_retreat_with_its_arrow_stun_and_legend() {
        let p = retreat();
        let png = board_png(&Position::Ocencahuac(p), &captions());
        golden("ocencahuac-retreat.png", &png);
        let img = decode(&png);
        // The arrow runs on the border between columns c and d (x = 28 + 3 * 80), not through the jumper on c6.
        let border = *img.get_pixel(28 + 3 * 80, 50 + 28 + 2 * 80 + 40);
        assert!(border[0] > 100 && border[2] > 150 && border[1] < 90, "purple on the border: {border:?}");
        // The stunned Prince on c8 has its red badge at its top right.
        let badge = *img.get_pixel(28 + 2 * 80 + 40 + 24 + 7, 50 + 28 + 40 - 24);
        assert!(badge[0] > 180 && badge[1] < 80, "a red badge: {badge:?}");
        // And the legend under the board (the picture is taller than the board with its bands).
        assert!(img.height() > 796, "{}", img.height());
    }

    #[test]
    fn a_relief_draws_where_the_royal_went() {
        use tablero::games::ocencahuac::{Board, Kind, Piece, Square};
        // Example 11 of the rules: light's Warrior on a7 relieves itself by jumping dark's Emperor (a6), which is
        // put on b5.
        let (dark, light) = (Side::First, Side::Second);
        let pieces = [
            ("b8", dark, Kind::Princess, true),
            ("d8", dark, Kind::Prince, true),
            ("a6", dark, Kind::Emperor, true),
            ("c2", dark, Kind::Warrior, false),
            ("e8", light, Kind::Warrior, false),
            ("a7", light, Kind::Warrior, false),
            ("c4", light, Kind::Emperor, false),
            ("a3", light, Kind::Warrior, false),
            ("d3", light, Kind::Princess, false),
            ("e2", light, Kind::Prince, false),
        ];
        let mut board = Board { cells: [[None; 5]; 8], activated: [true, false] };
        for (id, (square, side, kind, crowned)) in pieces.into_iter().enumerate() {
            let piece = Piece { side, kind, crowned, stunned: false, id: id as u8 };
            board.put(Square::parse(square).unwrap(), Some(piece));
        }
        let p = Ocencahuac::from_board(OcOptions::default(), board, light).play(&"a7-a5 @b5".parse().unwrap()).unwrap();
        let img = decode(&board_png(&Position::Ocencahuac(p), &captions()));
        let green = img.pixels().filter(|p| p[0] == 0x1f && p[1] == 0x8a && p[2] == 0x4a).count();
        assert!(green > 100, "the relief's green arrow: {green} pixels");
    }

    #[test]
    fn golden_opening() {
        let p = Ocencahuac::new(&OcOptions::default()).play(&"c1-c3".parse().unwrap()).unwrap();
        golden("ocencahuac-opening.png", &board_png(&Position::Ocencahuac(p), &captions()));
    }

    #[test]
    fn golden_stage_two() {
        golden("ocencahuac-stage-two.png", &board_png(&Position::Ocencahuac(stage_two()), &captions()));
    }

    #[test]
    fn pieces_are_drawn_by_side_and_crowns_in_gold() {
        let p = stage_two();
        let img = decode(&board_png(&Position::Ocencahuac(p.clone()), &captions()));
        for (s, piece) in p.board().pieces() {
            let (x, y) = (28 + 80 * u32::from(s.col) + 40, 50 + 28 + 80 * (7 - u32::from(s.row)) + 40);
            // Left of the letter, inside the disc: dark fill or light fill.
            let px = *img.get_pixel(x - 12, y);
            if piece.side == Side::First {
                assert!(px[0] < 80, "dark piece on {s}: {px:?}");
            } else {
                assert!(px[0] > 220, "light piece on {s}: {px:?}");
            }
            if piece.crowned {
                let ring = *img.get_pixel(x + 29, y);
                assert!(ring[0] > 200 && ring[2] < 80, "gold ring on {s}: {ring:?}");
            }
        }
    }
}

#[test]
fn golden_leaderboard_table() {
    use tablero::render::table::{Row, leaderboard_png};
    let rows: Vec<Row> =
        [("ana", "1712 ± 64", 40, 71), ("ben", "1650 ± 70", 33, 58), ("carla ríos", "1544? ± 180", 4, 50)]
            .iter()
            .enumerate()
            .map(|(i, (name, rating, games, rate))| Row {
                rank: i as u32 + 1,
                name: name.to_string(),
                rating: rating.to_string(),
                games: *games,
                win_rate: *rate,
            })
            .collect();
    let headers = ["#", "Player", "Rating", "Games", "Score"].map(String::from);
    golden("leaderboard.png", &leaderboard_png("Hoyito II leaderboard (page 1 of 1)", &rows, &headers));
}

#[test]
fn a_long_leaderboard_title_takes_two_lines_rather_than_being_cut() {
    let headers = ["#", "Player", "Rating", "Games", "Score"].map(String::from);
    let short = decode(&tablero::render::table::leaderboard_png("Hoyito II leaderboard (page 1 of 1)", &[], &headers));
    let title = "Hoyito II: provisional ratings, fewer games played, in a server with a long name (page 12 of 14)";
    let long = decode(&tablero::render::table::leaderboard_png(title, &[], &headers));
    assert!(long.height() > short.height(), "a second line for the title: {} vs {}", long.height(), short.height());
}

#[test]
fn golden_rating_chart() {
    // Seven games over three weeks, unevenly spaced in time.
    let days = [0, 1, 2, 6, 13, 14, 21];
    let history: Vec<(u64, f64)> = [1662.3, 1580.1, 1631.0, 1702.7, 1688.2, 1740.9, 1721.4]
        .iter()
        .zip(days)
        .map(|(r, d)| (1_796_083_200 + d * 86_400 + 3600, *r))
        .collect();
    golden("rating-chart.png", &tablero::render::chart::rating_png("ana · Hoyito II", &history));
}

#[test]
fn golden_tournament_standings() {
    let headers = ["#", "Player", "Points", "Buchholz", "S-B"].map(String::from);
    let rows: Vec<Vec<String>> =
        [("ana", "2½", "3½", "3"), ("ben", "2", "4", "1½"), ("carla", "1", "5", "1½"), ("dan", "½", "5½", "½")]
            .iter()
            .enumerate()
            .map(|(i, (n, p, b, s))| {
                vec![(i + 1).to_string(), n.to_string(), p.to_string(), b.to_string(), s.to_string()]
            })
            .collect();
    golden("standings.png", &tablero::render::table::standings_png("Hoyito II open · after round 3", &headers, &rows));
}

#[test]
fn golden_eight_player_bracket() {
    use tablero::render::bracket::{Game, bracket_png};
    let name = |s: &str| Some(s.to_string());
    let rounds = vec![
        vec![
            Game { players: [name("1 ana"), name("8 hal")], winner: Some(0) },
            Game { players: [name("4 dan"), name("5 eve")], winner: Some(1) },
            Game { players: [name("2 ben"), name("7 gus")], winner: Some(0) },
            Game { players: [name("3 cy"), name("6 fay")], winner: Some(1) },
        ],
        vec![
            Game { players: [name("1 ana"), name("5 eve")], winner: Some(0) },
            Game { players: [name("2 ben"), name("6 fay")], winner: None },
        ],
        vec![Game { players: [name("1 ana"), None], winner: None }],
    ];
    let names = ["Quarter-finals", "Semi-finals", "Final"].map(String::from);
    golden("bracket-8.png", &bracket_png("Epaminondas cup", &names, &rounds, "bye"));
}
