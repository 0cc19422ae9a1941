// The table on the game page: the server's drawing (Tallon's own geometry, to scale) put
// inline, so that the page can show a ship's range bands and arcs on hover, lay previews
// and ghosts over it, animate moves and let a player drag a piece into place. Positions
// are in table millimetres inside the drawing's #table group (y up).

const SVG = "http://www.w3.org/2000/svg";
const MOVE_MS = 700;
/** The players' colours, player 1 first (as the server draws ships: render/replay_page). */
export const PLAYER_COLOURS = ["#e74c3c", "#3498db"];
/** The standard scenarios (tallon.engine.scenarios): title, and the range the scenario
 * measures from its features (control, tow, scramble: 1; Chance Engagement's contest: 2). */
export const SCENARIOS = {
  "satellite-array": {title: "Assault at the Satellite Array", range: 1},
  "chance-engagement": {title: "Chance Engagement", range: 2},
  "salvage-mission": {title: "Salvage Mission", range: 1},
  "scramble-transmissions": {title: "Scramble the Transmissions", range: 1},
};
/** A scenario feature's marker: radius in mm (SCENARIO_MARKER_RADIUS), a range band. */
const MARKER_R = 20;
const RANGE_BAND = 100;
const FEATURE_FILL = {satellite: "#d5dbdb", supply_cache: "#f5b041"};
/** The piece a player drags to place a scenario feature. */
export const FEATURE_PIECE = "scenario-feature";
const HALF = {small: 20, medium: 30, large: 40};

function poseOf(node) {
  return {x: Number(node.dataset.x), y: Number(node.dataset.y),
    heading: Number(node.dataset.heading)};
}

function placed(pose) {
  return `translate(${pose.x} ${pose.y}) rotate(${-pose.heading})`;
}

function between(a, b, t) {
  const turn = ((b.heading - a.heading + 540) % 360) - 180;
  return {x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, heading: a.heading + turn * t};
}

/** The transform that carries a drawing made at pose ``to`` to pose ``at``. */
function carried(at, to) {
  return `${placed(at)} rotate(${to.heading}) translate(${-to.x} ${-to.y})`;
}

export class Board {
  constructor(container) {
    this.container = container;
    this.svg = null;
    this.ghost = null;
    this.dragging = null; // {piece, heading, onDrop}
    this.marked = new Set();
    this.features = null; // {list, scenario}: the view's scenario features
    this.spots = null; // {options, onPick}: the places a feature may be put
    container.addEventListener("pointermove", (event) => this.pointerMoved(event));
    container.addEventListener("pointerup", (event) => this.released(event));
    container.addEventListener("wheel", (event) => {
      if (!this.dragging) return;
      event.preventDefault();
      this.turn(event.deltaY > 0 ? 15 : -15);
    }, {passive: false});
    document.addEventListener("keydown", (event) => {
      if (!this.dragging) return;
      if (event.key === "r" || event.key === "R") this.turn(event.shiftKey ? -15 : 15);
      if (event.key === "Escape") this.stopDragging();
    });
  }

  get table() {
    return this.svg ? this.svg.querySelector("#table") : null;
  }

  /** Show ``text`` (an SVG document); ships that moved since the last drawing slide
   * from where they were, along the templates of the maneuvers they executed. */
  async show(text, animate = true) {
    const before = new Map();
    if (this.svg) {
      for (const ship of this.svg.querySelectorAll("g.ship")) before.set(ship.dataset.ship, poseOf(ship));
    }
    const parsed = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    const svg = document.importNode(parsed, true);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "The play area, drawn to scale");
    this.container.replaceChildren(svg);
    this.svg = svg;
    this.overlay = document.createElementNS(SVG, "g");
    this.overlay.setAttribute("id", "overlay");
    this.table.append(this.overlay);
    for (const ship of svg.querySelectorAll("g.ship")) {
      const id = ship.dataset.ship;
      ship.addEventListener("mouseenter", () => this.reach(id, true));
      ship.addEventListener("mouseleave", () => this.reach(id, false));
    }
    this.table.insertBefore(this.svgElement("defs", {}, [this.svgElement("g",
      {id: `piece-${FEATURE_PIECE}`}, [this.svgElement("circle", {r: MARKER_R,
        fill: "#f7dc6f", "fill-opacity": 0.6, stroke: "#f7dc6f", "stroke-width": 1.5})])]),
    this.table.firstChild);
    for (const id of this.marked) this.mark(id, true);
    if (this.features) this.showFeatures(this.features.list, this.features.scenario);
    if (this.spots) this.offerSpots(this.spots.options, this.spots.onPick);
    if (this.dragging) this.startDragging(this.dragging.piece, this.dragging.heading, this.dragging.onDrop);
    if (animate && before.size) await this.animate(before);
  }

  svgElement(name, attributes, children = []) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    node.append(...children);
    return node;
  }

  /** A group under the ships (on the table, drawn after the obstacles and templates). */
  layer(id) {
    let group = this.svg.querySelector(`#${id}`);
    if (!group) {
      group = this.svgElement("g", {id});
      const firstShip = this.table.querySelector(":scope > g.reach, :scope > g.ship");
      this.table.insertBefore(group, firstShip || this.overlay);
    }
    return group;
  }

  /** Draw the scenario's features (the view's ``features``: id, kind, x, y, marker,
   * carrier): a round marker where it lies, ringed and dotted in the colour of the player
   * whose marker is on it, a faint ring at the range the scenario measures; a towed
   * supply cache small beside the ship towing it. */
  showFeatures(list, scenario) {
    this.features = {list: list || [], scenario};
    if (!this.svg) return;
    const layer = this.layer("features");
    layer.replaceChildren();
    const range = (SCENARIOS[scenario] || {}).range || 0;
    for (const f of this.features.list) {
      const colour = f.marker ? PLAYER_COLOURS[f.marker - 1] : "#fdfefe";
      const fill = FEATURE_FILL[f.kind] || "#aeb6bf";
      const name = f.id.replaceAll("-", " ").replaceAll("_", " ");
      const group = this.svgElement("g", {class: "feature", "data-feature": f.id,
        "data-kind": f.kind});
      if (f.marker) group.dataset.marker = f.marker;
      let at = null;
      let r = MARKER_R;
      if (f.x !== null && f.y !== null) {
        at = {x: f.x, y: f.y};
        if (range) {
          group.append(this.svgElement("circle", {class: "range-ring", cx: f.x, cy: f.y,
            r: MARKER_R + range * RANGE_BAND, fill: "none", stroke: "#fdfefe",
            "stroke-opacity": 0.3, "stroke-width": 0.8, "stroke-dasharray": "5 4"}));
        }
        group.append(this.svgElement("title", {}, [name + (f.marker ? ` (player ${f.marker}'s marker)` : "")]));
      } else if (f.carrier) {
        const ship = this.svg.querySelector(`g.ship[data-ship="${CSS.escape(f.carrier)}"]`);
        if (!ship) continue;
        const pose = poseOf(ship);
        // a huge ship's size is "large": its base's length is in data-length
        const half = ship.dataset.length ? Number(ship.dataset.length) / 2 : HALF[ship.dataset.size] || 20;
        r = MARKER_R * 0.55;
        at = {x: pose.x + half + r + 4, y: pose.y + half * 0.5};
        group.dataset.carrier = f.carrier;
        group.append(this.svgElement("title", {}, [`${name}: towed by ${f.carrier}`]),
          this.svgElement("line", {x1: pose.x, y1: pose.y, x2: at.x, y2: at.y,
            stroke: FEATURE_FILL.supply_cache, "stroke-width": 1.2, "stroke-dasharray": "3 2"}));
      }
      if (!at) continue;
      group.dataset.x = at.x;
      group.dataset.y = at.y;
      group.append(this.svgElement("circle", {class: "marker", cx: at.x, cy: at.y, r, fill,
        stroke: colour, "stroke-width": f.marker ? 3 : 1.2}));
      if (f.marker) {
        group.append(this.svgElement("circle", {class: "player-marker", cx: at.x + r * 0.55,
          cy: at.y + r * 0.55, r: r * 0.35, fill: colour, stroke: "#fdfefe", "stroke-width": 0.8}));
      }
      layer.append(group);
    }
  }

  /** Highlight a feature (a scenario action's target under the pointer). */
  markFeature(id, marked) {
    if (!this.svg) return;
    for (const group of this.svg.querySelectorAll("g.feature")) {
      group.classList.toggle("marked", marked && group.dataset.feature === id);
    }
  }

  /** Offer the places a scenario feature may go (options with info {x, y}) as markers on
   * the table; clicking one answers it: ``onPick(option)``. Null clears them. */
  offerSpots(options, onPick) {
    this.spots = options ? {options, onPick} : null;
    if (!this.svg) return;
    const layer = this.layer("spots");
    layer.replaceChildren();
    // above the ships: a spot may lie under a ship's base
    this.table.insertBefore(layer, this.overlay);
    for (const option of options || []) {
      const info = option.info || {};
      if (info.x === undefined || info.y === undefined) continue;
      const spot = this.svgElement("circle", {class: "spot", cx: info.x, cy: info.y, r: MARKER_R,
        "data-value": option.value}, [this.svgElement("title", {}, [option.label])]);
      layer.append(spot);
    }
  }

  reach(shipId, shown) {
    if (!this.svg) return;
    const group = this.svg.querySelector(`g.reach[data-ship="${CSS.escape(shipId)}"]`);
    if (group) group.setAttribute("visibility", shown ? "visible" : "hidden");
  }

  mark(shipId, marked) {
    if (marked) this.marked.add(shipId); else this.marked.delete(shipId);
    if (!this.svg) return;
    const ship = this.svg.querySelector(`g.ship[data-ship="${CSS.escape(shipId)}"]`);
    if (ship) ship.classList.toggle("marked", marked);
  }

  async animate(before) {
    const moves = [];
    for (const ship of this.svg.querySelectorAll("g.ship")) {
      const from = before.get(ship.dataset.ship);
      const to = poseOf(ship);
      if (!from || (Math.abs(from.x - to.x) < 0.01 && Math.abs(from.y - to.y) < 0.01 &&
          Math.abs(from.heading - to.heading) < 0.01)) continue;
      const label = this.svg.querySelector(`text.label[data-ship="${CSS.escape(ship.dataset.ship)}"]`);
      if (label) label.setAttribute("visibility", "hidden");
      const trails = this.svg.querySelectorAll(`g.trail[data-ship="${CSS.escape(ship.dataset.ship)}"]`);
      for (const trail of trails) trail.setAttribute("visibility", "visible");
      moves.push({ship, from, to, label, trails});
    }
    if (!moves.length) return;
    this.container.dataset.animating = "true";
    await new Promise((done) => {
      const start = performance.now();
      const frame = (now) => {
        const t = Math.min(1, (now - start) / MOVE_MS);
        const eased = t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
        for (const move of moves) {
          move.ship.setAttribute("transform", carried(between(move.from, move.to, eased), move.to));
        }
        if (t < 1) requestAnimationFrame(frame); else done();
      };
      requestAnimationFrame(frame);
    });
    for (const move of moves) {
      move.ship.removeAttribute("transform");
      if (move.label) move.label.removeAttribute("visibility");
    }
    setTimeout(() => {
      for (const move of moves) for (const trail of move.trails) trail.setAttribute("visibility", "hidden");
    }, 900);
    delete this.container.dataset.animating;
  }

  /** Lay an SVG fragment (in table millimetres) over the table; null clears it. */
  preview(fragment) {
    if (!this.overlay) return;
    this.overlay.replaceChildren();
    if (!fragment) return;
    const wrapped = new DOMParser().parseFromString(
      `<svg xmlns="${SVG}"><g>${fragment}</g></svg>`, "image/svg+xml");
    this.overlay.append(document.importNode(wrapped.documentElement.firstElementChild, true));
  }

  /** The piece ``piece`` (drawn by the server in the drawing's defs) shown at ``pose``. */
  ghostAt(piece, pose) {
    if (!this.overlay) return;
    this.overlay.replaceChildren();
    if (!pose) return;
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `#piece-${piece}`);
    use.setAttribute("transform", placed(pose));
    use.setAttribute("class", "ghost");
    this.overlay.append(use);
  }

  /** Let the player drag ``piece`` about the table; a click or release places it:
   * ``onDrop({x, y, heading})``. */
  startDragging(piece, heading, onDrop) {
    this.dragging = {piece, heading, onDrop, at: null};
    this.container.classList.add("placing");
  }

  stopDragging() {
    this.dragging = null;
    this.offerSpots(null);
    this.container.classList.remove("placing");
    this.ghostAt(null, null);
  }

  turn(degrees) {
    const dragging = this.dragging;
    dragging.heading = ((dragging.heading + degrees) % 360 + 360) % 360;
    if (dragging.at) this.ghostAt(dragging.piece, {...dragging.at, heading: dragging.heading});
  }

  /** Table millimetres under a pointer event. */
  tablePoint(event) {
    const point = this.svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(this.table.getScreenCTM().inverse());
    return {x: Math.round(local.x * 10) / 10, y: Math.round(local.y * 10) / 10};
  }

  pointerMoved(event) {
    if (!this.dragging || !this.svg) return;
    this.dragging.at = this.tablePoint(event);
    this.ghostAt(this.dragging.piece, {...this.dragging.at, heading: this.dragging.heading});
  }

  released(event) {
    if (!this.svg || event.button !== 0) return;
    const spot = event.target.closest && event.target.closest("circle.spot");
    if (spot && this.spots) {
      const option = this.spots.options.find((o) => String(o.value) === spot.dataset.value);
      if (option) {
        this.spots.onPick(option);
        return;
      }
    }
    if (!this.dragging) return;
    const at = this.tablePoint(event);
    this.dragging.onDrop({x: at.x, y: at.y, heading: this.dragging.heading});
  }

  /** Where a table point is on the screen (for tests and tooltips). */
  screenPoint(x, y) {
    const point = this.svg.createSVGPoint();
    point.x = x;
    point.y = y;
    const screen = point.matrixTransform(this.table.getScreenCTM());
    return {x: screen.x, y: screen.y};
  }
}
