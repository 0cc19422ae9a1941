// The table on the game page: the server's drawing (Tallon's own geometry, to scale) put
// inline, so that the page can show a ship's range bands and arcs on hover, lay previews
// and ghosts over it, animate moves and let a player drag a piece into place. Positions
// are in table millimetres inside the drawing's #table group (y up).

const SVG = "http://www.w3.org/2000/svg";
const MOVE_MS = 700;

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
    for (const id of this.marked) this.mark(id, true);
    if (this.dragging) this.startDragging(this.dragging.piece, this.dragging.heading, this.dragging.onDrop);
    if (animate && before.size) await this.animate(before);
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
    if (!this.dragging || !this.svg || event.button !== 0) return;
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
