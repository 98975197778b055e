//! UCI command lines parsed into [`Command`] (GUI to engine).

use std::fmt;
use std::str::FromStr;

/// Where `position` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The game's start position.
    StartPos,
    /// A position string (six fields).
    Fen(String),
}

/// The parameters of `go`. Times are in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // UCI's own independent switches
pub struct Go {
    /// White's clock.
    pub wtime: Option<u64>,
    /// Black's clock.
    pub btime: Option<u64>,
    /// White's increment.
    pub winc: Option<u64>,
    /// Black's increment.
    pub binc: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Exact time for this move.
    pub movetime: Option<u64>,
    /// Depth limit in plies.
    pub depth: Option<u32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Look for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Only these root moves (move strings, checked later).
    pub searchmoves: Vec<String>,
    /// Count the legal action sequences of this many plies instead of
    /// searching (Fairy-Stockfish's `go perft N`).
    pub perft: Option<u32>,
}

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`
    Uci,
    /// `debug on|off`
    Debug(bool),
    /// `isready`
    IsReady,
    /// `setoption name N [value V]`
    SetOption {
        /// The option's name.
        name: String,
        /// Its new value (none for buttons).
        value: Option<String>,
    },
    /// `register ...` (nothing to register)
    Register,
    /// `ucinewgame`
    NewGame,
    /// `position startpos|fen F [moves ...]`
    Position {
        /// Start position.
        start: Start,
        /// Move strings to play from it.
        moves: Vec<String>,
    },
    /// `go ...`
    Go(Go),
    /// `stop`
    Stop,
    /// `ponderhit`
    PonderHit,
    /// `quit`
    Quit,
    /// An empty line.
    Nothing,
}

/// Why a line is not a UCI command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The first word is no UCI command.
    Unknown(String),
    /// A known command with arguments that do not fit.
    Malformed {
        /// The command.
        command: &'static str,
        /// What is wrong.
        problem: String,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Unknown(word) => write!(f, "unknown command {word:?}"),
            ParseError::Malformed { command, problem } => write!(f, "{command}: {problem}"),
        }
    }
}

impl std::error::Error for ParseError {}

fn malformed(command: &'static str, problem: impl Into<String>) -> ParseError {
    ParseError::Malformed {
        command,
        problem: problem.into(),
    }
}

impl FromStr for Command {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Command, ParseError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Ok(Command::Nothing);
        };
        match first {
            "uci" => Ok(Command::Uci),
            "debug" => match rest {
                ["on"] | [] => Ok(Command::Debug(true)),
                ["off"] => Ok(Command::Debug(false)),
                _ => Err(malformed("debug", "expected on or off")),
            },
            "isready" => Ok(Command::IsReady),
            "setoption" => parse_setoption(line),
            "register" => Ok(Command::Register),
            "ucinewgame" => Ok(Command::NewGame),
            "position" => parse_position(rest),
            "go" => parse_go(rest).map(Command::Go),
            "stop" => Ok(Command::Stop),
            "ponderhit" => Ok(Command::PonderHit),
            "quit" => Ok(Command::Quit),
            other => Err(ParseError::Unknown(other.chars().take(40).collect())),
        }
    }
}

/// `setoption name <name words> [value <rest of line>]`; the name may
/// contain spaces, and so may the value (a file path).
fn parse_setoption(line: &str) -> Result<Command, ParseError> {
    let after = line.trim().strip_prefix("setoption").unwrap_or("").trim();
    let Some(after_name) = after.strip_prefix("name") else {
        return Err(malformed("setoption", "expected \"name\""));
    };
    let (name, value) = match find_word(after_name, "value") {
        Some(at) => (
            &after_name[..at],
            Some(after_name[at + "value".len()..].trim().to_string()),
        ),
        None => (after_name, None),
    };
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err(malformed("setoption", "the option name is missing"));
    }
    Ok(Command::SetOption { name, value })
}

/// Byte offset of `word` standing alone in `text`.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let before = text[..at]
            .chars()
            .next_back()
            .map_or(true, char::is_whitespace);
        let after = text[at + word.len()..]
            .chars()
            .next()
            .map_or(true, char::is_whitespace);
        if before && after {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

fn parse_position(rest: &[&str]) -> Result<Command, ParseError> {
    let moves_at = rest.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (
            &rest[..i],
            rest[i + 1..].iter().map(|s| (*s).to_string()).collect(),
        ),
        None => (rest, Vec::new()),
    };
    let start = match head {
        ["startpos"] => Start::StartPos,
        ["fen", fields @ ..] if !fields.is_empty() => Start::Fen(fields.join(" ")),
        ["fen"] => return Err(malformed("position", "fen needs a position string")),
        _ => return Err(malformed("position", "expected startpos or fen <position>")),
    };
    Ok(Command::Position { start, moves })
}

const GO_WORDS: [&str; 13] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

fn parse_go(rest: &[&str]) -> Result<Go, ParseError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i];
        i += 1;
        match word {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while i < rest.len() && !GO_WORDS.contains(&rest[i]) {
                    go.searchmoves.push(rest[i].to_string());
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "nodes" => {
                let v = Some(number(word, rest.get(i))?);
                i += 1;
                match word {
                    "wtime" => go.wtime = v,
                    "btime" => go.btime = v,
                    "winc" => go.winc = v,
                    "binc" => go.binc = v,
                    "movetime" => go.movetime = v,
                    _ => go.nodes = v,
                }
            }
            "movestogo" | "depth" | "mate" | "perft" => {
                let v = Some(u32::try_from(number(word, rest.get(i))?).unwrap_or(u32::MAX));
                i += 1;
                match word {
                    "movestogo" => go.movestogo = v,
                    "depth" => go.depth = v,
                    "perft" => go.perft = v,
                    _ => go.mate = v,
                }
            }
            other => return Err(malformed("go", format!("unknown parameter {other:?}"))),
        }
    }
    Ok(go)
}

/// A whole number; negative clock readings (a GUI's overdrawn clock) count
/// as zero.
fn number(what: &str, word: Option<&&str>) -> Result<u64, ParseError> {
    let Some(word) = word else {
        return Err(malformed("go", format!("{what} needs a number")));
    };
    if let Ok(v) = word.parse::<u64>() {
        return Ok(v);
    }
    match word.parse::<i64>() {
        Ok(_) => Ok(0),
        Err(_) => Err(malformed(
            "go",
            format!("{what} needs a whole number, found {word:?}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse() {
        assert_eq!("uci".parse(), Ok(Command::Uci));
        assert_eq!("  ".parse(), Ok(Command::Nothing));
        assert_eq!(
            "setoption name Move Overhead value 50".parse(),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("50".into())
            })
        );
        assert_eq!(
            "setoption name PickThePieceSetup value my setups/a value.toml".parse(),
            Ok(Command::SetOption {
                name: "PickThePieceSetup".into(),
                value: Some("my setups/a value.toml".into())
            })
        );
        assert_eq!(
            "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2".parse(),
            Ok(Command::Position {
                start: Start::Fen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            })
        );
        let Ok(Command::Go(go)) =
            "go wtime 1000 btime -5 winc 10 searchmoves e2e4 d2d4 depth 3".parse::<Command>()
        else {
            panic!("go did not parse");
        };
        assert_eq!(go.wtime, Some(1000));
        assert_eq!(go.btime, Some(0));
        assert_eq!(go.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(go.depth, Some(3));
    }

    #[test]
    fn bad_lines_are_errors() {
        assert!(matches!(
            "frobnicate".parse::<Command>(),
            Err(ParseError::Unknown(_))
        ));
        assert!("go depth x".parse::<Command>().is_err());
        assert!("go depth".parse::<Command>().is_err());
        assert!("position".parse::<Command>().is_err());
        assert!("position fen".parse::<Command>().is_err());
        assert!("setoption value 3".parse::<Command>().is_err());
    }
}
