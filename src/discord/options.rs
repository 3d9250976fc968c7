//! A slash command's options read by name: the path of its subcommands, then each option as the type its
//! handler wants. A value of the wrong kind (or a required one missing) is a [`BadOption`], which the member is
//! told about privately; nothing runs.

use poise::serenity_prelude as serenity;

/// An option the handler could not read: what was given and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadOption {
    pub input: String,
    pub error: String,
}

impl std::fmt::Display for BadOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.input, self.error)
    }
}

impl std::error::Error for BadOption {}

/// A Zohn Ahl team as typed: a role (everyone who holds it) or one member.
#[derive(Debug, Clone)]
pub enum TeamArg {
    Role(serenity::Role),
    User(serenity::User),
}

/// The command's path (`["play", "hoyito"]`) and the options of its last part.
pub struct Options<'a> {
    path: Vec<&'a str>,
    values: Vec<serenity::ResolvedOption<'a>>,
}

impl<'a> Options<'a> {
    pub fn of(interaction: &'a serenity::CommandInteraction) -> Options<'a> {
        let mut path = vec![interaction.data.name.as_str()];
        let mut values = interaction.data.options();
        // A subcommand (or a group, then a subcommand) holds the options of the part that runs.
        while let Some(serenity::ResolvedOption {
            name,
            value: serenity::ResolvedValue::SubCommand(inner) | serenity::ResolvedValue::SubCommandGroup(inner),
            ..
        }) = values.first()
        {
            path.push(name);
            values = inner.clone();
        }
        Options { path, values }
    }

    /// The command and its subcommands, as registered (English) names.
    pub fn path(&self) -> &[&'a str] {
        &self.path
    }

    fn find(&self, name: &str) -> Option<&serenity::ResolvedValue<'a>> {
        self.values.iter().find(|o| o.name == name).map(|o| &o.value)
    }

    fn wrong(&self, name: &str, expected: &str) -> BadOption {
        let input = match self.find(name) {
            Some(serenity::ResolvedValue::String(s)) => (*s).to_string(),
            Some(serenity::ResolvedValue::Integer(n)) => n.to_string(),
            Some(serenity::ResolvedValue::Boolean(b)) => b.to_string(),
            _ => name.to_string(),
        };
        BadOption { input, error: format!("{name}: expected {expected}") }
    }

    /// A text option.
    pub fn text(&self, name: &str) -> Result<Option<String>, BadOption> {
        match self.find(name) {
            None => Ok(None),
            Some(serenity::ResolvedValue::String(s)) => Ok(Some((*s).to_string())),
            Some(serenity::ResolvedValue::Autocomplete { value, .. }) => Ok(Some((*value).to_string())),
            Some(_) => Err(self.wrong(name, "text")),
        }
    }

    /// A whole number, in the range of `T`.
    pub fn number<T: TryFrom<i64>>(&self, name: &str) -> Result<Option<T>, BadOption> {
        match self.find(name) {
            None => Ok(None),
            Some(serenity::ResolvedValue::Integer(n)) => {
                T::try_from(*n).map(Some).map_err(|_| self.wrong(name, "a number in range"))
            }
            Some(_) => Err(self.wrong(name, "a whole number")),
        }
    }

    /// A yes or no.
    pub fn flag(&self, name: &str) -> Result<Option<bool>, BadOption> {
        match self.find(name) {
            None => Ok(None),
            Some(serenity::ResolvedValue::Boolean(b)) => Ok(Some(*b)),
            Some(_) => Err(self.wrong(name, "true or false")),
        }
    }

    /// One of a fixed list (its index, as poise registers choices).
    pub fn choice<T: poise::ChoiceParameter>(&self, name: &str) -> Result<Option<T>, BadOption> {
        match self.find(name) {
            None => Ok(None),
            Some(serenity::ResolvedValue::Integer(n)) => usize::try_from(*n)
                .ok()
                .and_then(T::from_index)
                .map(Some)
                .ok_or_else(|| self.wrong(name, "one of the choices")),
            Some(_) => Err(self.wrong(name, "one of the choices")),
        }
    }

    /// A member (or any user).
    pub fn user(&self, name: &str) -> Result<Option<serenity::User>, BadOption> {
        match self.find(name) {
            None => Ok(None),
            Some(serenity::ResolvedValue::User(user, _)) => Ok(Some((*user).clone())),
            Some(_) => Err(self.wrong(name, "a member")),
        }
    }

    /// A role.
    pub fn role(&self, name: &str) -> Result<Option<serenity::Role>, BadOption> {
        match self.find(name) {
            None => Ok(None),
            Some(serenity::ResolvedValue::Role(role)) => Ok(Some((*role).clone())),
            Some(_) => Err(self.wrong(name, "a role")),
        }
    }

    /// A role or a member.
    pub fn team(&self, name: &str) -> Result<Option<TeamArg>, BadOption> {
        match self.find(name) {
            None => Ok(None),
            Some(serenity::ResolvedValue::Role(role)) => Ok(Some(TeamArg::Role((*role).clone()))),
            Some(serenity::ResolvedValue::User(user, _)) => Ok(Some(TeamArg::User((*user).clone()))),
            Some(_) => Err(self.wrong(name, "a role or a member")),
        }
    }

    /// An attached file.
    pub fn attachment(&self, name: &str) -> Result<Option<serenity::Attachment>, BadOption> {
        match self.find(name) {
            None => Ok(None),
            Some(serenity::ResolvedValue::Attachment(file)) => Ok(Some((*file).clone())),
            Some(_) => Err(self.wrong(name, "a file")),
        }
    }
}

/// A required option's value, or the option named as missing.
pub fn need<T>(value: Option<T>, name: &str) -> Result<T, BadOption> {
    value.ok_or_else(|| BadOption { input: String::new(), error: format!("{name}: required") })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn interaction(data: serde_json::Value) -> serenity::CommandInteraction {
        let value = json!({
            "id": "10", "application_id": "1", "type": 2, "data": data, "channel_id": "3",
            "user": {"id": "4", "username": "ana", "discriminator": "0", "avatar": null},
            "token": "t", "version": 1, "locale": "en-US", "entitlements": [], "attachment_size_limit": 1000,
            "authorizing_integration_owners": {}, "context": 0,
        });
        serde_json::from_value(value).expect("a command interaction")
    }

    #[test]
    fn subcommands_make_the_path_and_their_options_are_read_by_kind() {
        let i = interaction(json!({
            "id": "1", "name": "play", "type": 1,
            "options": [{"name": "hoyito", "type": 1, "options": [
                {"name": "first", "type": 4, "value": 1},
                {"name": "time", "type": 3, "value": "12h"},
                {"name": "thread", "type": 5, "value": false},
            ]}],
        }));
        let o = Options::of(&i);
        assert_eq!(o.path(), ["play", "hoyito"]);
        assert_eq!(o.text("time"), Ok(Some("12h".to_string())));
        assert_eq!(o.flag("thread"), Ok(Some(false)));
        assert_eq!(o.number::<u8>("first"), Ok(Some(1)));
        assert_eq!(o.text("options"), Ok(None));
        // A value of another kind is refused with what was given and what was expected.
        let bad = o.flag("time").unwrap_err();
        assert_eq!(bad.input, "12h");
        assert!(bad.error.contains("true or false"), "{bad}");
        assert!(need(o.text("missing").unwrap(), "missing").is_err());
    }

    #[test]
    fn a_choice_is_its_index_and_one_past_the_list_is_refused() {
        #[derive(Debug, poise::ChoiceParameter, PartialEq)]
        enum Two {
            A,
            B,
        }
        let i = interaction(json!({
            "id": "1", "name": "x", "type": 1,
            "options": [{"name": "ok", "type": 4, "value": 1}, {"name": "past", "type": 4, "value": 2},
                        {"name": "negative", "type": 4, "value": -1}],
        }));
        let o = Options::of(&i);
        assert_eq!(o.choice::<Two>("ok"), Ok(Some(Two::B)));
        assert!(o.choice::<Two>("past").is_err());
        assert!(o.choice::<Two>("negative").is_err());
        assert!(o.number::<u8>("negative").is_err());
    }
}
