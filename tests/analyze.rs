//! `tablero analyze` as outside tools call it: keys, exit statuses, errors (issue "Foundation", CLARIFICATIONS 1).

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
