// The odds page: the exact calculator's inputs as a form, its answer as charts and tables
// (POST /api/odds, GET /api/dice/abilities; docs/server.md, "The odds page"). The whole
// form lives in the address's fragment, so a link restores it and shows the result.
import {element} from "./dom.js";

const form = document.getElementById("odds");
const problems = document.getElementById("problems");
const results = document.getElementById("results");
const link = document.getElementById("link");
const copied = document.getElementById("copied");
const SVG = "http://www.w3.org/2000/svg";

const SIDES = {
  attacker: {title: "Attacker", dice: "Attack dice (attack value)", field: "attack", value: 3},
  defender: {title: "Defender", dice: "Defense dice (agility)", field: "defense", value: 2},
};
// the form's fields with the value they have when the link leaves them out
const DEFAULTS = {ruleset: "2.5", attack: "3", defense: "2", range: "", objective: "damage",
                  kill: "2", repeat: "1", hull: "", shields: "0", sequence_objective: ""};
const FLAGS = {obstructed: false, ordnance: false, special: false, reinforce_arc: true};

let catalogue = null;
const sides = {};

for (const [side, facts] of Object.entries(SIDES)) {
  const markup = document.getElementById("side-template").innerHTML
    .replaceAll("{side}", side).replaceAll("{title}", facts.title)
    .replaceAll("{dice}", facts.dice).replaceAll("{field}", facts.field)
    .replaceAll("{value}", facts.value);
  form.querySelector(".sides").insertAdjacentHTML("beforeend", markup);
}

/** One side's tokens and card abilities in the form. */
class Side {
  constructor(side) {
    this.side = side;
    this.fieldset = form.querySelector(`fieldset[data-side="${side}"]`);
    this.pick = this.fieldset.querySelector("select");
    this.chosen = this.fieldset.querySelector(".chosen");
    this.fieldset.querySelector(".abilities button").addEventListener("click", () => {
      if (this.pick.value) this.addAbility(this.pick.value);
      changed();
    });
  }

  // the ruleset's tokens as inputs; a token both rulesets have keeps its count
  setTokens(tokens) {
    const held = this.tokens();
    this.fieldset.querySelector(".tokens").replaceChildren(...tokens.map((name) => {
      const label = element("label", `${name} `, "token");
      const input = element("input");
      Object.assign(input, {type: "number", min: 0, max: catalogue.limits.tokens,
                            value: held[name] ?? 0});
      input.dataset.token = name;
      input.name = `${this.side}.${name}`;
      label.append(input);
      return label;
    }));
  }

  fill(abilities) {
    const mine = abilities.filter((a) => a.roles.includes(this.side))
      .sort((a, b) => a.card.localeCompare(b.card));
    this.pick.replaceChildren(...mine.map((a) => {
      const option = element("option", `${a.card}: ${a.effect}`);
      option.value = a.id;
      return option;
    }));
  }

  addAbility(id, number = "") {
    const entry = catalogue.abilities.find((a) => a.id === id);
    if (!entry) return false;
    const item = element("li");
    item.dataset.id = id;
    item.append(element("span", `${entry.card}: ${entry.effect}`));
    if (entry.parameter) {
      const input = element("input");
      Object.assign(input, {type: "number", min: 0, max: catalogue.limits.tokens,
                            value: number, placeholder: "card's"});
      input.setAttribute("aria-label", `${entry.card}: ${entry.parameter}`);
      const label = element("label", ` ${entry.parameter} `, "parameter");
      label.append(input);
      item.append(label);
    }
    const remove = element("button", "Remove");
    remove.type = "button";
    remove.addEventListener("click", () => { item.remove(); changed(); });
    item.append(" ", remove);
    this.chosen.append(item);
    return true;
  }

  tokens() {
    const held = {};
    for (const input of this.fieldset.querySelectorAll("input[data-token]")) {
      if (Number(input.value) > 0) held[input.dataset.token] = Number(input.value);
    }
    return held;
  }

  abilities() {
    return [...this.chosen.children].map((item) => {
      const number = item.querySelector("input")?.value ?? "";
      return number === "" ? item.dataset.id : `${item.dataset.id}=${number}`;
    });
  }

  restore(tokens, abilities) {
    const unknown = [];
    for (const input of this.fieldset.querySelectorAll("input[data-token]")) {
      input.value = tokens[input.dataset.token] ?? 0;
    }
    for (const name of Object.keys(tokens)) {
      if (!this.fieldset.querySelector(`input[data-token="${CSS.escape(name)}"]`)) unknown.push(name);
    }
    this.chosen.replaceChildren();
    for (const text of abilities) {
      const [id, number = ""] = text.split("=");
      if (!this.addAbility(id, number)) unknown.push(id);
    }
    return unknown;
  }
}

/** What the chosen ruleset offers (GET /api/dice/abilities' "rulesets"). */
function rules() {
  return catalogue.rulesets[form.elements.ruleset.value] ?? catalogue.rulesets["2.5"];
}

// The form offers the chosen ruleset's tokens, ranges, ordnance and card abilities only.
function applyRuleset() {
  const chosen = rules();
  for (const side of Object.values(sides)) {
    side.setTokens(chosen.tokens[side.side]);
    side.fieldset.querySelector(".abilities").hidden = !chosen.card_abilities;
    const note = side.fieldset.querySelector(".no-abilities");
    note.hidden = chosen.card_abilities;
    note.textContent = `Card abilities: not under ${chosen.title}, whose card pool is not `
      + "in the calculator yet.";
  }
  for (const option of form.elements.range.options) {
    option.disabled = option.value !== "" && !chosen.ranges.includes(Number(option.value));
  }
  form.querySelector("label.ordnance").hidden = !chosen.ordnance;
}

// --- the form as the API's body, and as the link's fragment ---------------------------

function number(name) {
  const text = form.elements[name].value.trim();
  return text === "" ? null : Number(text);
}

/** The body of POST /api/odds for the form as it is. */
function readForm() {
  const objective = form.elements.objective.value;
  const body = {
    ruleset: form.elements.ruleset.value,
    attack: number("attack"), defense: number("defense"),
    attacker: sides.attacker.tokens(), defender: sides.defender.tokens(),
    attacker_abilities: rules().card_abilities ? sides.attacker.abilities() : [],
    defender_abilities: rules().card_abilities ? sides.defender.abilities() : [],
    range: number("range"),
    obstructed: form.elements.obstructed.checked,
    ordnance: rules().ordnance && form.elements.ordnance.checked,
    primary: !form.elements.special.checked,
    reinforce_arc: form.elements.reinforce_arc.checked,
    objective: objective === "kill" ? `kill:${form.elements.kill.value}` : objective,
    repeat: number("repeat") ?? 1, shields: number("shields") ?? 0,
  };
  if (number("hull") !== null) body.hull = number("hull");
  if (form.elements.sequence_objective.value) {
    body.sequence_objective = form.elements.sequence_objective.value;
  }
  return body;
}

function tokenText(tokens) {
  return Object.entries(tokens).map(([k, v]) => (v === 1 ? k : `${k}=${v}`)).join(",");
}

function tokenObject(text) {
  const tokens = {};
  for (const part of (text || "").split(",").filter((p) => p.trim())) {
    const [name, count = "1"] = part.split("=");
    tokens[name.trim().toLowerCase()] = Number(count);
  }
  return tokens;
}

/** The fragment for the form as it is: only what differs from a fresh form. */
function formHash() {
  const params = new URLSearchParams();
  for (const [name, fallback] of Object.entries(DEFAULTS)) {
    const value = form.elements[name].value.trim();
    if (name === "kill" && form.elements.objective.value !== "kill") continue;
    if (value !== fallback) params.set(name, value);
  }
  for (const [name, fallback] of Object.entries(FLAGS)) {
    if (form.elements[name].checked !== fallback) params.set(name, form.elements[name].checked ? "1" : "0");
  }
  for (const side of Object.keys(SIDES)) {
    const tokens = tokenText(sides[side].tokens());
    const abilities = rules().card_abilities ? sides[side].abilities().join(",") : "";
    if (tokens) params.set(side, tokens);
    if (abilities) params.set(`${side}_abilities`, abilities);
  }
  return params.toString();
}

/** Set the form from a fragment; returns the names it held that the page does not know. */
function restoreForm(hash) {
  const params = new URLSearchParams(hash);
  for (const [name, fallback] of Object.entries(DEFAULTS)) {
    form.elements[name].value = params.get(name) ?? fallback;
  }
  for (const [name, fallback] of Object.entries(FLAGS)) {
    form.elements[name].checked = params.has(name) ? params.get(name) === "1" : fallback;
  }
  const unknown = form.elements.ruleset.value ? [] : [`ruleset ${params.get("ruleset")}`];
  if (!form.elements.ruleset.value) form.elements.ruleset.value = DEFAULTS.ruleset;
  applyRuleset();
  for (const side of Object.keys(SIDES)) {
    const abilities = (params.get(`${side}_abilities`) || "").split(",").filter((p) => p.trim());
    unknown.push(...sides[side].restore(tokenObject(params.get(side)), abilities));
  }
  showKill();
  return unknown;
}

function shareable() {
  return `${location.origin}${location.pathname}#${formHash()}`;
}

function showKill() {
  form.querySelector("label.kill").hidden = form.elements.objective.value !== "kill";
}

let shown = null;  // the fragment of the form whose results are on the page

function changed() {
  showKill();
  link.value = shareable();
  copied.textContent = "";
  results.classList.toggle("stale", shown !== null && shown !== formHash());
}

// --- charts (SVG drawn here: the page loads nothing from elsewhere) -------------------

function svg(tag, attributes, text) {
  const made = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) made.setAttribute(k, v);
  if (text !== undefined) made.textContent = text;
  return made;
}

function percent(p, digits = 1) {
  return `${(p * 100).toFixed(digits)}%`;
}

/** A bar chart of probabilities, one bar per value labelled ``first + i``. */
function barChart(values, first = 0) {
  const bar = 30, gap = 10, left = 40, top = 18, height = 150, bottom = 22;
  const width = left + values.length * (bar + gap) + gap;
  const chart = svg("svg", {width, height: top + height + bottom, role: "img",
                            viewBox: `0 0 ${width} ${top + height + bottom}`});
  for (const level of [0, 0.5, 1]) {
    const y = top + height * (1 - level);
    chart.append(svg("line", {x1: left - 4, x2: width, y1: y, y2: y, class: "grid"}),
                 svg("text", {x: left - 6, y: y + 4, class: "axis", "text-anchor": "end"},
                     percent(level, 0)));
  }
  values.forEach((p, i) => {
    const x = left + gap + i * (bar + gap);
    const h = Math.max(p * height, p > 0 ? 1 : 0);
    const rect = svg("rect", {x, y: top + height - h, width: bar, height: h, class: "bar"});
    rect.dataset.value = String(p);
    rect.append(svg("title", {}, `${first + i}: ${percent(p, 2)}`));
    chart.append(rect,
                 svg("text", {x: x + bar / 2, y: top + height - h - 4, class: "value",
                              "text-anchor": "middle"}, p >= 0.0005 ? percent(p, 0) : ""),
                 svg("text", {x: x + bar / 2, y: top + height + 15, class: "axis",
                              "text-anchor": "middle"}, String(first + i)));
  });
  return chart;
}

/** A horizontal bar filled to ``fraction`` (0 to 1). */
function meter(fraction, label) {
  const width = 100, height = 10;
  const drawn = svg("svg", {width, height, role: "img", "aria-label": label, class: "meter"});
  drawn.append(svg("rect", {width, height, class: "track"}),
               svg("rect", {width: width * Math.min(1, Math.max(0, fraction)), height,
                            class: "bar"}));
  return drawn;
}

function row(cells, tag = "td") {
  const tr = element("tr");
  for (const cell of cells) tr.append(element(tag, String(cell)));
  return tr;
}

// --- results -------------------------------------------------------------------------

function showResult(answer) {
  const headline = document.getElementById("headline");
  const expected = element("span", answer.expected_damage.toFixed(4), "expected");
  expected.dataset.testid = "expected";
  expected.dataset.exact = answer.expected_damage_exact;
  headline.replaceChildren(
    "Expected damage ", expected, ` (${answer.expected_damage_exact}) · P(at least one hit) `,
    element("b", percent(answer.p_hit, 2)), " · P(at least one crit) ",
    element("b", percent(answer.p_crit, 2)), ` · both sides play for ${answer.objective}`);
  document.getElementById("damage-chart").replaceChildren(barChart(answer.damage));
  document.getElementById("at-least-chart").replaceChildren(barChart(answer.at_least.slice(1), 1));
  const table = document.getElementById("damage-table");
  table.replaceChildren(row(["damage", "P(exactly)", "P(at least)", "exact"], "th"));
  answer.damage.forEach((p, d) => {
    table.append(row([d, percent(p, 3), percent(answer.at_least[d], 3), answer.damage_exact[d]]));
  });
  const tokens = document.getElementById("tokens-left");
  tokens.replaceChildren();
  for (const [side, left] of Object.entries(answer.tokens_left)) {
    const entries = Object.entries(left);
    if (!entries.length) continue;
    const table = element("table");
    table.dataset.side = side;
    table.append(row([side, "held", "expected left", "exact", ""], "th"));
    for (const [name, value] of entries) {
      // a card's charges are not in the spec unless set: then its default is shown as at most
      const held = answer.spec[side][name] ?? Math.max(1, Math.ceil(value.expected));
      const line = row([name, held, value.expected.toFixed(3), value.exact]);
      const cell = element("td");
      cell.append(meter(value.expected / held, `${name}: ${value.expected.toFixed(3)} of ${held}`));
      line.append(cell);
      table.append(line);
    }
    tokens.append(table);
  }
  if (!tokens.children.length) tokens.append(element("p", "Neither side holds tokens.", "hint"));
  showSequence(answer.sequence);
  results.hidden = false;
}

function showSequence(sequence) {
  const box = document.getElementById("sequence-results");
  box.replaceChildren();
  if (!sequence) return;
  box.append(element("h3", `${sequence.attacks.length} attacks in a row`));
  const table = element("table");
  table.append(row(["attack", "P(performed)", "E(damage)", "P(destroyed here)",
                    "defender tokens left"], "th"));
  sequence.attacks.forEach((a, i) => {
    const left = Object.entries(a.defender_tokens_left).filter(([, v]) => v)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`).join(", ");
    table.append(row([i + 1, percent(a.p_performed, 2), a.expected_damage.toFixed(4),
                      percent(a.p_destroyed_here, 2), left || "-"]));
  });
  box.append(table, element("p", `Expected total damage ${sequence.expected_total_damage.toFixed(4)}`
    + ` (${sequence.expected_total_damage_exact})`));
  if (sequence.durability !== null) {
    box.append(element("p", `P(destroyed within ${sequence.attacks.length} attacks): `
      + `${percent(sequence.p_destroyed, 2)} (${sequence.p_destroyed_exact})`));
    let sum = 0;
    const within = sequence.attacks.map((a) => (sum += a.p_destroyed_here));
    const figure = element("figure");
    figure.append(element("figcaption", "P(destroyed within n attacks)"), barChart(within, 1));
    box.append(figure);
  }
}

// the form's control for a field the server names ("attacker.focus", "hull", ...)
function control(field) {
  if (!field) return null;
  const [name] = field.split(".");
  if (name in SIDES) return form.elements[field] ?? sides[name].fieldset.querySelector("input[data-token]");
  if (name.endsWith("_abilities")) return sides[name.split("_")[0]]?.pick;
  return form.elements[{primary: "special"}[name] ?? name] ?? null;
}

function showProblem(message, field) {
  problems.textContent = message;
  const input = control(field);
  if (input instanceof HTMLElement) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
}

let asked = null;

async function calculate() {
  for (const bad of form.querySelectorAll("[aria-invalid]")) bad.removeAttribute("aria-invalid");
  problems.textContent = "";
  const hash = formHash();
  history.replaceState(null, "", `#${hash}`);
  changed();
  const mine = (asked = Symbol("calculation"));
  form.dataset.busy = "true";
  let response, answer;
  try {
    response = await fetch("/api/odds", {method: "POST", body: JSON.stringify(readForm()),
                                          headers: {"Content-Type": "application/json"}});
    answer = await response.json();
  } catch (error) {
    if (mine === asked) showProblem(`The server could not be asked (${error.message}): is it running?`);
    return;
  } finally {
    if (mine === asked) delete form.dataset.busy;
  }
  if (mine !== asked) return;  // a newer calculation is on its way
  if (!response.ok) {
    results.hidden = true;
    showProblem(answer.error, answer.field);
    return;
  }
  shown = hash;
  showResult(answer);
  changed();
}

async function copyLink() {
  link.value = shareable();
  try {
    await navigator.clipboard.writeText(link.value);
    copied.textContent = "Link copied.";
  } catch {
    link.select();
    copied.textContent = "Copy the selected link (Ctrl+C).";
  }
}

function fromAddress() {
  const hash = location.hash.slice(1);
  if (!hash) return;
  const unknown = restoreForm(hash);
  calculate().then(() => {
    if (unknown.length) {
      problems.append(element("p", "The link names what this page does not know (left out): "
        + unknown.join(", ")));
    }
  });
}

async function start() {
  const response = await fetch("/api/dice/abilities");
  catalogue = await response.json();
  for (const side of Object.keys(SIDES)) {
    sides[side] = new Side(side);
    sides[side].fill(catalogue.abilities);
  }
  applyRuleset();
  form.elements.ruleset.addEventListener("change", applyRuleset);
  form.elements.repeat.max = catalogue.limits.repeat;
  form.elements.hull.max = catalogue.limits.hull;
  form.elements.shields.max = catalogue.limits.hull;
  form.elements.kill.max = catalogue.limits.kill;
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    calculate();
  });
  document.getElementById("copy-link").addEventListener("click", copyLink);
  addEventListener("hashchange", () => {
    if (location.hash.slice(1) !== formHash()) fromAddress();
  });
  changed();
  fromAddress();
  form.dataset.ready = "true";
}

start();
