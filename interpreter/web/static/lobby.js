// The lobby: pick a shipped game or upload a ruleset (checked on the server, errors shown with
// their positions), read its rules for the options set, set players and seats, open the table
// and hand out the seat links.
"use strict";

const $ = id => document.getElementById(id);
const lobby = { games: [], bots: ["random"], current: null, digest: null };

async function start() {
  const data = await (await fetch("/api/games")).json();
  lobby.games = data.games;
  lobby.bots = data.bots;
  $("game").replaceChildren(...data.games.map(g => el("option", { value: g.key, text: g.name })));
  $("game").addEventListener("change", () => choose(lobby.games.find(g => g.key === $("game").value), null));
  $("upload").addEventListener("change", upload);
  $("players").addEventListener("input", drawSeats);
  $("setup").addEventListener("submit", openTable);
  $("options").addEventListener("change", drawSheet);
  choose(data.games[0], null);
  recent();
}

function choose(game, digest) {
  lobby.current = game;
  lobby.digest = digest;
  $("description").textContent = `${game.name}: ${game.description || ""} (${game.min_players}–${game.max_players} players)`;
  $("players").min = game.min_players;
  $("players").max = game.max_players;
  $("players").value = Math.min(Math.max(4, game.min_players), game.max_players);
  drawOptions(game.options, game.decisions || [], game.rules_page);
  drawSeats();
  drawSheet();
}

// The rules sheet of the game and options chosen, written by the server (`cardrules explain`).
// It arrives escaped; it is still rebuilt here from the few elements a sheet has, with no
// attributes, so nothing in it can run or load anything.
const SHEET_TAGS = new Set(["article", "section", "h1", "h2", "p", "table", "tr", "th", "td", "ol", "ul", "li",
                            "code", "dl", "dt", "dd"]);
let sheetAsked = 0;

async function drawSheet() {
  const asked = ++sheetAsked;
  const body = { options: lobby.current ? optionValues() : {} };
  if (lobby.digest) body.digest = lobby.digest; else body.game = lobby.current.key;
  const response = await fetch("/api/sheet", { method: "POST", headers: { "Content-Type": "application/json" },
                                                body: JSON.stringify(body) });
  if (asked !== sheetAsked) return;              // a later choice has asked already
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    $("sheet").replaceChildren(el("p", { class: "error", text: answer.error || "the rules could not be written" }));
    return;
  }
  const parsed = new DOMParser().parseFromString(await response.text(), "text/html");
  $("sheet").replaceChildren(...[...parsed.body.childNodes].map(safeNode).filter(Boolean));
}

function safeNode(node) {
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.textContent);
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const tag = node.tagName.toLowerCase();
  if (!SHEET_TAGS.has(tag)) return document.createTextNode(node.textContent);
  return el(tag, {}, [...node.childNodes].map(safeNode).filter(Boolean));
}

async function upload() {
  const file = $("upload").files[0];
  if (!file) return;
  const source = await file.text();
  const answer = await (await fetch("/api/check", { method: "POST", headers: { "Content-Type": "application/json" },
                                                    body: JSON.stringify({ source, filename: file.name }) })).json();
  const problems = answer.diagnostics.filter(d => d.severity === "error");
  $("diagnostics").replaceChildren(...problems.map(d =>
    el("li", { text: `${d.file || file.name}${d.line ? ":" + d.line + ":" + d.column : ""}: ${d.message}${d.hint ? " (" + d.hint + ")" : ""}` })));
  if (answer.ok) {
    $("diagnostics").replaceChildren();
    choose(answer.ruleset, answer.digest);
  }
}

function drawOptions(options, decisions, page) {
  const rows = options.map(o => {
    let input;
    if (o.type === "bool") input = el("input", { type: "checkbox", "data-option": o.name, checked: o.default === true });
    else if (o.values) input = el("select", { "data-option": o.name },
      o.values.map(v => el("option", { value: String(v), selected: v === o.default, text: String(v) })));
    else input = el("input", { type: o.type === "int" ? "number" : "text", "data-option": o.name, value: o.default ?? "",
                               min: o.min ?? null, max: o.max ?? null });
    // an option whose rules were replaced (`extends:`, a variant) is still offered, but said to do nothing
    return el("label", { title: o.description || "", class: o.unread ? "unread" : null, "data-unread": o.unread ? o.name : null },
      `${o.name} `, input,
      o.unread ? el("span", { class: "unread-note", text: " read by no rule: setting it changes nothing" }) : null,
      o.description ? el("span", { class: "muted", text: " " + o.description }) : null);
  });
  if (!rows.length) rows.push(el("p", { class: "muted", text: "This game has no options." }));
  // the D-xx numbers cited above, as the project's rules page states them
  if (decisions.length) rows.push(el("p", { class: "muted decisions" }, `Decisions cited (rules page ${page}): `,
    decisions.flatMap((d, i) => [i ? "; " : "", el("strong", { text: d.number }), d.meaning ? ` ${d.meaning}` : ""])));
  $("options").replaceChildren(...rows);
}

function drawSeats() {
  const n = Number($("players").value) || 0;
  const rows = [];
  for (let seat = 0; seat < n && seat < 12; seat++) {
    const kind = el("select", { "data-seat": seat, "aria-label": `seat ${seat}` },
      el("option", { value: "human", text: "person", selected: seat === 0 }),
      lobby.bots.map(b => el("option", { value: "bot:" + b, text: "bot: " + b, selected: seat > 0 })));
    rows.push(el("div", { class: "seat-row" }, el("span", { text: `Seat ${seat}` }), kind,
      el("input", { type: "text", "data-name": seat, placeholder: `Player ${seat}`, "aria-label": `name of seat ${seat}` })));
  }
  $("seats").replaceChildren(...rows);
}

function optionValues() {
  const values = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const spec = lobby.current.options.find(o => o.name === input.dataset.option);
    let value = input.type === "checkbox" ? input.checked : input.value;
    if (spec.type === "int") value = Number(value);
    if (JSON.stringify(value) !== JSON.stringify(spec.default)) values[spec.name] = value;
  }
  return values;
}

async function openTable(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const seats = [...document.querySelectorAll("select[data-seat]")].map(select => {
    const name = document.querySelector(`[data-name="${select.dataset.seat}"]`).value;
    return select.value === "human" ? { kind: "human", name } : { kind: "bot", agent: select.value.slice(4) };
  });
  const body = { players: Number($("players").value), options: optionValues(), seats };
  if (lobby.digest) body.digest = lobby.digest; else body.game = lobby.current.key;
  const response = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) { $("create-error").textContent = answer.error; return; }
  const base = `${location.origin}/t/${answer.table}`;
  const link = (label, url, id) => el("p", {}, el("a", { href: url, id, text: label }),
    el("input", { type: "text", readonly: true, value: url, "aria-label": label, onfocus: e => e.target.select() }));
  $("links").replaceChildren(el("h2", { text: `Table ${answer.table} is open` }),
    el("p", { class: "muted", text: "Each link is secret: it opens its seat for whoever has it." }),
    ...answer.seats.map(s => link(`Seat ${s.seat}'s link (${seats[s.seat].name || "Player " + s.seat})`,
                                  `${base}#seat=${s.token}`, `seat-link-${s.seat}`)),
    link("Spectators' link", base, "spectator-link"),
    link("Host link (the full log once the game is over)", `${base}#host=${answer.host_token}`, "host-link"));
  recent();
}

async function recent() {
  const data = await (await fetch("/api/tables")).json();
  $("recent").replaceChildren(...data.tables.slice(0, 15).map(t =>
    el("li", {}, el("a", { href: `/t/${t.id}`, text: `${t.ruleset} · ${t.id}` }), ` — ${t.status}, ${t.decisions} decisions`)));
}

start();
