//! The one way tablero speaks on Discord: every message, edit and follow-up is a [`Said`] (built from a table
//! reply or a few words) sent to a [`Target`] by [`send`]. What a message pings is decided here and only here:
//! exactly the calls among the reply's spans, never anything parsed from its words. Each target is retried
//! through Discord's faults within its budget: an interaction's response briefly (Discord wants it within 3
//! seconds), a follow-up or an edit longer, a channel post or a direct message with a nonce Discord enforces,
//! so a retry never doubles it.

use std::sync::atomic::{AtomicBool, Ordering};

use poise::serenity_prelude as serenity;

use super::markup;
use super::outbound::{self, FOLLOWUP_BUDGET, PostError, RESPONSE_BUDGET};
use crate::i18n::{Callee, Text};
use crate::table::{Button, ButtonStyle, File, Image, Link, Menu, Reply};

/// A message as Discord will show it: its words in Discord's markup, whom it pings, its rows of buttons and
/// menus, its picture and files, and whether only the asker sees it.
#[derive(Debug, Clone, Default)]
pub struct Said {
    /// `None` leaves an edited message's words as they are.
    content: Option<String>,
    pings: Vec<Callee>,
    /// `None` leaves an edited message's rows as they are; an empty list removes them.
    rows: Option<Vec<serenity::CreateActionRow>>,
    picture: Option<Image>,
    files: Vec<File>,
    private: bool,
}

impl Said {
    /// A table reply as it is: its words with their calls, pinging exactly those, with its buttons, menus,
    /// picture and files.
    pub fn reply(reply: &Reply) -> Said {
        Said {
            content: Some(markup::fit(markup::markup(&reply.text))),
            pings: reply.text.calls(),
            rows: Some(with_link(components(&reply.buttons, &reply.menus), reply.link.as_ref())),
            picture: reply.image.clone(),
            files: reply.files.clone(),
            private: reply.is_private(),
        }
    }

    /// A reply that calls nobody (a page turned in place, a direct message): its calls are left out.
    pub fn quiet(reply: &Reply) -> Said {
        Said {
            content: Some(markup::fit(markup::markup(&reply.text.without_calls()))),
            pings: Vec::new(),
            ..Said::reply(reply)
        }
    }

    /// A few words that call nobody.
    pub fn words(text: impl Into<Text>) -> Said {
        let text = text.into().without_calls();
        Said { content: Some(markup::fit(markup::markup(&text))), rows: Some(Vec::new()), ..Said::default() }
    }

    /// An edit that only takes a message's buttons and menus away.
    pub fn without_buttons() -> Said {
        Said { rows: Some(Vec::new()), ..Said::default() }
    }

    /// The same, for the asker's eyes only.
    pub fn private(self) -> Said {
        Said { private: true, ..self }
    }

    /// The same, with these rows instead.
    pub fn with_rows(self, rows: Vec<serenity::CreateActionRow>) -> Said {
        Said { rows: Some(rows), ..self }
    }

    /// The same, without its picture and files (a direct message carries the words).
    pub fn words_only(self) -> Said {
        Said { picture: None, files: Vec::new(), rows: Some(Vec::new()), ..self }
    }

    fn pings(&self) -> serenity::CreateAllowedMentions {
        let users = self.pings.iter().filter_map(|c| if let Callee::User(u) = c { Some(*u) } else { None });
        let roles = self.pings.iter().filter_map(|c| if let Callee::Role(r) = c { Some(*r) } else { None });
        serenity::CreateAllowedMentions::new()
            .users(users.map(serenity::UserId::new))
            .roles(roles.map(serenity::RoleId::new))
    }

    fn attachments(&self) -> Vec<serenity::CreateAttachment> {
        let picture = self.picture.iter().map(|i| {
            // Discord reads a picture's description aloud to those who cannot see it.
            serenity::CreateAttachment::bytes(i.png.clone(), i.file_name.clone()).description(i.description.clone())
        });
        let files = self.files.iter().map(|f| {
            let file = serenity::CreateAttachment::bytes(f.bytes.clone(), f.name.clone());
            match &f.description {
                Some(d) => file.description(d.clone()),
                None => file,
            }
        });
        picture.chain(files).collect()
    }

    /// The picture shown in the message (an embed of its attachment).
    fn embed(&self) -> Option<serenity::CreateEmbed> {
        self.picture.as_ref().map(|i| serenity::CreateEmbed::new().image(format!("attachment://{}", i.file_name)))
    }

    fn response(&self) -> serenity::CreateInteractionResponseMessage {
        let mut out = serenity::CreateInteractionResponseMessage::new().allowed_mentions(self.pings());
        if let Some(content) = &self.content {
            out = out.content(content.clone());
        }
        if let Some(rows) = &self.rows {
            out = out.components(rows.clone());
        }
        if self.private {
            out = out.ephemeral(true);
        }
        if let Some(embed) = self.embed() {
            out = out.embed(embed);
        }
        let files = self.attachments();
        if !files.is_empty() { out.files(files) } else { out }
    }

    fn followup(&self) -> serenity::CreateInteractionResponseFollowup {
        let mut out = serenity::CreateInteractionResponseFollowup::new()
            .allowed_mentions(self.pings())
            .ephemeral(self.private)
            .content(self.content.clone().unwrap_or_default())
            .add_files(self.attachments());
        if let Some(rows) = &self.rows {
            out = out.components(rows.clone());
        }
        if let Some(embed) = self.embed() {
            out = out.embed(embed);
        }
        out
    }

    fn interaction_edit(&self) -> serenity::EditInteractionResponse {
        let mut out = serenity::EditInteractionResponse::new().allowed_mentions(self.pings());
        if let Some(content) = &self.content {
            out = out.content(content.clone());
        }
        if let Some(rows) = &self.rows {
            out = out.components(rows.clone());
        }
        out
    }

    fn message_edit(&self) -> serenity::EditMessage {
        let mut out = serenity::EditMessage::new().allowed_mentions(self.pings());
        if let Some(content) = &self.content {
            out = out.content(content.clone());
        }
        if let Some(rows) = &self.rows {
            out = out.components(rows.clone());
        }
        out
    }

    fn message(&self) -> serenity::CreateMessage {
        let mut out = serenity::CreateMessage::new()
            .allowed_mentions(self.pings())
            .content(self.content.clone().unwrap_or_default());
        if let Some(rows) = &self.rows {
            out = out.components(rows.clone());
        }
        if let Some(embed) = self.embed() {
            out = out.embed(embed);
        }
        out
    }
}

fn style(style: ButtonStyle) -> serenity::ButtonStyle {
    match style {
        ButtonStyle::Primary => serenity::ButtonStyle::Primary,
        ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
        ButtonStyle::Success => serenity::ButtonStyle::Success,
        ButtonStyle::Danger => serenity::ButtonStyle::Danger,
    }
}

/// Buttons in rows of at most five, a new row where a button asks for one; at most five rows.
pub fn components(buttons: &[Button], menus: &[Menu]) -> Vec<serenity::CreateActionRow> {
    // Each menu is a row of its own, above the buttons.
    let mut out: Vec<serenity::CreateActionRow> = menus
        .iter()
        .map(|m| {
            let options = m
                .options
                .iter()
                .map(|o| {
                    let option = serenity::CreateSelectMenuOption::new(o.label.clone(), o.value.clone());
                    match &o.description {
                        Some(d) => option.description(d.clone()),
                        None => option,
                    }
                })
                .collect();
            let kind = serenity::CreateSelectMenuKind::String { options };
            serenity::CreateActionRow::SelectMenu(
                serenity::CreateSelectMenu::new(m.id.to_string(), kind).placeholder(m.placeholder.clone()),
            )
        })
        .collect();
    let mut rows: Vec<Vec<serenity::CreateButton>> = Vec::new();
    for b in buttons {
        if rows.last().is_none_or(|r| r.len() == 5) || b.new_row {
            rows.push(Vec::new());
        }
        let button = serenity::CreateButton::new(b.id.to_string())
            .label(b.label.clone())
            .style(style(b.style))
            .disabled(!b.enabled);
        rows.last_mut().expect("a row was pushed").push(button);
    }
    out.extend(rows.into_iter().map(serenity::CreateActionRow::Buttons));
    out.truncate(5);
    out
}

/// The custom id of "Play in Discord": its press is answered by launching the app's Activity.
pub const LAUNCH_BUTTON: &str = "launch";

/// The rows with a link button added (the game's web page), and "Play in Discord" when the game can be opened
/// inside Discord: in the last row of buttons when it has room, else in a row of their own when there is one
/// left.
pub fn with_link(mut rows: Vec<serenity::CreateActionRow>, link: Option<&Link>) -> Vec<serenity::CreateActionRow> {
    let Some(link) = link else { return rows };
    let mut buttons = vec![serenity::CreateButton::new_link(link.url.clone()).label(link.label.clone())];
    if let Some(launch) = &link.launch {
        buttons.push(
            serenity::CreateButton::new(LAUNCH_BUTTON).label(launch.clone()).style(serenity::ButtonStyle::Primary),
        );
    }
    let count = rows.len();
    match rows.last_mut() {
        Some(serenity::CreateActionRow::Buttons(last)) if last.len() + buttons.len() <= 5 => last.extend(buttons),
        _ if count < 5 => rows.push(serenity::CreateActionRow::Buttons(buttons)),
        _ => {}
    }
    rows
}

/// The interaction a member made (a slash command or a press), and whether it has its response yet: after
/// that, what it is told comes as follow-ups.
pub struct Asker<'a> {
    asked: Asked<'a>,
    responded: AtomicBool,
    /// Whether anything was said to the asker yet (a deferred command still owes its first message).
    told: AtomicBool,
}

enum Asked<'a> {
    /// A slash command, with its call's flag of a response sent (kept in step between the call's askers).
    Command(&'a serenity::CommandInteraction, &'a AtomicBool),
    Press(&'a serenity::ComponentInteraction),
}

impl<'a> Asker<'a> {
    /// A slash command, with the flag its call keeps of a response sent (shared by every asker of the call).
    pub fn command(interaction: &'a serenity::CommandInteraction, responded: &'a AtomicBool) -> Asker<'a> {
        let already = responded.load(Ordering::SeqCst);
        Asker {
            asked: Asked::Command(interaction, responded),
            responded: AtomicBool::new(already),
            told: AtomicBool::new(already),
        }
    }

    pub fn press(press: &'a serenity::ComponentInteraction) -> Asker<'a> {
        Asker { asked: Asked::Press(press), responded: AtomicBool::new(false), told: AtomicBool::new(false) }
    }

    /// Whether this is a slash command (whose public answers follow the first as follow-ups), not a press.
    pub fn is_command(&self) -> bool {
        matches!(self.asked, Asked::Command(..))
    }

    /// Whether the interaction has its first message (deferred, or answered) that can be edited.
    pub fn has_original(&self) -> bool {
        self.responded.load(Ordering::SeqCst)
    }

    /// Whether nothing was said to the asker yet.
    pub fn owes_answer(&self) -> bool {
        !self.told.load(Ordering::SeqCst)
    }

    fn mark_responded(&self) {
        self.responded.store(true, Ordering::SeqCst);
        if let Asked::Command(_, call_flag) = self.asked {
            call_flag.store(true, Ordering::SeqCst);
        }
    }

    /// Tells Discord the answer is on its way (a command shows "thinking", a press waits quietly); `true` when
    /// Discord took it. Later answers come as follow-ups.
    pub async fn defer(&self, http: &serenity::Http) -> bool {
        let response = match self.asked {
            Asked::Command(..) => serenity::CreateInteractionResponse::Defer(Default::default()),
            Asked::Press(_) => serenity::CreateInteractionResponse::Acknowledge,
        };
        let deferred =
            outbound::with_retries("interactions/callback", RESPONSE_BUDGET, || self.respond(http, response.clone()))
                .await
                .is_ok();
        if deferred {
            self.mark_responded();
            if matches!(self.asked, Asked::Press(_)) {
                // A quiet acknowledgement owes no message.
                self.told.store(true, Ordering::SeqCst);
            }
        }
        deferred
    }

    async fn respond(&self, http: &serenity::Http, r: serenity::CreateInteractionResponse) -> serenity::Result<()> {
        match self.asked {
            Asked::Command(i, _) => i.create_response(http, r).await,
            Asked::Press(i) => i.create_response(http, r).await,
        }
    }

    async fn follow(
        &self,
        http: &serenity::Http,
        f: serenity::CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        match self.asked {
            Asked::Command(i, _) => i.create_followup(http, f).await,
            Asked::Press(i) => i.create_followup(http, f).await,
        }
    }

    async fn edit_original(
        &self,
        http: &serenity::Http,
        e: serenity::EditInteractionResponse,
    ) -> serenity::Result<serenity::Message> {
        match self.asked {
            Asked::Command(i, _) => i.edit_response(http, e).await,
            Asked::Press(i) => i.edit_response(http, e).await,
        }
    }

    async fn original(&self, http: &serenity::Http) -> serenity::Result<serenity::Message> {
        match self.asked {
            Asked::Command(i, _) => i.get_response(http).await,
            Asked::Press(i) => i.get_response(http).await,
        }
    }

    /// Removes the interaction's first message (a job's progress, once its answer is out).
    pub async fn delete_original(&self, http: &serenity::Http) -> serenity::Result<()> {
        let delete = || async {
            match self.asked {
                Asked::Command(i, _) => i.delete_response(http).await,
                Asked::Press(i) => i.delete_response(http).await,
            }
        };
        outbound::with_retries("webhooks/original", FOLLOWUP_BUDGET, delete).await.map(|_| ())
    }
}

/// Where a message goes.
pub enum Target<'a> {
    /// To the member who asked: the interaction's response while it has none, a follow-up after (a deferred
    /// command's first follow-up fills its "thinking" message).
    Answer(&'a Asker<'a>),
    /// In place of the pressed message (a page turned, a question answered): the press's response.
    Pressed(&'a Asker<'a>),
    /// The interaction's first message, edited (a job's progress).
    Original(&'a Asker<'a>),
    /// A new message in a channel, with the nonce that makes a retry safe.
    Channel(serenity::ChannelId, &'a str),
    /// A message already posted, edited.
    Edit(serenity::ChannelId, serenity::MessageId),
    /// A direct message to a member, with its nonce.
    Direct(serenity::UserId, &'a str),
}

/// Why a message was not sent.
#[derive(Debug)]
pub enum SendError {
    /// A channel post or direct message: refused for good, or given up on.
    Post(PostError),
    /// An interaction's response, follow-up or edit, or a message edit, as serenity reported it.
    Discord(serenity::Error),
}

impl SendError {
    /// Discord refused it for good (the channel is gone, a permission is missing): asking again would not help.
    pub fn for_good(&self) -> bool {
        matches!(self, SendError::Post(PostError::Refused { .. }))
    }
}

impl std::fmt::Display for SendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SendError::Post(e) => e.fmt(f),
            SendError::Discord(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SendError {}

/// Sends `said` to `target`; the message it became, where Discord says (a response does not, and is read back
/// only when `read_back` asks: a board's post is remembered to strip its buttons later).
pub async fn send(
    client: &reqwest::Client,
    http: &serenity::Http,
    target: Target<'_>,
    said: &Said,
    read_back: bool,
) -> Result<Option<(serenity::ChannelId, serenity::MessageId)>, SendError> {
    let sent = |m: serenity::Message| Some((m.channel_id, m.id));
    match target {
        Target::Answer(asker) if !asker.responded.load(Ordering::SeqCst) => {
            let response = serenity::CreateInteractionResponse::Message(said.response());
            outbound::with_retries("interactions/callback", RESPONSE_BUDGET, || asker.respond(http, response.clone()))
                .await
                .map_err(SendError::Discord)?;
            asker.mark_responded();
            asker.told.store(true, Ordering::SeqCst);
            if !read_back {
                return Ok(None);
            }
            match asker.original(http).await {
                Ok(m) => Ok(sent(m)),
                Err(e) => {
                    tracing::debug!(error = %e, "could not read back a response");
                    Ok(None)
                }
            }
        }
        Target::Answer(asker) => {
            let followup = said.followup();
            let posted =
                outbound::with_retries("webhooks/followup", FOLLOWUP_BUDGET, || asker.follow(http, followup.clone()))
                    .await
                    .map_err(SendError::Discord)?;
            asker.told.store(true, Ordering::SeqCst);
            Ok(posted.and_then(sent))
        }
        Target::Pressed(asker) => {
            let response = serenity::CreateInteractionResponse::UpdateMessage(said.response());
            outbound::with_retries("interactions/callback", RESPONSE_BUDGET, || asker.respond(http, response.clone()))
                .await
                .map_err(SendError::Discord)?;
            asker.mark_responded();
            asker.told.store(true, Ordering::SeqCst);
            Ok(None)
        }
        Target::Original(asker) => {
            let edit = said.interaction_edit();
            let edited = asker.edit_original(http, edit).await.map_err(SendError::Discord)?;
            asker.told.store(true, Ordering::SeqCst);
            Ok(sent(edited))
        }
        Target::Edit(channel, message) => {
            let edit = said.message_edit();
            let edited = outbound::with_retries("channels/messages/edit", FOLLOWUP_BUDGET, || {
                channel.edit_message(http, message, edit.clone())
            })
            .await
            .map_err(SendError::Discord)?;
            Ok(edited.and_then(sent))
        }
        Target::Channel(channel, nonce) => {
            let posted = outbound::post_built(client, http, channel, said.message(), &said.attachments(), nonce)
                .await
                .map_err(SendError::Post)?;
            Ok(Some((channel, posted)))
        }
        Target::Direct(user, nonce) => {
            let dm = user.create_dm_channel(http).await.map_err(SendError::Discord)?;
            let posted = outbound::post_built(client, http, dm.id, said.message(), &said.attachments(), nonce)
                .await
                .map_err(SendError::Post)?;
            Ok(Some((dm.id, posted)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::record::GameId;

    fn button(label: &str, new_row: bool) -> Button {
        let id = crate::table::ButtonId::Move { game: GameId(1), ply: 0, notation: label.into() };
        Button { id, label: label.into(), enabled: true, style: ButtonStyle::Secondary, new_row }
    }

    fn row_sizes(rows: &[serenity::CreateActionRow]) -> Vec<usize> {
        rows.iter()
            .map(|r| match r {
                serenity::CreateActionRow::Buttons(b) => b.len(),
                _ => 0,
            })
            .collect()
    }

    #[test]
    fn buttons_go_in_rows_of_at_most_five_breaking_where_asked() {
        // Twelve holes in rows of four, then the two actions on a row of their own.
        let mut buttons: Vec<Button> = (1..=12).map(|h| button(&h.to_string(), h > 1 && (h - 1) % 4 == 0)).collect();
        buttons.push(button("draw", true));
        buttons.push(button("resign", false));
        assert_eq!(row_sizes(&components(&buttons, &[])), [4, 4, 4, 2]);
        // Without breaks, full rows of five; never more than five rows.
        let many: Vec<Button> = (0..30).map(|i| button(&i.to_string(), false)).collect();
        assert_eq!(row_sizes(&components(&many, &[])), [5, 5, 5, 5, 5]);
    }
}
