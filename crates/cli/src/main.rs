//! The `menagerie` command: serve, perft, moves, bench, match, tune, the
//! UCI and XBoard front-ends and the game-record check.

mod bench;
mod bench_positions;
mod commands;
mod generate;
mod matches;
mod protocols;
mod rescale_cmd;
mod search_bench;
mod thin;
mod train_cmd;
mod tune_cmd;
mod worn;

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
    /// Serve the web page and its JSON API (games kept in a SQLite file, or
    /// in PostgreSQL for several servers: see docs/deploy.md).
    Serve {
        /// Port to listen on.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to listen on (0.0.0.0 to let other machines connect).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The database: a SQLite file, created on first run, or a
        /// PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE).
        #[arg(long, default_value = "menagerie.db")]
        db: std::path::PathBuf,
        /// How long a server keeps an engine job on PostgreSQL without
        /// renewing it, in milliseconds (tests shorten it).
        #[arg(long, hide = true, default_value_t = 10_000)]
        job_lease_ms: u64,
        /// A reverse proxy's address (repeatable) whose X-Real-IP and
        /// X-Forwarded-For headers name the client for the rate limit
        /// (docs/deploy.md); without it those headers are ignored.
        #[arg(long = "trusted-proxy", value_name = "ADDRESS")]
        trusted_proxies: Vec<std::net::IpAddr>,
    },
    /// Count the legal action sequences of DEPTH plies.
    Perft {
        /// Game name (chess, wreckage, carnage, air-and-trench, longer-board, wounds).
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Position string; default: the game's start position.
        #[arg(long)]
        fen: Option<String>,
        /// A rule option of the game, NAME=VALUE (repeatable; see docs/rule-options.md).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
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
        /// A rule option of the game, NAME=VALUE (repeatable; see docs/rule-options.md).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// List the search's tunable constants: name, default and allowed
    /// range, one a line (read by `scripts/spsa.py`).
    Params,
    /// Measure perft speed on fixed positions of every game.
    Bench {
        /// Scale the depths down for a quick run.
        #[arg(long)]
        quick: bool,
        /// Only the search bench (the signature), not perft.
        #[arg(long)]
        search_only: bool,
        /// Search with this net in every game.
        #[arg(long)]
        net: Option<String>,
        /// Search with the classical evaluation in every game.
        #[arg(long, conflicts_with = "net")]
        classical: bool,
    },
    /// Play engine-versus-engine games between two players.
    Match(MatchArgs),
    /// Make training data from self-play, or fit the piece values to it.
    #[command(subcommand)]
    Tune(TuneCommand),
    /// Speak UCI on standard input and output (for GUIs).
    Uci,
    /// Speak XBoard's protocol (CECP v2) on standard input and output.
    Xboard,
    /// Game records (the PGN dialect of docs/protocols.md).
    Record {
        #[command(subcommand)]
        action: RecordAction,
    },
    /// The server's database (see docs/deploy.md).
    Db {
        #[command(subcommand)]
        action: DbAction,
    },
}

#[derive(Subcommand, Debug)]
enum DbAction {
    /// Copy every game, move, review and saved setup of a SQLite file into
    /// an empty PostgreSQL database, then check the counts.
    Migrate {
        /// The SQLite file.
        #[arg(long)]
        from: std::path::PathBuf,
        /// The PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE).
        #[arg(long)]
        to: String,
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

#[derive(Subcommand, Debug)]
enum TuneCommand {
    /// Play self-play games on all cores and store every searched position
    /// with its score and the game's result (binary, docs/engine.md), or,
    /// with `--text`, quiet positions for `tune fit`.
    Generate(GenerateArgs),
    /// Train a net on data files from `tune generate` (docs/engine.md).
    Train(train_cmd::TrainArgs),
    /// Write a net file again with another output scale (centipawns per
    /// unit): the same weights, every score times the new scale over the
    /// old (docs/engine.md).
    Rescale {
        /// The net file to read.
        net: std::path::PathBuf,
        /// The new output scale, centipawns per unit of output (1 to 100000).
        #[arg(long)]
        scale: u32,
        /// The net file to write.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Fit the values to training files named VARIANT.txt.
    Fit {
        /// Rounds of coordinate descent.
        #[arg(long, default_value_t = 30)]
        rounds: usize,
        /// Also write the fitted values to this weights file.
        #[arg(long)]
        write: Option<std::path::PathBuf>,
        /// Training files.
        files: Vec<std::path::PathBuf>,
    },
}

/// `menagerie tune generate` options.
#[derive(clap::Args, Debug)]
struct GenerateArgs {
    /// Game name or custom Pick the Piece setup.
    #[arg(long)]
    variant: String,
    /// Games to play (a resumed run plays the ones missing).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Nodes per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Random plies that make each opening.
    #[arg(long, default_value_t = 8)]
    opening_plies: u32,
    /// Games longer than this many plies are stopped and scored drawn.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Up to this many random men (0 to N, evenly; either side) worn down
    /// by random wounds after the opening, each to anywhere from whole to a
    /// single prong (games with prongs only), so that worn men are seen in
    /// balanced games.
    #[arg(long, default_value_t = 0)]
    worn: u32,
    /// Up to this many random men (0 to N, evenly; never a royal King, a
    /// Wall or a side's last man) taken off after the opening, so that
    /// sparse endgames are seen.
    #[arg(long, default_value_t = 0)]
    thin: u32,
    /// Self-play with this net instead of the default evaluation.
    #[arg(long)]
    net: Option<String>,
    /// Self-play with the classical evaluation even where a net is shipped.
    #[arg(long, conflicts_with = "net")]
    classical: bool,
    /// Store positions scored by a search of this many nodes of their own
    /// (deeper than --nodes, which plays the moves), not by the move's
    /// search.
    #[arg(long, conflicts_with = "text")]
    label_nodes: Option<u64>,
    /// With --label-nodes, score and store every this many plies after the
    /// opening.
    #[arg(long, default_value_t = 1, requires = "label_nodes")]
    label_every: usize,
    /// The old text format for `tune fit` (`FEN<TAB>result`, every third
    /// quiet position, one thread, 6-ply openings).
    #[arg(long)]
    text: bool,
    /// Output file (binary: appended to if it exists; text: name it
    /// VARIANT.txt so `fit` knows the game).
    #[arg(long)]
    out: std::path::PathBuf,
}

/// The evaluation `--net FILE` or `--classical` select (default: the
/// shipped nets where they exist).
fn eval_choice(
    net: Option<&str>,
    classical: bool,
) -> Result<menagerie_engine::nnue::EvalChoice, String> {
    use menagerie_engine::nnue::EvalChoice;
    match (net, classical) {
        (Some(path), _) => matches::players::load_net(path),
        (None, true) => Ok(EvalChoice::Classical),
        (None, false) => Ok(EvalChoice::Auto),
    }
}

fn run_generate(a: GenerateArgs) -> Result<(), String> {
    let variant = commands::variant(&a.variant)?;
    if a.text {
        return tune_cmd::generate(variant, a.games, a.nodes, a.seed, &a.out);
    }
    if a.worn > 0 && !variant.prongs {
        return Err(format!("--worn: {} has no prongs to wound", variant.key));
    }
    let threads = a.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let eval = eval_choice(a.net.as_deref(), a.classical)?;
    generate::run(&generate::Settings {
        variant,
        eval,
        games: a.games,
        nodes: a.nodes.max(1),
        seed: a.seed,
        threads: threads.clamp(1, 256),
        opening_plies: a.opening_plies,
        worn: a.worn,
        thin: a.thin,
        max_plies: a.max_plies.max(1),
        label: a.label_nodes.map(|nodes| generate::Label {
            nodes: nodes.max(1),
            every: a.label_every.max(1),
        }),
        out: a.out,
    })
}

/// `menagerie match` options.
#[derive(clap::Args, Debug)]
struct MatchArgs {
    /// Game name or custom Pick the Piece setup.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Games to play (each opening with both colours, so rounded up to even).
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Milliseconds per engine move.
    #[arg(long, conflicts_with = "nodes")]
    movetime: Option<u64>,
    /// Nodes per engine move (instead of a movetime).
    #[arg(long)]
    nodes: Option<u64>,
    /// Chess clocks instead of a per-move budget: BASE+INC in seconds (e.g.
    /// 10+0.1); a side whose clock runs out loses on time.
    #[arg(long, value_name = "BASE+INC", conflicts_with_all = ["movetime", "nodes"])]
    tc: Option<String>,
    /// Milliseconds of grace past a clock's time before a move loses on time.
    #[arg(long, value_name = "MS", default_value_t = 50)]
    tc_margin: u64,
    /// A UCI option of the first player, NAME=VALUE (repeatable; `uci:` players only).
    #[arg(long = "option-a", value_name = "NAME=VALUE")]
    option_a: Vec<String>,
    /// A UCI option of the second player, NAME=VALUE (repeatable; `uci:` players only).
    #[arg(long = "option-b", value_name = "NAME=VALUE")]
    option_b: Vec<String>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Random plies that make each opening.
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Stop when the test decides: ELO0,ELO1 (alpha = beta = 0.05).
    #[arg(long)]
    sprt: Option<String>,
    /// Record file (default: `match-VARIANT.pgn` in the working directory).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Seed of openings and random players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games longer than this many plies are adjudicated drawn.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// First player: engine, engine:LEVEL, random, greedy or
    /// uci:COMMAND[?NAME=VALUE&...] (an external engine and its UCI options).
    a: String,
    /// Second player.
    b: String,
}

/// The `--sprt ELO0,ELO1` hypotheses.
fn parse_sprt(text: Option<&str>) -> Result<Option<(f64, f64)>, String> {
    let Some(text) = text else {
        return Ok(None);
    };
    let parts: Vec<f64> = text
        .split(',')
        .map(|p| p.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("--sprt takes ELO0,ELO1, found {text:?}"))?;
    match parts[..] {
        [e0, e1] if e0 < e1 => Ok(Some((e0, e1))),
        _ => Err(format!(
            "--sprt takes ELO0,ELO1 with ELO0 < ELO1, found {text:?}"
        )),
    }
}

/// The budget of `--tc`, `--nodes` or `--movetime` (default 100 ms a move).
fn match_budget(args: &MatchArgs) -> Result<matches::players::Budget, String> {
    use matches::clock::{Clocks, TimeControl};
    use matches::players::Budget;
    if let Some(tc) = &args.tc {
        return TimeControl::parse(tc).map(|tc| Budget::Clock(Clocks::start(tc)));
    }
    Ok(match (args.movetime, args.nodes) {
        (_, Some(n)) => Budget::Nodes(n.max(1)),
        (Some(ms), None) => Budget::Movetime(ms.max(1)),
        (None, None) => Budget::Movetime(100),
    })
}

fn run_match(args: MatchArgs) -> Result<(), String> {
    use matches::players::Spec;
    let variant = commands::variant(&args.variant)?;
    let sprt = parse_sprt(args.sprt.as_deref())?;
    let budget = match_budget(&args)?;
    let a = Spec::parse(&args.a)?.with_options(&args.option_a)?;
    let b = Spec::parse(&args.b)?.with_options(&args.option_b)?;
    let out = args.out.unwrap_or_else(|| {
        let name: String = args
            .variant
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        std::path::PathBuf::from(format!("match-{name}.pgn"))
    });
    let settings = matches::Settings {
        variant_spec: args.variant.clone(),
        variant,
        a,
        b,
        games: args.games,
        budget,
        tc_margin: std::time::Duration::from_millis(args.tc_margin),
        concurrency: args.concurrency,
        opening_plies: args.opening_plies,
        sprt,
        out: Some(out),
        seed: args.seed,
        max_plies: args.max_plies,
    };
    matches::run(&settings).map(|_| ())
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
        Command::Serve {
            port,
            host,
            db,
            job_lease_ms,
            trusted_proxies,
        } => menagerie_server::run(&menagerie_server::Config {
            host,
            port,
            db,
            job_lease: std::time::Duration::from_millis(job_lease_ms),
            trusted_proxies,
            ..menagerie_server::Config::default()
        }),
        Command::Perft {
            variant,
            fen,
            options,
            divide,
            depth,
        } => commands::perft(&variant, &options, fen.as_deref(), divide, &depth),
        Command::Moves {
            variant,
            fen,
            options,
        } => commands::moves(&variant, &options, fen.as_deref()),
        Command::Bench {
            quick,
            search_only,
            net,
            classical,
        } => eval_choice(net.as_deref(), classical).map(|eval| {
            if !search_only {
                bench::run(quick);
            }
            search_bench::print(u32::from(quick) * 2, &eval);
        }),
        Command::Params => {
            let defaults = menagerie_engine::params::Params::default();
            for (name, value, (lo, hi)) in defaults.table() {
                println!("{name} {value} {lo} {hi}");
            }
            Ok(())
        }
        Command::Match(args) => run_match(args),
        Command::Uci => return protocols::uci(),
        Command::Xboard => return protocols::xboard(),
        Command::Record {
            action: RecordAction::Check { file },
        } => return protocols::record_check(&file),
        Command::Db {
            action: DbAction::Migrate { from, to },
        } => menagerie_server::store::copy::sqlite_to_postgres(&from, &to).map(|counts| {
            println!(
                "Copied {counts} from {} to {}; the counts match.",
                from.display(),
                menagerie_server::store::shown_location(std::path::Path::new(&to))
            );
        }),
        Command::Tune(TuneCommand::Generate(args)) => run_generate(args),
        Command::Tune(TuneCommand::Train(args)) => train_cmd::run(&args),
        Command::Tune(TuneCommand::Rescale { net, scale, out }) => {
            rescale_cmd::run(&net, scale, &out)
        }
        Command::Tune(TuneCommand::Fit {
            rounds,
            files,
            write,
        }) => {
            let by_name = |p: &std::path::Path| {
                let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                commands::variant(stem)
            };
            tune_cmd::read(&files, by_name)
                .and_then(|samples| tune_cmd::fit(&samples, rounds, write.as_deref()))
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
