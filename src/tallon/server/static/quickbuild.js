// Quick build: a squad assembled from the cards the engine plays (GET /api/cards) without
// writing XWS. The server judges the squad as it changes (POST /api/squads/check, through
// the lobby); the quick build only offers cards, and shows that verdict ship by ship.

const pools = new Map();
let everything = null;

async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

// The factions the engine plays, and each faction's pool (upgrades restricted to other
// factions are left out by the server).
export function allCards() {
  everything ??= json("/api/cards");
  return everything;
}

export function factionCards(faction) {
  if (!pools.has(faction)) pools.set(faction, json(`/api/cards?faction=${encodeURIComponent(faction)}`));
  return pools.get(faction);
}

function element(tag, attributes = {}, ...children) {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") made.textContent = value;
    else if (key.startsWith("on")) made.addEventListener(key.slice(2), value);
    else made.setAttribute(key, value);
  }
  made.append(...children);
  return made;
}

const slotName = (slot) => slot.charAt(0).toUpperCase() + slot.slice(1).replace("-", " ");
const costText = (upgrade) => (upgrade.cost ?? "varies");
const folded = (text) => (text ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");

// Whether an upgrade may go on the pilot's ship, judged only by the restrictions the page
// can see (faction, size, ship type); any other restriction is left to the server's check.
function mayFit(upgrade, pilot) {
  return upgrade.restrictions.every((group) => {
    const keys = Object.keys(group);
    if (keys.some((key) => !["factions", "sizes", "ships"].includes(key))) return true;
    return (group.factions ?? []).includes(pilot.faction)
      || (group.sizes ?? []).includes(pilot.size) || (group.ships ?? []).includes(pilot.ship);
  });
}

export class QuickBuild {
  // root: the panel to fill; seat: 1 or 2 (for the test ids); changed(xws): called with
  // the squad after every change.
  constructor(root, seat, changed) {
    this.root = root;
    this.seat = seat;
    this.changed = changed;
    this.faction = null;
    this.pool = null;
    this.ships = [];  // {pilot, upgrades: [xws or "" per slot of the pilot]}
    this.report = null;
    this.factionSelect = element("select", {"data-testid": `qb-faction-${seat}`,
                                            onchange: () => this.setFaction(this.factionSelect.value)});
    this.search = element("input", {type: "search", placeholder: "pilot, ship or upgrade",
                                     "data-testid": `qb-search-${seat}`,
                                     oninput: () => this.showPool()});
    this.pilotList = element("ul", {class: "qb-list", "data-testid": `qb-pilots-${seat}`});
    this.upgradeList = element("ul", {class: "qb-list", "data-testid": `qb-upgrades-${seat}`});
    this.shipList = element("ol", {class: "qb-ships", "data-testid": `qb-ships-${seat}`});
    this.summary = element("p", {class: "qb-summary", "data-testid": `qb-summary-${seat}`});
    root.append(
      element("div", {class: "qb-head"},
              element("label", {}, "Faction ", this.factionSelect),
              element("label", {}, "Search ", this.search)),
      element("div", {class: "qb-body"},
              element("div", {class: "qb-pool"}, element("h4", {text: "Pilots"}), this.pilotList,
                      element("h4", {text: "Upgrades (search to list them)"}), this.upgradeList),
              element("div", {class: "qb-squad"}, element("h4", {text: "Squad"}), this.shipList,
                      this.summary)));
  }

  async ready() {
    if (this.factionSelect.options.length) return;
    const {factions} = await allCards();
    for (const faction of factions) {
      this.factionSelect.append(element("option", {value: faction.xws, text: faction.name}));
    }
  }

  // Start from a squad (best effort: its faction and the cards of the pool it names);
  // false when the squad has cards the quick build does not offer.
  async load(xws) {
    await this.ready();
    const faction = xws && typeof xws === "object" ? xws.faction : null;
    const known = [...this.factionSelect.options].map((option) => option.value);
    await this.setFaction(known.includes(faction) ? faction : this.faction ?? known[0], false);
    this.ships = [];
    this.report = null;
    if (!known.includes(faction) || !Array.isArray(xws.pilots)) return !xws;
    let complete = true;
    for (const entry of xws.pilots) {
      const pilot = this.pool.pilots.find((p) => p.xws === entry?.id);
      if (!pilot) { complete = false; continue; }
      const ship = {pilot, upgrades: pilot.slots.map(() => "")};
      if (!pilot.standard_loadout.length) {
        for (const [slot, ids] of Object.entries(entry.upgrades ?? {})) {
          for (const id of Array.isArray(ids) ? ids : []) {
            const free = pilot.slots.findIndex((s, k) => s === slot && !ship.upgrades[k]);
            const offered = this.pool.upgrades.some((u) => u.xws === id);
            if (free < 0 || !offered) complete = false;
            else ship.upgrades[free] = id;
          }
        }
      }
      this.ships.push(ship);
    }
    this.render();
    return complete;
  }

  async setFaction(faction, announce = true) {
    await this.ready();
    this.factionSelect.value = faction;
    if (faction !== this.faction) {
      this.faction = faction;
      this.ships = [];
      this.report = null;
      this.pool = await factionCards(faction);
    }
    this.render();
    if (announce) this.changed(this.xws());
  }

  xws() {
    return {
      version: "2.0.0", name: "Quick build", faction: this.faction,
      pilots: this.ships.map(({pilot, upgrades}) => {
        const bySlot = {};
        const add = (slot, id) => (bySlot[slot] ??= []).push(id);
        if (pilot.standard_loadout.length) {
          for (const upgrade of pilot.standard_loadout) add(upgrade.slot, upgrade.xws);
        } else {
          upgrades.forEach((id, k) => id && add(pilot.slots[k], id));
        }
        return {id: pilot.xws, ship: pilot.ship, upgrades: bySlot};
      }),
    };
  }

  // The server's verdict on the squad (POST /api/squads/check), shown ship by ship.
  showReport(report) {
    this.report = report;
    this.renderSquad();
  }

  update() {
    this.report = null;
    this.renderSquad();
    this.changed(this.xws());
  }

  render() {
    this.showPool();
    this.renderSquad();
  }

  showPool() {
    if (!this.pool) return;
    const needle = folded(this.search.value);
    const matches = (...labels) => !needle || labels.some((label) => folded(label).includes(needle));
    this.pilotList.replaceChildren(...this.pool.pilots
      .filter((p) => matches(p.name, p.caption, p.ship_name, p.xws))
      .map((pilot) => element("li", {},
        element("button", {type: "button", "data-testid": `qb-add-${this.seat}-${pilot.xws}`,
                           onclick: () => {
                             this.ships.push({pilot, upgrades: pilot.slots.map(() => "")});
                             this.update();
                           }}, "Add"),
        ` I${pilot.initiative} ${pilot.name}${pilot.caption ? ` “${pilot.caption}”` : ""} — `
        + `${pilot.ship_name}, ${pilot.cost} pts`
        + (pilot.standard_loadout.length ? " (standard loadout)" : `, loadout ${pilot.loadout}`))));
    const upgrades = needle ? this.pool.upgrades.filter((u) => matches(u.name, u.xws, u.slot)) : [];
    this.upgradeList.replaceChildren(...upgrades.map((upgrade) => element("li", {},
      element("button", {type: "button", "data-testid": `qb-upgrade-${this.seat}-${upgrade.xws}`,
                         onclick: () => this.addUpgrade(upgrade)}, "Add"),
      ` ${upgrade.name} — ${slotName(upgrade.slot)}, ${costText(upgrade)}`)));
  }

  // An upgrade picked from the search goes into the last ship with a free slot for it.
  addUpgrade(upgrade) {
    for (const ship of [...this.ships].reverse()) {
      if (ship.pilot.standard_loadout.length || !mayFit(upgrade, ship.pilot)) continue;
      const free = ship.pilot.slots.findIndex((slot, k) => slot === upgrade.slot && !ship.upgrades[k]);
      if (free >= 0) {
        ship.upgrades[free] = upgrade.xws;
        this.update();
        return;
      }
    }
    this.summary.textContent = `No ship has a free ${slotName(upgrade.slot)} slot for ${upgrade.name}.`;
  }

  renderSquad() {
    const reports = this.report?.ships ?? [];
    this.shipList.replaceChildren(...this.ships.map((ship, index) => {
      const {pilot} = ship;
      const report = reports[index];
      const loadout = pilot.standard_loadout.length ? "standard loadout"
        : `loadout ${report ? report.loadout_used : "?"}/${pilot.loadout}`;
      const item = element("li", {"data-testid": `qb-ship-${this.seat}-${index}`},
        element("div", {class: "qb-ship"},
                element("strong", {text: `I${pilot.initiative} ${pilot.name}`}),
                ` ${pilot.ship_name} · ${pilot.cost} pts · ${loadout} `,
                element("button", {type: "button", "data-testid": `qb-remove-${this.seat}-${index}`,
                                   onclick: () => { this.ships.splice(index, 1); this.update(); }},
                        "Remove")));
      if (pilot.standard_loadout.length) {
        item.append(element("div", {class: "qb-slots",
                                    text: pilot.standard_loadout.map((u) => u.name).join(", ")}));
      } else {
        item.append(element("div", {class: "qb-slots"}, ...pilot.slots.map((slot, k) => {
          const select = element("select", {"data-testid": `qb-slot-${this.seat}-${index}-${k}`,
                                            onchange: () => { ship.upgrades[k] = select.value; this.update(); }},
                                 element("option", {value: "", text: "—"}));
          for (const upgrade of this.pool.upgrades) {
            if (upgrade.slot === slot && (mayFit(upgrade, pilot) || upgrade.xws === ship.upgrades[k])) {
              select.append(element("option", {value: upgrade.xws,
                                                text: `${upgrade.name} (${costText(upgrade)})`}));
            }
          }
          select.value = ship.upgrades[k];
          select.disabled = select.options.length === 1;  // nothing the engine plays fits
          return element("label", {class: "qb-slot"}, `${slotName(slot)} `, select);
        })));
      }
      const problems = (this.report?.problems ?? []).filter((p) => p.ship === index);
      if (problems.length) {
        item.append(element("ul", {class: "qb-problems"},
                            ...problems.map((p) => element("li", {text: p.message}))));
      }
      return item;
    }));
    const points = this.ships.reduce((sum, ship) => sum + ship.pilot.cost, 0);
    const limit = this.report?.points_limit ?? 20;
    const verdict = !this.report ? "checking…"
      : this.report.problems.length ? "not ready to play (see the problems)" : "legal and playable";
    this.summary.textContent = `${points}/${limit} squad points, ${this.ships.length} ships: ${verdict}`;
  }
}
