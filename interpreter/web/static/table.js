// The table page: joins a table over a websocket (as the seat of the link's token, or as a
// spectator), draws what the server sends, and sends the choice a person clicks.
"use strict";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const fragment = new URLSearchParams(location.hash.slice(1));
const seatToken = fragment.get("seat");
const hostToken = fragment.get("host");
const state = { info: null, view: null, decision: null, faces: {}, events: [], lines: [], selected: [],
                sent: false, over: false, result: null, socket: null, retry: 500 };
const $ = id => document.getElementById(id);

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  state.socket = socket;
  socket.onopen = () => {
    state.retry = 500;
    socket.send(JSON.stringify({ type: "join", table: tableId, token: seatToken }));
  };
  socket.onmessage = message => receive(JSON.parse(message.data));
  socket.onclose = () => {
    if (state.fatal) return;
    $("status").textContent = "connection lost; reconnecting…";
    setTimeout(connect, state.retry);
    state.retry = Math.min(state.retry * 2, 5000);
  };
}

function receive(frame) {
  if (frame.type === "welcome") {
    state.info = frame;
    $("title").textContent = `${frame.ruleset} — table ${frame.table}`;
    showDeal(frame.commitment, frame.reveal);
  } else if (frame.type === "state") {
    if (frame.reveal && state.info) showDeal(state.info.commitment, frame.reveal);
    Object.assign(state.faces, frame.faces);
    state.events.splice(frame.events_from, Infinity, ...frame.events);
    state.lines.splice(frame.lines_from, Infinity, ...frame.lines);
    state.view = frame.view;
    state.decisionsTaken = frame.decisions;
    if (!frame.decision || !state.decision || frame.decision.no !== state.decision.no) state.selected = [];
    state.decision = frame.decision;
    // a claim window with a time limit: the seconds left, counted down here
    const claim = frame.decision && frame.decision.claim;
    state.claimEnds = claim && claim.seconds_left !== undefined ? Date.now() + claim.seconds_left * 1000 : null;
    state.over = frame.over;
    state.result = frame.result || null;
    state.sent = false;
    state.failure = frame.error || null;
    hideNotice();
    if (frame.taken_back !== undefined && frame.taken_back !== state.view.seat && state.view.players) {
      notice(`${state.view.players[frame.taken_back].name} took back the first part of a choice`);
    }
    draw();
  } else if (frame.type === "error") {
    if (["bad-token", "no-table"].includes(frame.code)) state.fatal = true;
    state.sent = false;
    notice(frame.message);
    if (state.fatal) $("status").textContent = "not joined";
    draw();
  }
}

// The seed's commitment, shown when the table opens; once the game is over, the revealed seed and
// salt are hashed here, in the browser, as interpreter/logs/commitment.py says, and compared.
async function showDeal(commitment, reveal) {
  const root = $("deal");
  root.hidden = !commitment;
  if (!commitment) return;
  const digest = commitment.sha256;
  if (!reveal) { root.textContent = `The deal is fixed: the server committed to its seed (sha256 ${digest}).`; return; }
  let verdict = "this browser cannot compute SHA-256 here (it needs https or localhost)";
  if (window.crypto && crypto.subtle) {
    const bytes = new TextEncoder().encode(`cardrules seed commitment 1\n${reveal.salt}\n${reveal.seed}`);
    const hash = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), b => b.toString(16).padStart(2, "0")).join("");
    verdict = hash === digest ? "✓ the deal was fixed before the first card: commitment verified"
                              : "✗ the revealed seed does not open the commitment";
  }
  root.textContent = `${verdict} (seed ${reveal.seed}, salt ${reveal.salt}, sha256 ${digest})`;
}

function notice(text) { const n = $("notice"); n.textContent = text; n.hidden = false; }
function hideNotice() { $("notice").hidden = true; }

function send(choiceId) {
  if (!state.decision || state.sent) return;
  state.sent = true;
  state.socket.send(JSON.stringify({ type: "move", table: tableId, decision: state.decision.no, choice: String(choiceId) }));
  draw();
}

// back: take the first part of a two-part choice back (offered when the server says it may be)
function goBack() {
  if (!state.decision || !state.decision.back || state.sent) return;
  state.sent = true;
  state.socket.send(JSON.stringify({ type: "back", table: tableId, decision: state.decision.no }));
  draw();
}

// Cards named by the current decision's choices: a single card is played by clicking it; a set
// of cards is built by clicking its cards, then played with one button.
function cardChoices() {
  const d = state.decision;
  if (!d || !d.choices) return null;
  const withCards = d.choices.filter(c => c.cards);
  if (!withCards.length) return null;
  const single = withCards.every(c => c.cards.length === 1) && withCards.length === d.choices.length;
  const playable = new Set(withCards.flatMap(c => c.cards));
  return { single, playable, withCards };
}

function selectionChoice(info) {
  const picked = state.selected.slice().sort().join("+");
  return info.withCards.find(c => c.cards.slice().sort().join("+") === picked) || null;
}

function draw() {
  const view = state.view;
  if (!view) return;
  // for scripts and tests: the decision this page may answer now, and the table's decision count
  document.body.dataset.ready = state.decision && !state.sent ? String(state.decision.no) : "";
  document.body.dataset.decisions = String(state.decisionsTaken);
  document.body.dataset.over = state.over ? "true" : "false";
  const me = state.info ? state.info.seat : null;
  const yourTurn = state.decision && !state.sent && !state.over;
  if (state.info) document.title = `${yourTurn ? "● your turn · " : ""}${state.info.ruleset} · table ${state.info.table}`;
  $("status").textContent = me === null ? "watching (spectator)" : `you are ${view.players[me].name}`;
  const info = cardChoices();
  state.keys = keyedChoices();
  const interactive = info && !state.sent ? id => {
    if (!info.playable.has(id)) return null;
    if (info.single) {
      const choice = info.withCards.find(c => c.cards[0] === id);
      const key = state.keys.indexOf(choice.id) + 1;
      return { legal: true, onclick: () => send(choice.id), key: key || null };
    }
    const selected = state.selected.includes(id);
    return { legal: true, selected, onclick: () => toggle(id) };
  } : null;
  renderTable($("table"), view, state.faces, state.info, { interactive, events: state.events, dock: $("mine") });
  drawDecision(info);
  renderLines($("transcript"), state.lines);
  drawResult();
}

function toggle(id) {
  const at = state.selected.indexOf(id);
  if (at >= 0) state.selected.splice(at, 1); else state.selected.push(id);
  draw();
  const again = document.querySelector(`button.card[data-card="${CSS.escape(id)}"]`);
  if (again) again.focus();
}

function drawDecision(info) {
  const root = $("decision");
  const d = state.decision;
  const view = state.view;
  if (state.failure) { root.replaceChildren(el("div", { class: "decision error", text: "The game stopped: " + state.failure })); return; }
  if (!d) {
    const who = view.waiting_for;
    const names = (view.claiming || []).map(s => view.players[s].name).join(", ");
    root.replaceChildren(who === undefined || who === null ? "" :
      el("div", { class: "waiting", text: names ? `Waiting for claims from ${names}…` : `Waiting for ${view.players[who].name}…` }));
    return;
  }
  const pick = d.of > 1 ? ` (${d.step} of ${d.of})` : "";
  const parts = [el("div", { class: "prompt", id: "prompt", text: `Your decision: ${d.prompt}${pick}` })];
  if (d.claim) parts.push(el("div", { class: "muted hint", id: "claim", text: claimText(d.claim) }));
  if (d.kind === "number") {
    const input = el("input", { type: "number", id: "amount", min: d.min, max: d.max, value: d.min, "aria-label": "amount" });
    // a slider for the thumb, kept equal to the box a keyboard types in
    const slider = el("input", { type: "range", id: "amount-slider", min: d.min, max: d.max, value: d.min, "aria-label": "amount slider" });
    slider.addEventListener("input", () => { input.value = slider.value; });
    input.addEventListener("input", () => { slider.value = input.value; });
    const set = value => { input.value = value; slider.value = value; input.focus(); };
    const row = el("div", { class: "number-row" }, slider, input,
      el("button", { type: "button", onclick: () => set(d.min), text: `min ${d.min}` }),
      d.pot !== undefined ? el("button", { type: "button", onclick: () => set(d.pot), text: `pot ${d.pot}` }) : null,
      el("button", { type: "button", onclick: () => set(d.max), text: `max ${d.max}` }),
      el("button", { type: "button", class: "primary", id: "submit-number", disabled: state.sent,
                     onclick: () => submitNumber(input, d), text: "OK" }));
    input.addEventListener("keydown", e => { if (e.key === "Enter") submitNumber(input, d); });
    parts.push(row);
  } else {
    if (info && !info.single) {
      const match = selectionChoice(info);
      parts.push(el("div", { class: "number-row" },
        el("span", { text: state.selected.length ? `selected: ${state.selected.map(id => state.faces[id].label).join(" ")}` : "click cards to choose them" }),
        el("button", { type: "button", class: "primary", id: "play-selection", disabled: !match || state.sent,
                       onclick: () => match && send(match.id), text: match ? `play ${match.label}` : "play selection" }),
        state.selected.length ? el("button", { type: "button", onclick: () => { state.selected = []; draw(); }, text: "clear" }) : null));
    }
    // a single card drawn as a button on the table is chosen by clicking it; a second button
    // would repeat it (a card in another player's panel is not clickable: it keeps its button)
    const onTable = new Set([...document.querySelectorAll("#table button.card, #mine button.card")].map(n => n.dataset.card));
    const listed = inHandOrder(d.choices).filter(c => !(info && info.single && c.cards && onTable.has(c.cards[0])));
    if (info && info.single && listed.length < d.choices.length) {
      parts.push(el("div", { class: "muted hint", text: "click a highlighted card, or press its number" }));
    }
    const buttons = listed.map(c => {
      const key = state.keys.indexOf(c.id) + 1;
      return el("button", { type: "button", class: "choice", "data-choice": c.id, disabled: state.sent,
        title: key ? `key ${key}` : null, "aria-keyshortcuts": key ? String(key) : null, onclick: () => send(c.id), text: c.label });
    });
    if (buttons.length) parts.push(el("div", { class: "choices", role: "group", "aria-label": "choices" }, buttons));
  }
  if (d.back) {
    parts.push(el("div", { class: "back-row" }, el("button", { type: "button", id: "back", disabled: state.sent,
      title: "undo the first part of this choice (key Esc)", "aria-keyshortcuts": "Escape", onclick: goBack, text: "back" })));
  }
  root.replaceChildren(el("div", { class: "decision" }, parts));
}

// A claim: several players may take this decision; say how it is won, and the time left.
const CLAIM_RULES = { first: "the first to claim wins", priority: "the best claim wins, whoever is first",
                      random: "a draw among the claims decides" };
function claimText(claim) {
  const left = state.claimEnds ? Math.max(0, Math.ceil((state.claimEnds - Date.now()) / 1000)) : null;
  return `Others may claim too: ${CLAIM_RULES[claim.wins] || claim.wins}` + (left === null ? "" : ` (${left} s left)`);
}
setInterval(() => {
  const line = $("claim");
  if (line && state.decision && state.decision.claim && state.claimEnds) line.textContent = claimText(state.decision.claim);
}, 500);

// The choices keys 1-9 pick, in the order they are offered: the listed ones first, then cards in
// hand order, whether a card is a button of its own or only clickable on the table.
function keyedChoices() {
  const d = state.decision;
  if (!d || !d.choices || state.sent || state.over) return [];
  return inHandOrder(d.choices).slice(0, 9).map(c => c.id);
}

// Choices naming cards follow the order the hand is drawn in (the deck's order); the others keep theirs.
function inHandOrder(choices) {
  const rank = c => c.cards ? Math.min(...c.cards.map(id => (state.faces[id] || {}).order ?? 0)) : -1;
  const key = (c, i) => [c.cards ? 1 : 0, rank(c), c.cards ? c.cards.length : 0, i];
  const compare = (a, b) => a.reduce((found, x, k) => found || x - b[k], 0);
  return choices.map((c, i) => [c, key(c, i)]).sort(([, a], [, b]) => compare(a, b)).map(([c]) => c);
}

function submitNumber(input, d) {
  const value = Number(input.value);
  if (!Number.isInteger(value) || value < d.min || value > d.max) { notice(`choose a whole number from ${d.min} to ${d.max}`); return; }
  send(String(value));
}

function drawResult() {
  const root = $("result");
  if (!state.over || !state.result) { root.hidden = true; return; }
  root.hidden = false;
  renderScores(root, state.result, state.view, state.info && state.info.score_label);
  const token = seatToken || hostToken;
  const links = [];
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  links.push(el("a", { href: `/api/tables/${tableId}/log${query}`, download: `table-${tableId}.jsonl`, id: "download-log",
                       text: hostToken ? "download the full log" : "download your log" }));
  links.push(" · ");
  links.push(el("a", { href: `/replay?table=${tableId}${token ? "#token=" + encodeURIComponent(token) : ""}`, id: "replay-link", text: "replay this game" }));
  root.append(el("p", {}, links));
}

document.addEventListener("keydown", event => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  // Esc takes the first part of a two-part choice back, also from the amount box it led to
  if (event.key === "Escape" && state.decision && state.decision.back) { goBack(); return; }
  if (event.target.tagName === "INPUT") return;
  if (/^[1-9]$/.test(event.key)) {
    const id = (state.keys || [])[Number(event.key) - 1];
    if (id !== undefined) send(id);
  }
});

connect();
