//! Which evaluation a search uses: the shipped net for the game (or the
//! classical evaluation where none is shipped), the classical evaluation
//! always, or a given net.

use super::net::Network;
use menagerie_rules::Variant;
use std::sync::Arc;

/// The evaluation an engine uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EvalChoice {
    /// The shipped net that serves the game, else the classical evaluation.
    #[default]
    Auto,
    /// The hand-written evaluation (`crate::eval`).
    Classical,
    /// This net, in every game.
    Net(Arc<Network>),
}

impl EvalChoice {
    /// The net that evaluates positions of `variant`, if any.
    #[must_use]
    pub fn net_for(&self, variant: &Variant) -> Option<Arc<Network>> {
        match self {
            EvalChoice::Auto => super::builtin::for_game(&variant.key),
            EvalChoice::Classical => None,
            EvalChoice::Net(n) => Some(Arc::clone(n)),
        }
    }

    /// Loads a net file's bytes as the choice.
    ///
    /// # Errors
    /// Why the bytes are not a net.
    pub fn from_net_bytes(bytes: &[u8]) -> Result<EvalChoice, super::NetError> {
        Network::from_bytes(bytes).map(|n| EvalChoice::Net(Arc::new(n)))
    }
}
