//! Zohn Ahl and its variant Tsoñä, the Kiowa awl games (`rules/zohn-ahl.md`): two teams throw four sticks and
//! race their awls round a board of 40 spaces in opposite directions.
//!
//! Positions are team-relative steps (rules 1.3): West's step s is space G s, East's is G 39-s. The engine never
//! throws: a move is a [`Throw`] (the four sticks' faces), thrown by the caller. West throws first. A throw
//! sequence goes on while throws grant another throw; then the turn passes (after `blocks` sequences of the team,
//! for TeamBlocks), skipping a sequence the dry-branch penalty forfeited.

mod options;
mod sticks;
#[cfg(test)]
mod tests;

use serde_json::{Map, Value, json};

use crate::games::{Explain, Game, Outcome, PlayError, Side};
use crate::i18n::Message;

pub use options::{Options, TurnMode, Variant};
pub use sticks::{Score, Throw};

/// The near bank of the north creek, counted from each team's start: landing there is falling in.
pub const TRAP: u8 = 19;
/// Spaces round the board.
pub const SPACES: u8 = 40;

/// What a throw did to the thrower's awl.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Moved,
    /// Landed on the opposing awl and sent it home.
    Captured,
    /// Fell into a dangerous creek and went home.
    FellIn,
    /// Completed a lap.
    Lap,
    /// Completed a lap and, keeping the surplus, landed on the opposing awl.
    LapAndCaptured,
}

/// The last throw, for pictures and replies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastThrow {
    pub side: Side,
    pub throw: Throw,
    pub score: Score,
    /// The thrower's step before and after.
    pub from: u8,
    pub to: u8,
    pub event: Event,
    /// The throw landed on a dry branch with the penalty on: the team loses its next throw sequence.
    pub penalised: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Zohn Ahl: the winner holds every counter.
    AllCounters { winner: Side },
    /// Tsoñä: the winner completed the laps agreed.
    Laps { winner: Side },
}

#[derive(Debug, Clone, PartialEq)]
pub struct ZohnAhl {
    options: Options,
    steps: [u8; 2],
    /// Zohn Ahl: each team's counters; Tsoñä: the counters each team took from the pile.
    counters: [u8; 2],
    /// Tsoñä: the shared pile.
    pile: u8,
    to_move: Side,
    /// Throw sequences the team on turn has finished in this team turn.
    block_done: u8,
    /// Throw sequences each team has finished (or forfeited), to call its members in turn.
    sequences: [u32; 2],
    /// A team that must sit out its next throw sequence (dry-branch penalty).
    penalty: [bool; 2],
    end: Option<End>,
    last: Option<LastThrow>,
}

/// Every throw is legal while the game goes on; only a finished game refuses one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver,
}

impl Explain for IllegalMove {
    fn message(&self) -> Message {
        Message::new("game-over")
    }
}

/// The global space (rules 1.2) of a team's relative step.
pub fn space(side: Side, step: u8) -> u8 {
    match side {
        Side::First => step % SPACES,
        Side::Second => (SPACES - 1 - step % SPACES) % SPACES,
    }
}

fn is_dry_branch(space: u8) -> bool {
    matches!(space, 9 | 10 | 29 | 30)
}

impl ZohnAhl {
    /// A position from its parts, for tests and worked examples (West = First, East = Second).
    pub fn from_parts(options: Options, steps: [u8; 2], counters: [u8; 2], to_move: Side) -> ZohnAhl {
        let pile = match options.variant {
            Variant::ZohnAhl => 0,
            Variant::Tsona => (2 * options.laps).saturating_sub(counters[0] + counters[1]),
        };
        ZohnAhl {
            options,
            steps,
            counters,
            pile,
            to_move,
            block_done: 0,
            sequences: [0, 0],
            penalty: [false, false],
            end: None,
            last: None,
        }
    }

    pub fn options_ref(&self) -> &Options {
        &self.options
    }

    pub fn step(&self, side: Side) -> u8 {
        self.steps[side.index()]
    }

    pub fn counters(&self, side: Side) -> u8 {
        self.counters[side.index()]
    }

    /// Tsoñä's shared pile (0 in Zohn Ahl).
    pub fn pile(&self) -> u8 {
        self.pile
    }

    pub fn last_throw(&self) -> Option<&LastThrow> {
        self.last.as_ref()
    }

    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Throw sequences `side` has finished: the table calls its members in this order.
    pub fn sequences(&self, side: Side) -> u32 {
        self.sequences[side.index()]
    }

    /// Whether the next throw is an extra throw within the current sequence.
    pub fn in_extra_throw(&self) -> bool {
        self.last.is_some_and(|l| l.score.extra && l.side == self.to_move)
    }

    /// `payer` gives one counter to the other team (Zohn Ahl); a team with none left has already lost.
    fn pay(&mut self, payer: Side) {
        if self.counters[payer.index()] > 0 {
            self.counters[payer.index()] -= 1;
            self.counters[payer.other().index()] += 1;
        }
    }

    /// Resolves one throw for the team on turn (rules 2.5 and 3.4).
    fn resolve(&mut self, throw: Throw) {
        let me = self.to_move;
        let them = me.other();
        let score = throw.score(self.options.variant);
        let from = self.steps[me.index()];
        let target = from + score.value;
        let tsona = self.options.variant == Variant::Tsona;
        let lap_at = match (tsona, self.options.south_river_dangerous) {
            (true, true) => 40,
            (true, false) => 39,
            (false, _) => self.options.lap_threshold,
        };
        let falls_in = target == TRAP || (tsona && self.options.south_river_dangerous && target == 39);
        let mut event;
        if target >= lap_at {
            if tsona {
                self.counters[me.index()] += 1;
                self.pile = self.pile.saturating_sub(1);
            } else {
                self.pay(them);
            }
            self.steps[me.index()] = if self.options.carry_surplus { target - lap_at } else { 0 };
            event = Event::Lap;
            if self.options.carry_surplus && self.meets() {
                self.send_home(them, tsona);
                event = Event::LapAndCaptured;
            }
        } else if falls_in {
            if !tsona {
                self.pay(me);
            }
            self.steps[me.index()] = 0;
            event = Event::FellIn;
        } else {
            self.steps[me.index()] = target;
            event = Event::Moved;
            if self.meets() {
                self.send_home(them, tsona);
                event = Event::Captured;
            }
        }
        let landed = self.steps[me.index()];
        let penalised = self.options.dry_branch_penalty
            && matches!(event, Event::Moved | Event::Captured)
            && is_dry_branch(space(me, landed));
        if penalised {
            self.penalty[me.index()] = true;
        }
        self.last = Some(LastThrow { side: me, throw, score, from, to: landed, event, penalised });
        self.end = if tsona {
            Side::BOTH
                .into_iter()
                .find(|s| self.counters[s.index()] >= self.options.laps)
                .map(|winner| End::Laps { winner })
        } else {
            Side::BOTH
                .into_iter()
                .find(|s| self.counters[s.other().index()] == 0)
                .map(|winner| End::AllCounters { winner })
        };
        if self.end.is_none() && !score.extra {
            self.next_sequence();
        }
    }

    /// Whether the two awls stand on the same space.
    fn meets(&self) -> bool {
        space(Side::First, self.steps[0]) == space(Side::Second, self.steps[1])
    }

    /// A captured awl goes back to its start; in Zohn Ahl its team pays a counter.
    fn send_home(&mut self, side: Side, tsona: bool) {
        self.steps[side.index()] = 0;
        if !tsona {
            self.pay(side);
        }
    }

    /// The team on turn finished a throw sequence: pass the turn as the turn mode and penalties say.
    fn next_sequence(&mut self) {
        loop {
            let team = self.to_move;
            self.sequences[team.index()] += 1;
            self.block_done += 1;
            if self.block_done >= self.options.blocks[team.index()] {
                self.to_move = team.other();
                self.block_done = 0;
            }
            if !self.penalty[self.to_move.index()] {
                return;
            }
            // The team now due forfeits this sequence.
            self.penalty[self.to_move.index()] = false;
        }
    }
}

impl Game for ZohnAhl {
    type Move = Throw;
    type Options = Options;
    type IllegalMove = IllegalMove;

    fn new(options: &Options) -> Self {
        let counters = match options.variant {
            Variant::ZohnAhl => [options.counters; 2],
            Variant::Tsona => [0, 0],
        };
        ZohnAhl::from_parts(*options, [0, 0], counters, Side::First)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn to_move(&self) -> Option<Side> {
        if self.end.is_some() { None } else { Some(self.to_move) }
    }

    fn legal_moves(&self) -> Vec<Throw> {
        if self.end.is_some() { Vec::new() } else { Throw::all().collect() }
    }

    fn legal_names(&self) -> Vec<String> {
        if self.end.is_some() { Vec::new() } else { vec!["throw".to_string()] }
    }

    fn play(mut self, m: &Throw) -> Result<Self, PlayError<Self>> {
        if self.end.is_some() {
            return Err(PlayError { reason: IllegalMove::GameOver, position: self });
        }
        self.resolve(*m);
        Ok(self)
    }

    fn outcome(&self) -> Outcome {
        match self.end {
            Some(End::AllCounters { winner } | End::Laps { winner }) => Outcome::Won(winner),
            None => Outcome::Ongoing,
        }
    }

    fn early_end(&self) -> Outcome {
        Outcome::by_score(self.counters[0], self.counters[1])
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "west",
            Side::Second => "east",
        }
    }

    fn diagram(&self, say: &dyn Fn(Message) -> String) -> String {
        let tsona = self.options.variant == Variant::Tsona;
        let team = |side: Side| {
            let s = self.steps[side.index()];
            let name = say(Message::new("side").str("side", Self::side_name(side)));
            format!("{name}: {} (G{})", say(self.score(side)), space(side, s))
        };
        let pile = if tsona { say(Message::new("diagram-tsona-pile").num("pile", self.pile)) } else { String::new() };
        format!("{}; {}{pile}", team(Side::First), team(Side::Second))
    }

    fn describe_last_move(&self) -> Vec<Message> {
        let Some(l) = self.last else { return Vec::new() };
        let side = Self::side_name(l.side);
        let other = Self::side_name(l.side.other());
        let tsona = self.options.variant == Variant::Tsona;
        let mut out = vec![
            Message::new("zohn-ahl-threw")
                .str("side", side)
                .str("throw", l.throw.to_string())
                .num("flat", l.throw.flat_count())
                .num("value", l.score.value),
        ];
        out.push(match (l.event, tsona) {
            (Event::Moved, _) => Message::new("zohn-ahl-moved").num("step", l.to).num("space", space(l.side, l.to)),
            (Event::Captured, false) => Message::new("zohn-ahl-captured").str("other", other),
            (Event::Captured, true) => Message::new("tsona-captured").str("other", other),
            (Event::FellIn, false) => Message::new("zohn-ahl-fell-in").str("side", side),
            (Event::FellIn, true) => Message::new("tsona-fell-in").str("side", side),
            (Event::Lap, false) => Message::new("zohn-ahl-lap").str("side", side).str("other", other),
            (Event::Lap, true) => Message::new("tsona-lap").str("side", side),
            (Event::LapAndCaptured, false) => Message::new("zohn-ahl-lap-captured").str("other", other),
            (Event::LapAndCaptured, true) => Message::new("tsona-lap-captured").str("other", other),
        });
        if l.penalised {
            out.push(Message::new("zohn-ahl-dry-branch").str("side", side));
        }
        if l.score.extra && self.end.is_none() {
            out.push(Message::new("zohn-ahl-extra-throw").str("side", side));
        }
        out
    }

    fn describe_end(&self) -> Option<Message> {
        Some(match self.end? {
            End::AllCounters { winner } => Message::new("zohn-ahl-end")
                .str("side", Self::side_name(winner))
                .num("counters", self.counters[winner.index()]),
            End::Laps { winner } => {
                Message::new("tsona-end").str("side", Self::side_name(winner)).num("laps", self.options.laps)
            }
        })
    }

    fn score(&self, side: Side) -> Message {
        let id = match self.options.variant {
            Variant::ZohnAhl => "zohn-ahl-score",
            Variant::Tsona => "tsona-score",
        };
        Message::new(id).num("counters", self.counters[side.index()]).num("step", self.steps[side.index()])
    }

    fn describe_position(&self) -> Vec<Message> {
        let mut said: Vec<Message> = Side::BOTH
            .iter()
            .map(|&side| {
                Message::new("describe-zohn-ahl-team")
                    .str("side", Self::side_name(side))
                    .num("step", i64::from(self.steps[side.index()]))
                    .num("counters", i64::from(self.counters[side.index()]))
                    .num("penalty", i64::from(self.penalty[side.index()]))
            })
            .collect();
        if self.options.variant == Variant::Tsona {
            said.push(Message::new("describe-zohn-ahl-pile").num("pile", i64::from(self.pile)));
        }
        said
    }

    fn analysis(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("awls".into(), json!({"west": self.steps[0], "east": self.steps[1]}));
        map.insert("counters".into(), json!({"west": self.counters[0], "east": self.counters[1]}));
        if self.options.variant == Variant::Tsona {
            map.insert("pile".into(), json!(self.pile));
        }
        map
    }
}
