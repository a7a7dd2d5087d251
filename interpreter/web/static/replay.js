// The replay viewer: a finished game stepped forward and back, as any seat it may be seen as.
// Each step is computed on the server from the log (or the finished table), so a seat's view
// here is exactly what that seat saw at the table.
"use strict";

const $ = id => document.getElementById(id);
const replay = { id: null, steps: 0, step: 0, players: 0, perspective: "public", ruleset: "" };

function notice(text) { const n = $("notice"); n.textContent = text; n.hidden = !text; }

async function open(answerPromise) {
  const response = await answerPromise;
  const answer = await response.json();
  if (!response.ok) { notice(answer.error); return; }
  notice(answer.failure ? `This game failed after its last decision here: ${answer.failure}` : "");
  Object.assign(replay, { id: answer.replay, steps: answer.steps, players: answer.players, ruleset: answer.ruleset, step: 0 });
  replay.perspective = answer.perspectives.includes("all") ? "all" : answer.perspectives[0];
  $("perspective").replaceChildren(...answer.perspectives.map(p => el("option", { value: p, selected: p === replay.perspective,
    text: p === "all" ? "all-seeing" : p === "public" ? "a spectator" : `seat ${p}` })));
  $("slider").max = answer.steps;
  $("controls").hidden = false;
  $("title").textContent = `Replay: ${answer.ruleset}`;
  const sealed = answer.commitment;    // the seed's commitment, checked on the server against its reveal
  $("commitment").hidden = !sealed;
  if (sealed) {
    $("commitment").textContent = `${sealed.verified ? "✓" : "✗"} ${sealed.message} (sha256 ${sealed.sha256})`;
    $("commitment").className = sealed.verified ? "notice verified" : "notice";
  }
  await show(0);
}

async function show(step) {
  replay.step = Math.max(0, Math.min(step, replay.steps));
  const response = await fetch(`/api/replays/${replay.id}?step=${replay.step}&as=${encodeURIComponent(replay.perspective)}`);
  const frame = await response.json();
  if (!response.ok) { notice(frame.error); return; }
  // a seat's log has no table to draw (it holds no shuffle): its transcript, as that seat read it
  const names = frame.view ? frame.view.players.map(p => p.name) : frame.names;
  if (frame.view) renderTable($("table"), frame.view, frame.faces, { seats: [], undisplayed: [] }, { origins: frame.origins });
  else {
    const who = frame.as === "public" ? "a spectator" : names[Number(frame.as)];
    $("table").replaceChildren(el("p", { class: "note",
      text: `This log shows the game as ${who} saw it: its transcript, decision by decision.` }));
  }
  renderLines($("transcript"), frame.lines);
  $("transcript").scrollTop = $("transcript").scrollHeight;
  $("slider").value = frame.step;
  $("step-label").textContent = `decision ${frame.step} of ${frame.steps}`;
  $("status").textContent = frame.deciding !== null ? `next: ${names[frame.deciding]} decides`
    : frame.view ? "game over" : "end of the log";
  const result = $("result");
  result.hidden = !frame.result;
  if (frame.result) renderScores(result, frame.result, frame.view);
}

$("log").addEventListener("change", async () => {
  const file = $("log").files[0];
  if (file) open(fetch("/api/replays", { method: "POST", body: await file.text() }));
});
$("first").addEventListener("click", () => show(0));
$("back").addEventListener("click", () => show(replay.step - 1));
$("forward").addEventListener("click", () => show(replay.step + 1));
$("last").addEventListener("click", () => show(replay.steps));
$("slider").addEventListener("change", () => show(Number($("slider").value)));
$("perspective").addEventListener("change", () => { replay.perspective = $("perspective").value; show(replay.step); });
document.addEventListener("keydown", event => {
  if (!replay.id || event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
  if (event.key === "ArrowRight") show(replay.step + 1);
  else if (event.key === "ArrowLeft") show(replay.step - 1);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(replay.steps);
});

const fromTable = new URLSearchParams(location.search).get("table");
if (fromTable) {
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  open(fetch(`/api/tables/${encodeURIComponent(fromTable)}/replay`, { method: "POST", headers: token ? { "X-Token": token } : {} }));
}
