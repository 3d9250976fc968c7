//! Checking a record: every move replayed through the rules, the result compared with what the rules say, and
//! the game the record describes built for the store (finished, or still on), unrated and marked imported.

use super::{Record, RecordError, time};
use crate::games::{GameKind, Outcome, Position, Side};
use crate::i18n::Message;
use crate::store::rating::RatingChange;
use crate::store::record::ChannelId;
use crate::store::record::GameId;
use crate::store::record::GuildId;
use crate::store::record::{
    Computer, FinishReason, First, GameRecord, Imported, MoveEntry, Player, Status, Team, Timestamp, UserId,
};

/// A record that passed the check: the game to store (id, server and channel still to be given) and its final
/// position.
#[derive(Debug, Clone)]
pub struct Replayed {
    pub game: GameRecord,
    pub position: Position,
}

fn when(text: &str) -> Result<Timestamp, RecordError> {
    time::parse(text).ok_or_else(|| Message::new("record-bad-time").str("text", text).into())
}

fn id(text: &str) -> Result<UserId, RecordError> {
    text.parse().map_err(|_| Message::new("record-bad-id").str("text", text).into())
}

/// Replays `record`; `importer` stands for the game's challenger when the record names no player at all.
pub fn check(record: &Record, importer: &Player) -> Result<Replayed, RecordError> {
    let kind: GameKind = record.kind()?;
    let options = kind.normalise_options(&record.options).map_err(|e| RecordError::new(e.message()))?;
    let Sides { seats, teams, rosters, rating_changes } = sides(record, kind)?;
    let started = when(&record.started)?;
    let mut position = Position::new(kind, &options).map_err(|e| RecordError::new(e.message()))?;
    let moves = replay(record, &mut position, &seats)?;
    let status = status(record, &position)?;
    let ended = match (&record.ended, status) {
        (Some(t), Status::Finished { .. }) => when(t)?,
        (None, Status::Active) => moves.last().map_or(started, |m| m.at),
        (None, _) => return Err(Message::new("record-missing-tag").str("tag", "Ended").into()),
        (Some(_), _) => return Err(Message::new("record-ended-on").into()),
    };
    let computer = match record.computer {
        Some(level @ 1..=5) => {
            let seat = seats.iter().position(|p| p.id == crate::store::record::COMPUTER);
            let Some(seat) = seat else { return Err(Message::new("record-bad-computer").into()) };
            let on_turn = position.to_move().map(Side::index) == Some(seat);
            Some(Computer { level, on_turn: on_turn && status == Status::Active })
        }
        Some(_) => return Err(Message::new("record-bad-computer").into()),
        None => None,
    };
    check_terms(record)?;
    let everyone = seats.iter().chain(teams.iter().flat_map(|t| t.players())).chain(rosters.iter().flatten());
    let challenger = everyone.clone().next().cloned().unwrap_or_else(|| importer.clone());
    let opponent = seats.get(1).cloned().or_else(|| everyone.clone().nth(1).cloned());
    let game = GameRecord {
        opponent,
        first: First::Challenger,
        seats,
        challenger_side: (!teams.is_empty()).then_some(Side::First),
        teams,
        rosters,
        moves,
        status,
        computer,
        updated_at: ended,
        rating_changes,
        imported: Some(Imported {
            id: GameId(record.id),
            rated: record.rated,
            seconds_per_move: record.seconds_per_move,
            tournament: record.tournament,
            round: record.round,
            by: None,
            at: None,
        }),
        ..GameRecord::new(kind, options, GuildId(0), ChannelId(0), challenger, started)
    };
    Ok(Replayed { game, position })
}

/// Who played: the seats of a game of one player a side, or the teams (and their rosters by side), and the
/// rating changes the record names.
struct Sides {
    seats: Vec<Player>,
    teams: Vec<Team>,
    rosters: Vec<Vec<Player>>,
    rating_changes: Vec<RatingChange>,
}

fn sides(record: &Record, kind: GameKind) -> Result<Sides, RecordError> {
    let [first, second] = record.sides.as_slice() else {
        return Err(Message::new("record-two-sides").into());
    };
    let mut sides = Sides { seats: Vec::new(), teams: Vec::new(), rosters: Vec::new(), rating_changes: Vec::new() };
    for (side, s) in Side::BOTH.into_iter().zip([first, second]) {
        if s.side != kind.side_name(side) {
            return Err(Message::new("record-bad-side")
                .str("side", s.side.as_str())
                .str("expected", kind.side_name(side))
                .into());
        }
        let mut players = Vec::new();
        for p in &s.players {
            let player = Player { id: id(&p.id)?, name: p.name.clone() };
            if let (Some(before), Some(after)) = (p.rating_before, p.rating_after) {
                sides.rating_changes.push(RatingChange { user: player.id, before, after, provisional: p.provisional });
            }
            players.push(player);
        }
        if s.team != (first.team || second.team) || (s.team && kind != GameKind::ZohnAhl) {
            return Err(Message::new("record-bad-teams").into());
        }
        match (&s.role, s.team) {
            (Some(role), true) => {
                // An imported game's role is named, never pinged: the file says nothing of who may ping it here.
                sides.teams.push(Team::Role { id: (id(&role.id)?).get(), name: role.name.clone(), ping: false });
                sides.rosters.push(players);
            }
            (None, true) if !players.is_empty() => {
                sides.teams.push(Team::Players { players });
                // Rosters are by side: a team of named players has none.
                sides.rosters.push(Vec::new());
            }
            (None, false) if players.len() == 1 => sides.seats.push(players.remove(0)),
            _ => return Err(Message::new("record-bad-players").str("side", s.side.as_str()).into()),
        }
    }
    if sides.rosters.iter().all(Vec::is_empty) {
        sides.rosters.clear();
    }
    Ok(sides)
}

/// Every move of `record` played on `position` through the rules, each by its player (a seat's when the record
/// names none).
fn replay(record: &Record, position: &mut Position, seats: &[Player]) -> Result<Vec<MoveEntry>, RecordError> {
    let mut moves = Vec::with_capacity(record.moves.len());
    for (i, m) in record.moves.iter().enumerate() {
        let number = i as i64 + 1;
        let illegal = |cause: Message| RecordError {
            message: Message::new("record-illegal-move").num("number", number).str("move", m.notation.as_str()),
            cause: Some(cause),
        };
        let Some(side) = position.to_move() else {
            return Err(illegal(Message::new("record-after-end")));
        };
        let notation = position.play(&m.notation).map_err(|e| illegal(e.message().clone()))?;
        let by = match &m.by {
            Some(by) => id(by)?,
            None => match seats.get(side.index()) {
                Some(p) => p.id,
                None => return Err(Message::new("record-no-mover").num("number", number).into()),
            },
        };
        moves.push(MoveEntry { notation, by, at: when(&m.at)?, name: m.name.clone() });
    }
    Ok(moves)
}

/// The game's status as the record gives it, when the rules agree with it at the final `position`.
fn status(record: &Record, position: &Position) -> Result<Status, RecordError> {
    let outcome = position.outcome();
    let over_by_rules = |result: &str| -> RecordError {
        Message::new("record-over-by-rules")
            .num("number", record.moves.len() as i64)
            .str("result", result)
            .str("expected", super::result_of(outcome_winner(outcome)))
            .into()
    };
    let result = record.result.as_str();
    let winner = match result {
        "*" if outcome != Outcome::Ongoing => return Err(over_by_rules("*")),
        "*" => return Ok(Status::Active),
        "1-0" => Some(Side::First),
        "0-1" => Some(Side::Second),
        "1/2-1/2" => None,
        other => return Err(Message::new("record-bad-result").str("text", other).into()),
    };
    let termination = record.termination.as_deref().unwrap_or("");
    let reason = super::termination_of(termination)
        .ok_or_else(|| RecordError::new(Message::new("record-bad-termination").str("text", termination)))?;
    let agrees = match reason {
        FinishReason::Rules => outcome != Outcome::Ongoing && outcome_winner(outcome) == winner,
        FinishReason::DrawAgreed => outcome == Outcome::Ongoing && outcome_winner(position.early_end()) == winner,
        FinishReason::Resignation | FinishReason::Timeout => outcome == Outcome::Ongoing && winner.is_some(),
        // An organiser's decision may stand over anything.
        FinishReason::Forfeit => true,
    };
    if !agrees {
        return Err(if outcome != Outcome::Ongoing && reason != FinishReason::Rules {
            over_by_rules(result)
        } else {
            Message::new("record-result-wrong")
                .str("result", result)
                .str("termination", termination)
                .num("number", record.moves.len() as i64)
                .into()
        });
    }
    Ok(Status::Finished { winner, reason })
}

/// The time per move, the tournament and the round, when given, are not zero; a round belongs to a tournament.
fn check_terms(record: &Record) -> Result<(), RecordError> {
    if record.seconds_per_move == Some(0) {
        return Err(Message::new("record-bad-time-per-move").str("text", "0").into());
    }
    if record.tournament == Some(0) {
        return Err(Message::new("record-bad-tournament").str("text", "0").into());
    }
    match (record.tournament, record.round) {
        (_, Some(0)) => Err(Message::new("record-bad-round").str("text", "0").into()),
        (None, Some(_)) => Err(Message::new("record-round-alone").into()),
        _ => Ok(()),
    }
}

fn outcome_winner(outcome: Outcome) -> Option<Side> {
    match outcome {
        Outcome::Won(s) => Some(s),
        _ => None,
    }
}
