//! The `menagerie` command: perft, moves, bench, the UCI and XBoard
//! front-ends and the game-record check.

mod bench;
mod commands;
mod protocols;

use clap::{Parser, Subcommand};
use std::io::IsTerminal;
use std::process::ExitCode;

/// Menagerie: chess variants no other engine can express.
#[derive(Parser, Debug)]
#[command(name = "menagerie", version, about)]
struct Cli {
    /// Without a subcommand, and with standard input not a terminal (a GUI
    /// started us), Menagerie speaks UCI.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the legal action sequences of DEPTH plies.
    Perft {
        /// Game name (chess, wreckage, carnage, air-and-trench, longer-board, wounds).
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Position string; default: the game's start position.
        #[arg(long)]
        fen: Option<String>,
        /// Print one line per root action.
        #[arg(long)]
        divide: bool,
        /// Plies.
        depth: String,
    },
    /// List the legal actions, one per line, in byte order.
    Moves {
        /// Game name.
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Position string; default: the game's start position.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Measure perft speed on fixed positions of every game.
    Bench {
        /// Scale the depths down for a quick run.
        #[arg(long)]
        quick: bool,
    },
    /// Speak UCI on standard input and output (for GUIs).
    Uci,
    /// Speak XBoard's protocol (CECP v2) on standard input and output.
    Xboard,
    /// Game records (the PGN dialect of docs/protocols.md).
    Record {
        #[command(subcommand)]
        action: RecordAction,
    },
}

#[derive(Subcommand, Debug)]
enum RecordAction {
    /// Replay every game of FILE, validating every move; one line per game.
    /// Exit status 2 if any game is bad.
    Check {
        /// The record file.
        file: String,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let kind = e.kind();
            if matches!(
                kind,
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            ) {
                print!("{e}");
                return ExitCode::SUCCESS;
            }
            let msg = e.to_string();
            let first = msg.lines().next().unwrap_or("invalid arguments");
            eprintln!("menagerie: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let Some(command) = cli.command else {
        if std::io::stdin().is_terminal() {
            eprintln!(
                "menagerie: no command given; try menagerie --help (or pipe UCI commands in)"
            );
            return ExitCode::from(2);
        }
        return protocols::uci();
    };
    let result = match command {
        Command::Perft {
            variant,
            fen,
            divide,
            depth,
        } => commands::perft(&variant, fen.as_deref(), divide, &depth),
        Command::Moves { variant, fen } => commands::moves(&variant, fen.as_deref()),
        Command::Bench { quick } => {
            bench::run(quick);
            Ok(())
        }
        Command::Uci => return protocols::uci(),
        Command::Xboard => return protocols::xboard(),
        Command::Record {
            action: RecordAction::Check { file },
        } => return protocols::record_check(&file),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("menagerie: {msg}");
            ExitCode::from(2)
        }
    }
}
