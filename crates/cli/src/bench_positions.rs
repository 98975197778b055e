//! Move-generation benchmark positions: a middlegame (ply 24) and a later
//! position (ply 60) of every game, reached by uniformly random legal play
//! from the start position (xorshift seed `0x1234_5678_9abc_def1`, skipping
//! playouts that end early or stand in check), with their perft node counts
//! at the listed depth. Unlike start positions these hold open lines,
//! captures, promotions, pinned pieces and full pockets, as search meets
//! them. Shared by `menagerie bench` and the criterion bench.

/// One position: game, position string, depth, nodes at that depth.
pub type MovegenCase = (&'static str, &'static str, u32, u64);

/// The positions, two per game.
pub const MOVEGEN_CASES: &[MovegenCase] = &[
    ("chess", "r3k1nr/pb1p1pp1/1pp3P1/4q2p/8/2PP3N/PPn1PK1P/RNB2B1R w kq - 0 13", 4, 1_096_503),
    ("chess", "3q4/r2k4/2p2ppr/5nP1/P2PB3/P1b1P1p1/N1P1K2P/B5RR w - - 0 31", 4, 1_486_031),
    ("wreckage", "1r1b1kbfrd/2pp1pjppp/jpw2xp3/p4q4/2P1p5/5P4/5J4/PW7P/JPJPP1PPPJ/XRGBQKBFRD[Jgjjj] w KQkq - 0 13", 3, 200_774),
    ("wreckage", "1r2qkb1rd/2bpp2pfj/1xwgj1j3/j1p2pp3/4P3pp/PRp3P3/3PJP4/P1J2Q1B2/WX4FPPP/4GKB1RD[JJJj] w Kkq - 2 31", 3, 433_795),
    ("carnage", "xrwbq1b1r1/pppp1k1p1d/4j5/4p3p1/5ppf1p/6P3/3B1PJ3/2W2JQ3/PPPPP1FPPP/XR1B1K2RD[TJJJtjjjj] w - - 6 13", 3, 293_091),
    ("carnage", "1r1b2bf1d/4qp1pr1/1wp3t2p/px2kB2j1/Q2p2p1p1/P1pPP3P1/1J3P1PR1/1P4DXF1/J5PJ1P/1RW1TKB3[JJjjjj] w Q - 6 31", 3, 642_236),
    ("air-and-trench", "a1nrqkb1r1/1pbpp1ppp1/7a1p/8n1/p4p4/2Pp3N1P/3JP2PP1/9J/PP3PPJ2/ARNBQKB1RA[COcojjj] w KQk f8f7 0 13", 3, 181_833),
    ("air-and-trench", "ac1kr3ra/1jpnjp1b1j/p8o/1p5ppp/3Qn1p3/1PNJ1P2bP/P3P2RP1/J9/1AP1BJPP1N/1R2K1BO1A[] w - - 4 31", 3, 301_454),
    ("longer-board", "rnbqk1nr/zull2uz/2p1p1p1/p4p1p/1p6/1PPY1P2/3P2P1/P1UQ2UP/3LLb1Z/RNBK1BNR w kq - 2 13", 4, 3_996_365),
    ("longer-board", "rn1ukbnr/1b3ll1/1q2p3/1Y3PQp/2Up4/8/PPYB4/2PP1N1P/1U1LL3/RN2K1zR w kq - 2 31", 3, 253_034),
    ("wounds", "rnb2bnr/pp1p1kp1/7p/qppp(00001100)2N1/2P3P1/P5P1/P2PBP1P/RNBQK2R w - - 11 13", 4, 2_102_113),
    ("wounds", "r2k(11101111)1b1r/4np1p/3pp1bp/pp4q(22221222)1/2P1Q(12222222)PPR/N2B4/1PPPK1P1/R1B3N1 w - - 3 31", 4, 4_244_355),
];
