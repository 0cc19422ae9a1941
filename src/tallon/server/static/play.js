// A game page: each seat of this screen (one token each) follows its WebSocket; the
// pending decision of one of them is offered as buttons, and the answer goes to the
// server, which alone applies it (docs/server.md).
const fragment = new URLSearchParams(location.hash.slice(1));
const game = fragment.get("game");
const tokens = (fragment.get("tokens") || "").split(",").filter(Boolean);
const messages = new Map(); // player -> latest message
const tokenOf = new Map(); // player -> token
const status = document.getElementById("status");

function text(tag, content) {
  const element = document.createElement(tag);
  element.textContent = content;
  return element;
}

async function answer(player, decision, value) {
  const response = await fetch(`/api/games/${game}/answer?token=${tokenOf.get(player)}`,
    {method: "POST", body: JSON.stringify({decision: decision.id, answer: value})});
  const body = await response.json();
  if (!response.ok) {
    status.textContent = body.error;
    return;
  }
  messages.set(player, body);
  render();
}

function acting() {
  for (const [player, message] of messages) {
    if (message.decision && message.decision.options) return [player, message];
  }
  const first = [...messages.entries()].sort((a, b) => a[0] - b[0])[0];
  return first || [null, null];
}

function renderDecision(player, message) {
  const box = document.getElementById("decision");
  box.replaceChildren();
  if (message.over) {
    const result = message.draw ? "The game is a draw." : `Player ${message.winner} wins.`;
    box.append(text("h2", "Game over"), text("p", `${result} Mission points: ` +
      message.mission_points.join("-")));
    const link = text("a", "The replay record (JSON)");
    link.href = `/api/games/${game}/record?token=${tokenOf.get(player)}`;
    box.append(link);
    return;
  }
  const decision = message.decision;
  if (!decision.options) {
    box.append(text("p", `Waiting for player ${decision.player} (${decision.kind}).`));
    return;
  }
  box.append(text("h2", `Player ${player}`), text("p", decision.prompt));
  const list = document.createElement("div");
  list.className = "options";
  for (const option of decision.options) {
    const button = text("button", option.label);
    button.dataset.value = option.value;
    button.addEventListener("click", () => answer(player, decision, option.value));
    list.append(button);
  }
  box.append(list);
}

function renderShips(message) {
  const body = document.querySelector("#ships tbody");
  body.replaceChildren();
  for (const ship of message.view.ships) {
    if (ship.removed) continue;
    const row = document.createElement("tr");
    const damage = ship.damage_facedown + ship.damage_faceup.length;
    const tokensText = Object.entries(ship.tokens || {}).map(([k, n]) => `${k} ${n}`).join(", ");
    row.append(text("td", `${ship.name} (${ship.id}), player ${ship.owner}`),
      text("td", `${ship.hull - damage}/${ship.hull}`),
      text("td", `${ship.shields}`), text("td", tokensText));
    body.append(row);
  }
}

function render() {
  const [player, message] = acting();
  if (message === null) return;
  const id = message.decision ? message.decision.id : "end";
  document.getElementById("board").src =
    `/api/games/${game}/board.svg?token=${tokenOf.get(player)}&at=${id}`;
  renderDecision(player, message);
  renderShips(message);
  const log = document.getElementById("log");
  log.replaceChildren(...message.view.log.slice(-40).map((event) => text("li", event.text)));
  status.textContent = `Round ${message.view.round}, ${message.view.phase} phase`;
}

for (const token of tokens) {
  const response = await fetch(`/api/games/${game}/view?token=${token}`);
  const message = await response.json();
  if (!response.ok) {
    status.textContent = message.error;
    continue;
  }
  tokenOf.set(message.view.player, token);
  messages.set(message.view.player, message);
  const socket = new WebSocket(
    `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${game}/socket?token=${token}`);
  socket.addEventListener("message", (event) => {
    const pushed = JSON.parse(event.data);
    if (pushed.view) {
      messages.set(pushed.view.player, pushed);
      render();
    }
  });
}
render();
