// The JSON the server sends, as JSDoc types mirroring crates/server/src/dto.rs
// (documented in docs/api.md). Nothing runs here: modules import the types.

/** @typedef {'white' | 'black'} Color */

/**
 * A piece on the board.
 * @typedef {object} BoardPiece
 * @property {string} square
 * @property {Color} color
 * @property {string} letter Upper-case letter.
 * @property {string} [name]
 * @property {string | null} [prongs] Chess with Wounds: 8 prong digits.
 * @property {'left' | 'right' | null} [wall] Which half of a Wall.
 * @property {boolean} [wounded] Chess with Wounds: it has lost prongs since the start.
 */

/** @typedef {{ white: Record<string, number>, black: Record<string, number> }} Pockets */

/**
 * @typedef {object} LastMove
 * @property {string} text
 * @property {string} [label]
 * @property {string | null} [from]
 * @property {string | null} [to]
 * @property {string[]} [captured]
 */

/**
 * One legal action of the side to move.
 * @typedef {object} LegalAction
 * @property {string} text The move string to send back.
 * @property {'normal' | 'drop' | 'castle' | 'detonate' | 'wound' | 'rotate' | 'pass'} kind
 * @property {string | null} from
 * @property {string | null} to
 * @property {string[]} captured
 * @property {string | null} promotion
 * @property {string | null} role
 * @property {string | null} push_to
 * @property {[string, string] | null} [rook]
 * @property {string} label
 * @property {boolean} [free] Page only: a premove queued on any square (the server could not list the actions).
 */

/**
 * @typedef {object} PlayedMove
 * @property {number} ply
 * @property {Color} color The side that played it.
 * @property {number} number Its move number.
 * @property {string} text
 * @property {string} label
 * @property {string} fen_after
 */

/**
 * @typedef {object} Clocks
 * @property {number} white_ms
 * @property {number} black_ms
 * @property {Color | null} running
 * @property {number} increment_ms
 * @property {number} [days_per_move] Correspondence: days per move.
 * @property {number} [deadline_ms] Correspondence: when the side to move loses on time.
 */

/**
 * @typedef {object} Outcome
 * @property {string} result
 * @property {Color | null} winner
 * @property {string} reason
 */

/**
 * The game as the server shows it to one viewer.
 * @typedef {object} GameView
 * @property {string} id
 * @property {number} revision Grows with every change; the higher is the newer.
 * @property {string} variant
 * @property {string} title
 * @property {Record<string, boolean>} options
 * @property {number} files
 * @property {number} ranks
 * @property {string} fen
 * @property {string} start_fen
 * @property {Color} turn
 * @property {Color | 'both' | null} you
 * @property {BoardPiece[]} board
 * @property {Pockets} pockets
 * @property {string[]} frozen
 * @property {boolean} check
 * @property {LastMove | null} last_move
 * @property {LegalAction[]} legal
 * @property {PlayedMove[]} moves
 * @property {Clocks | null} clocks
 * @property {Outcome | null} outcome
 * @property {{ white: string, black: string }} players
 * @property {Color | null} draw_offer
 * @property {boolean} engine_thinking
 * @property {boolean} can_undo
 * @property {boolean} [can_analyse] The viewer may ask for an analysis now.
 * @property {boolean} [can_review] The viewer may start a review now.
 * @property {GameLinks | null} [links] The game's links, for the holder of the creator's seat of a game over a link.
 * @property {{ offered_by: Color | null, game: string | null, link: string | null } | null} [rematch] A rematch offered or started.
 */

/** @typedef {{ white: string | null, black: string | null, watch: string }} GameLinks */

/**
 * An earlier position of a game (`GET /api/games/{id}/plies/{ply}`).
 * @typedef {object} PositionView
 * @property {number} ply
 * @property {string} fen
 * @property {Color} turn
 * @property {BoardPiece[]} board
 * @property {Pockets} pockets
 * @property {string[]} frozen
 * @property {boolean} check
 * @property {LastMove | null} last_move
 */

/**
 * A marked square of a movement diagram.
 * @typedef {{ square: string, kind: 'move' | 'moveonly' | 'capture' | 'blast' | 'freeze' | 'taken' }} DiagramMark
 */
/**
 * How a piece moves, computed by the server's move generator.
 * @typedef {{ files: number, ranks: number, pieces: BoardPiece[], marks: DiagramMark[] }} MovementDiagram
 */
/**
 * A piece of a game; `value`: what the engine counts it worth, in centipawns.
 * @typedef {{ letter: string, name: string, summary: string, value?: number, diagram: MovementDiagram | null }} PieceInfo
 */
/**
 * A piece of the catalogue (`GET /api/pieces`).
 * @typedef {{ letter: string, name: string, slot: boolean, drop: boolean }} CataloguePiece
 */
/** @typedef {{ name: string, default: boolean, description: string }} OptionInfo */

/**
 * A game the server plays (`GET /api/variants`).
 * @typedef {object} VariantInfo
 * @property {string} key
 * @property {string} title
 * @property {string} blurb One line for the game chooser.
 * @property {string | null} parent The game it is another with one change.
 * @property {string[]} notes Short notes for players.
 * @property {number} files
 * @property {number} ranks
 * @property {string} start_fen
 * @property {boolean} has_pockets
 * @property {BoardPiece[]} start_board
 * @property {Pockets} start_pockets
 * @property {boolean} prongs Men move along prongs that can be wounded.
 * @property {boolean} has_check The game has check (the page marks it).
 * @property {boolean} pawn_to_middle Pawns run 1 to 3 squares up to the middle rank.
 * @property {PieceInfo[]} pieces
 * @property {OptionInfo[]} options
 */

/**
 * The answer to `POST /api/games`.
 * @typedef {object} Created
 * @property {string} id
 * @property {Color | 'both'} seat
 * @property {string} token
 * @property {{ white: string | null, black: string | null, watch: string }} links
 * @property {GameView} game
 */

/**
 * The answer to a claim of an invitation (`POST /api/games/{id}/claim`).
 * @typedef {object} Claimed
 * @property {string} id
 * @property {Color} seat
 * @property {string} token
 * @property {GameView} game
 */

/**
 * An open challenge of the lobby.
 * @typedef {object} Challenge
 * @property {string} id
 * @property {string} name The challenger's display name.
 * @property {string} variant
 * @property {string} title
 * @property {Record<string, boolean>} options
 * @property {{ initial_ms: number, increment_ms: number, days_per_move?: number } | null} time_control
 * @property {'white' | 'black' | 'random'} color The challenger's colour.
 * @property {number} created_ms
 * @property {'open' | 'accepted' | 'cancelled' | 'lapsed'} state
 * @property {string | null} game
 * @property {boolean} mine
 */

/** @typedef {{ challenge: Challenge, token: string }} ChallengeCreated */
/** @typedef {{ challenges: Challenge[], total: number, offset: number }} ChallengePage */

/**
 * A public game in progress (`GET /api/games`).
 * @typedef {object} WatchGame
 * @property {string} id
 * @property {string} variant
 * @property {string} title
 * @property {number} files
 * @property {number} ranks
 * @property {BoardPiece[]} board
 * @property {Color} turn
 * @property {number} plies
 * @property {number} created_ms
 */

/** @typedef {{ cp: number } | { mate: number }} Score */

/**
 * @typedef {object} Analysis
 * @property {number} ply
 * @property {string} fen
 * @property {Score} score From the side to move's view.
 * @property {number} depth
 * @property {number} nodes
 * @property {string[]} best
 * @property {string[]} labels
 */

/** @typedef {{ name: string, spec: string }} SavedSetup */

/**
 * One move of a record with its annotations and the side lines that replace
 * it (`POST /api/records/read`).
 * @typedef {{ move: string, label: string, comment: string | null, nags: number[], variations: RecordNode[][] }} RecordNode
 */
/**
 * A record read for the analysis board.
 * @typedef {{ variant: string, options: Record<string, boolean>, fen: string, tags: [string, string][], result: string, line: RecordNode[] }} RecordTree
 */
/**
 * A move to write into a record (`POST /api/records/write`).
 * @typedef {{ move: string, comment?: string | null, nags?: number[], variations?: NodeInput[][] }} NodeInput
 */
/**
 * @typedef {{ variant: string, options?: Record<string, boolean>, fen?: string, line: NodeInput[] }} WriteRecord
 */

/**
 * An engine level and its measured strength (`GET /api/levels`).
 * @typedef {{ level: number, name: string, elo_wreckage: number | null, elo_chess: number | null }} LevelInfo
 */

// --- the analysis board (crates/server/src/dto/board.rs) ---

/**
 * `POST /api/positions`: a position not tied to a game.
 * @typedef {object} PositionRequest
 * @property {string} variant A built-in game name or a custom Pick the Piece spec.
 * @property {Record<string, boolean>} [options] Rule flags; absent ones keep the game's defaults.
 * @property {string} [fen] The position string to start from (none or empty: the game's start).
 * @property {string[]} [moves] Move strings played from there, in order.
 */

/**
 * A position of the analysis board, with everything to draw it and play on.
 * @typedef {object} BoardPosition
 * @property {string} variant The variant spec, canonical.
 * @property {string} title
 * @property {Record<string, boolean>} options Rule flags that differ from the game's defaults.
 * @property {number} files
 * @property {number} ranks
 * @property {string} start_fen The position string the moves start from.
 * @property {string} fen The position string after the moves.
 * @property {string[]} moves The moves as the server writes them (normalised move strings).
 * @property {string[]} labels The moves in readable notation.
 * @property {Color} turn
 * @property {BoardPiece[]} board
 * @property {Pockets} pockets
 * @property {string[]} frozen
 * @property {boolean} check
 * @property {LastMove | null} last_move
 * @property {LegalAction[]} legal Empty once the game is over.
 * @property {Outcome | null} outcome
 */

/**
 * The query of `GET /api/analysis/stream`.
 * @typedef {object} AnalysisQuery
 * @property {string} variant
 * @property {string} [fen]
 * @property {string} [options] Rule flags as a JSON object.
 * @property {string} [moves] Move strings separated by commas.
 * @property {number} [multipv] 1 to 3.
 * @property {number} [movetime_ms]
 */

/**
 * `event: info` of the analysis stream: one line of one finished depth.
 * @typedef {object} AnalysisInfo
 * @property {number} depth
 * @property {number} seldepth
 * @property {number} multipv The line's rank, 1 (best) to `multipv`.
 * @property {Score} score From White's view.
 * @property {number} nodes
 * @property {number} nps
 * @property {number} time_ms
 * @property {string[]} pv The line as move strings.
 * @property {string[]} labels The line in readable notation.
 * @property {MoveSquares[]} squares Each move's squares, for arrows.
 */

/**
 * `event: done` of the analysis stream: the search ended.
 * @typedef {object} AnalysisDone
 * @property {number} depth The last depth completed (0 if none, or the game is over).
 * @property {number} nodes
 * @property {number} time_ms
 * @property {string | null} best
 * @property {Outcome | null} outcome
 * @property {boolean} [yielded] The search stopped early to give its engine slot to other work.
 */

/**
 * Where an arrow goes for one move (`from` null: a drop; equal to `to`: an
 * action in place; both null: a pass).
 * @typedef {{ from: string | null, to: string | null }} MoveSquares
 */

/** @typedef {'inaccuracy' | 'mistake' | 'blunder'} Judgement */

/**
 * One reviewed position (`GET /api/games/{id}/review`, docs/review.md).
 * @typedef {object} ReviewPly
 * @property {number} ply
 * @property {Color | null} side The side that played this ply's move.
 * @property {string | null} move
 * @property {string | null} label
 * @property {Score} eval From White's view.
 * @property {number} expected White's expected score, 0 to 1.
 * @property {string | null} result
 * @property {string[]} best
 * @property {string[]} best_labels
 * @property {MoveSquares[]} best_squares
 * @property {number} depth
 * @property {number | null} loss
 * @property {Judgement | null} judgement
 * @property {string | null} better
 * @property {string | null} better_label
 * @property {MoveSquares | null} better_squares
 */

/** @typedef {{ inaccuracies: number, mistakes: number, blunders: number }} JudgementCounts */

/**
 * A game's review.
 * @typedef {object} ReviewView
 * @property {'none' | 'running' | 'partial' | 'done'} status
 * @property {number} done_plies
 * @property {number} total_plies
 * @property {{ nodes: number }} budget
 * @property {ReviewPly[]} plies
 * @property {{ white: JudgementCounts, black: JudgementCounts }} counts
 */

/**
 * The `review` event of a game's event stream.
 * @typedef {{ status: ReviewView['status'], done_plies: number, total_plies: number }} ReviewProgress
 */

export {};
