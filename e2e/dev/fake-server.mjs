// Development stand-in for `menagerie serve` (rendering only: moves are not applied).
// node e2e/dev/fake-server.mjs PORT
import http from 'node:http'; import fs from 'node:fs'; import path from 'node:path'; import { execFileSync } from 'node:child_process';
import { parseFen } from '../../crates/server/web/fen.js';
import { PIECE_NAMES } from '../../crates/server/web/pieces.js';
const root = path.resolve(new URL('../../crates/server/web', import.meta.url).pathname);
const bin = path.resolve(new URL('../../target/release/menagerie', import.meta.url).pathname);
const V = {
  chess: ['Chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'],
  wreckage: ['Wreckage', 'xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD[GJJJJJgjjjjj] w KQkq - 0 1'],
  carnage: ['Carnage', 'xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD[TJJJJJtjjjjj] w KQkq - 0 1'],
  'air-and-trench': ['Air and Trench Warfare', 'arnbqkbnra/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ARNBQKBNRA[COJJJcojjj] w KQkq - 0 1'],
  'longer-board': ['Chess on a Longer Board', 'rnbqkbnr/zu1ll1uz/pppppppp/8/8/8/8/PPPPPPPP/ZU1LL1UZ/RNBQKBNR w KQkq - 0 1'],
  wounds: ['Chess with Wounds', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1'],
};
function variant(key) {
  const v = V[key]; if (!v) return null;
  const p = parseFen(v[1]);
  const letters = [...new Set([...p.pieces.map(x => x.letter), ...Object.keys(p.pockets?.white || {})])];
  return { key, title: v[0], files: p.files, ranks: p.ranks, start_fen: v[1], has_pockets: !!p.pockets,
    pieces: letters.map(l => ({ letter: l, name: PIECE_NAMES[l], summary: `How the ${PIECE_NAMES[l]} moves (placeholder summary).` })), options: [] };
}
const games = new Map();
function legal(key, fen) {
  const out = execFileSync(bin, ['moves', '--variant', key, '--fen', fen]).toString().trim().split('\n').filter(Boolean);
  return out.map(t => {
    const sq = t.match(/[a-z]\d+/g) || [];
    const a = { text: t, kind: 'normal', from: sq[0] || null, to: sq[1] || sq[0] || null, captured: [], promotion: null, role: null, push_to: null, label: t };
    if (t.includes('@')) Object.assign(a, { kind: 'drop', from: null, to: sq[0], role: t[0] });
    else if (t === '0000') Object.assign(a, { kind: 'pass', from: null, to: null });
    else if (/[rl]$/.test(t) && sq.length === 1) Object.assign(a, { kind: 'rotate', to: null });
    else if (sq.length === 4) a.kind = 'castle';
    else if (sq[0] === sq[1]) a.kind = 'detonate';
    else if (/[a-z]$/.test(t)) a.promotion = t.at(-1).toUpperCase();
    return a;
  });
}
function view(g) {
  const p = parseFen(g.fen); const v = variant(g.variant);
  return { id: g.id, variant: g.variant, title: v.title, files: v.files, ranks: v.ranks, fen: g.fen, turn: p.turn, you: g.you,
    board: p.pieces.map(x => ({ ...x, name: PIECE_NAMES[x.letter] })), pockets: p.pockets, frozen: g.frozen || [], check: false,
    last_move: null, legal: legal(g.variant, g.fen), moves: g.moves, clocks: g.clocks || null, outcome: null,
    players: { white: 'you', black: 'engine level 3' }, draw_offer: null, engine_thinking: false };
}
http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x'); let body = '';
  req.on('data', d => body += d);
  req.on('end', () => {
    const json = (code, o) => { res.writeHead(code, { 'Content-Type': 'application/json' }); res.end(JSON.stringify(o)); };
    const parts = u.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] === 'api') {
      if (parts[1] === 'variants' && !parts[2]) return json(200, Object.keys(V).map(variant));
      if (parts[1] === 'variants') { const v = variant(parts[2]); return v ? json(200, v) : json(400, { error: 'bad_variant', message: `unknown variant ${parts[2]}` }); }
      if (parts[1] === 'games' && req.method === 'POST' && !parts[2]) {
        const b = JSON.parse(body || '{}'); const id = 'g' + (games.size + 1);
        const g = { id, variant: b.variant, fen: b.fen || V[b.variant][1], moves: [], you: 'white', clocks: b.time_control ? { white_ms: b.time_control.initial_ms, black_ms: b.time_control.initial_ms, running: 'white' } : null };
        games.set(id, g); return json(201, { id, seat: 'white', token: 't', links: { white: `/play/${id}?seat=t`, black: `/play/${id}?seat=t2`, watch: `/play/${id}` }, game: view(g) });
      }
      const g = games.get(parts[2]); if (!g) return json(404, { error: 'not_found', message: 'no such game' });
      if (parts[3] === 'moves') { const m = JSON.parse(body).move; if (!legal(g.variant, g.fen).some(a => a.text === m)) return json(422, { error: 'illegal_action', message: `${m} is not legal here` }); g.moves.push({ ply: g.moves.length + 1, text: m, label: m, fen_after: g.fen }); return json(200, view(g)); }
      if (parts[3] === 'events') { res.writeHead(200, { 'Content-Type': 'text/event-stream' }); res.write(`event: game\ndata: ${JSON.stringify(view(g))}\n\n`); return; }
      return json(200, view(g));
    }
    let f = u.pathname === '/' || u.pathname.startsWith('/play/') ? 'index.html' : u.pathname.slice(1);
    const fp = path.join(root, f);
    if (!fp.startsWith(root) || !fs.existsSync(fp)) { res.writeHead(404); return res.end('not found'); }
    const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
    res.writeHead(200, { 'Content-Type': types[path.extname(fp)] || 'application/octet-stream' }); res.end(fs.readFileSync(fp));
  });
}).listen(+process.argv[2] || 8790, '127.0.0.1');
