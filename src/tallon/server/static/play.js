// A game page: each seat of this screen (one token each) follows its WebSocket; the
// pending decision of one of them is presented (decisions.js) and the answer goes to the
// server, which alone applies it (docs/server.md). Two seats on one screen (hot-seat)
// pass the screen between the players, so that neither sees the other's dials.
import {Board, FEATURE_PIECE, SCENARIOS} from "./board.js";
import {renderCards} from "./cards.js";
import {MANEUVER_KINDS, maneuverName, presentDecision} from "./decisions.js";
import {element as text} from "./dom.js";

const fragment = new URLSearchParams(location.hash.slice(1));
const game = fragment.get("game");
const tokens = (fragment.get("tokens") || "").split(",").filter(Boolean);
const messages = new Map(); // player -> latest message
const tokenOf = new Map(); // player -> token
const status = document.getElementById("status");
const refusal = document.getElementById("refusal");
const note = document.getElementById("preview-note");
const board = new Board(document.getElementById("board"));
let roster = [];
let damageTitles = {};
let shown = {player: null, decision: null, logLength: 0};
let passedTo = null; // hot-seat: the player the screen was last handed to
let busy = false;


/** fetch, tried again after a moment when a read (GET) meets a network error: a busy
 * machine or a server restarting drops a connection now and then, and a read is safe to
 * repeat (answers are not repeated: the server decides whether one arrived). */
async function fetchPatiently(path, options) {
  const read = !options || !options.method || options.method === "GET";
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(path, options);
    } catch (error) {
      if (!read || attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

async function api(path, options) {
  const response = await fetchPatiently(path, options);
  const body = await response.json().catch(() => ({error: `HTTP ${response.status}`}));
  return {ok: response.ok, status: response.status, body};
}

function progress(message) {
  return message.over ? Infinity : message.decision.id;
}

/** Keep ``message`` unless a newer one for its player is already here: a WebSocket
 * push and the answer's own response can arrive in either order. */
function remember(player, message) {
  const known = messages.get(player);
  if (known && progress(message) < progress(known)) return;
  messages.set(player, message);
  // until it is drawn, the decision on screen is out of date: not to be answered
  if (shown.key && `${player}:${message.over ? "end" : message.decision.id}` !== shown.key) {
    document.getElementById("decision").dataset.stale = "true";
  }
}

async function refresh() {
  for (const [player, token] of tokenOf) {
    const found = await api(`/api/games/${game}/view?token=${token}`);
    if (found.ok) remember(player, found.body);
  }
}

async function answer(player, decision, value) {
  if (busy) return;
  busy = true;
  // an answer to an AI seat's game returns after the AI's turn: say so while it thinks
  const statusBefore = status.textContent;
  const waiting = setTimeout(() => { status.textContent += " · the opponent is thinking…"; }, 300);
  refusal.textContent = "";
  delete document.getElementById("decision").dataset.refused;
  let sent;
  try {
    sent = await api(`/api/games/${game}/answer?token=${tokenOf.get(player)}`,
      {method: "POST", body: JSON.stringify({decision: decision.id, answer: value})});
  } catch (error) {
    // the connection failed: whether the answer arrived is unknown, so the page asks
    // the server where the game stands (and the player may answer again)
    refusal.textContent = `Could not reach the server (${error.message}); try again.`;
    await refresh().catch(() => {});
    rerender();
    return;
  } finally {
    busy = false;
    clearTimeout(waiting);
    status.textContent = statusBefore;
  }
  if (sent.status === 409) {
    // answered from a position already gone: show the current one
    await refresh();
    rerender();
    return;
  }
  if (!sent.ok) {
    // the engine's reason, e.g. "ships must be placed within range 1 of their player edge"
    refusal.textContent = `Refused: ${sent.body.error}`;
    document.getElementById("decision").dataset.refused = "true";
    return;
  }
  // the drag ends when the next decision is drawn (renderDecision), not here: the
  // WebSocket may have drawn it already, and its drag is not this answer's to end
  remember(player, sent.body);
  rerender();
}

function acting() {
  for (const [player, message] of messages) {
    if (message.decision && message.decision.options) return [player, message];
  }
  const first = [...messages.entries()].sort((a, b) => a[0] - b[0])[0];
  return first || [null, null];
}

function positionOf(option) {
  const info = option && option.info;
  if (!info || info.x === undefined || info.y === undefined) return null;
  return {x: info.x, y: info.y, heading: info.heading ?? info.rotation ?? 0};
}

function contextFor(player, message) {
  const decision = message.decision;
  let previewing = null;
  const hover = async (option) => {
    board.preview(null);
    note.textContent = "";
    for (const ship of [...board.marked]) board.mark(ship, false);
    board.markFeature(null, false);
    if (!option) return;
    const info = option.info || {};
    if (info.defender) board.mark(info.defender, true);
    if (decision.kind === "scenario_target") board.markFeature(option.value, true);
    const pose = positionOf(option);
    if (pose) {
      const piece = decision.kind === "place_feature" ? FEATURE_PIECE : info.obstacle || decision.ship;
      board.ghostAt(piece, pose);
      return;
    }
    if (MANEUVER_KINDS.includes(decision.kind)) {
      previewing = option.value;
      const shown = await api(`/api/games/${game}/preview?token=${tokenOf.get(player)}` +
        `&maneuver=${encodeURIComponent(option.value)}`);
      if (!shown.ok || previewing !== option.value) return;
      board.preview(shown.body.svg);
      const facts = [];
      if (shown.body.partial) facts.push(`bumps ${shown.body.bumped.join(", ")}`);
      if (shown.body.fled) facts.push("flees the play area");
      // a huge ship's base lands on standard ships (they are set aside and placed behind it)
      if (shown.body.overlaps && shown.body.overlaps.length) facts.push(`overlaps ${shown.body.overlaps.join(", ")}`);
      if (shown.body.obstacles.length) facts.push(`meets ${shown.body.obstacles.join(", ")}`);
      note.textContent = `${maneuverName(option.value)} from here: ` +
        (facts.length ? facts.join("; ") : "lands clear") + " (if executed now)";
    }
  };
  return {
    answer: (value) => answer(player, decision, value),
    hover,
    select: hover,
    place: (piece) => {
      const heading = player === 1 ? 0 : 180;
      board.startDragging(piece, decision.kind === "place_obstacle" ? 0 : heading, (pose) => {
        const value = decision.kind === "place_obstacle"
          ? {obstacle: piece, x: pose.x, y: pose.y, rotation: pose.heading}
          : {x: pose.x, y: pose.y, heading: pose.heading};
        answer(player, decision, value);
      });
    },
    // a scenario feature: the offered spots on the table, or a free {x, y} where dropped
    placeFeature: (options) => {
      board.offerSpots(options, (option) => answer(player, decision, option.value));
      board.startDragging(FEATURE_PIECE, 0, (pose) =>
        answer(player, decision, {x: pose.x, y: pose.y}));
    },
    dialOf: (ship) => (roster.find((s) => s.id === ship) || {}).dial,
    attack: () => message.view.attack,
  };
}

function renderEnd(box, player, message) {
  const result = message.draw ? "The game is a draw." : `Player ${message.winner} wins.`;
  const end = text("section", "", "end-screen");
  end.id = "end";
  end.append(text("h2", "Game over"), text("p", result, "result"),
    text("p", `Mission points: player 1 ${message.mission_points[0]}, player 2 ` +
      `${message.mission_points[1]} (after ${message.view.round} rounds).`));
  const replay = text("a", "Watch the replay");
  replay.href = `/api/games/${game}/replay?token=${tokenOf.get(player)}`;
  replay.id = "replay-link";
  const record = text("a", "Download the record (JSON, for tallon replay)");
  record.href = `/api/games/${game}/record?token=${tokenOf.get(player)}`;
  record.download = `tallon-${game}.json`;
  const again = text("a", "Play another game");
  again.href = "/";
  const links = document.createElement("p");
  links.append(replay, " · ", record, " · ", again);
  end.append(links);
  box.append(end);
}

/** The scenario played and each player's mission points, beside the status. */
function showScenario(view) {
  const mission = document.getElementById("mission");
  const points = (view.players || []).map((p) => `player ${p.player} ${p.mission_points}`);
  const scenario = SCENARIOS[view.scenario];
  mission.textContent = (scenario ? `${scenario.title} · ` : "") +
    `mission points: ${points.join(", ")}`;
  mission.dataset.scenario = view.scenario || "";
}

function renderDecision(player, message) {
  const box = document.getElementById("decision");
  box.replaceChildren();
  // a drag belongs to the decision that started it: a new one starts its own
  board.stopDragging();
  delete box.dataset.refused;
  delete box.dataset.kind;
  box.dataset.decisionId = message.decision ? message.decision.id : "end";
  if (message.over) {
    renderEnd(box, player, message);
    return;
  }
  const decision = message.decision;
  if (!decision.options) {
    box.append(text("p", `Waiting for player ${decision.player} (${decision.kind.replaceAll("_", " ")}).`, "waiting"));
    return;
  }
  if (tokens.length > 1) box.append(text("h2", `Player ${player}`));
  presentDecision(box, decision, contextFor(player, message));
}

function handOver(player) {
  // hot-seat: hide the table until the next player says they have the screen
  const cover = document.getElementById("cover");
  cover.hidden = false;
  document.getElementById("cover-text").textContent = `Player ${player}: your turn. ` +
    "Press the button when the other player is not looking.";
  return new Promise((done) => {
    document.getElementById("cover-button").onclick = () => {
      cover.hidden = true;
      done();
    };
  });
}

async function render() {
  const [player, message] = acting();
  if (message === null) return;
  const id = message.decision ? message.decision.id : "end";
  const humanTurn = message.decision && message.decision.options;
  if (tokens.length > 1 && humanTurn && passedTo !== null && passedTo !== player &&
      message.decision.player === player) {
    passedTo = player;
    await handOver(player);
  }
  if (humanTurn) passedTo = player;
  status.textContent = message.over ? "Game over" :
    `Round ${message.view.round}, ${message.view.phase} phase`;
  showScenario(message.view);
  if (shown.decision !== id || shown.player !== player) {
    const since = shown.decision === null ? "" : `&since=${shown.logLength}`;
    const drawn = await fetchPatiently(
      `/api/games/${game}/board.svg?token=${tokenOf.get(player)}${since}`);
    shown = {player, decision: id, logLength: message.view.log.length, key: shown.key};
    await board.show(await drawn.text(), since !== "");
  }
  board.showFeatures(message.view.features, message.view.scenario);
  // the same decision pushed again (after this screen's own answer) keeps its controls
  // as they are: a dial's selection and a drag in progress survive
  const key = `${player}:${id}`;
  if (shown.key !== key) renderDecision(player, message);
  shown.key = key;
  delete document.getElementById("decision").dataset.stale;
  renderCards(document.getElementById("cards"), roster, message.view, damageTitles,
    (ship, on) => board.reach(ship, on));
  const log = document.getElementById("log");
  log.replaceChildren(...message.view.log.slice(-60).map((event) => text("li", event.text)));
  log.scrollTop = log.scrollHeight;
}

let rendering = Promise.resolve();
function rerender() {
  rendering = rendering.then(render, render);
}

for (const token of tokens) {
  const found = await api(`/api/games/${game}/view?token=${token}`);
  if (!found.ok) {
    status.textContent = found.body.error;
    continue;
  }
  const player = found.body.view.player;
  tokenOf.set(player, token);
  messages.set(player, found.body);
  const socket = new WebSocket(
    `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${game}/socket?token=${token}`);
  socket.addEventListener("message", (event) => {
    const pushed = JSON.parse(event.data);
    if (pushed.view) {
      remember(pushed.view.player, pushed);
      rerender();
    }
  });
}
if (tokenOf.size) {
  const first = tokenOf.values().next().value;
  const printed = await api(`/api/games/${game}/roster?token=${first}`);
  if (printed.ok) {
    roster = printed.body.ships;
    damageTitles = printed.body.damage;
  }
  rerender();
} else if (!tokens.length) {
  status.textContent = "This address names no seat: open the link the lobby gave you.";
}
