"""Abilities that change how the ace's ship moves this activation, judged by flying them.

The ace plans each dial with the exact geometry (:mod:`tallon.agents.planning`); a card
that changes the move after the dial is set changes where the ship ends, and once took
ships off the table (RR: FLEE) that the planned maneuver kept on it. Each choice is
flown here with the same geometry and judged as the plan judges a maneuver
(:meth:`~tallon.agents.planning.Planner.maneuver_value`):

- **Ailerons** (Adaptive Ailerons, Controlled Ailerons: boost before revealing the dial):
  each boost offered, then the dial's maneuver from where it ends;
- **Slave I** (after revealing a bank or turn: may set the dial to the other direction):
  the maneuver as set against the one offered;
- **"Slider"** (after revealing a 2 bank: may spend 2 charges to execute it as a
  sideslip) and **Keo Venzee** (may execute a bank or turn as a sideslip one difficulty
  harder, recovering 1 Force): the maneuver against its sideslip, the price weighed;
- a **reposition in the System Phase** (a barrel roll or boost before the ship moves:
  Intuitive Controls, Supernatural Reflexes) is not taken where the maneuver its dial is
  set to would then end far worse: off the table or trapped (:func:`spoils_maneuver`).

Each judge returns the answer, or None when the decision is not one it judges.
"""

from __future__ import annotations

from collections.abc import Callable

from tallon.agents.planning import ACTION_VALUE, STRESS_COST, Planner
from tallon.agents.reading import Piece, table_of
from tallon.engine.decisions import Decision
from tallon.geometry import Maneuver, Pose, execute_maneuver

#: The ship abilities that boost before the dial is revealed, as decisions name them.
AILERONS = ("Adaptive Ailerons", "Controlled Ailerons")
#: The boost templates an ailerons decision offers (and "decline", where it may).
BOOSTS = ("left", "straight", "right")
#: Slave I's, "Slider"'s and Keo Venzee's cards.
SLAVE_I, SLIDER, KEO = "slavei", "slider", "keovenzee"
#: What 2 of "Slider"'s charges are worth (in the plan's units): the sideslip is taken
#: only where it puts the ship somewhere better by more than this.
SLIDER_CHARGES_COST = 0.3
#: What the Force Keo Venzee recovers is worth.
FORCE_VALUE = 0.2
#: How much worse a System Phase reposition may make the maneuver that follows: a
#: quarter of a trapped position's cost (a reposition's own worth is judged elsewhere).
SPOILED = 2.0


def _ship(planner: Planner, decision: Decision) -> Piece | None:
    ship = planner.by_id.get(decision.ship or "")
    return ship if ship is not None and not ship.length else None


def ailerons_choice(planner: Planner, decision: Decision) -> str | None:
    """The boost after which the dial's maneuver ends best (a boost whose maneuver flees
    only if every one does); declining, where the ship may, is judged as staying put."""
    keys = decision.option_keys()
    ship = _ship(planner, decision)
    code = ship.set_code if ship is not None else None
    if ship is None or code is None or not set(keys) <= {*BOOSTS, "decline"}:
        return None
    tables = dict(planner.boosted(ship, planner.table, {},
                                  [k for k in keys if k != "decline"]))
    best, best_value = keys[0], -float("inf")
    for key in keys:  # in the order offered: the first of equals
        if key != "decline" and key not in tables:
            continue  # the boost fails
        value = planner.maneuver_value(ship, code, True, tables.get(key))[0]
        if value > best_value:
            best, best_value = key, value
    return best


def _flown_from(planner: Planner, ship: Piece, start: Pose, code: str) -> float:
    """The value of ``code`` flown by ``ship`` standing at ``start`` instead."""
    table = table_of(planner.pieces, planner.view, {ship.id: start}, planner.table)
    return planner.maneuver_value(ship, code, True, table)[0]


def mirror_choice(planner: Planner, decision: Decision) -> str | None:
    """Slave I: the mirrored maneuver where it ends better than the one revealed (which
    the ship's dial shows), else "decline"."""
    keys = decision.option_keys()
    ship = _ship(planner, decision)
    code = ship.set_code if ship is not None else None
    if ship is None or code is None or "decline" not in keys:
        return None
    best, best_value = "decline", planner.maneuver_value(ship, code, True)[0]
    for key in keys:
        if key != "decline" and key[:1].isdigit():
            value = planner.maneuver_value(ship, key, True)[0]
            if value > best_value:
                best, best_value = key, value
    return best


def sideslip_choice(planner: Planner, decision: Decision) -> str | None:
    """"Slider", Keo Venzee: the sideslip where it ends better than the maneuver by more
    than its price (and never where it flees, bumps or meets an obstacle), else
    "decline"."""
    ship = _ship(planner, decision)
    code = ship.set_code if ship is not None else None
    if ship is None or code is None or set(decision.option_keys()) != {"use", "decline"}:
        return None
    outcome = execute_maneuver(planner.table, ship.id, Maneuver.parse(code), sideslip=True)
    if outcome.fled or outcome.forced_by or outcome.overlapping or outcome.hazards:
        return "decline"
    end = planner.maneuver_value(ship, code, True)[1]
    if end is None:
        return "use"  # the maneuver flees; the sideslip does not
    # the same maneuver and action: only where it ends differs, and the price
    gain = planner.position_value(ship, outcome.final, True) - \
        planner.position_value(ship, end, True)
    return "use" if gain > _sideslip_price(ship, code, decision) else "decline"


def _sideslip_price(ship: Piece, code: str, decision: Decision) -> float:
    if any(o.info and o.info.get("card") == SLIDER for o in decision.options):
        return SLIDER_CHARGES_COST
    # Keo Venzee: one difficulty harder (RR: DIFFICULTY), a Force recovered
    if code[-1] == "B":  # white: no stress removed
        return (STRESS_COST if ship.stressed else 0.0) - FORCE_VALUE
    return STRESS_COST + ACTION_VALUE - FORCE_VALUE  # red: a stress, no action


def spoils_maneuver(planner: Planner, ship: Piece, at: Pose) -> bool:
    """Whether, in the System Phase (the ship yet to move), the maneuver its dial is set to
    would end far worse flown from ``at`` (where a reposition puts the ship) than from
    where it stands: off the table, or trapped against an edge."""
    code = ship.set_code
    if planner.view.get("phase") != "system" or code is None or ship.activated:
        return False
    return _flown_from(planner, ship, at, code) < \
        planner.maneuver_value(ship, code, True)[0] - SPOILED


#: The cards judged here, and how.
STEERED: dict[str, Callable[[Planner, Decision], str | None]] = {
    **dict.fromkeys(AILERONS, ailerons_choice), SLAVE_I: mirror_choice,
    SLIDER: sideslip_choice, KEO: sideslip_choice}
