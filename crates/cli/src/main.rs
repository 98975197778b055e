//! The `menagerie` command: serve, perft, moves and bench.

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
    /// Serve the web page and its JSON API (games kept in a SQLite file).
    Serve {
        /// Port to listen on.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to listen on (0.0.0.0 to let other machines connect).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The database file, created on first run.
        #[arg(long, default_value = "menagerie.db")]
        db: std::path::PathBuf,
    },
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
        Command::Serve { port, host, db } => menagerie_server::run(&menagerie_server::Config {
            host,
            port,
            db,
            ..menagerie_server::Config::default()
        }),
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
