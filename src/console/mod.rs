//! `tablero local`: a terminal front end to the table service, for trying the bot without Discord and for
//! transcript tests. It reads `name: command ...` lines from a prompt or piped standard input, prints the
//! replies and a text diagram, and writes each board picture into the output folder. Like the Discord front
//! end it only translates: every decision is the table service's.

mod asking;
mod line;

use crate::store::record::ChannelId;
use crate::store::record::GuildId;
use crate::store::record::UserId;
use crate::table::{ChallengeCommand, PlayCommand, RecordCommand};
use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::games::GameKind;
use crate::i18n::{self, Locale, Message, Span, Text};
use crate::store::record::{COMPUTER, GameId, Player, Team, Timestamp};
use crate::table::{
    Actor, Command, Decision, Permissions, Reply, Request, RoleId, Table, Terms, TournamentCommand, TournamentFormat,
    TournamentTerms,
};

use asking::Said;
pub use line::{Line, Words, parse};

/// A stable id for a console name (`ana`, `#lobby`, `@&red`): FNV-1a of its lower-case form.
pub fn id_of(name: &str) -> u64 {
    name.to_lowercase().bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// The console guild: everything typed here happens in one pretend server.
pub const GUILD: GuildId = GuildId(1);

/// A game number typed as `12` or `#12`, if given.
fn game_number(word: Option<&String>, usage: &'static str) -> Result<Option<GameId>, Message> {
    word.map(|w| w.trim_start_matches('#').parse().map_err(|_| Message::new("console-usage").str("usage", usage)))
        .transpose()
}

/// A whole number given as `key=N`, if given; anything else is refused by the option's name.
fn number_option<T: std::str::FromStr>(options: &mut crate::games::OptionSet, key: &str) -> Result<Option<T>, Message> {
    let Some(value) = options.remove(key) else { return Ok(None) };
    let bad = || {
        Message::new("option-bad-value").str("key", key).str("value", value.as_str()).str("expected", "a whole number")
    };
    value.trim_start_matches('#').parse().map(Some).map_err(|_| bad())
}

/// A record of a game still on with its players made the console's users of the same names (so they can play
/// on here), and those users; any other file as it is.
fn console_players(bytes: Vec<u8>) -> (Vec<u8>, Vec<Player>) {
    let Ok(mut record) = crate::records::read(&bytes) else { return (bytes, Vec::new()) };
    if record.result != "*" {
        return (bytes, Vec::new());
    }
    let mut ids = HashMap::new();
    let mut players = Vec::new();
    for p in record.sides.iter_mut().flat_map(|s| s.players.iter_mut()) {
        if p.id != COMPUTER.to_string() {
            let id = id_of(&p.name);
            ids.insert(p.id.clone(), id.to_string());
            players.push(Player { id: UserId(id), name: p.name.clone() });
            p.id = id.to_string();
        }
    }
    for m in &mut record.moves {
        if let Some(by) = m.by.as_mut().and_then(|b| ids.get(b).map(|new| (b, new))) {
            *by.0 = by.1.clone();
        }
    }
    (record.write(crate::records::Form::Json).into_bytes(), players)
}

/// A record file's bytes (at most a record's size), or what is wrong with the file.
pub fn read_record(path: &Path) -> Result<Vec<u8>, Message> {
    let unreadable =
        |e: String| Message::new("console-file-unreadable").str("path", path.display().to_string()).str("error", e);
    let size = std::fs::metadata(path).map_err(|e| unreadable(e.to_string()))?.len();
    if size > crate::records::MAX_BYTES as u64 {
        return Err(Message::new("record-too-big").num("max", (crate::records::MAX_BYTES / 1000) as i64));
    }
    std::fs::read(path).map_err(|e| unreadable(e.to_string()))
}

/// The computer's name in the console.
const COMPUTER_NAME: &str = "tablero";

/// At most this many computer moves are played after one line (a computer-only game cannot run away).
const COMPUTER_MOVES_PER_LINE: usize = 2000;

/// The longest `wait` the console takes (ten years): the clock must never wrap.
const MAX_WAIT_SECS: u64 = 10 * 365 * 86_400;

/// What the console knows of its users and channels, kept in `console-users.json` in the output folder so a
/// restart still shows names and keeps each user's language and roles. Front-end state only: no game state.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Known {
    /// Names of the users and roles seen, by id.
    names: HashMap<u64, String>,
    /// Channel names by id.
    channels: HashMap<u64, String>,
    locales: HashMap<u64, Locale>,
    roles: HashMap<u64, Vec<RoleId>>,
}

impl Known {
    fn path(out_dir: &Path) -> PathBuf {
        out_dir.join("console-users.json")
    }

    /// What an earlier run kept; nothing when there is no file or it does not read (it is rebuilt as users act).
    fn load(out_dir: &Path) -> Known {
        let Ok(bytes) = std::fs::read(Known::path(out_dir)) else { return Known::default() };
        serde_json::from_slice(&bytes).unwrap_or_else(|e| {
            tracing::warn!(error = %e, "console-users.json does not read; starting without it");
            Known::default()
        })
    }

    /// Writes the file whole (a temporary file renamed over it, so a crash leaves the old one or the new one).
    fn save(&self, out_dir: &Path) -> io::Result<()> {
        std::fs::create_dir_all(out_dir)?;
        let path = Known::path(out_dir);
        let temporary = path.with_extension("json.tmp");
        std::fs::write(&temporary, serde_json::to_vec(self).map_err(io::Error::other)?)?;
        std::fs::rename(&temporary, &path)
    }
}

pub struct Console {
    /// Shared with the console's web pages, which hear of its moves at once.
    table: std::sync::Arc<Table>,
    out_dir: PathBuf,
    channel: String,
    default_locale: Locale,
    /// The console's clock (shared with its web pages): the real one, moved forward by `wait`.
    clock: crate::clock::Clock,
    /// Seconds added to the real clock by `wait`.
    clock_offset: u64,
    /// Users' names, languages and roles, and channel names (to show whom a reply notifies and where).
    known: Known,
    /// `known` changed since it was last kept.
    dirty: bool,
}

impl Console {
    pub fn new(table: Table, out_dir: PathBuf, default_locale: Locale) -> Console {
        Console::shared(std::sync::Arc::new(table), out_dir, default_locale)
    }

    /// A console over a table it shares (with its web pages).
    pub fn shared(table: std::sync::Arc<Table>, out_dir: PathBuf, default_locale: Locale) -> Console {
        let known = Known::load(&out_dir);
        let clock = crate::clock::Clock::moved();
        Console {
            table,
            out_dir,
            channel: "lobby".to_string(),
            default_locale,
            clock,
            clock_offset: 0,
            known,
            dirty: false,
        }
    }

    /// The console on `clock` (its web pages' too, so a page and a line agree after a `wait`).
    pub fn on_clock(self, clock: crate::clock::Clock) -> Console {
        Console { clock, ..self }
    }

    fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// Reads lines until the input ends or `quit`; prints a prompt before each line when `prompt` is set.
    pub fn run(&mut self, input: impl BufRead, out: &mut impl Write, prompt: bool) -> io::Result<()> {
        writeln!(out, "{}", i18n::text(self.default_locale, &Message::new("console-welcome")))?;
        let mut input = input;
        let mut bytes = Vec::new();
        loop {
            if prompt {
                write!(out, "tablero #{}> ", self.channel)?;
                out.flush()?;
            }
            bytes.clear();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                break;
            }
            // A line that is not UTF-8 is refused in words; the console goes on with the next one.
            let Ok(text) = std::str::from_utf8(&bytes) else {
                let message = Message::new("console-not-utf8");
                writeln!(out, "  ✗ {}", i18n::text(self.default_locale, &message))?;
                continue;
            };
            let text = text.trim_end_matches(['\n', '\r']).to_string();
            if !prompt && !text.trim().is_empty() {
                writeln!(out, "#{}> {}", self.channel, text.trim())?;
            }
            if !self.line(&text, out)? {
                break;
            }
            out.flush()?;
        }
        Ok(())
    }

    /// Handles one line; false when the console should stop.
    pub fn line(&mut self, text: &str, out: &mut impl Write) -> io::Result<bool> {
        let locale = self.default_locale;
        match parse(text) {
            Ok(Line::Empty) => {}
            Ok(Line::Quit) => return Ok(false),
            Ok(Line::Help) => writeln!(out, "{}", i18n::text(locale, &Message::new("console-help")))?,
            Ok(Line::Channel(name)) => {
                self.channel = name.to_lowercase();
                writeln!(out, "  {}", i18n::text(locale, &Message::new("console-channel").str("channel", name)))?;
            }
            Ok(Line::Wait(secs)) if secs > MAX_WAIT_SECS - self.clock_offset.min(MAX_WAIT_SECS) => {
                let message = Message::new("console-wait-too-long").num("days", (MAX_WAIT_SECS / 86_400) as i64);
                writeln!(out, "  ✗ {}", i18n::text(locale, &message))?;
            }
            Ok(Line::Wait(secs)) => {
                self.clock_offset += secs;
                self.clock.advance(secs);
                writeln!(out, "  {}", i18n::text(locale, &Message::new("console-waited").num("seconds", secs as i64)))?;
                self.computer_moves(out)?;
                self.deliver(out)?;
            }
            Ok(Line::User { name, words }) => {
                self.user_line(&name, words, out)?;
                self.computer_moves(out)?;
                self.deliver(out)?;
            }
            Err(m) => writeln!(out, "  ✗ {}", i18n::text(locale, &m))?,
        }
        if self.dirty {
            self.dirty = false;
            if let Err(e) = self.known.save(&self.out_dir) {
                writeln!(out, "  (could not keep the console's users in {}: {e})", self.out_dir.display())?;
            }
        }
        Ok(true)
    }

    /// `tablero import FILE`: the console's `import`, by its operator in `#lobby` (a game still on is continued
    /// there); the reply's words, or the refusal's.
    pub fn import_file(&mut self, path: &Path) -> Result<String, String> {
        let actor = self.actor("operator");
        let words = Words {
            command: "import".into(),
            positional: vec![path.display().to_string()],
            options: Default::default(),
        };
        let command = match self.command(&actor, words) {
            Ok(Step::Table(c)) => c,
            Ok(Step::Note(text)) => return Err(text),
            Err(m) => return Err(i18n::text(actor.locale, &m)),
        };
        let said = match self.table.handle(Request::new(&actor, command, self.now())).unwrap_or(Ok(Vec::new())) {
            Ok(replies) => Ok(replies.iter().map(|r| r.text.as_str()).collect::<Vec<_>>().join("\n")),
            Err(refusal) => Err(refusal.text.to_string()),
        };
        if self.dirty {
            self.dirty = false;
            self.known.save(&self.out_dir).map_err(|e| e.to_string())?;
        }
        said
    }

    fn learn_name(&mut self, id: u64, name: String) {
        if self.known.names.get(&id) != Some(&name) {
            self.known.names.insert(id, name);
            self.dirty = true;
        }
    }

    fn learn_channel(&mut self, id: u64, name: String) {
        if self.known.channels.get(&id) != Some(&name) {
            self.known.channels.insert(id, name);
            self.dirty = true;
        }
    }

    /// A game without a channel of its own (a tournament game) gets console channel `#g<id>`.
    fn place(&mut self, actor: &Actor, reply: &Reply, out: &mut impl Write) -> io::Result<()> {
        let Some(game) = reply.game.filter(|_| reply.parked()) else { return Ok(()) };
        let name = format!("g{game}");
        let channel = id_of(&format!("#{name}"));
        self.learn_channel(channel, name.clone());
        let server = Actor::server(actor.guild, actor.channel, actor.locale);
        match self
            .table
            .handle(Request::new(
                &server,
                Command::Play(PlayCommand::MoveTo { game, channel: ChannelId(channel) }),
                self.now(),
            ))
            .unwrap_or(Ok(Vec::new()))
        {
            Ok(_) => writeln!(out, "  → #{name}"),
            Err(refusal) => writeln!(out, "  ✗ {}", refusal.text),
        }
    }

    /// Plays the moves the computer owes (their boards are notices, printed by [`Console::deliver`]).
    fn computer_moves(&mut self, out: &mut impl Write) -> io::Result<()> {
        let mut played = 0;
        while played < COMPUTER_MOVES_PER_LINE {
            let due = match self.table.computer_due(self.now()) {
                Ok(due) if !due.is_empty() => due,
                Ok(_) => break,
                Err(e) => return writeln!(out, "  ✗ computer: {e}"),
            };
            for id in due {
                match self.table.play_computer(id, self.now()) {
                    Ok(true) => played += 1,
                    Ok(false) => {}
                    Err(e) => return writeln!(out, "  ✗ computer: {e}"),
                }
            }
            // Deliver as it goes, so a long run of computer moves prints in order.
            self.deliver(out)?;
        }
        Ok(())
    }

    /// Runs the scheduler at the console's time and prints what it decided (reminders, timeouts, expiries), each
    /// once, with the channel it belongs to.
    fn deliver(&mut self, out: &mut impl Write) -> io::Result<()> {
        if let Err(e) = self.table.tick(self.now()) {
            writeln!(out, "  ✗ scheduler: {e}")?;
        }
        // Tournaments first: what they post is in the outbox too, and is marked posted when printed.
        match self.table.advance_due_tournaments(self.default_locale, self.now()) {
            Ok(replies) => {
                let operator = self.actor("organiser");
                for (_, channel, reply) in replies {
                    let name = self.known.channels.get(&channel.get()).cloned().unwrap_or_else(|| channel.to_string());
                    writeln!(out, "  [#{name}]")?;
                    self.place(&operator, &reply, out)?;
                    self.print_reply(&reply, out)?;
                }
            }
            Err(e) => writeln!(out, "  ✗ tournaments: {e}")?,
        }
        let deliveries = match self.table.deliveries(self.default_locale) {
            Ok(d) => d,
            Err(e) => return writeln!(out, "  ✗ scheduler: {e}"),
        };
        let operator = self.actor("organiser");
        for delivery in deliveries {
            if delivery.calendar.is_some() {
                // The console keeps no calendar: a tournament's dates are in its posts.
                if let Err(e) = self.table.delivered(delivery.notice) {
                    writeln!(out, "  ✗ scheduler: {e}")?;
                }
                continue;
            }
            let channel = self
                .known
                .channels
                .get(&delivery.channel.get())
                .cloned()
                .unwrap_or_else(|| delivery.channel.to_string());
            writeln!(out, "  [#{channel}]")?;
            self.place(&operator, &delivery.reply, out)?;
            self.print_reply(&delivery.reply, out)?;
            if !delivery.direct.is_empty() {
                let names: Vec<String> = delivery
                    .direct
                    .iter()
                    .map(|u| format!("@{}", self.known.names.get(&u.get()).map(String::as_str).unwrap_or("?")))
                    .collect();
                writeln!(out, "  direct message to: {}", names.join(" "))?;
            }
            if let Err(e) = self.table.delivered(delivery.notice) {
                writeln!(out, "  ✗ scheduler: {e}")?;
            }
        }
        Ok(())
    }

    /// A text as the console shows it: a channel as `#name` (for the channels the console knows), a moment
    /// relative to the console's clock in `locale`, names, members and code as their plain words, and without
    /// markdown a message of the catalogue may hold.
    fn shown(&self, text: &Text, locale: Locale) -> String {
        // Nobody is notified at a shared terminal: calls are left out.
        text.without_calls().render(
            |words, out| out.push_str(&words.replace("**", "").replace('`', "")),
            |words, span, out| match span {
                Span::Channel(id) => match self.known.channels.get(&id) {
                    Some(name) => out.push_str(&format!("#{name}")),
                    None => out.push_str(words),
                },
                Span::Moment(at) => out.push_str(&self.relative(at, locale)),
                _ => out.push_str(words),
            },
        )
    }

    /// A moment relative to the console's clock: "in 3d 0h", "5m 10s ago".
    fn relative(&self, at: u64, locale: Locale) -> String {
        let now = self.now();
        // To the nearest minute, so a deadline set a moment ago still reads "3d 0h", not "2d 23h".
        let span = |s: u64| match if s >= 3600 { s + 30 } else { s } {
            s if s >= 86_400 => format!("{}d {}h", s / 86_400, s % 86_400 / 3600),
            s if s >= 3600 => format!("{}h {}m", s / 3600, s % 3600 / 60),
            s if s >= 60 => format!("{}m {}s", s / 60, s % 60),
            s => format!("{s}s"),
        };
        let (id, span) =
            if at >= now { ("console-time-in", span(at - now)) } else { ("console-time-ago", span(now - at)) };
        i18n::text(locale, &Message::new(id).str("span", span))
    }

    fn actor(&self, name: &str) -> Actor {
        let user = id_of(name);
        Actor {
            guild: GUILD,
            channel: ChannelId(id_of(&format!("#{}", self.channel))),
            user: UserId(user),
            name: name.to_string(),
            roles: self.known.roles.get(&user).cloned().unwrap_or_default(),
            locale: self.known.locales.get(&user).copied().unwrap_or(self.default_locale),
            // The console is the operator's own server: everyone in it may change its settings.
            permissions: Permissions { manage_server: true, mention_everyone: false },
            private: false,
        }
    }

    fn user_line(&mut self, name: &str, words: Words, out: &mut impl Write) -> io::Result<()> {
        let actor = self.actor(name);
        self.learn_channel(actor.channel.get(), self.channel.clone());
        self.learn_name(actor.user.get(), actor.name.clone());
        let command = match self.command(&actor, words) {
            Ok(Step::Table(c)) => c,
            Ok(Step::Note(text)) => return writeln!(out, "  {text}"),
            Err(m) => return writeln!(out, "  ✗ {}", i18n::text(actor.locale, &m)),
        };
        match self.table.handle(Request::new(&actor, command, self.now())).unwrap_or(Ok(Vec::new())) {
            Ok(replies) => {
                for reply in replies {
                    self.place(&actor, &reply, out)?;
                    if let Some(channel) = reply.channel().filter(|&c| c != actor.channel) {
                        let name =
                            self.known.channels.get(&channel.get()).cloned().unwrap_or_else(|| channel.to_string());
                        writeln!(out, "  [#{name}]")?;
                    }
                    self.print_reply(&reply, out)?;
                }
            }
            Err(refusal) => writeln!(out, "  ✗ {}", self.shown(&refusal.text, actor.locale))?,
        }
        Ok(())
    }

    /// Turns a user's words into a table command; console settings (`locale`, `roles`) are handled here.
    fn command(&mut self, actor: &Actor, words: Words) -> Result<Step, Message> {
        let Words { command, positional, options } = words;
        let mut said = Said { positional, options };
        let usage = |what: &'static str| Message::new("console-usage").str("usage", what);
        match command.as_str() {
            "play" | "challenge" => self.challenge_command(&mut said),
            "tournament" | "t" => self.tournament_command(&said.positional, &mut said.options),
            "import" => {
                if !said.options.is_empty() {
                    return Err(usage("import <file>"));
                }
                let [path] = said.positional.as_slice() else { return Err(usage("import <file>")) };
                let bytes = read_record(Path::new(path))?;
                // A game still on is stored here to be continued, its players as the console's users of their names.
                let (bytes, players) = console_players(bytes);
                for p in players {
                    self.learn_name(p.id.get(), p.name);
                }
                Ok(Step::Table(Command::Record(RecordCommand::Import { bytes, live: true })))
            }
            "locale" => {
                let tag = said.positional.first().ok_or(usage("locale en-US|es-419|es-ES"))?;
                let locale =
                    Locale::parse(tag).ok_or_else(|| Message::new("console-bad-locale").str("tag", tag.as_str()))?;
                self.known.locales.insert(actor.user.get(), locale);
                self.dirty = true;
                Ok(Step::Note(i18n::text(locale, &Message::new("console-locale-set").str("locale", locale.tag()))))
            }
            "roles" => self.roles_command(actor, &said.positional),
            other => match asking::table_command(other, &said) {
                Some(asked) => asked.map(Step::Table),
                None => Err(Message::new("console-unknown-command").str("command", other)),
            },
        }
    }

    /// `play <game> [@opponent] [key=value ...]` (or `challenge`), teams as `west=… east=…`.
    fn challenge_command(&mut self, said: &mut Said) -> Result<Step, Message> {
        let usage = |what: &'static str| Message::new("console-usage").str("usage", what);
        let options = &mut said.options;
        let mut it = said.positional.iter();
        let game: GameKind = it.next().ok_or(usage("play <game> [@opponent] [key=value ...]"))?.parse()?;
        let opponent = match it.next() {
            Some(user) => Some(mention(user)?),
            None => None,
        };
        if let Some(p) = &opponent {
            self.learn_name(p.id.get(), p.name.clone());
        }
        let teams = match (options.remove("west"), options.remove("east")) {
            (Some(west), Some(east)) => Some([self.team(&west)?, self.team(&east)?]),
            (None, None) => None,
            _ => return Err(Message::new("console-both-teams")),
        };
        if let Some(extra) = it.next() {
            return Err(Message::new("console-unexpected").str("text", extra.as_str()));
        }
        let terms = Terms::take_from(options)?;
        Ok(Step::Table(Command::Challenge(ChallengeCommand::Challenge {
            game,
            opponent,
            options: options.clone(),
            terms,
            teams,
        })))
    }

    /// `tournament …` (or `t …`): create, join, start, standings, pairings and the rest, a bad number refused by
    /// its option's name.
    fn tournament_command(
        &mut self,
        positional: &[String],
        options: &mut crate::games::OptionSet,
    ) -> Result<Step, Message> {
        let usage = |what: &'static str| Message::new("console-usage").str("usage", what);
        let usage_text = "tournament create <game> <format> [rounds=N] [max=N] [time=..] | join | join-team @&role | leave | start | standings | pairings [round] | drop @player | result <game> first|second|draw | extend 12h | cancel";
        let mut words = positional.iter();
        let action = words.next().ok_or(usage(usage_text))?.to_lowercase();
        let id = number_option(options, "id")?;
        let command = match action.as_str() {
            "create" => {
                let game: GameKind = words.next().ok_or(usage(usage_text))?.parse()?;
                let format: TournamentFormat = words.next().ok_or(usage(usage_text))?.parse()?;
                let rounds = number_option(options, "rounds")?;
                let max_players = number_option(options, "max")?;
                let mut options = options.clone();
                let terms = TournamentTerms::take_from(&mut options)?;
                TournamentCommand::Create { game, format, rounds, max_players, options, terms }
            }
            "join" => TournamentCommand::Join { id },
            "join-team" => {
                let role = words.next().and_then(|r| r.strip_prefix("@&")).ok_or(usage(usage_text))?.to_string();
                let role_id = id_of(&format!("@&{role}"));
                self.learn_name(role_id, role.clone());
                TournamentCommand::JoinTeam { id, role: role_id, name: role, mentionable: true }
            }
            "leave" => TournamentCommand::Leave { id },
            "start" => TournamentCommand::Start { id },
            "standings" => TournamentCommand::Standings { id, picture: words.next().is_some_and(|w| w == "picture") },
            "pairings" => {
                let round = words.next().map(|r| r.parse().map_err(|_| usage(usage_text))).transpose()?;
                TournamentCommand::Pairings { id, round }
            }
            "export" => TournamentCommand::Export { id },
            "drop" => TournamentCommand::Drop { id, player: mention(words.next().ok_or(usage(usage_text))?)? },
            "result" => {
                let game =
                    words.next().and_then(|g| g.trim_start_matches('#').parse().ok()).ok_or(usage(usage_text))?;
                let winner: Decision = words.next().ok_or(usage(usage_text))?.parse()?;
                TournamentCommand::Result { game, winner }
            }
            "cancel" => TournamentCommand::Cancel { id },
            "extend" => {
                let time = words.next().ok_or(usage(usage_text))?;
                TournamentCommand::Extend { id, secs: crate::deadlines::duration_option("time", time)? }
            }
            _ => return Err(usage(usage_text)),
        };
        Ok(Step::Table(Command::Tournament(command)))
    }

    /// `roles [@&role ... | none]`: the roles the console's user holds (without arguments: shows them).
    fn roles_command(&mut self, actor: &Actor, positional: &[String]) -> Result<Step, Message> {
        let cleared = positional.len() == 1 && positional[0].eq_ignore_ascii_case("none");
        let roles = positional
            .iter()
            .filter(|_| !cleared)
            .map(|r| match r.strip_prefix("@&") {
                Some(name) if !name.is_empty() => {
                    let id = id_of(&format!("@&{name}"));
                    self.learn_name(id, name.to_string());
                    Ok(id)
                }
                _ => Err(Message::new("console-bad-role").str("text", r.as_str())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if roles.is_empty() && !cleared {
            // No argument: show the roles (`roles none` clears them).
            let held = self.known.roles.get(&actor.user.get()).cloned().unwrap_or_default();
            let names: Vec<String> = held.iter().map(|r| format!("@&{}", self.roles_named(*r))).collect();
            let message = match names.is_empty() {
                true => Message::new("console-roles-none"),
                false => Message::new("console-roles-shown").str("roles", names.join(" ")),
            };
            return Ok(Step::Note(i18n::text(actor.locale, &message)));
        }
        let count = roles.len() as i64;
        self.known.roles.insert(actor.user.get(), roles);
        self.dirty = true;
        Ok(Step::Note(i18n::text(actor.locale, &Message::new("console-roles-set").num("count", count))))
    }

    /// A team written as `@&role` or as players `@ana,@cy`.
    fn team(&mut self, text: &str) -> Result<Team, Message> {
        if let Some(role) = text.strip_prefix("@&") {
            if role.is_empty() || role.contains(',') {
                return Err(Message::new("console-bad-team").str("text", text));
            }
            let id = id_of(&format!("@&{role}"));
            self.learn_name(id, role.to_string());
            return Ok(Team::Role { id, name: role.to_string(), ping: true });
        }
        let players = text.split(',').map(mention).collect::<Result<Vec<_>, _>>()?;
        for p in &players {
            self.learn_name(p.id.get(), p.name.clone());
        }
        Ok(Team::Players { players })
    }

    fn roles_named(&self, id: u64) -> &str {
        self.known.names.get(&id).map(String::as_str).unwrap_or("?")
    }

    /// Prints a reply; one that is also an outbox notice (a tournament's post) is then posted, and leaves it.
    fn print_reply(&self, reply: &Reply, out: &mut impl Write) -> io::Result<()> {
        let locale = reply.locale;
        if let Some(notice) = reply.notice
            && let Err(e) = self.table.delivered(notice)
        {
            writeln!(out, "  ✗ scheduler: {e}")?;
        }
        for line in reply.text.split_lines() {
            writeln!(out, "  {}", self.shown(&line, locale))?;
        }
        if let Some(diagram) = &reply.diagram {
            for line in diagram.lines() {
                writeln!(out, "    {line}")?;
            }
        }
        for file in &reply.files {
            let path = self.out_dir.join(&file.name);
            match std::fs::create_dir_all(&self.out_dir).and_then(|_| std::fs::write(&path, &file.bytes)) {
                Ok(()) => writeln!(out, "  file: {}", path.display())?,
                Err(e) => writeln!(out, "  (could not write {}: {e})", path.display())?,
            }
        }
        if let Some(image) = &reply.image {
            let path = self.out_dir.join(&image.file_name);
            match std::fs::create_dir_all(&self.out_dir).and_then(|_| std::fs::write(&path, &image.png)) {
                Ok(()) => writeln!(out, "  board: {}", path.display())?,
                Err(e) => writeln!(out, "  (could not write {}: {e})", path.display())?,
            }
        }
        let (mentions, role_mentions) = (reply.mentions(), reply.role_mentions());
        if !mentions.is_empty() || !role_mentions.is_empty() {
            let names: Vec<String> = mentions
                .iter()
                .map(|id| format!("@{}", self.known.names.get(&id.get()).map(String::as_str).unwrap_or("?")))
                .chain(role_mentions.iter().map(|id| format!("@&{}", self.roles_named(*id))))
                .collect();
            writeln!(out, "  notify: {}", names.join(" "))?;
        }
        for menu in &reply.menus {
            let choices: Vec<&str> = menu.options.iter().map(|o| o.value.as_str()).collect();
            writeln!(out, "  menu {}: {} [{}]", menu.id, menu.placeholder, choices.join(" "))?;
        }
        if !reply.buttons.is_empty() {
            let shown: Vec<String> = reply
                .buttons
                .iter()
                .map(|b| if b.enabled { format!("[{}]", b.label) } else { format!("({})", b.label) })
                .collect();
            writeln!(out, "  buttons: {}", shown.join(" "))?;
            let ids: Vec<String> = reply.buttons.iter().filter(|b| b.enabled).map(|b| b.id.to_string()).collect();
            writeln!(out, "  button ids: {}", ids.join(" "))?;
        }
        Ok(())
    }
}

/// What a user line asks for.
enum Step {
    Table(Command),
    /// A console setting was changed; this says so.
    Note(String),
}

/// `@name` as a console user; `@tablero` is the computer.
fn mention(text: &str) -> Result<Player, Message> {
    match text.strip_prefix('@') {
        Some(name) if name.eq_ignore_ascii_case(COMPUTER_NAME) => {
            Ok(Player { id: COMPUTER, name: COMPUTER_NAME.into() })
        }
        Some(name) if !name.is_empty() && !name.starts_with('&') => {
            Ok(Player { id: UserId(id_of(name)), name: name.to_string() })
        }
        _ => Err(Message::new("console-bad-mention").str("text", text)),
    }
}
