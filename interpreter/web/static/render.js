// Draws a table from one seat's view: shared by the table page and the replay viewer.
// Everything drawn comes from the frame the server sent; a hidden card is drawn as a back.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child.nodeType ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A card face, or its back when the id is null (a card this seat may not see).
// `key`: the number key (1-9) that picks this card, shown on it and in its tooltip.
function cardNode(id, faces, { button = false, onclick = null, legal = false, selected = false, key = null } = {}) {
  if (id === null || id === undefined) {
    return el("span", { class: "card back", role: "img", "aria-label": "hidden card" });
  }
  const face = faces[id] || { label: id, color: "black" };
  const colour = ["red", "black"].includes(face.color) ? face.color : "neutral";
  const classes = ["card", colour];
  if (face.label.length > 4) classes.push("small-label");
  else if (face.label.length > 2) classes.push("mid-label");
  if (legal) classes.push("legal");
  if (selected) classes.push("selected");
  const attrs = { class: classes.join(" "), "data-card": id, title: face.label, text: face.label };
  if (button) {
    attrs.type = "button";
    attrs["aria-pressed"] = selected ? "true" : "false";
    attrs["aria-label"] = face.label + (legal ? " (playable)" : "");
    attrs.onclick = onclick;
    if (key) Object.assign(attrs, { "data-key": key, "aria-keyshortcuts": String(key), title: `${face.label} (key ${key})` });
    return el("button", attrs);
  }
  attrs.role = "img";
  attrs["aria-label"] = face.label;
  return el("span", attrs);
}

function showValue(value, view) {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" && /^p\d+$/.test(value)) {
    const player = view.players[Number(value.slice(1))];
    if (player) return player.name;
  }
  return String(value);
}

// The values people read, as the ruleset says they are shown (`display:`): never the hidden ones,
// the others under their labels and only in the phases they are shown in.
function varsText(vars, info, view) {
  const hidden = (info && info.undisplayed) || [];
  const labels = (info && info.display_labels) || {};
  const phases = (info && info.display_phases) || {};
  return Object.entries(vars || {})
    .filter(([name, value]) => !hidden.includes(name) && (!phases[name] || phases[name].includes(view.phase))
      && !Array.isArray(value) && value !== null && typeof value !== "object")
    .map(([name, value]) => `${labels[name] || name.replaceAll("_", " ")}: ${showValue(value, view)}`).join(" · ");
}

// Who put each card where it lies now, from the moves a seat saw: {card id: seat}. A card that
// came out of a player's zone is labelled with that player (e.g. the cards of a trick).
function cardOrigins(events) {
  const origins = {};
  for (const event of events || []) {
    if (event.type !== "moved" || !event.card) continue;
    const owner = /^p(\d+)\./.exec(event.from || "");
    if (owner) origins[event.card] = Number(owner[1]);
    else delete origins[event.card];
  }
  return origins;
}

// A zone of face-down cards is one stack with its count, not a row of backs.
function stackNode(count) {
  return el("span", { class: "stack", role: "img", "aria-label": `${count} face-down cards` },
    el("span", { class: "card back" }), el("span", { class: "stack-count", text: `×${count}` }));
}

// zones: {name: [ids or null]}; `interactive(id)` gives button options for a card, or null;
// `origins` labels a shared zone's cards with the player who put them there.
function zonesNode(zones, faces, { sort = false, interactive = null, origins = null, view = null } = {}) {
  const out = [];
  for (const [name, ids] of Object.entries(zones || {})) {
    let list = ids.slice();
    if (sort) list.sort((a, b) => (a === null) - (b === null) || ((faces[a] || {}).order ?? 0) - ((faces[b] || {}).order ?? 0));
    const known = list.filter(id => id !== null).length;
    let cards;
    if (known === 0 && list.length > 1) cards = [stackNode(list.length)];
    else cards = list.map(id => {
      const options = id !== null && interactive ? interactive(id) : null;
      const node = options ? cardNode(id, faces, { button: true, ...options }) : cardNode(id, faces);
      const by = origins && id !== null ? origins[id] : undefined;
      if (by === undefined || !view || !view.players[by]) return node;
      return el("figure", { class: "played", "data-by": by }, node, el("figcaption", { text: view.players[by].name }));
    });
    // a long row no one picks from is fanned (cards overlapping) so it takes little room
    const fanned = cards.length > 5 && !interactive;
    out.push(el("div", { class: "zone", "data-zone": name },
      el("div", { class: "zone-name", text: `${name.replaceAll("_", " ")} (${ids.length}${known < ids.length && known ? `, ${ids.length - known} hidden` : ""})` }),
      el("div", { class: fanned ? "cards fan" : "cards" }, cards)));
  }
  return out;
}

// The whole table: shared zones in the middle, one panel per other player around them; the
// viewer's own panel goes to `dock` (the bottom of the screen, beside the decision) when given,
// else first in the list. Cards are labelled with who played them from `origins` ({card id: seat},
// as the replay viewer is sent it) or else from the moves in `events` (the live table's stream).
function renderTable(root, view, faces, info, { interactive = null, events = null, origins = null, dock = null } = {}) {
  const me = view.seat;
  const waiting = view.waiting_for;
  const gameVars = varsText(view.vars, info, view);
  const center = el("section", { class: "center", "aria-label": "the table" },
    zonesNode(view.zones, faces, { interactive, origins: origins || cardOrigins(events), view }),
    gameVars ? el("div", { class: "zone-vars", text: gameVars }) : null);
  const panels = view.players.map(player => {
    const mine = player.seat === me;
    const seatInfo = info && info.seats ? info.seats[player.seat] : null;
    const classes = ["player"];
    if (mine) classes.push("me");
    if (waiting === player.seat) classes.push("turn");
    const team = view.teams && view.teams.length < view.players.length && player.team !== null ? view.teams[player.team] : null;
    return el("section", { class: classes.join(" "), "data-seat": player.seat, "aria-label": player.name },
      el("div", { class: "name", text: `${player.name}${mine ? " (you)" : ""}${seatInfo && seatInfo.kind === "bot" ? " · bot" : ""}${team ? " · " + team.name : ""}${waiting === player.seat ? " — deciding" : ""}` }),
      el("div", { class: "vars", text: varsText(player.vars, info, view) }),
      zonesNode(player.zones, faces, { sort: mine, interactive: mine ? interactive : null }));
  });
  let order = panels.slice();
  const mine = me !== null && me !== undefined && me >= 0 ? order.splice(me, 1)[0] : null;
  // the others in seat order after the viewer's own, as they sit around a table
  if (mine) order = [...order.slice(me), ...order.slice(0, me)];
  if (mine && !dock) order.unshift(mine);
  if (dock) dock.replaceChildren(...(mine ? [mine] : []));
  const teams = (view.teams || []).filter(t => Object.keys(t.zones || {}).length || Object.keys(t.vars || {}).length);
  const teamPanels = view.teams && view.teams.length < view.players.length ? teams.map(team =>
    el("section", { class: "player", "data-team": team.index, "aria-label": team.name },
      el("div", { class: "name", text: team.name }),
      el("div", { class: "vars", text: varsText(team.vars, info, view) }),
      zonesNode(team.zones, faces))) : [];
  root.replaceChildren(el("div", { class: "players" }, order, teamPanels), center);
}

function renderScores(root, result, view, label) {
  if (!result) { root.replaceChildren(); return; }
  const rows = result.scores.map((score, seat) => el("tr", {},
    el("td", { text: view.players[seat].name }), el("td", { class: "score", "data-seat": seat, text: String(score) }),
    el("td", { text: result.winners.includes(seat) ? "winner" : "" })));
  root.replaceChildren(el("h2", { text: "Final " + (label || "score") }),
    el("table", { "aria-label": "final scores" }, el("tr", {}, el("th", { text: "player" }), el("th", { text: label || "score" }), el("th", {})), rows));
}

function renderLines(root, lines) {
  const atBottom = root.scrollHeight - root.scrollTop - root.clientHeight < 40;
  root.replaceChildren(...lines.map(line => el("p", { text: line })));
  if (atBottom) root.scrollTop = root.scrollHeight;
}
