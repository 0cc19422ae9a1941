// The lobby: squads and seats in, a game out (POST /api/games, docs/server.md). Each seat's
// squad is pasted XWS, a saved squad, a ready-made opponent or a quick build; whichever
// it is, the XWS textarea shows it, and the server checks it as it changes.
import {QuickBuild, allCards} from "./quickbuild.js";

const form = document.getElementById("lobby");
const problems = document.getElementById("problems");

// the two seats differ only in these; the rest is the page's seat template
const SEAT_FACTS = {
  1: {edge: "near edge", person: "a person at this screen", played: "human"},
  2: {edge: "far edge", person: "a person: here, or online with the link", played: "ai:ace"},
};
for (const [player, facts] of Object.entries(SEAT_FACTS)) {
  const markup = document.getElementById("seat-template").innerHTML
    .replaceAll("{n}", player).replaceAll("{edge}", facts.edge)
    .replaceAll("{person}", facts.person);
  form.querySelector(".seats").insertAdjacentHTML("beforeend", markup);
  form.elements[`seat${player}`].value = facts.played;
}

let opponents = [];
let factionNames = {};

function parsed(text, player) {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`Player ${player}'s squad is not JSON: ${error.message}`);
  }
}

function problemList(list) {
  const shown = document.createElement("ul");
  for (const problem of list) {
    const item = document.createElement("li");
    item.textContent = (problem.squad ? `Squad ${problem.squad}: ` : "")
      + (problem.ship !== null && problem.ship !== undefined ? `ship ${problem.ship + 1}: ` : "")
      + problem.message;
    shown.append(item);
  }
  return shown;
}

// set when the page is left (for the game): requests cut short then are not errors
let leaving = false;
addEventListener("pagehide", () => { leaving = true; });
addEventListener("beforeunload", () => { leaving = true; });

async function send(method, url, body) {
  const response = await fetch(url, body === undefined ? {method}
    : {method, body: JSON.stringify(body), headers: {"Content-Type": "application/json"}});
  return {ok: response.ok, status: response.status, answer: await response.json()};
}

class Seat {
  constructor(player) {
    this.player = player;
    this.textarea = form[`squad${player}`];
    this.fieldset = form.querySelector(`fieldset[data-seat="${player}"]`);
    this.saved = document.getElementById(`saved-${player}`);
    this.opponent = document.getElementById(`opponent-${player}`);
    this.verdict = document.getElementById(`verdict-${player}`);
    this.note = document.getElementById(`note-${player}`);
    this.saveName = document.getElementById(`save-name-${player}`);
    this.build = new QuickBuild(document.getElementById(`build-${player}`), player,
                                (xws) => this.show(xws));
    this.checking = null;
    this.timer = null;
    for (const radio of form.querySelectorAll(`input[name="source${player}"]`)) {
      radio.addEventListener("change", () => this.switchTo(radio.value));
    }
    this.textarea.addEventListener("input", () => this.checkSoon());
    this.saved.addEventListener("change", () => this.loadSaved());
    this.opponent.addEventListener("change", () => this.pickOpponent());
    document.getElementById(`saved-delete-${player}`).addEventListener("click", () => this.deleteSaved());
    document.getElementById(`save-${player}`).addEventListener("click", () => this.save());
    document.getElementById(`export-${player}`).addEventListener("click", () => this.export());
    document.getElementById(`import-${player}`).addEventListener("change", (event) => this.import(event.target));
    this.saveName.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {  // saves, rather than starting the game
        event.preventDefault();
        this.save();
      }
    });
    this.fillOpponents();
  }

  get source() {
    return form.querySelector(`input[name="source${this.player}"]:checked`).value;
  }

  // What POST /api/games is given for this seat.
  entry() {
    if (this.source === "opponent") return JSON.parse(this.opponent.value);
    return parsed(this.textarea.value, this.player);
  }

  switchTo(source) {
    for (const panel of this.fieldset.querySelectorAll(".panel")) {
      panel.hidden = panel.dataset.source !== source;
    }
    // a ready-made or quick-built squad is edited where it comes from, not as text
    this.textarea.readOnly = source === "opponent" || source === "build";
    this.textarea.placeholder = "";
    this.note.textContent = "";
    if (source === "saved") this.loadSaved();
    if (source === "opponent") this.pickOpponent();
    if (source === "build") this.startBuild();
  }

  async startBuild() {
    let current = null;
    try {
      current = this.textarea.value.trim() ? JSON.parse(this.textarea.value) : null;
    } catch {
      current = null;
    }
    const complete = await this.build.load(current);
    if (!complete) {
      this.note.textContent = "The quick build starts afresh: this squad has cards it does not offer.";
    }
    this.show(this.build.xws());
  }

  show(xws) {
    this.textarea.value = JSON.stringify(xws, null, 1);
    this.checkSoon(0);
  }

  checkSoon(delay = 300) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), delay);
  }

  async check() {
    if (this.source === "opponent" && JSON.parse(this.opponent.value).opponent === "random") {
      this.verdict.className = "verdict";
      this.verdict.textContent = "A ready-made squad is picked at random when the game starts.";
      return;
    }
    const text = this.textarea.value;
    let xws;
    try {
      xws = JSON.parse(text);
    } catch (error) {
      this.verdict.className = "verdict bad";
      this.verdict.textContent = `Not JSON: ${error.message}`;
      return;
    }
    const asked = (this.checking = Symbol("check"));
    let answer;
    try {
      ({answer} = await send("POST", "/api/squads/check", xws));
    } catch (error) {
      // a check cut short by leaving for the game (or a network error) is no problem of
      // the squad's: say so only while the page is still here
      if (leaving || asked !== this.checking) return;
      this.verdict.className = "verdict bad";
      this.verdict.textContent = `The squad could not be checked (${error.message}): ` +
        "is the server running?";
      return;
    }
    if (asked !== this.checking) return;  // a newer check is on its way
    const list = answer.problems ?? [];
    if (this.source === "build") this.build.showReport(answer);
    this.verdict.className = list.length ? "verdict bad" : "verdict good";
    this.verdict.replaceChildren(answer.points === undefined
      ? answer.error
      : `${list.length ? "Not ready to play" : "Legal and playable"}: ${answer.points}/`
        + `${answer.points_limit} squad points, ${answer.ships.length} ships`
        + (answer.faction ? `, ${factionNames[answer.faction] ?? answer.faction}` : ""));
    if (list.length) this.verdict.append(problemList(list));
  }

  fillOpponents() {
    const option = (text, entry) => {
      const made = document.createElement("option");
      made.textContent = text;
      made.value = JSON.stringify(entry);
      return made;
    };
    this.opponent.replaceChildren(option("Random: any faction", {opponent: "random"}));
    const byFaction = new Map();
    for (const squad of opponents) {
      if (!byFaction.has(squad.faction)) byFaction.set(squad.faction, []);
      byFaction.get(squad.faction).push(squad);
    }
    for (const [faction, squads] of byFaction) {
      const group = document.createElement("optgroup");
      group.label = factionNames[faction] ?? faction;
      group.append(option(`Random ${group.label} squad`, {opponent: "random", faction}));
      for (const squad of squads) {
        group.append(option(`${squad.name} (${squad.points} pts: `
                            + `${squad.pilots.map((p) => p.name).join(", ")})`,
                            {opponent: squad.name}));
      }
      this.opponent.append(group);
    }
  }

  pickOpponent() {
    const entry = JSON.parse(this.opponent.value);
    const named = opponents.find((squad) => squad.name === entry.opponent);
    this.textarea.value = named ? JSON.stringify(named.xws, null, 1) : "";
    this.textarea.placeholder = named ? "" : "picked at random when the game starts";
    this.checkSoon(0);
  }

  fillSaved(squads, keep) {
    const current = keep ?? this.saved.value;
    this.saved.replaceChildren(...squads.map((squad) => {
      const made = document.createElement("option");
      made.value = squad.name;
      made.textContent = `${squad.name} (${factionNames[squad.faction] ?? squad.faction}, `
        + `${squad.points} pts, ${squad.pilots} ships)`;
      return made;
    }));
    if (!squads.length) {
      const none = document.createElement("option");
      none.value = "";
      none.textContent = "no saved squads yet";
      this.saved.append(none);
    }
    if (squads.some((squad) => squad.name === current)) this.saved.value = current;
  }

  async loadSaved() {
    const name = this.saved.value;
    if (!name) return;
    const {ok, answer} = await send("GET", `/api/squads/${encodeURIComponent(name)}`);
    if (!ok) {
      this.note.textContent = answer.error;
      return;
    }
    this.textarea.value = JSON.stringify(answer, null, 1);
    this.saveName.value = name;
    this.checkSoon(0);
  }

  async deleteSaved() {
    const name = this.saved.value;
    if (!name || !confirm(`Delete the saved squad "${name}"?`)) return;
    const {ok, answer} = await send("DELETE", `/api/squads/${encodeURIComponent(name)}`);
    this.note.textContent = ok ? `Deleted "${name}".` : answer.error;
    await refreshSaved();
  }

  async save() {
    let xws;
    try {
      xws = parsed(this.textarea.value, this.player);
    } catch (error) {
      this.note.textContent = this.textarea.value.trim() ? error.message : "There is no squad to save.";
      return;
    }
    const name = this.saveName.value.trim() || (typeof xws.name === "string" ? xws.name : "");
    const {ok, answer} = await send("POST", "/api/squads", {name, xws});
    if (!ok) {
      this.note.replaceChildren(`Not saved: ${answer.error}`, problemList(answer.problems ?? []));
      return;
    }
    this.saveName.value = answer.name;
    this.note.textContent = `${answer.replaced ? "Replaced" : "Saved"} "${answer.name}".`;
    await refreshSaved(this.player, answer.name);
  }

  export() {
    let xws;
    try {
      xws = parsed(this.textarea.value, this.player);
    } catch (error) {
      this.note.textContent = this.textarea.value.trim() ? error.message
        : "A random squad is picked when the game starts: there is nothing to export yet.";
      return;
    }
    const name = (this.saveName.value.trim() || xws.name || `squad-${this.player}`)
      .replace(/[^\w.-]+/g, "_");
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([JSON.stringify(xws, null, 1)], {type: "application/json"}));
    link.download = `${name}.json`;
    link.dataset.testid = `export-link-${this.player}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  async import(input) {
    const [file] = input.files;
    if (!file) return;
    const text = await file.text();
    input.value = "";  // the same file may be imported again
    let xws;
    try {
      xws = JSON.parse(text);
    } catch (error) {
      this.note.textContent = `${file.name} is not JSON: ${error.message}`;
      return;
    }
    form.querySelector(`input[name="source${this.player}"][value="xws"]`).checked = true;
    this.switchTo("xws");
    this.textarea.value = JSON.stringify(xws, null, 1);
    if (typeof xws.name === "string") this.saveName.value = xws.name;
    this.note.textContent = `Imported ${file.name}.`;
    this.checkSoon(0);
  }
}

// The standard scenarios offered between "at random" and "no scenario", then the first
// edition's missions (for XWS 1.0 squads); the objective of the one chosen is shown under
// the list.
function fillScenarios({scenarios, missions = []}) {
  const select = form.scenario;
  const practice = select.querySelector('option[value="none"]');
  const objectives = {
    random: "One of the standard scenarios, drawn from the game's seed.",
    none: "No scenario features: points for the deficit and the enemy ships removed only.",
  };
  for (const scenario of scenarios) {
    const option = new Option(scenario.title, scenario.name);
    select.insertBefore(option, practice);
    objectives[scenario.name] = scenario.objective;
  }
  if (missions.length) {
    const group = document.createElement("optgroup");
    group.label = "First edition missions (XWS 1.0 squads)";
    for (const mission of missions) {
      group.append(new Option(mission.title, mission.name));
      objectives[mission.name] = mission.objective;
    }
    select.append(group);
  }
  const show = () => { document.getElementById("objective").textContent = objectives[select.value] ?? ""; };
  select.addEventListener("change", show);
  show();
}

// Everything the lobby needs, fetched at once; the example squads are filled in last, so
// a filled-in form is a working one. The submit handler is in place before (it waits for
// this), so an early click never submits the form as a plain page request.
const started = (async () => {
  const [examples, listed, {factions}, scenarios] = await Promise.all([
    fetch("/api/examples").then((response) => response.json()),
    fetch("/api/opponents").then((response) => response.json()),
    allCards(),
    fetch("/api/scenarios").then((response) => response.json()),
  ]);
  fillScenarios(scenarios);
  opponents = listed.opponents;
  factionNames = Object.fromEntries(factions.map((faction) => [faction.xws, faction.name]));
  const seats = [new Seat(1), new Seat(2)];
  form.squad1.value = JSON.stringify(examples.squads[0], null, 1);
  form.squad2.value = JSON.stringify(examples.squads[1], null, 1);
  return seats;
})();

async function refreshSaved(player, name) {
  const [seats, {answer}] = await Promise.all([started, send("GET", "/api/squads")]);
  for (const seat of seats) seat.fillSaved(answer.squads, seat.player === player ? name : undefined);
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const seats = await started;
  problems.textContent = "";
  let request;
  try {
    request = {
      squads: seats.map((seat) => seat.entry()),
      seats: [form.seat1.value, form.seat2.value],
      scenario: form.scenario.value,
    };
  } catch (error) {
    problems.textContent = error.message;
    return;
  }
  if (form.seed.value !== "") request.seed = Number(form.seed.value);
  const response = await fetch("/api/games", {method: "POST", body: JSON.stringify(request)});
  const answer = await response.json();
  if (!response.ok) {
    problems.append(answer.error, problemList(answer.problems));
    return;
  }
  const humans = answer.seats.filter((seat) => seat.kind === "human");
  const here = form.online.checked ? humans.filter((seat) => seat.player === 1) : humans;
  const url = (seats) => `/play#game=${answer.game}&tokens=${seats.map((s) => s.token).join(",")}`;
  if (form.online.checked && humans.some((seat) => seat.player === 2)) {
    document.getElementById("invite").hidden = false;
    document.getElementById("link").value =
      location.origin + url(humans.filter((seat) => seat.player === 2));
    document.getElementById("go").href = url(here);
    return;
  }
  location.href = url(here.length ? here : answer.seats.slice(0, 1));
});

refreshSaved();
started.then((seats) => seats.forEach((seat) => seat.checkSoon(0)));
