//! The console's line grammar: `name: command positional... key=value...`, plus lines that
//! steer the console itself: `#channel`, `help`, `quit`, `wait 25h`, and `// comments`.

use crate::games::OptionSet;
use crate::i18n::Message;

/// One parsed line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    Empty,
    Help,
    Quit,
    /// Switch to another channel (`#lobby`).
    Channel(String),
    /// Advance the simulated clock by this many seconds.
    Wait(u64),
    /// A user's command.
    User {
        name: String,
        words: Words,
    },
}

/// A user command split into its parts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Words {
    pub command: String,
    pub positional: Vec<String>,
    pub options: OptionSet,
}

pub fn parse(line: &str) -> Result<Line, Message> {
    let line = line.trim();
    if line.is_empty() || line.starts_with("//") {
        return Ok(Line::Empty);
    }
    if let Some(channel) = line.strip_prefix('#') {
        let channel = channel.trim();
        if channel.is_empty() || channel.contains(char::is_whitespace) {
            return Err(Message::new("console-bad-channel").str("text", line));
        }
        return Ok(Line::Channel(channel.to_string()));
    }
    let lower = line.to_ascii_lowercase();
    match lower.split_whitespace().next() {
        Some("help") | Some("?") => return Ok(Line::Help),
        Some("quit") | Some("exit") => return Ok(Line::Quit),
        Some("wait") => {
            let amount = lower.split_whitespace().nth(1).unwrap_or("");
            return parse_duration(amount)
                .map(Line::Wait)
                .ok_or_else(|| Message::new("console-bad-duration").str("text", amount));
        }
        _ => {}
    }
    let Some((name, rest)) = line.split_once(':') else {
        return Err(Message::new("console-bad-line").str("text", line));
    };
    let name = name.trim();
    if name.is_empty() || name.contains(char::is_whitespace) || name.starts_with('@') {
        return Err(Message::new("console-bad-name").str("text", name));
    }
    let mut parts = rest.split_whitespace();
    let Some(command) = parts.next() else {
        return Err(Message::new("console-no-command").str("name", name));
    };
    if matches!(command, "help" | "?") {
        // `ana: help` is as good as `help`.
        return Ok(Line::Help);
    }
    let mut words = Words { command: command.to_lowercase(), ..Words::default() };
    for part in parts {
        match part.split_once('=') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => {
                words.options.insert(k.to_lowercase(), v.to_string());
            }
            Some(_) => return Err(Message::new("console-bad-option").str("text", part)),
            None => words.positional.push(part.to_string()),
        }
    }
    Ok(Line::User { name: name.to_string(), words })
}

/// `90s`, `15m`, `25h`, `3d`, or plain seconds.
fn parse_duration(text: &str) -> Option<u64> {
    let (digits, unit) = text.split_at(text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len()));
    let n: u64 = digits.parse().ok()?;
    let factor = match unit {
        "" | "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return None,
    };
    n.checked_mul(factor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_line_splits_into_command_positionals_and_options() {
        let Line::User { name, words } = parse("ana: play hoyito @ben holes=12 first=opponent").unwrap() else {
            panic!("not a user line")
        };
        assert_eq!(name, "ana");
        assert_eq!(words.command, "play");
        assert_eq!(words.positional, vec!["hoyito", "@ben"]);
        assert_eq!(words.options.get("holes").map(String::as_str), Some("12"));
        assert_eq!(words.options.get("first").map(String::as_str), Some("opponent"));
    }

    #[test]
    fn console_lines() {
        assert_eq!(parse("#lobby"), Ok(Line::Channel("lobby".into())));
        assert_eq!(parse("  "), Ok(Line::Empty));
        assert_eq!(parse("// a comment"), Ok(Line::Empty));
        assert_eq!(parse("help"), Ok(Line::Help));
        assert_eq!(parse("ana: help"), Ok(Line::Help));
        assert_eq!(parse("wait 25h"), Ok(Line::Wait(90_000)));
        assert_eq!(parse("quit"), Ok(Line::Quit));
    }

    #[test]
    fn malformed_lines_say_what_is_wrong() {
        assert_eq!(parse("ana play").unwrap_err().id, "console-bad-line");
        assert_eq!(parse("ana:").unwrap_err().id, "console-no-command");
        assert_eq!(parse("ana: play hoyito holes=").unwrap_err().id, "console-bad-option");
        assert_eq!(parse("wait soon").unwrap_err().id, "console-bad-duration");
        assert_eq!(parse("# two words").unwrap_err().id, "console-bad-channel");
    }
}
