"""Docking and deploying (RR: DOCK, RR: DEPLOY).

- **Who can dock.** A card of the carrier says which ships it carries (hook ``docking``,
  asked of the carrier's own cards with the ship: the guides that ship may deploy from,
  or None); a card of the docking ship may let it dock farther than range 0 (hook
  ``dock_range``). A docked ship is in reserve: it is off the table (no body), so it is
  not in play: no dial, no actions, no attacks, not a target; its carrier lists it in
  ``ShipState.docked``.
- **Setup.** Before Place Forces each player declares which of their ships start docked,
  and in which carrier (a question per ship that could, asked only when one could).
- **System Phase** (at the docked or docking ship's own initiative): a docked ship may
  deploy: it executes a non-stationary, non-reverse maneuver of its dial from the
  carrier's front or rear guides as if they were its own starting position, then may
  perform one action; it does not activate this round. If it would end overlapping a
  ship, it fails to deploy and stays docked. A ship at range 0 of a friendly carrier may
  dock instead; it does not activate this round. A ship can't dock and deploy in the same
  System Phase.
- **Emergency deploy.** When a carrier is destroyed, before it is removed, each docked
  ship may emergency deploy: it suffers 1 critical damage, then deploys (no action); one
  that can't be placed, or does not deploy, is destroyed with its carrier (rulings,
  docs/rulings.md). A carrier that leaves the game otherwise (fleeing) takes its docked
  ships with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

from tallon.engine.abilities import RULES, Ctx, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import (
    break_locks_on,
    remove_ship,
    suffer_damage,
)
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.pilot_copies import copy_pilot_ability, drop_pilot_ability
from tallon.engine.queue import FireWindow, named, own_modifiers
from tallon.engine.scenarios import jettison, towed_cache
from tallon.engine.state import ShipState
from tallon.engine.steps import Ask, ChoiceStep, Step, continuation
from tallon.geometry import Maneuver, Pose, Ship, execute_maneuver
from tallon.geometry.constants import BASE_SIDE
from tallon.geometry.overlap import ships_overlapped

if TYPE_CHECKING:
    from tallon.engine.game import Game

GUIDES = ("front", "rear")
#: RR: APPENDIX: HUGE SHIPS - DOCKING WITH HUGE SHIPS: a ship docked in a huge ship may
#: deploy from its sides too, the template's centre line on the huge ship's centre line.
HUGE_DEPLOY_SIDES = ("left", "right")
#: Which way a deploying ship faces, from the carrier's facing (clockwise degrees).
_DEPLOY_TURN = {"front": 0.0, "rear": 180.0, "left": -90.0, "right": 90.0}
#: Bearings a ship can't deploy with (RR: DOCK: "a non-stationary, non-reverse maneuver").
_NOT_DEPLOYING = {"O", "A", "S", "D"}
#: The card memory key of the round a ship docked or deployed in (RR: DOCK: not both).
_DOCKED_ROUND = "rule:docked or deployed"


# ------------------------------------------------------------------------- who
def carrier_of(game: Game, ship: ShipState) -> ShipState | None:
    """The carrier the ship is docked in, or None."""
    return next((c for c in game.state.ships.values() if ship.id in c.docked), None)


def dock_guides(game: Game, carrier: ShipState, ship: ShipState) -> tuple[str, ...] | None:
    """The guides ``ship`` could deploy from if docked in ``carrier`` (None: the carrier
    can't dock it now, its cards say so: hook ``docking``)."""
    # RR: DOCK - "another friendly ship": an allied one is not (RR: ALLIED)
    if ship.remote or carrier.remote or not friendly(carrier, ship) or \
            carrier.id == ship.id or "docking" not in named(game):
        return None
    for held in own_modifiers(game, carrier, "docking"):
        found = held.ability.value(game, carrier, ship=ship)
        if found:
            return tuple(found)
    return None


def dock_range(game: Game, ship: ShipState) -> int:
    """The range at which the ship may dock: 0, or what its cards say (hook
    ``dock_range``, the highest applies)."""
    found = [held.ability.value(game, ship, ship=ship)
             for held in own_modifiers(game, ship, "dock_range")]
    return max([0, *(n for n in found if n is not None)])


def lend_pilot_ability(game: Game, ship: ShipState, carrier: ShipState, docked: bool
                       ) -> None:
    """A ship whose card says so (hook ``lends_pilot_ability``: "while you are docked, your
    carrier ship has your pilot ability") gives its carrier its pilot ability as it docks,
    and takes it back as it deploys (RR: DOCK)."""
    # asked while the ship is on the table (or in setup): before it docks, once deployed
    if "lends_pilot_ability" not in named(game) or not any(
            h.ability.value(game, ship, ship=ship)
            for h in own_modifiers(game, ship, "lends_pilot_ability")):
        return
    if docked:
        copy_pilot_ability(carrier, ship)
    else:
        drop_pilot_ability(carrier, ship)


def take_on_docked(game: Game, carrier: ShipState) -> None:
    """A carrier whose card says so takes on the initiative and dial of the ship docked
    with it, or its own without one (hook ``docked_profile``), as ships dock and deploy.
    Without a ship it is assigned no dial; one that takes on a dial after the Planning
    Phase was assigned none this round: it does not activate (ruling, as RR: DOCK)."""
    if "docked_profile" not in named(game):
        return
    docked = next((game.state.ships[i] for i in carrier.docked), None)
    for held in own_modifiers(game, carrier, "docked_profile"):
        found = held.ability.value(game, carrier, ship=docked)
        if found is None:
            continue
        carrier.initiative, dial = found[0], tuple(found[1])
        if docked is None:
            carrier.dial_set = None
        elif not carrier.dial and game.state.phase in ("system", "activation"):
            carrier.activated = True
        carrier.dial = dial
        return


def _round_memory(ship: ShipState) -> Any:
    return ship.recalled(_DOCKED_ROUND)


def _mark(game: Game, ship: ShipState) -> None:
    ship.remember(_DOCKED_ROUND, game.state.round)


def carriers_near(game: Game, ship: ShipState) -> list[ShipState]:
    """Friendly carriers in play the ship may dock with now (System Phase)."""
    if "docking" not in named(game) or not ship.in_play or ship.remote or \
            _round_memory(ship) == game.state.round:
        return []
    reach = dock_range(game, ship)
    # RR: APPENDIX: HUGE SHIPS - standard ships may dock with a huge carrier at range 0-1
    return [carrier for carrier in game.state.ships.values()
            if carrier.in_play and carrier.id != ship.id
            and dock_guides(game, carrier, ship) is not None
            and game.state.range_up_to(ship, carrier, max(reach, 1) if carrier.huge
                                       else reach) is not None]


def can_deploy(game: Game, ship: ShipState) -> bool:
    """Whether the ship is docked in a carrier in play and did not dock this round (and no
    card of its forbids deploying: hook ``deploy_forbidden``)."""
    carrier = carrier_of(game, ship)
    return carrier is not None and carrier.in_play and \
        _round_memory(ship) != game.state.round and not any(
            held.ability.value(game, ship, ship=ship)
            for held in own_modifiers(game, ship, "deploy_forbidden", off_table=True))


def _deployed(game: Game, ship: ShipState, carrier: ShipState, emergency: bool
              ) -> list[Step]:
    """The "after you deploy" window, only when a card could listen (other games keep their
    state hashes)."""
    if "after_deploy" not in named(game):
        return []
    return [FireWindow.of("after_deploy", ship=ship.id, carrier=carrier.id,
                          emergency=emergency)]


# ------------------------------------------------------------------------ moving
def deploy_start(carrier: ShipState, ship: ShipState, guides: str) -> Pose:
    """Where the deploying ship starts: its front edge on the carrier's front guides
    facing the carrier's way, or on the carrier's rear guides facing away from it; from a
    huge carrier's left or right side, its front edge on that side's middle, facing out."""
    assert carrier.body is not None
    base = cast(Ship, carrier.body).base
    edge = base.half if guides in GUIDES else base.half_width
    frame = carrier.body.pose.rotated(_DEPLOY_TURN[guides])
    return frame.moved(forward=edge - BASE_SIDE[ship.size] / 2)


def deploy_outcome(game: Game, carrier: ShipState, ship: ShipState, guides: str,
                   code: str) -> tuple[Pose, bool] | None:
    """Where a deploy would end and whether it is fully executed; None if it fails (it
    would end overlapping a ship: RR: DOCK)."""
    table = game.state.table()
    start = Ship(ship.id, deploy_start(carrier, ship, guides), ship.size)
    others = tuple(s for s in table.ships if s.id != ship.id)
    placed = type(table)(ships=(*others, start), obstacles=table.obstacles,
                         devices=table.devices)
    outcome = execute_maneuver(placed, ship.id, Maneuver.parse(code))
    final = Ship(ship.id, outcome.final, ship.size)
    if ships_overlapped(placed, final):
        return None
    return outcome.final, outcome.fully_executed


def deploy_options(game: Game, ship: ShipState, carrier: ShipState) -> list[Option]:
    """Each guides and maneuver the ship could deploy with: keys ``<guides>:<code>``."""
    guides = dock_guides(game, carrier, ship) or ()
    found = []
    for side in guides:
        for code in ship.dial:
            maneuver = Maneuver.parse(code)
            if maneuver.bearing.value in _NOT_DEPLOYING or (
                    ship.stressed and code.endswith("R")):
                continue
            if deploy_outcome(game, carrier, ship, side, code) is not None:
                where = "guides" if side in GUIDES else "side"
                found.append(Option(f"{side}:{code}",
                                    f"deploy from the {side} {where} with [{code}]"))
    return found


def to_reserve(game: Game, ship: ShipState, carrier: ShipState, how: str) -> None:
    """Dock the ship: off the table, listed by its carrier; it does not activate."""
    s = game.state
    if towed_cache(ship) is not None:  # Salvage Mission: jettisoned before it goes
        jettison(game, ship, "placed in reserve")
    lend_pilot_ability(game, ship, carrier, docked=True)
    ship.body = None
    ship.contacts = ()
    ship.activated = True
    ship.dial_set = None
    break_locks_on(game, ship.id)
    carrier.docked = (*carrier.docked, ship.id)
    take_on_docked(game, carrier)
    s.moved()
    game.event("dock", f"{ship.name} ({ship.id}) docks with {carrier.name} ({carrier.id})"
               f" ({how})", ship=ship.id, carrier=carrier.id)


def _leave(game: Game, ship: ShipState, carrier: ShipState, guides: str) -> None:
    carrier.docked = tuple(i for i in carrier.docked if i != ship.id)
    take_on_docked(game, carrier)
    game.state.set_pose(ship, deploy_start(carrier, ship, guides))
    lend_pilot_ability(game, ship, carrier, docked=False)


# ------------------------------------------------------------------------ steps
@dataclass(frozen=True)
class DockingTurn(ChoiceStep):
    """RR: DOCK - in the System Phase at the ship's initiative: a docked ship may deploy;
    a ship at range 0 of a friendly carrier may dock. Answers: ``<guides>:<code>``,
    ``dock:<carrier>`` or ``stay``."""

    ship_id: str
    auto_single: ClassVar[bool] = False

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        carrier = carrier_of(game, ship)
        if carrier is not None:
            if not can_deploy(game, ship):
                return None
            options = deploy_options(game, ship, carrier)
            prompt = f"{ship.name} ({ship.id}): deploy from {carrier.name}?"
        else:
            options = [Option(f"dock:{c.id}", f"dock with {c.name} ({c.id})")
                       for c in carriers_near(game, ship)]
            prompt = f"{ship.name} ({ship.id}): dock?"
        if not options:
            return None
        return self.ask(ship.owner, "dock_or_deploy", prompt,
                        (*options, Option("stay", "stay as it is")), ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "stay":
            return
        ship = game.state.ships[self.ship_id]
        _mark(game, ship)
        what, _, rest = str(answer).partition(":")
        if what == "dock":
            to_reserve(game, ship, game.state.ships[rest], "in the System Phase")
            return
        carrier = carrier_of(game, ship)
        assert carrier is not None
        _leave(game, ship, carrier, what)
        ship.activated = True  # RR: DOCK - a ship that deploys does not activate
        game.event("dock", f"{ship.name} ({ship.id}) deploys from {carrier.name} "
                   f"({carrier.id}), {what} guides", ship=ship.id, carrier=carrier.id)
        game.push(ExecuteManeuver(ship.id, rest), PerformAction(ship.id),
                  *_deployed(game, ship, carrier, False))


@dataclass(frozen=True)
class EmergencyDeploy(Step):
    """RR: DOCK - the destroyed carrier's docked ship may emergency deploy: it suffers 1
    critical damage, then deploys without an action; otherwise it is destroyed."""

    ship_id: str
    carrier_id: str

    def run(self, game: Game) -> Decision | None:
        s = game.state
        ship, carrier = s.ships[self.ship_id], s.ships[self.carrier_id]
        if self.ship_id not in carrier.docked:
            return None
        options = deploy_options(game, ship, carrier)
        game.push(Ask(ship.owner, "dock_or_deploy",
                      f"{ship.name} ({ship.id}): {carrier.name} is destroyed: emergency "
                      "deploy?", (*options, Option("stay", "stay docked (destroyed)")),
                      "docking.emergency", (ship.id, carrier.id), ship=ship.id))
        return None


@continuation("docking.emergency")
def _emergency(game: Game, answer: str, ship_id: str, carrier_id: str) -> None:
    s = game.state
    ship, carrier = s.ships[ship_id], s.ships[carrier_id]
    if answer == "stay":
        carrier.docked = tuple(i for i in carrier.docked if i != ship.id)
        ship.destroyed = True
        remove_ship(game, ship, "destroyed with its carrier")
        return
    guides, _, code = answer.partition(":")
    _leave(game, ship, carrier, guides)
    game.event("dock", f"{ship.name} ({ship.id}) emergency deploys from {carrier.name} "
               f"({carrier.id}), {guides} guides", ship=ship.id, carrier=carrier.id)
    # first the critical damage (at once, before the move), then the maneuver
    game.push(ExecuteManeuver(ship.id, code), *_deployed(game, ship, carrier, True))
    suffer_damage(game, ship, crits=1, cause="emergency deploy")


def _carries(ctx: Ctx) -> bool:
    return bool(ctx.ship.docked)


def _emergency_deploys(ctx: Ctx, choice: Any) -> None:
    ctx.game.push(*(EmergencyDeploy(i, ctx.ship.id) for i in ctx.ship.docked))


RULES.register("rule", "emergency deploy",
               Triggered("docked ships emergency deploy", window="after_destroyed",
                         optional=False, requirement=_carries, effect=_emergency_deploys),
               description="A destroyed carrier's docked ships may emergency deploy before "
                           "it is removed.")


def bump_docking(game: Game, ship: ShipState, forced_by: Any) -> list[Step]:
    """RR: DOCK - "after a ship that can dock partially executes a maneuver and overlaps a
    friendly carrier ship, it may be placed in reserve": the question, if it can."""
    carriers = [game.state.ships[i] for i in forced_by if i in game.state.ships]
    found = [c for c in carriers if dock_guides(game, c, ship) is not None]
    if not found:
        return []
    return [Ask(ship.owner, "dock_or_deploy",
                f"{ship.name} ({ship.id}) overlaps its carrier: dock with it?",
                (*(Option(f"dock:{c.id}", f"dock with {c.name} ({c.id})") for c in found),
                 Option("stay", "stay (the overlap's effects resolve)")),
                "docking.after_bump", (ship.id,), ship=ship.id)]


@continuation("docking.after_bump")
def _after_bump(game: Game, answer: str, ship_id: str) -> None:
    if answer == "stay":
        return
    ship = game.state.ships[ship_id]
    # the overlap's effects then find the ship off the table: they don't resolve
    to_reserve(game, ship, game.state.ships[answer.partition(":")[2]],
               "after overlapping it")


def setup_docking_steps(game: Game) -> list[Step]:
    """RR: DOCK - before Place Forces, a question for each ship that could start docked
    (none when no ship could: other games keep their state hashes)."""
    steps: list[Step] = []
    for ship in game.state.ships_of():
        carriers = [c for c in game.state.ships_of(ship.owner)
                    if dock_guides(game, c, ship) is not None]
        if carriers:
            steps.append(StartDocked(ship.id))
    return steps


@dataclass(frozen=True)
class StartDocked(ChoiceStep):
    """Setup: does the ship start docked, and in which carrier? (``<carrier>`` or
    ``none``)"""

    ship_id: str
    auto_single: ClassVar[bool] = False

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        carriers = [c for c in game.state.ships_of(ship.owner)
                    if dock_guides(game, c, ship) is not None and not carrier_of(game, c)]
        if not carriers:
            return None
        # "you must begin the game docked" (hook must_start_docked): no other answer
        must = any(held.ability.value(game, ship, ship=ship)
                   for held in own_modifiers(game, ship, "must_start_docked"))
        placed = () if must else (Option("none", "placed as usual"),)
        return self.ask(ship.owner, "start_docked",
                        f"{ship.name} ({ship.id}): start the game docked?",
                        (*placed,
                         *(Option(c.id, f"docked with {c.name} ({c.id})") for c in carriers)),
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "none":
            return
        ship = game.state.ships[self.ship_id]
        carrier = game.state.ships[answer]
        carrier.docked = (*carrier.docked, ship.id)
        take_on_docked(game, carrier)
        lend_pilot_ability(game, ship, carrier, docked=True)
        game.event("dock", f"{ship.name} ({ship.id}) starts docked with {carrier.name} "
                   f"({carrier.id})", ship=ship.id, carrier=carrier.id)


__all__ = ["DockingTurn", "EmergencyDeploy", "StartDocked", "bump_docking", "can_deploy",
           "carrier_of", "carriers_near", "deploy_options", "deploy_start", "dock_guides",
           "dock_range", "lend_pilot_ability", "setup_docking_steps", "take_on_docked",
           "to_reserve"]
