//! `tablero analyze` as outside tools call it: keys, exit statuses, errors.

use std::process::Command;

use serde_json::{Value, json};

fn analyze(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_tablero")).arg("analyze").args(args).output().expect("runs");
    let json = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("stdout is one JSON object ({e}): {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code().expect("exit status"), json)
}

#[test]
fn start_position() {
    let (status, v) = analyze(&["hoyito"]);
    assert_eq!(status, 0);
    assert_eq!(
        v,
        json!({
            "game": "hoyito", "to_move": "south", "status": "ongoing", "winner": null,
            "legal": ["1", "2", "3", "4", "5", "6"],
            "board": [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
            "captured": {"south": 0, "north": 0}
        })
    );
}

#[test]
fn worked_example_1_through_analyze() {
    let (status, v) = analyze(&["hoyito", "--moves", "1"]);
    assert_eq!(status, 0);
    assert_eq!(v["board"], json!([2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6]));
    assert_eq!(v["to_move"], "north");
    assert_eq!(v["legal"], json!(["1", "2", "4", "5", "6"]));
}

#[test]
fn options_are_read() {
    let (status, v) = analyze(&["hoyito", "--option", "holes=12", "--option", "skip_origin=true"]);
    assert_eq!(status, 0);
    assert_eq!(v["board"].as_array().unwrap().len(), 24);
    assert_eq!(v["legal"].as_array().unwrap().len(), 12);
}

#[test]
fn a_finished_game_has_a_winner_and_no_legal_moves() {
    let (status, v) = analyze(&["hoyito", "--option", "max_moves_without_capture=1", "--moves", "1"]);
    assert_eq!(status, 0);
    assert_eq!(v["status"], "draw");
    assert_eq!(v["to_move"], Value::Null);
    assert_eq!(v["winner"], Value::Null);
    assert_eq!(v["legal"], json!([]));
}

#[test]
fn an_illegal_move_stops_the_replay_with_status_1() {
    // After South's 1, North's hole 3 is empty.
    let (status, v) = analyze(&["hoyito", "--moves", "1 3"]);
    assert_eq!(status, 1);
    assert_eq!(v["move"], "3");
    assert_eq!(v["index"], 1);
    assert!(v["error"].as_str().unwrap().contains("empty"), "{v}");
    let (status, v) = analyze(&["hoyito", "--moves", "1 1 4 3 5 1 6"]);
    assert_eq!((status, v["move"].clone(), v["index"].clone()), (1, json!("6"), json!(6)));
    assert!(v["error"].as_str().unwrap().contains("for ever"), "{v}");
    let (status, v) = analyze(&["hoyito", "--moves", "7"]);
    assert_eq!((status, v["index"].clone()), (1, json!(0)));
}

#[test]
fn bad_games_options_and_notation_exit_with_status_2() {
    for args in [
        vec!["chess"],
        vec!["hoyito", "--option", "holes=7"],
        vec!["hoyito", "--option", "colour=red"],
        vec!["hoyito", "--option", "holes"],
        vec!["hoyito", "--moves", "1 x"],
    ] {
        let (status, v) = analyze(&args);
        assert_eq!(status, 2, "{args:?}");
        assert!(v["error"].is_string(), "{args:?}: {v}");
    }
}

#[test]
fn epaminondas_start_and_moves() {
    let (status, v) = analyze(&["epaminondas"]);
    assert_eq!(status, 0);
    assert_eq!(v["game"], "epaminondas");
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["legal"].as_array().unwrap().len(), 114);
    let white = v["pieces"]["white"].as_array().unwrap();
    assert_eq!(white.len(), 28);
    assert_eq!((white[0].clone(), white[1].clone(), white[2].clone()), (json!("a1"), json!("a2"), json!("b1")));
    assert_eq!(v["pieces"]["black"].as_array().unwrap().last().unwrap(), "n12");
    // Sorted by the tail's file, then rank, then the destination likewise.
    let legal: Vec<&str> = v["legal"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert_eq!(&legal[..5], ["a1-a3", "a1-a4", "a1-c3", "a1-d4", "a2-a3"]);
    let (status, v) = analyze(&["epaminondas", "--moves", "c1-c3 d12-d10"]);
    assert_eq!(status, 0);
    assert_eq!(v["to_move"], "white");
    assert!(v["pieces"]["white"].as_array().unwrap().contains(&json!("c3")));
}

#[test]
fn epaminondas_errors() {
    let (status, v) = analyze(&["epaminondas", "--moves", "c1-c3 c2-c4"]);
    assert_eq!((status, v["index"].clone(), v["move"].clone()), (1, json!(1), json!("c2-c4")));
    assert!(v["error"].as_str().unwrap().contains("opponent's"), "{v}");
    let (status, v) = analyze(&["epaminondas", "--moves", "c2-c4"]);
    assert_eq!(status, 1);
    assert!(v["error"].as_str().unwrap().contains("one square only"), "{v}");
    assert_eq!(analyze(&["epaminondas", "--option", "symmetry=sideways"]).0, 2);
    assert_eq!(analyze(&["epaminondas", "--moves", "c2c4"]).0, 2);
    let (status, v) = analyze(&["epaminondas", "--option", "symmetry=off"]);
    assert_eq!((status, v["legal"].as_array().unwrap().len()), (0, 114));
}

#[test]
fn zohn_ahl_throws_through_analyze() {
    let (status, v) = analyze(&["zohn-ahl"]);
    assert_eq!(status, 0);
    assert_eq!(v["to_move"], "west");
    assert_eq!(v["legal"], json!(["throw"]));
    assert_eq!(v["awls"], json!({"west": 0, "east": 0}));
    assert_eq!(v["counters"], json!({"west": 4, "east": 4}));
    assert!(v.get("pile").is_none());
    // 5 and another throw, then 1: West at 6; then East throws 2.
    let (status, v) = analyze(&["zohn-ahl", "--moves", "FFFF FRRR RRFF"]);
    assert_eq!(status, 0);
    assert_eq!(v["awls"], json!({"west": 6, "east": 2}));
    assert_eq!(v["to_move"], "west");
    let (status, v) = analyze(&["zohn-ahl", "--option", "variant=tsona", "--moves", "RRRF"]);
    assert_eq!(status, 0);
    assert_eq!((v["pile"].clone(), v["to_move"].clone()), (json!(4), json!("west")), "the sahe alone throws again");
    assert_eq!(analyze(&["zohn-ahl", "--moves", "FFXF"]).0, 2);
    assert_eq!(analyze(&["zohn-ahl", "--option", "counters=11"]).0, 2);
    assert_eq!(analyze(&["zohn-ahl", "--option", "turn_mode=chaos"]).0, 2);
}

#[test]
fn zohn_ahl_throws_after_the_end_are_illegal() {
    // One counter each. West: 5, 5, 5 (each throws again), 2 = step 17; East: 2; West: 2 = step 19, falls in.
    let moves = "FFFF FFFF FFFF FFRR FFRR FFRR";
    let (status, v) = analyze(&["zohn-ahl", "--option", "counters=1", "--moves", moves]);
    assert_eq!(status, 0, "{v}");
    assert_eq!((v["status"].clone(), v["winner"].clone()), (json!("won"), json!("east")));
    assert_eq!(v["legal"], json!([]));
    let (status, v) = analyze(&["zohn-ahl", "--option", "counters=1", "--moves", &format!("{moves} FRRR")]);
    assert_eq!((status, v["index"].clone()), (1, json!(6)));
}

#[test]
fn ocencahuac_through_analyze() {
    let (status, v) = analyze(&["ocencahuac"]);
    assert_eq!(status, 0);
    assert_eq!(v["to_move"], "dark");
    assert_eq!(v["activated"], json!({"dark": false, "light": false}));
    assert_eq!(v["legal"].as_array().unwrap().len(), 10);
    assert_eq!(
        v["pieces"][0],
        json!({"square": "a1", "color": "dark", "kind": "emperor", "crowned": false, "stunned": false})
    );
    assert_eq!(v["pieces"].as_array().unwrap().len(), 12);
    // Dark's Prince goes up, light's Prince comes down, dark's Prince jumps it: pushed back and stunned.
    let (status, v) = analyze(&["ocencahuac", "--moves", "c1-c3 c8-c6 c3-c4 c6-c5 c4-c6"]);
    assert_eq!(status, 0, "{v}");
    let c8 = v["pieces"].as_array().unwrap().iter().find(|p| p["square"] == "c8").unwrap().clone();
    assert_eq!((c8["kind"].clone(), c8["stunned"].clone()), (json!("prince"), json!(true)));
    let (status, v) = analyze(&["ocencahuac", "--moves", "c1-c3 c8-c5"]);
    assert_eq!((status, v["index"].clone()), (1, json!(1)));
    assert_eq!(analyze(&["ocencahuac", "--moves", "c1c3"]).0, 2);
    assert_eq!(analyze(&["ocencahuac", "--option", "max_plies=0"]).0, 2);
}

#[test]
fn ocencahuac_relief_tokens_belong_to_their_move() {
    // Only the joining of `@` tokens is checked here (the relief itself is a unit test): `@b5` after a move that
    // is not a relief makes that move illegal, at index 0, counting moves and not tokens.
    let (status, v) = analyze(&["ocencahuac", "--moves", "a2-a3 @b5"]);
    assert_eq!((status, v["index"].clone(), v["move"].clone()), (1, json!(0), json!("a2-a3 @b5")));
}

#[test]
fn the_help_names_all_four_games() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablero")).args(["analyze", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for game in ["hoyito", "epaminondas", "zohn-ahl", "ocencahuac"] {
        assert!(help.contains(game), "{game} missing from:\n{help}");
    }
}

/// `tablero admin endgame` builds the Hoyito endgame database, and `analyze --endgame` reports a position it
/// holds (reached by a seeded random game) with the value, best moves and plies the database gives.
#[test]
fn the_endgame_database_is_built_and_reports_a_position_it_holds() {
    use rand::{Rng, SeedableRng};
    use tablero::ai::endgame::Endgame;
    use tablero::games::Position;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("endgame.bin");
    let built = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(["admin", "endgame", "--seeds", "8", "--out"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    assert!(String::from_utf8_lossy(&built.stdout).starts_with("75582 positions with up to 8 seeds"));
    let db = Endgame::load(&file).unwrap();
    // Without --out it goes into the data folder (made when missing), where the bot and the console load it.
    let data = dir.path().join("new").join("data");
    let into_data = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(["admin", "endgame", "--seeds", "8", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    assert!(into_data.status.success(), "{}", String::from_utf8_lossy(&into_data.stderr));
    assert_eq!(std::fs::read(data.join("hoyito-endgame.bin")).unwrap(), std::fs::read(&file).unwrap());
    // A random game played until 8 seeds or fewer are left with someone to move.
    let mut found = None;
    for seed in 0..200u64 {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut position = Position::new(tablero::games::GameKind::Hoyito, &Default::default()).unwrap();
        let mut moves = Vec::new();
        while position.to_move().is_some() {
            if let Position::Hoyito(h) = &position
                && h.holes().iter().map(|&s| u32::from(s)).sum::<u32>() <= 8
            {
                found = Some((moves.join(" "), h.clone()));
                break;
            }
            let legal = position.legal_moves();
            let m = legal[rng.random_range(0..legal.len())].clone();
            position.play(&m).unwrap();
            moves.push(m);
        }
        if found.is_some() {
            break;
        }
    }
    let (moves, hoyito) = found.expect("a random game reaches 8 seeds");
    let (status, v) = analyze(&["hoyito", "--moves", &moves, "--endgame", file.to_str().unwrap()]);
    assert_eq!(status, 0, "{v}");
    let (value, best) = db.best(&hoyito).unwrap();
    let best: Vec<String> = best.iter().map(ToString::to_string).collect();
    assert_eq!(v["endgame"]["value"], json!(value), "{v}");
    assert_eq!(v["endgame"]["best"], json!(best));
    assert_eq!(v["endgame"]["plies"], json!(db.plies(&hoyito).unwrap()));
    assert!(best.iter().all(|b| v["legal"].as_array().unwrap().contains(&json!(b))), "{v}");
    // The start is no endgame: the key says so.
    let (_, start) = analyze(&["hoyito", "--endgame", file.to_str().unwrap()]);
    assert_eq!(start["endgame"], Value::Null);
    // A file that is no database is refused.
    std::fs::write(&file, "hello\n").unwrap();
    let (status, refused) = analyze(&["hoyito", "--endgame", file.to_str().unwrap()]);
    assert_eq!(status, 2, "{refused}");
}
