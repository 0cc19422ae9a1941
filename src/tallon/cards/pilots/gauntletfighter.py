"""Gauntlet Fighter pilots (Rebel Alliance, Galactic Empire, Scum and Villainy, Galactic
Republic, Separatist Alliance); the ship has no ship ability.

Both Rebel pilots have the same text as another printing of theirs (Chopper's VCX-100, Ezra
Bridger's TIE/ln), so they share its ability objects. The Imperial Super Commando has no
ability text and needs no registration; the Swivel Wing configuration is in
cards/upgrades/configuration_gauntletfighter.py."""

from __future__ import annotations

from typing import Any

import tallon.cards.pilots.tielnfighter  # registers Ezra's TIE/ln printing
import tallon.cards.pilots.vcx100lightfreighter  # noqa: F401  (registers Chopper's)
from tallon.cards.acting import granted, performable
from tallon.cards.common import (
    attacking_if,
    dice,
    is_in_arc,
    is_me,
    one_more_attack_die,
    range_of,
    recalled,
    remember,
    remove_token_choice,
    ship_options,
    token_choices,
)
from tallon.cards.registry import CARDS, register
from tallon.cards.upgrades.configuration_gauntletfighter import SWIVEL, wing_down
from tallon.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Replacement,
    Triggered,
)
from tallon.engine.actions import PerformAction, coordinate_targets
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import flip_upgrade, gain_token
from tallon.engine.movement import ExecuteManeuver, difficulty_of
from tallon.engine.queue import FireWindow
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry import Arc
from tallon.geometry.arcs import in_arc


def _same_as(xws: str) -> tuple[Ability, ...]:
    spec = CARDS.spec("pilot", xws)
    assert spec is not None, f"{xws} is registered before its other printings"
    return spec.sides[0]


register("pilot", "chopper-gauntletfighter", *_same_as("chopper"),
         description="At the start of the Engagement Phase: every enemy ship at range 0 of Chopper "
                     "gains 2 jam tokens.")

register("pilot", "ezrabridger-gauntletfighter", *_same_as("ezrabridger-tielnfighter"),
         description="Attacking or defending while stressed: may spend 1 Force to change up "
                     "to 2 focus results to hits (attacking) or evades (defending).")


# ----------------------------------------------------------------- Captain Hark
HARK = "captainhark"
_LETTERS = {"blue": "B", "white": "W", "red": "R", "purple": "P"}
_SIDESLIPS = (("left", "B", "execute a [1 bank left] sideslip"),
              ("right", "N", "execute a [1 bank right] sideslip"))


def _hark_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    ship = ctx.ship
    # RR: ION - an ionized ship reveals no dial; the stress maneuver is not the one revealed
    return (facts["ship"] == ship.id and not facts["ion"] and not facts["slam"]
            and ctx.state.phase == "activation" and ship.dial_revealed
            and (ship.dial_set or "").startswith("0O")
            and str(facts["maneuver"]).startswith("0O") and wing_down(ship))


def _hark_replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    # RR: DIFFICULTY - the sideslip keeps the difficulty the stationary maneuver had
    letter = _LETTERS[difficulty_of(str(facts["maneuver"]))]
    bearing = next(b for key, b, _ in _SIDESLIPS if key == choice)
    remember(ctx.ship, f"{HARK}:sideslip", ctx.state.round)
    ctx.game.push(ExecuteManeuver(ctx.ship.id, f"1{bearing}{letter}", replaceable=False,
                                  sideslip=True))


def _hark_flip(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, f"{HARK}:sideslip", None)
    if wing_down(ctx.ship):
        flip_upgrade(ctx.game, ctx.ship, SWIVEL)


register("pilot", HARK,
         Replacement("execute a [1 bank] sideslip instead of the [0 stop] maneuver",
                     point="execute_maneuver", optional=False, applies=_hark_applies,
                     choices=lambda ctx, facts: [Option(k, label) for k, _, label in _SIDESLIPS],
                     replace=_hark_replace),
         Triggered("flip Swivel Wing (Down) after the sideslip", window="after_execute",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx)
                   and recalled(ctx.ship, f"{HARK}:sideslip") == ctx.state.round,
                   effect=_hark_flip),
         description="After revealing a [0 stop] maneuver with Swivel Wing (Down): must "
                     "execute a [1 bank] sideslip of the same difficulty instead, then flip "
                     "Swivel Wing.")


# ------------------------------------------------------------------- Gar Saxon
def _gar_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or not attack.primary or attack.range == 0:
        return False  # RR: ATTACK - no die is added to a primary attack at range 0
    attacker, defender = ctx.other(attack.attacker), ctx.other(attack.defender)
    near = 0 if attacker.id == ctx.ship.id else range_of(ctx.ship, attacker)
    # RR: ARC - the standard rear arc of the defender
    return (friendly(attacker, ctx.ship) and near is not None and near <= 2
            and ctx.ship.in_play and not defender.remote
            and is_in_arc(defender, attacker, Arc.REAR))


register("pilot", "garsaxon",
         Triggered("spend 1 charge: the attacker rolls 1 additional attack die",
                   window="before_attack_dice", cost=Cost(charges=1),
                   requirement=_gar_applies, effect=one_more_attack_die),
         description="A friendly ship at range 0-2 (him included) performs a primary attack "
                     "from the defender's rear arc: may spend 1 charge to let it roll 1 "
                     "additional attack die.")



# ======================================================== Scum and Villainy pilots
def _rook_strained(game: Any, attack: Any, owner: Any) -> bool:
    return bool(attack.primary) and owner.has(Token.STRAIN)


register("pilot", "rookkast",
         Triggered("gain 1 strain token", window="before_engage", requirement=is_me,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.STRAIN)),
         DiceMod("strained: change 1 blank or focus result to a hit", dice=dice("rookkast"),
                 applies=attacking_if(_rook_strained)),
         description="Before engaging: may gain 1 strain token. Primary attack while "
                     "strained: may change 1 blank or focus result to a hit.")


MAUL = "maul"
MAUL_MEMORY = f"{MAUL}:coordinated"


def _lower(ctx: Ctx, ship: ShipState) -> bool:
    return ship.current_initiative < ctx.ship.current_initiative


def _maul_applies(ctx: Ctx) -> bool:
    target = ctx.other(ctx.event["target"])
    return is_me(ctx) and friendly(target, ctx.ship) and _lower(ctx, target)


def _maul(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    # RR: ACTIONS - the coordinate is treated as white (a purple one stays purple)
    if ship.action_colour != "purple":
        ship.action_colour = "white"
    remember(ship, MAUL_MEMORY, (ctx.state.round, ctx.event["target"]))
    gain_token(ctx.game, ctx.other(ctx.event["target"]), Token.STRAIN,
               applier=ship.owner)


def _maul_more(ctx: Ctx) -> list[ShipState]:
    held = recalled(ctx.ship, MAUL_MEMORY)
    if not is_me(ctx) or held is None or tuple(held) != (ctx.state.round,
                                                         ctx.event["target"]):
        return []
    # RR: COORDINATE - the additional ship is chosen as the first one is
    return [s for s in coordinate_targets(ctx.game, ctx.ship)
            if s.id != ctx.event["target"] and _lower(ctx, s)]


def _maul_second(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, MAUL_MEMORY, None)
    other = ctx.other(choice)
    gain_token(ctx.game, other, Token.STRAIN, applier=ctx.ship.owner)
    ctx.game.push(PerformAction(other.id),
                  FireWindow.of("after_coordinate", ship=ctx.ship.id, target=other.id))


# RR: COORDINATE - the second ship acts once the first has had its chance (ruling)
register("pilot", MAUL,
         Triggered("spend 1 Force: treat the coordinate as white; the ship gains 1 strain "
                   "token", window="coordinate_chosen", cost=Cost(force=1),
                   requirement=_maul_applies, effect=_maul),
         Triggered("coordinate 1 additional friendly ship of lower initiative (it gains 1 "
                   "strain token)", window="after_coordinate",
                   requirement=lambda ctx: bool(_maul_more(ctx)),
                   choices=lambda ctx: ship_options(_maul_more(ctx)), effect=_maul_second),
         description="Coordinating a ship of lower initiative: may spend 1 Force to treat the "
                     "coordinate as white and coordinate 1 more friendly ship of lower "
                     "initiative; each ship coordinated this way gains 1 strain token.")


# ========================================================= Galactic Republic pilots
BOKATAN = "bokatankryze"
BOKATAN_LOCK = f"{BOKATAN}:lock"


def _bokatan_objects(ctx: Ctx) -> list[str]:
    """Objects (ships, remotes, obstacles, devices) in her front arc at range 1-2."""
    me, state = ctx.ship, ctx.state
    if me.body is None:
        return []
    return [o.id for o in state.table().objects() if o.id != me.id
            and state.in_range(me, state.ships.get(o.id, o), 1, 2)
            and in_arc(me.body, o, Arc.FRONT)]


def _bokatan_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if friendly(s, ctx.ship)
            and s.id != ctx.ship.id and not s.remote
            and performable(ctx.game, s, [granted("lock", "white", BOKATAN)], False)]


def _bokatan(ctx: Ctx, choice: Any) -> None:
    friends = _bokatan_friends(ctx)
    if not friends:
        return
    ctx.game.push(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): "
                      f"which friendly ship may lock {choice}?",
                      # keyed apart from the object ids, as the friend is not a target
                      (*(Option(f"friend:{f.id}", f"{f.name} ({f.id})") for f in friends),
                       Option("decline", "none")),
                      f"{BOKATAN}.friend", (ctx.ship.id, str(choice)), ship=ctx.ship.id))


@continuation(f"{BOKATAN}.friend")
def _bokatan_friend(game: Any, answer: Any, ship_id: str, target: str) -> None:
    if answer == "decline":
        return
    friend = str(answer).removeprefix("friend:")
    remember(game.state.ships[ship_id], BOKATAN_LOCK, (game.state.round, friend, target))
    game.push(PerformAction(friend, grant=(granted("lock", "white", BOKATAN),)),
              Then(f"{BOKATAN}.done", (ship_id,)))


@continuation(f"{BOKATAN}.done")
def _bokatan_done(game: Any, _: Any, ship_id: str) -> None:
    remember(game.state.ships[ship_id], BOKATAN_LOCK, None)


def _bokatan_only(game: Any, owner: ShipState, ship: Any = None, target: str = "",
                  **facts: Any) -> bool:
    held = recalled(owner, BOKATAN_LOCK)
    if held is None or ship is None:
        return False
    round_, friend, chosen = held
    return round_ == game.state.round and friend == ship.id and target != chosen


# RR: LOCK - the friendly ship's lock action must lock the chosen object (at range 0-3
# of it, as any lock action)
register("pilot", BOKATAN,
         Triggered("gain 1 deplete token: another friendly ship may lock an object in your "
                   "front arc at range 1-2", window="after_execute",
                   cost=Cost(gain=(("deplete", 1),)),
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event["full"])
                   and bool(_bokatan_friends(ctx)),
                   choices=lambda ctx: [Option(o, o) for o in _bokatan_objects(ctx)],
                   effect=_bokatan),
         Modifier("the friendly ship's lock action locks the chosen object",
                  hook="lock_action_forbidden", value=_bokatan_only),
         description="After she fully executes a maneuver: may gain 1 deplete token and pick an "
                     "object within range 1-2 in her front arc; another friendly ship may then "
                     "perform a lock action targeting that object.")


# ======================================================= Separatist Alliance pilots
BOKATAN_CIS = "bokatankryze-separatistalliance"


def _bokatan_cis_options(ctx: Ctx) -> list[Option]:
    friend = ctx.other(ctx.event["ship"])
    return [o for o in token_choices(ctx.game, friend, ("red", "orange"))
            if o.key != "token:stress"]


def _bokatan_cis_applies(ctx: Ctx) -> bool:
    friend = ctx.other(ctx.event["ship"])
    near = 0 if friend.id == ctx.ship.id else range_of(ctx.ship, friend)
    # RR: FRIENDLY - she is friendly to herself
    return (friendly(friend, ctx.ship) and not friend.remote and ctx.ship.in_play
            and near is not None and near <= 2 and bool(_bokatan_cis_options(ctx)))


def _bokatan_cis(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(ctx.event["ship"])
    ctx.game.push(Ask(friend.owner, "use_ability", f"{friend.name} ({friend.id}): gain 1 "
                      "strain token to remove 1 non-stress red or orange token?",
                      (*_bokatan_cis_options(ctx), Option("decline", "keep its tokens")),
                      f"{BOKATAN_CIS}.remove", (friend.id,), ship=friend.id))


@continuation(f"{BOKATAN_CIS}.remove")
def _bokatan_cis_remove(game: Any, answer: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if answer == "decline" or not ship.in_play:
        return
    gain_token(game, ship, Token.STRAIN)
    remove_token_choice(game, ship, str(answer))


register("pilot", BOKATAN_CIS,
         Triggered("spend 1 charge: the ship may gain 1 strain token to remove 1 non-stress "
                   "red or orange token", window="before_activate", cost=Cost(charges=1),
                   requirement=_bokatan_cis_applies, effect=_bokatan_cis),
         description="Before a friendly ship within range 0-2 activates: may spend 1 charge; if "
                     "she does, that ship may remove 1 of its red or orange tokens other than "
                     "stress by gaining 1 strain token.")


def _pre_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or not is_me(ctx, "attacker"):
        return False
    # RR: ATTACK - no attack die can be added to a primary attack at attack range 0
    if attack.primary and attack.range == 0:
        return False
    return ctx.other(attack.defender).current_initiative >= ctx.ship.current_initiative


register("pilot", "previzsla",
         Triggered("spend 2 charges: roll 1 additional attack die",
                   window="before_attack_dice", cost=Cost(charges=2),
                   requirement=_pre_applies, effect=one_more_attack_die),
         description="Attacking a defender of equal or higher initiative: may spend 2 charges "
                     "to roll 1 additional attack die.")
