"""Modification upgrades (continued from :mod:`tallon.cards.upgrades.modification`).

Not implemented (refused at setup):

- Delayed Fuses, Spare Parts Canisters and Drop-Seat Bay: fuse markers on bombs and mines,
  dropping spare parts and dropping crew remotes need the devices still being added;
- Fuel Injection Override and Overdrive Thruster: a boost, barrel roll or SLAM with a
  template of another speed, which the engine's action bodies do not offer yet;
- Manual Ailerons: decloaking with a bank template;
- Independent Calculations: it replaces the Networked Calculations ship ability, which
  the engine does not play yet;
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from tallon.cards.acting import charged_slam, grant_action, granted
from tallon.cards.common import (
    dice,
    green_tokens,
    is_in_arc,
    is_me,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.actions import PerformAction, available_actions
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import can_lock, gain_token, locks_on
from tallon.engine.queue import fire
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import Ask, call_continuation
from tallon.geometry import Arc, in_arc, range_between

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ------------------------------------------------------------------ shared pieces
@cache
def damage_trait(card: str) -> str:
    """A damage card's trait ("ship" or "pilot"; RR: DAMAGE CARDS), from the card data."""
    for deck in load_cards().damage_decks:
        for entry in deck.cards:
            if entry.id == card:
                return str(entry.type)
    return ""


def discard_instead(game: Game, facts: dict[str, Any]) -> None:
    """A damage card about to be dealt faceup is discarded instead (replacement point
    ``deal_faceup_card``): it joins its owner's discard pile, and what waited for the
    card learns that none was dealt."""
    ship = game.state.ships[facts["ship"]]
    game.state.player(ship.owner).discard.append(facts["card"])
    game.event("damage", f"the damage card {facts['card']} that {ship.name} ({ship.id}) "
               "would be dealt is discarded", ship=ship.id)
    if facts["then"] is not None:
        call_continuation(game, facts["then"], None, facts["args"])


# ------------------------------------------------------------------ Advanced SLAM
def _white_as_red(ctx: Ctx) -> list[ActionSpec]:
    """The white actions of the ship's action bar, treated as red (RR: ACTIONS)."""
    return [ActionSpec(s.kind, "red", s.linked, s.source) for s in ctx.ship.actions
            if s.difficulty == "white"]


def _slam_fully_executed(ctx: Ctx) -> bool:
    """After a SLAM: its maneuver was fully executed. A partial maneuver leaves the ship
    touching the ship it overlapped (RR: OVERLAP) and nothing has moved it since within
    the action, so it was fully executed when the ship touches no ship."""
    return (is_me(ctx) and ctx.event.get("action") == "slam" and not ctx.ship.contacts)


register("upgrade", "advancedslam",
         grant_action("perform a white action of your action bar, treated as red",
                      "after_action", _white_as_red, requirement=_slam_fully_executed),
         description="After a SLAM action whose maneuver was fully executed: may perform a "
                     "white action of its action bar, treated as red.")


# ---------------------------------------------------------------- Automated Loaders
register("upgrade", "automatedloaders-swz98",
         grant_action("spend 1 charge to perform a reload action", "after_attack",
                      lambda ctx: [granted("reload", "white", ctx.card)],
                      requirement=lambda ctx: is_me(ctx, "attacker")
                      and bool(ctx.event.get("primary")),
                      cost=Cost(charges=1)),
         description="After a primary attack: may spend 1 charge to perform a reload "
                     "action.")


# --------------------------------------------------------------- Burnout Thrusters
BURNOUT = "burnoutthrusters"


register("upgrade", BURNOUT,
         *charged_slam(BURNOUT, "Burnout Thrusters", Token.DEPLETE,
                       "lose 1 charge, then may trade a disarm token for a deplete token"),
         description="Grants a white SLAM. After each SLAM action: 1 charge is lost; the ship may "
                     "then take 1 deplete token and in exchange remove 1 disarm token. With its "
                     "charge inactive, the ship can't SLAM.")


# ------------------------------------------------------- Computer-Assisted Handling
register("upgrade", "computerassistedhandling-battleoverendor",
         grant_action("spend 1 charge to perform a boost or barrel roll action",
                      "after_execute",
                      lambda ctx: [granted("boost", "white", ctx.card),
                                   granted("barrel_roll", "white", ctx.card)],
                      requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full")),
                      cost=Cost(charges=1)),
         description="After fully executing a maneuver: may spend 1 charge to perform a "
                     "boost or barrel roll action.")


# ---------------------------------------------------------------- Stygium Reserve
register("upgrade", "stygiumreserve-tiephphantom",
         grant_action("spend 1 charge to perform a boost action, even while stressed",
                      "after_execute", lambda ctx: [granted("boost", "white", ctx.card)],
                      requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full")),
                      cost=Cost(charges=1), even_stressed=True),
         description="After fully executing a maneuver: may spend 1 charge to perform a "
                     "boost action, even while stressed.")


# ------------------------------------------------------------- Evasion Sequence 7
def _red_by_default(ship: ShipState, spec: ActionSpec) -> bool:
    """The action is red by itself, not treated as red by an effect: a card's granted
    action as granted, an action of the bar as printed there (RR: ACTIONS: the most
    restrictive colour applies, so a "treat as white" never undoes a "treat as red")."""
    printed = [s for s in ship.actions if s.kind == spec.kind and s.source == spec.source]
    return not printed or any(s.difficulty == "red" for s in printed)


def _obstacle_at_range_1(game: Game, ship: ShipState) -> bool:
    return ship.body is not None and any(range_between(ship.body, o) == 1
                                         for o in game.state.obstacles)


def _evasion_sequence(game: Game, owner: ShipState, ship: ShipState | None = None,
                      spec: ActionSpec | None = None, **facts: Any) -> str | None:
    if ship is None or spec is None or ship.id != owner.id or spec.kind != "evade" \
            or spec.difficulty != "red" or not _red_by_default(ship, spec):
        return None
    return "white" if _obstacle_at_range_1(game, ship) else None


register("upgrade", "evasionsequence7-siegeofcoruscant",
         Modifier("a red evade action is treated as white near an obstacle",
                  hook="action_difficulty", value=_evasion_sequence),
         description="Performing a red evade action with an obstacle at range 1: the action "
                     "is treated as white.")


# ------------------------------------------------------------- Contingency Protocol
CONTINGENCY = "contingencyprotocol-siegeofcoruscant"


def _contingency_ships(ctx: Ctx) -> list[ShipState]:
    """Other friendly ships at range 0-3 with Contingency Protocol that could act now."""
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 3, friendly=True, other=True)
            if CONTINGENCY in s.upgrades
            and available_actions(ctx.game, s, False, even_stressed=True)]


register("upgrade", CONTINGENCY,
         Triggered("another friendly ship with Contingency Protocol may perform an action",
                   window="after_destroyed",
                   requirement=lambda ctx: is_me(ctx) and bool(_contingency_ships(ctx)),
                   choices=lambda ctx: ship_options(_contingency_ships(ctx)),
                   effect=lambda ctx, choice: ctx.game.push(
                       PerformAction(str(choice), even_stressed=True))),
         description="Once this ship is destroyed: a different friendly ship within range 0-3 that "
                     "also has Contingency Protocol may perform an action, stressed or not.")


# ---------------------------------------------------------------- Impervium Plating
register("upgrade", "imperviumplating",
         Replacement("spend 1 charge to discard the faceup Ship damage card",
                     point="deal_faceup_card", cost=Cost(charges=1),
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and damage_trait(facts["card"]) == "ship",
                     replace=lambda ctx, facts, choice: discard_instead(ctx.game, facts)),
         description="About to be dealt a faceup Ship damage card: may spend 1 charge to "
                     "discard it instead.")


# ------------------------------------------------------------------- Sensor Jammer
def _friendly_lock_on_attacker(game: Game, attack: AttackState, owner: ShipState,
                               user: ShipState) -> bool:
    return (user.id == owner.id and attack.defender == owner.id
            and any(friendly(s, owner) for s in locks_on(game, attack.attacker)))


register("upgrade", "sensorjammer-battleofyavin",
         DiceMod("change 1 of the attacker's hits to a focus",
                 dice=dice("sensorjammer-battleofyavin"),
                 applies=_friendly_lock_on_attacker),
         description="Defending while a friendly ship has the attacker locked: may turn 1 "
                     "of the attacker's hit results into a focus result.")


# ------------------------------------------------------------ Synchronized Console
CONSOLE = "synchronizedconsole"


def _console_ships(ctx: Ctx) -> list[ShipState]:
    """Friendly ships at range 1, or with Synchronized Console at range 1-3, that could
    acquire a lock on the defender (RR: LOCK: at range 0-3 of it); a ship that could not
    is left out, as choosing it would spend the lock for nothing (ruling)."""
    defender = ctx.state.ships.get(ctx.event.get("defender"))
    if defender is None or defender.id not in ctx.ship.locks:
        return []
    found = []
    for friend in ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=True, other=True):
        near = ctx.state.in_range(ctx.ship, friend, 1, 1)
        if not (near or CONSOLE in friend.upgrades):
            continue
        if ctx.state.in_range(friend, defender, 0, 3) and \
                can_lock(ctx.game, friend, defender.id) is None:
            found.append(friend)
    return found


def _console(ctx: Ctx, choice: Any) -> None:
    ship, friend = ctx.ship, ctx.other(str(choice))
    defender = ctx.event["defender"]
    ship.locks = [t for t in ship.locks if t != defender]
    ctx.game.event("lock", f"{ship.name} ({ship.id}) spends its lock on {defender}",
                   ship=ship.id)
    fire(ctx.game, "after_spend_lock", ship=ship.id, target=defender)
    ctx.game.push(Ask(friend.owner, "use_ability", f"{friend.name} ({friend.id}): acquire "
                      f"a lock on {defender}?", (Option("lock", f"lock {defender}"),
                                                 Option("decline", "no lock")),
                      "common.lock_if_chosen", (friend.id, defender), ship=friend.id))


register("upgrade", CONSOLE,
         Triggered("spend your lock on the defender: a friendly ship may lock it",
                   window="after_attack",
                   requirement=lambda ctx: is_me(ctx, "attacker") and bool(_console_ships(ctx)),
                   choices=lambda ctx: ship_options(_console_ships(ctx)), effect=_console),
         description="After attacking: may spend its lock on the defender and choose a "
                     "friendly ship at range 1 (or one with Synchronized Console at range "
                     "1-3), which may then acquire a lock on the defender.")


# ---------------------------------------------------------- Target-Assist Algorithm
def _enemy_object_ahead(game: Game, ship: ShipState) -> bool:
    """An enemy object (ship, remote, bomb or mine) in the ship's front arc."""
    if ship.body is None:
        return False
    if any(other.owner != ship.owner and other.in_play and is_in_arc(ship, other, Arc.FRONT)
           for other in game.state.ships.values()):
        return True
    return any(device.owner != ship.owner and in_arc(ship.body, device.body, Arc.FRONT)
               for device in game.state.devices)


register("upgrade", "targetassistalgorithm-battleoverendor",
         Triggered("gain a calculate token", window="before_engage", optional=False,
                   requirement=lambda ctx: is_me(ctx) and not green_tokens(ctx.ship)
                   and _enemy_object_ahead(ctx.game, ctx.ship),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CALCULATE)),
         description="Before engaging, with no green token and an enemy object in its front "
                     "arc: gains a calculate token.")


__all__ = ["damage_trait", "discard_instead"]
