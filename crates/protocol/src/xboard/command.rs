//! XBoard (CECP v2) command lines parsed into [`Command`].

use std::fmt;
use std::str::FromStr;

/// One line from XBoard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `xboard`
    Xboard,
    /// `protover N`
    Protover(u32),
    /// `accepted F` / `rejected F`
    Feature,
    /// `new`
    New,
    /// `variant NAME`
    Variant(String),
    /// `force`
    Force,
    /// `go`
    Go,
    /// `playother`
    PlayOther,
    /// `white` / `black` (protocol 1: the side to move, engine plays the other)
    Side(bool),
    /// `level MPS BASE INC`: moves per session, base time in seconds, increment in seconds
    Level {
        /// Moves per time control (0: all).
        mps: u32,
        /// Base time in milliseconds.
        base_ms: u64,
        /// Increment in milliseconds.
        inc_ms: u64,
    },
    /// `st SECONDS`
    St(u64),
    /// `sd DEPTH`
    Sd(u32),
    /// `time CENTISECONDS` (engine's clock)
    Time(u64),
    /// `otim CENTISECONDS` (opponent's clock)
    Otim(u64),
    /// `usermove MOVE` or a bare move
    UserMove(String),
    /// `?` (move now)
    MoveNow,
    /// `ping N`
    Ping(String),
    /// `draw`
    Draw,
    /// `result R {text}`
    Result(String),
    /// `setboard FEN`
    SetBoard(String),
    /// `undo`
    Undo,
    /// `remove`
    Remove,
    /// `post`
    Post,
    /// `nopost`
    NoPost,
    /// `option NAME=VALUE` or `option NAME`
    Option {
        /// Option name.
        name: String,
        /// Value, if any.
        value: Option<String>,
    },
    /// `memory MB`
    Memory(usize),
    /// `cores N`
    Cores(usize),
    /// `quit`
    Quit,
    /// Commands we accept and ignore (`hard`, `easy`, `random`, `computer`,
    /// `name`, `rating`, `ics`, `accepted`, `hint`, `bk`, `.`, `exit`...).
    Ignored,
    /// An empty line.
    Nothing,
}

/// Why a line is not a command we can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not a command (nor a move).
    Unknown(String),
    /// A command with bad arguments.
    Malformed(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Unknown(c) => write!(f, "Error (unknown command): {c}"),
            ParseError::Malformed(c) => write!(f, "Error (bad arguments): {c}"),
        }
    }
}

impl std::error::Error for ParseError {}

fn looks_like_move(word: &str) -> bool {
    word == "@@@@"
        || (word.len() >= 4
            && word.len() <= 12
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '@' || c == '=' || c == ',')
            && word.chars().any(|c| c.is_ascii_digit()))
}

impl FromStr for Command {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Command, ParseError> {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let bad = || ParseError::Malformed(line.chars().take(60).collect());
        let num = |s: &str| s.parse::<u64>().map_err(|_| bad());
        Ok(match word {
            "" => Command::Nothing,
            "xboard" => Command::Xboard,
            "protover" => Command::Protover(u32::try_from(num(rest)?).map_err(|_| bad())?),
            "accepted" | "rejected" => Command::Feature,
            "new" => Command::New,
            "variant" if !rest.is_empty() => Command::Variant(rest.to_string()),
            "force" => Command::Force,
            "go" => Command::Go,
            "playother" => Command::PlayOther,
            "white" => Command::Side(true),
            "black" => Command::Side(false),
            "level" => parse_level(rest).ok_or_else(bad)?,
            "st" => Command::St(num(rest)?),
            "sd" => Command::Sd(u32::try_from(num(rest)?).map_err(|_| bad())?),
            "time" => Command::Time(clock(rest).ok_or_else(bad)?),
            "otim" => Command::Otim(clock(rest).ok_or_else(bad)?),
            "usermove" if !rest.is_empty() => Command::UserMove(rest.to_string()),
            "?" => Command::MoveNow,
            "ping" => Command::Ping(rest.to_string()),
            "draw" => Command::Draw,
            "result" => Command::Result(rest.to_string()),
            "setboard" if !rest.is_empty() => Command::SetBoard(rest.to_string()),
            "undo" => Command::Undo,
            "remove" => Command::Remove,
            "post" => Command::Post,
            "nopost" => Command::NoPost,
            "option" if !rest.is_empty() => match rest.split_once('=') {
                Some((n, v)) => Command::Option {
                    name: n.trim().to_string(),
                    value: Some(v.trim().to_string()),
                },
                None => Command::Option {
                    name: rest.to_string(),
                    value: None,
                },
            },
            "memory" => Command::Memory(usize::try_from(num(rest)?).map_err(|_| bad())?),
            "cores" => Command::Cores(usize::try_from(num(rest)?).map_err(|_| bad())?),
            "quit" => Command::Quit,
            "hard" | "easy" | "random" | "computer" | "name" | "rating" | "ics" | "hint" | "bk"
            | "." | "exit" | "nps" | "egtpath" | "pause" | "resume" => Command::Ignored,
            w if rest.is_empty() && looks_like_move(w) => Command::UserMove(w.to_string()),
            "variant" | "usermove" | "setboard" | "option" => return Err(bad()),
            _ => return Err(ParseError::Unknown(line.chars().take(60).collect())),
        })
    }
}

/// A clock reading; negative readings (an overdrawn clock) are zero.
fn clock(text: &str) -> Option<u64> {
    let v: i64 = text.trim().parse().ok()?;
    Some(u64::try_from(v).unwrap_or(0))
}

/// `level MPS BASE INC`, BASE in minutes or `minutes:seconds`, INC in
/// seconds (possibly fractional).
fn parse_level(rest: &str) -> Option<Command> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [mps, base, inc] = words.as_slice() else {
        return None;
    };
    let mps: u32 = mps.parse().ok()?;
    let base_ms = match base.split_once(':') {
        Some((m, s)) => m.parse::<u64>().ok()? * 60_000 + s.parse::<u64>().ok()? * 1000,
        None => base.parse::<u64>().ok()? * 60_000,
    };
    let inc: f64 = inc.parse().ok()?;
    if !(0.0..=86_400.0).contains(&inc) {
        return None;
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // range checked above
    let inc_ms = (inc * 1000.0).round() as u64;
    Some(Command::Level {
        mps,
        base_ms,
        inc_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse() {
        assert_eq!("protover 2".parse(), Ok(Command::Protover(2)));
        assert_eq!(
            "level 40 0:30 0.5".parse(),
            Ok(Command::Level {
                mps: 40,
                base_ms: 30_000,
                inc_ms: 500
            })
        );
        assert_eq!(
            "level 0 5 2".parse(),
            Ok(Command::Level {
                mps: 0,
                base_ms: 300_000,
                inc_ms: 2000
            })
        );
        assert_eq!("time -30".parse(), Ok(Command::Time(0)));
        assert_eq!("e2e4".parse(), Ok(Command::UserMove("e2e4".into())));
        assert_eq!(
            "usermove J@e4".parse(),
            Ok(Command::UserMove("J@e4".into()))
        );
        assert_eq!(
            "option Skill Level=3".parse(),
            Ok(Command::Option {
                name: "Skill Level".into(),
                value: Some("3".into())
            })
        );
    }

    #[test]
    fn bad_lines_are_errors() {
        assert!(matches!(
            "foo".parse::<Command>(),
            Err(ParseError::Unknown(_))
        ));
        assert!(matches!(
            "sd x".parse::<Command>(),
            Err(ParseError::Malformed(_))
        ));
        assert!("level 40".parse::<Command>().is_err());
        assert!("level 1 2 -1".parse::<Command>().is_err());
    }
}
