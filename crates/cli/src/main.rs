//! The `menagerie` command: perft, moves and bench.

mod bench;
mod commands;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Menagerie: chess variants no other engine can express.
#[derive(Parser, Debug)]
#[command(name = "menagerie", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
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
    let result = match cli.command {
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
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("menagerie: {msg}");
            ExitCode::from(2)
        }
    }
}
