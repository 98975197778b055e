// Menagerie web page: the router. All rules live on the server: the page
// shows the legal actions it is given and sends back their move strings.

import { app, showFatal } from './dom.js';
import { renderRules, renderRulesIndex } from './rules.js';
import { api } from './api.js';
import { startScreen } from './start/start-screen.js';
import { gameScreen } from './game/controller.js';
import { analysisScreen } from './analysis/screen.js';
import { isBoardHash } from './analysis/address.js';

/** What to do when the screen shown now is left (the analysis board's stream). */
let leave = /** @type {(() => void) | null} */ (null);

/** Shows the screen the address names: a game, the rules, the analysis board or the start screen. */
function route() {
  const path = location.pathname;
  if (leave) { leave(); leave = null; }
  document.body.className = '';
  if (!path.startsWith('/play/') && isBoardHash(location.hash)) { leave = analysisScreen(location.hash); return; }
  const hash = decodeURIComponent(location.hash.slice(1));
  if (path.startsWith('/play/')) return gameScreen(decodeURIComponent(path.slice('/play/'.length).split('/')[0]));
  if (hash === 'rules') return renderRulesIndex(app, api).catch(showFatal);
  if (hash.startsWith('rules/')) return renderRules(app, hash.slice('rules/'.length), api);
  return startScreen();
}

window.addEventListener('hashchange', () => { if (!location.pathname.startsWith('/play/')) route(); });
route();
