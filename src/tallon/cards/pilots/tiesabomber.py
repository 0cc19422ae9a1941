"""TIE/sa Bomber pilots (Galactic Empire) and the ship ability Nimble Bomber. Gamma Squadron
Ace and Scimitar Squadron Pilot have no pilot ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import granted, may_perform
from tallon.cards.common import (
    attacking_if,
    dice,
    is_in_arc,
    is_me,
    range_of,
    recover_charge,
    weapon_of_type,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.device import drop_templates, payload_options, place_payload
from tallon.data import load_cards
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.attack import DeclareAttack
from tallon.engine.decisions import Option
from tallon.engine.devices import parse_template_key
from tallon.engine.effects import acquire_lock, can_lock, gain_token
from tallon.engine.payloads import device, place_devices
from tallon.engine.state import ARCS, ShipState, Token, WeaponSpec
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry import Arc
from tallon.geometry.maneuvers import Bearing, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

#: RR: MANEUVER - the bank templates exist at speeds 1-3 only
_BANK_SPEEDS = range(1, 4)
ORDNANCE = ("torpedo", "missile")


# ------------------------------------------------------------------ Nimble Bomber
def _nimble(game: Game, owner: ShipState, card: str = "", templates: tuple[str, ...] = (),
            launch: bool = False, **facts: Any) -> list[tuple[str, bool]]:
    # a straight template another of the ship's cards offers for the drop (Skilled
    # Bombardier's) may be banked too
    found: list[tuple[str, bool]] = []
    for code in drop_templates(game, owner, _nimble, card, templates, launch):
        template = Maneuver.parse(code)
        if template.bearing is Bearing.STRAIGHT and template.speed in _BANK_SPEEDS:
            found.extend((f"{template.speed}{bank.value}", False)
                         for bank in (Bearing.BANK_LEFT, Bearing.BANK_RIGHT))
    return found


register("ship_ability", "Nimble Bomber",
         Modifier("drop with a bank template instead of a straight one",
                  hook="device_templates", value=_nimble),
         description="Dropping a device with a straight template: may use a bank left or "
                     "bank right template of the same speed instead.")


# ------------------------------------------------------------------ Captain Jonus
def _jonus_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                   ) -> bool:
    # RR: FRIENDLY - a ship is friendly to itself: Jonus's own attacks qualify
    near = range_of(owner, user)
    return (user.id == attack.attacker and friendly(user, owner) and near is not None
            and near <= 1 and weapon_of_type(attack.weapon, ORDNANCE))


for _xws in ("captainjonus", "captainjonus-swz105"):
    register("pilot", _xws,
             DiceMod("reroll up to 2 attack dice", dice=dice("captainjonus"),
                     applies=_jonus_applies, for_others=True),
             description="A friendly ship at range 0-1 (him too) performing a torpedo or "
                         "missile attack may reroll up to 2 attack dice.")

register("pilot", "captainjonus-swz98",
         Triggered("gain 1 evade token", window="after_device_placed", optional=False,
                   requirement=is_me,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.EVADE)),
         description="After dropping or launching a device: gains 1 evade token.")


# ------------------------------------------------------------------- Major Rhymer
def _arc_names(owner: ShipState, weapon: WeaponSpec) -> list[str]:
    if weapon.arc in ARCS:
        return [weapon.arc]
    # a turret weapon: the standard arcs its indicator selects
    return [name for name, arcs in ARCS.items() if len(arcs) == 1 and arcs[0] in
            weapon.arcs(owner)]


def _rhymer(game: Game, owner: ShipState, weapon: WeaponSpec | None = None, **facts: Any
            ) -> list[tuple[str, int, int]]:
    if weapon is None or not weapon_of_type(weapon, ORDNANCE):
        return []
    # raising or lowering either end by 1 reaches the same attack ranges as shifting the
    # whole requirement: one range further out or closer in, within 0-3 (ruling)
    low, high = max(0, weapon.min_range - 1), min(3, weapon.max_range + 1)
    return [(name, low, high) for name in _arc_names(owner, weapon)]


register("pilot", "majorrhymer",
         Modifier("the range requirement may be 1 higher or lower (within 0-3)",
                  hook="weapon_arc_alternatives", value=_rhymer),
         description="Torpedo or missile attack: may raise or lower the weapon's range "
                     "requirement by 1, within range 0-3 (range 0 included).")


def _bullseye_torpedo(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return (weapon_of_type(attack.weapon, ("torpedo",))
            and is_in_arc(owner, game.state.ships[attack.defender], Arc.BULLSEYE))


register("pilot", "majorrhymer-swz98",
         DiceMod("change 1 focus result to a critical hit", dice=dice("majorrhymer-swz98"),
                 applies=attacking_if(_bullseye_torpedo)),
         description="Torpedo attack against a defender in his bullseye arc: 1 focus "
                     "result must become a critical hit result.")


# --------------------------------------------------------------------- Tomax Bren
def _talent_charges(ctx: Ctx) -> list[Option]:
    db = load_cards()
    return [Option(xws, f"recover 1 charge of {db.upgrade(xws).name}")
            for xws in dict.fromkeys(ctx.ship.upgrades)
            if "talent" in db.upgrade(xws).slots and xws in ctx.ship.charges
            and ctx.ship.charges[xws].active < ctx.ship.charges[xws].limit]


def _tomax_recover(ctx: Ctx, choice: Any) -> None:
    recover_charge(ctx.ship, str(choice))
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) recovers 1 charge of "
                   f"{choice}", ship=ctx.ship.id, card=ctx.card)


for _xws in ("tomaxbren", "tomaxbren-swz105"):
    register("pilot", _xws,
             Triggered("recover 1 charge of a talent upgrade", window="after_action",
                       requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "reload",
                       choices=_talent_charges, effect=_tomax_recover),
             description="After performing a reload action: may recover 1 charge of one of "
                         "his talent upgrades.")

register("pilot", "tomaxbren-swz98",
         Triggered("spend 2 charges to gain 1 focus token", window="after_action",
                   cost=Cost(charges=2),
                   requirement=lambda ctx: is_me(ctx)
                   and ctx.event["action"] == "barrel_roll",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="After performing a barrel roll action: may spend 2 charges to gain 1 "
                     "focus token.")


# -------------------------------------------------------------------- "Deathfire"
def _deathfire(ctx: Ctx, choice: Any) -> None:
    # the card's order: the attack (a standard one, not a bonus attack), then the device
    ctx.game.push(DeclareAttack(ctx.ship.id), Then("deathfire.device", (ctx.ship.id,)))


@continuation("deathfire.device")
def _deathfire_device(game: Game, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if not ship.in_play:
        return
    # RR: DEVICE - each bomb or mine as its card places it (paying its charge); an Imperial
    # ship can equip no other device. RR: FAQ - not limited to one device per phase
    options = payload_options(game, ship, ("bomb", "mine"))
    if options:
        game.push(Ask(ship.owner, "launch_device",
                      f"{ship.name} ({ship.id}): drop or launch 1 device before removal?",
                      (*options, Option("decline", "no device")), "deathfire.placed",
                      (ship_id,), ship=ship_id))


@continuation("deathfire.placed")
def _deathfire_placed(game: Game, answer: str, ship_id: str) -> None:
    if answer == "decline":
        return
    ship = game.state.ships[ship_id]
    card, _, key = answer.partition("@")
    code, launched = parse_template_key(key, False)
    ship.charges[card].active -= 1
    place_devices(game, ship, card, code, launched)


register("pilot", "deathfire",
         Triggered("perform an attack, then drop or launch 1 device", window="after_destroyed",
                   bonus_attack=True, requirement=lambda ctx: is_me(ctx) and ctx.ship.in_play,
                   effect=_deathfire),
         description="When destroyed, before being removed: may perform an attack, then may "
                     "drop or launch 1 bomb or mine (as its card places it, paying its "
                     "charge).")


# ---------------------------------------------------------- "Deathfire" (swz98)
def _deathfire_applies(ctx: Ctx) -> bool:
    placed = ctx.ship.device_placed
    return (is_me(ctx) and bool(ctx.event.get("full")) and 3 <= ctx.event["speed"] <= 5
            and (placed is None or placed[0] != ctx.state.round))


def _deathfire_bombs(ctx: Ctx) -> list[Option]:
    # RR: DEVICE - the bomb's card's charge is paid too; Nimble Bomber may bank the drop
    return payload_options(ctx.game, ctx.ship, ("bomb",), templates=("3F",),
                           modes=(False, True))


register("pilot", "deathfire-swz98",
         Triggered("spend 2 charges to drop or launch a bomb with the [3 straight] template",
                   window="after_execute", cost=Cost(charges=2),
                   requirement=_deathfire_applies, choices=_deathfire_bombs,
                   effect=place_payload, decision="launch_device"),
         description="After fully executing a speed 3-5 maneuver, if he has not dropped or "
                     "launched a device this round: may spend 2 charges to drop or launch a "
                     "bomb (paying its card's charge) with the [3 straight] template.")


# ------------------------------------------------------------------ Scimitar 1 and 3
def _scimitar1_applies(ctx: Ctx) -> bool:
    attacker = ctx.other(ctx.event["attacker"])
    defender = ctx.other(ctx.event["defender"])
    near, far = range_of(ctx.ship, attacker), range_of(ctx.ship, defender)
    # RR: LOCK - a lock an ability gives must be on an object at range 0-3
    return (friendly(attacker, ctx.ship) and near is not None and near <= 3
            and far is not None and far <= 3
            and can_lock(ctx.game, ctx.ship, defender.id) is None)


register("pilot", "scimitar1-battleoverendor",
         Triggered("spend 1 charge to lock the defender", window="after_attack",
                   cost=Cost(charges=1), requirement=_scimitar1_applies,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["defender"])),
         description="After a friendly ship at range 0-3 (him too) attacks: may spend 1 "
                     "charge to acquire a lock on the defender.")


def _dropped_bomb(ctx: Ctx) -> bool:
    placed = device(ctx.game, ctx.event["device"])
    return (is_me(ctx) and not ctx.event["launched"] and placed is not None
            and placed.category == "bomb")


register("pilot", "scimitar3-battleoverendor",
         may_perform("spend 1 charge to perform a boost action", "after_device_placed",
                     lambda ctx: (granted("boost", "white", ctx.card),),
                     requirement=_dropped_bomb, label="perform a boost action", key="boost",
                     cost=Cost(charges=1)),
         description="After dropping a bomb: may spend 1 charge to perform a boost action.")
