//! Players' setups and games with options are kept in bounded caches
//! (`custom::CACHE_CAPACITY`, `options::CACHE_CAPACITY`): asking for ever new
//! setups never keeps more than the capacity built, a setup evicted while a
//! position still plays it keeps working, and asking for it again rebuilds
//! the same game.

use menagerie_games::options::{self, OptionValues};
use menagerie_games::pick_the_piece::custom::{self, CACHE_CAPACITY};
use menagerie_games::resolve;
use menagerie_rules::perft::perft;
use menagerie_rules::{Position, Role, VariantRef};
use std::collections::BTreeSet;

/// `n` distinct valid inline setups (by canonical form), none of them the
/// recommended game, in a fixed order.
fn distinct_setups(n: usize) -> Vec<String> {
    let pieces: Vec<Role> = custom::catalogue().collect();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for count in 1..=4u8 {
        for &a in &pieces {
            for &b in &pieces {
                for &d in &pieces {
                    let spec = format!(
                        "pick-the-piece:slots={},{};drops={}{count}",
                        a.letter(),
                        b.letter(),
                        d.letter()
                    );
                    let Ok(v) = resolve(&spec) else { continue };
                    if v.key != "air-and-trench" && seen.insert(v.key.clone()) {
                        out.push(spec);
                        if out.len() == n {
                            return out;
                        }
                    }
                }
            }
        }
    }
    panic!("only {} distinct setups", out.len());
}

#[test]
fn the_setup_cache_is_bounded_and_evicted_setups_still_play() {
    let specs = distinct_setups(CACHE_CAPACITY * 2);
    let first = resolve(&specs[0]).unwrap();
    let pos = Position::start(&first);
    let nodes = perft(&pos, 2);
    for spec in &specs[1..] {
        resolve(spec).unwrap();
        assert!(custom::cached() <= CACHE_CAPACITY, "{}", custom::cached());
    }
    // the first setup was evicted long ago; its position holds its game
    assert_eq!(perft(&pos, 2), nodes);
    let mut after = pos.clone();
    after.play(&pos.legal_moves()[0]).unwrap();
    assert!(after.invariants_hold());
    // asked again, it is built anew: another value, the same game
    let again = resolve(&specs[0]).unwrap();
    assert!(!VariantRef::ptr_eq(&first, &again));
    assert!(first.same_game(&again));
    assert_eq!(Position::start(&again), pos);
    assert_eq!(perft(&Position::start(&again), 2), nodes);
}

#[test]
fn the_options_cache_is_bounded_and_keeps_the_origin() {
    let draws_off = OptionValues::from([("draw_rules".to_string(), false)]);
    let specs = distinct_setups(options::CACHE_CAPACITY + 40);
    let base = resolve(&specs[0]).unwrap();
    let (first, changed) = options::apply(&base, &draws_off).unwrap();
    assert!(!first.options.draw_rules);
    let pos = Position::start(&first);
    for spec in &specs[1..] {
        options::apply(&resolve(spec).unwrap(), &draws_off).unwrap();
        assert!(options::cached() <= options::CACHE_CAPACITY);
    }
    let (from, what) = options::origin(&first).unwrap();
    assert!(VariantRef::ptr_eq(&from, &base));
    assert_eq!(what, changed);
    assert!(!pos.variant().options.draw_rules);
    assert!(!pos.legal_moves().is_empty());
    let (again, _) = options::apply(&resolve(&specs[0]).unwrap(), &draws_off).unwrap();
    assert!(first.same_game(&again));
}
