// How the page presents each kind of decision the engine asks (tallon.engine.vocabulary).
// Every kind has an entry in PRESENTERS; tests/browser/test_decisions.py checks that the
// table covers every kind the engine can ask a player and that each option of each kind
// can be answered from the page. Every presenter lists each option as a control carrying
// its value in data-value; a control that only selects (a dial) is followed by a confirm
// button (data-confirm).
import {element} from "./dom.js";

const BEARINGS = ["T", "B", "F", "N", "Y"];
const SPECIAL = {K: "Koiogran turn", L: "Segnor's loop left", P: "Segnor's loop right",
  E: "Tallon roll left", R: "Tallon roll right", S: "reverse", A: "reverse bank left",
  D: "reverse bank right", O: "stop"};
const BEARING_NAMES = {T: "turn left", B: "bank left", F: "straight", N: "bank right",
  Y: "turn right", ...SPECIAL};
const ARROWS = {T: "↰", B: "↖", F: "↑", N: "↗", Y: "↱", K: "↓", L: "⤺", P: "⤻", E: "⟲",
  R: "⟳", S: "⇣", A: "⇙", D: "⇘", O: "■"};
const DIFFICULTY = {B: "blue", W: "white", R: "red", P: "purple"};
const FACES = {hit: "✹", crit: "✸", focus: "◉", evade: "⤳", blank: "·"};


function optionButton(option, context, label) {
  const button = element("button", label ?? option.label, "option");
  button.type = "button";
  button.dataset.value = typeof option.value === "string" ? option.value : JSON.stringify(option.value);
  button.addEventListener("click", () => context.answer(option.value));
  button.addEventListener("mouseenter", () => context.hover(option));
  button.addEventListener("mouseleave", () => context.hover(null));
  return button;
}

function optionList(decision, context, label = (option) => option.label) {
  const list = element("div", undefined, "options");
  for (const option of decision.options) list.append(optionButton(option, context, label(option)));
  return list;
}

/** The maneuver code of a dial option: speed, bearing letter, difficulty letter. */
export function parseManeuver(code) {
  const match = /^([0-5])([A-Z])([BWRP])?$/.exec(String(code));
  return match ? {speed: Number(match[1]), bearing: match[2], difficulty: match[3] || "W"} : null;
}

export function maneuverName(code) {
  const m = parseManeuver(code);
  if (!m) return String(code);
  return `${m.speed} ${BEARING_NAMES[m.bearing] || m.bearing} (${DIFFICULTY[m.difficulty]})`;
}

// ------------------------------------------------------------------------- presenters
/** A dial: the ship's printed dial as a grid, difficulties coloured; the maneuvers the
 * decision offers are selectable, the rest greyed. Selecting previews; Confirm answers. */
function dial(decision, context) {
  const box = element("div", undefined, "dial");
  const printed = context.dialOf(decision.ship) || [];
  const offered = new Map(decision.options.map((o) => [String(o.value), o]));
  const codes = [...new Set([...printed, ...offered.keys()])].filter(parseManeuver);
  const speeds = [...new Set(codes.map((c) => parseManeuver(c).speed))].sort((a, b) => b - a);
  const specials = [...new Set(codes.map((c) => parseManeuver(c).bearing)
    .filter((b) => !BEARINGS.includes(b)))];
  const columns = [...BEARINGS, ...specials];
  const grid = element("table", undefined, "dial-grid");
  const confirm = element("button", "Confirm", "confirm");
  confirm.type = "button";
  confirm.dataset.confirm = "";
  confirm.disabled = true;
  let chosen = null;
  const choose = (option, cell) => {
    chosen = option;
    for (const other of grid.querySelectorAll(".chosen")) other.classList.remove("chosen");
    cell.classList.add("chosen");
    confirm.disabled = false;
    confirm.textContent = `Confirm ${maneuverName(option.value)}`;
    context.select(option);
  };
  for (const speed of speeds) {
    const row = element("tr");
    row.append(element("th", String(speed)));
    for (const bearing of columns) {
      const cell = element("td");
      const code = codes.find((c) => {
        const m = parseManeuver(c);
        return m.speed === speed && m.bearing === bearing;
      });
      if (code) {
        const m = parseManeuver(code);
        const option = [...offered.values()].find((o) => {
          const n = parseManeuver(o.value);
          return n && n.speed === speed && n.bearing === bearing;
        });
        const button = element("button", ARROWS[bearing] || bearing,
          `maneuver ${DIFFICULTY[(option ? parseManeuver(option.value) : m).difficulty]}`);
        button.type = "button";
        button.title = maneuverName(option ? option.value : code);
        if (option) {
          button.dataset.value = option.value;
          button.addEventListener("click", () => choose(option, button));
          button.addEventListener("mouseenter", () => context.hover(option));
          button.addEventListener("mouseleave", () => context.hover(chosen));
        } else {
          button.disabled = true;
          button.title += ": not allowed now";
        }
        cell.append(button);
      }
      row.append(cell);
    }
    grid.append(row);
  }
  confirm.addEventListener("click", () => chosen && context.answer(chosen.value));
  box.append(grid);
  // options that are not dial maneuvers (a card's alternative) stay answerable
  const others = decision.options.filter((o) => !parseManeuver(o.value));
  if (others.length) box.append(optionList({options: others}, context));
  box.append(confirm);
  return box;
}

/** Placing a ship or an obstacle: drag the ghost on the table (the board module), or take
 * one of the places the engine offers. */
function placement(decision, context) {
  const box = element("div", undefined, "placement");
  const what = decision.kind === "place_obstacle" ? "an obstacle" : "the ship";
  box.append(element("p", `Drag ${what} onto the table and release to place it ` +
    "(R or the mouse wheel turns it; Esc cancels), or pick one of these places:", "hint"));
  if (decision.kind === "place_obstacle") {
    const pieces = [...new Set(decision.options.map((o) => o.info && o.info.obstacle)
      .filter(Boolean))];
    const picker = element("select");
    picker.name = "obstacle";
    for (const piece of pieces) picker.append(new Option(piece, piece));
    picker.addEventListener("change", () => context.place(picker.value));
    box.append(element("label", "Obstacle to drag: "));
    box.lastChild.append(picker);
    if (pieces.length) context.place(pieces[0]);
  } else {
    context.place(decision.ship);
  }
  box.append(optionList(decision, context));
  return box;
}

/** Placing a scenario feature (a satellite, a supply cache): the engine's offered spots
 * are markers on the table to click, and a click anywhere else on the table places it
 * there (the engine checks the limits and says which one a refused place breaks). */
function featurePlacement(decision, context) {
  const box = element("div", undefined, "placement");
  box.append(element("p", "Click one of the marked spots on the table, or anywhere on " +
    "the table to place it there, or pick one of these places:", "hint"));
  if (context.placeFeature) context.placeFeature(decision.options);
  box.append(optionList(decision, context));
  return box;
}

/** A scenario action's target (tow, scramble): the features in range, by id; hovering
 * one marks it on the table (play.js). */
function scenarioTarget(decision, context) {
  return optionList(decision, context);
}

function diceRow(title, faces) {
  const row = element("div", undefined, "dice");
  row.append(element("span", `${title}: `));
  for (const face of faces || []) {
    const die = element("span", FACES[face] || face, `die ${face}`);
    die.title = face;
    row.append(die);
  }
  return row;
}

/** Dice modifications and cancels: the dice as faces, then what the engine allows. */
function dice(decision, context) {
  const box = element("div", undefined, "dice-box");
  const attack = context.attack();
  if (attack) {
    box.append(diceRow("Attack dice", attack.attack_dice));
    if (attack.defense_dice) box.append(diceRow("Defense dice", attack.defense_dice));
  }
  box.append(optionList(decision, context));
  return box;
}

/** Everything else, targets included (their labels give the range; hovering one marks
 * the defender: play.js), as the options the engine lists, as buttons. */
function choice(decision, context) {
  return optionList(decision, context);
}

/** The kinds whose options are maneuvers (a preview can show them). */
export const MANEUVER_KINDS = ["set_dial", "choose_maneuver", "slam_maneuver"];

export const PRESENTERS = {
  place_obstacle: placement, place_ship: placement, card_placement: placement,
  place_picked_up: placement, turn_picked_up: choice,
  upgrade_side: choice,
  set_dial: dial, choose_maneuver: dial, slam_maneuver: dial,
  system_order: choice, activation_order: choice, engagement_order: choice,
  decloak: choice, decloak_position: choice, tallon_position: choice,
  maneuver_template: choice,
  perform_action: choice, card_action: choice, linked_action: choice,
  reinforce_side: choice, lock_target: choice, barrel_roll_direction: choice,
  barrel_roll_position: choice, boost_direction: choice, rotate_arc: choice,
  coordinate_target: choice, jam_target: choice, reload_card: choice,
  jam_effect: choice, tractor_move: choice, tractor_rotate: choice,
  declare_attack: choice, bonus_attack: choice, obstruction: choice,
  modify_attack_dice: dice, modify_defense_dice: dice,
  cancel_attack_results: dice, cancel_defense_results: dice,
  order_abilities: choice, use_ability: choice, replacement: choice,
  remove_condition: choice, launch_device: choice, relocate_remote: choice,
  expose_damage: choice, maarek_damage_card: choice, jingoist_token: choice,
  jingoist_refusal: choice, homing_choice: choice, device_target: choice,
  concussion_choice: choice, cloaking_device: choice, start_docked: choice,
  dock_or_deploy: choice, place_remote: choice, place_device: choice, shield_to_lose: choice,
  place_feature: featurePlacement, place_mine: featurePlacement,
  scenario_target: scenarioTarget, jettison: choice,
  // the first edition's core-set missions
  mission_disabled: choice, shuttle_maneuver: choice, mission_scan: choice,
  mission_reinforcement: choice,
};

/**
 * Render ``decision`` (the server's shape: kind, prompt, options) into ``box``.
 * ``context`` gives: answer(value), hover(option|null), select(option), place(pieceId),
 * dialOf(shipId), attack().
 */
export function presentDecision(box, decision, context) {
  const presenter = PRESENTERS[decision.kind];
  box.dataset.kind = decision.kind;
  box.append(element("p", decision.prompt, "prompt"));
  if (!presenter) {
    // a kind this page does not know yet: still answerable, and flagged for the tests
    box.dataset.unknownKind = decision.kind;
    box.append(optionList(decision, context));
    return;
  }
  box.append(presenter(decision, context));
}
