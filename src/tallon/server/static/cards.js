// Ship cards beside the table: each ship's printed facts (the roster: lists are open in
// X-Wing) with what the current view says of it: hull and shields left, Force, charges,
// tokens, locks, faceup damage cards, conditions and its dial as far as this player may
// see it.
import {element} from "./dom.js";

const ARC_NAMES = {front: "front", rear: "rear", left: "left", right: "right",
  bullseye: "bullseye", full_front: "full front", full_rear: "full rear",
  single_turret: "turret", double_turret: "double turret",
  all: "every direction (first-edition turret)"};

function stat(name, value, className) {
  const item = element("span", undefined, `stat ${className}`);
  item.title = name;
  item.append(element("b", String(value)), element("small", ` ${name}`));
  return item;
}

function pretty(id, titles) {
  return (titles && titles[id]) || id;
}

/** One ship's card: ``printed`` from the roster, ``now`` from the view. */
export function shipCard(printed, now, damageTitles) {
  const card = element("article", undefined, `ship-card player-${printed.owner}`);
  card.dataset.ship = printed.id;
  if (!now || now.removed) card.classList.add("removed");
  const head = element("header");
  head.append(element("span", String(printed.initiative), "initiative"),
    element("strong", printed.name), element("span", ` ${printed.id}`, "id"),
    element("span", `${printed.cost} pts`, "cost"));
  card.append(head);
  // a huge ship's size is "large" (the standard size as wide): its base is named apart
  const base = printed.huge ? `huge base (80 × ${printed.length} mm)` : `${printed.size} base`;
  card.append(element("div", `${printed.ship_name} · ${base}`, "ship-type"));
  const stats = element("div", undefined, "stats");
  for (const [arc, value] of printed.attacks) stats.append(stat(`${ARC_NAMES[arc] || arc} attack`, value, "attack"));
  stats.append(stat("agility", printed.agility, "agility"));
  if (now) {
    const damage = now.damage_facedown + now.damage_faceup.length;
    stats.append(stat("hull", `${Math.max(0, printed.hull - damage)}/${printed.hull}`, "hull"),
      stat("shields", `${now.shields}/${printed.shields}`, "shields"));
    if (printed.force) stats.append(stat("Force", `${now.force}/${printed.force}`, "force"));
    if (now.energy) stats.append(stat("energy", `${now.energy.active}/${now.energy.limit}`, "energy"));
    if (printed.huge) stats.append(stat("engagement", printed.engagement, "engagement"));
  }
  card.append(stats);
  if (printed.actions.length) card.append(element("div", `Actions: ${printed.actions.join(", ")}`, "actions"));
  if (printed.upgrades.length) {
    const list = element("ul", undefined, "upgrades");
    for (const upgrade of printed.upgrades) {
      const charges = now && now.charges && upgrade.xws in now.charges ? ` (${now.charges[upgrade.xws]} charges)` : "";
      const item = element("li", `${upgrade.name}${charges}`);
      item.title = upgrade.slot;
      list.append(item);
    }
    card.append(list);
  }
  if (!now) return card;
  const state = [];
  const tokens = Object.entries(now.tokens || {}).map(([kind, n]) => (n > 1 ? `${kind} ×${n}` : kind));
  if (tokens.length) state.push(`Tokens: ${tokens.join(", ")}`);
  if (now.locks && now.locks.length) state.push(`Locks on: ${now.locks.join(", ")}`);
  if (now.turret && now.turret.length) state.push(`Turret: ${now.turret.join(", ")}`);
  if (now.damage_faceup.length) {
    state.push(`Faceup damage: ${now.damage_faceup.map((d) => pretty(d, damageTitles)).join(", ")}`);
  }
  if (now.damage_facedown) state.push(`Facedown damage: ${now.damage_facedown}`);
  if (now.conditions.length) state.push(`Conditions: ${now.conditions.join(", ")}`);
  if (now.dial) state.push(now.dial === "set" ? "Dial: set (hidden)" : `Dial: ${now.dial}`);
  if (now.removed) state.push(now.destroyed ? "Destroyed" : "Removed");
  for (const line of state) card.append(element("div", line, "state"));
  return card;
}

/** Every ship's card, player by player, into ``box``; hovering one calls ``hover(id)``. */
export function renderCards(box, roster, view, damageTitles, hover) {
  const now = new Map(view.ships.map((ship) => [ship.id, ship]));
  box.replaceChildren();
  for (const player of [1, 2]) {
    const squad = view.players.find((p) => p.player === player);
    const column = element("section", undefined, "squad");
    column.append(element("h3", `Player ${player}${squad ? `: ${squad.squad} (${squad.faction})` : ""}`));
    for (const printed of roster.filter((ship) => ship.owner === player)) {
      const card = shipCard(printed, now.get(printed.id), damageTitles);
      card.addEventListener("mouseenter", () => hover(printed.id, true));
      card.addEventListener("mouseleave", () => hover(printed.id, false));
      column.append(card);
    }
    box.append(column);
  }
}
