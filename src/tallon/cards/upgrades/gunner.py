"""Gunner upgrades that attack again or aim the turret: bonus attacks after an attack
(RR: BONUS ATTACK), the turret arc indicator (RR: TURRET ARCS, RR: ROTATE) and the
templates devices are placed with (RR: DEVICE). More gunners, those that change dice or
tokens, are in :mod:`tallon.cards.upgrades.gunner_2`.

"Single turret arc" (ruling: docs/rulings.md, Gunners): the arcs a turret indicator
selects are single turret arcs, a double indicator selecting two of them
(RR: TURRET ARCS), so an attack with a single or double turret weapon is a [single turret
arc] attack from the standard arc it was made from, and "rotate your [single turret arc]"
turns either indicator (a double one to the other pair: RR: ROTATE). A primary [front arc] attack is
not an attack from the turret arc even when the indicator points there (RR: FAQ: ARCS).

Cards that ask what the ship already attacked this round keep a record of each of its
attacks (defender, weapon arc, standard arc, damage serial) in their card memory, written
when the defender is declared (:func:`attack_record`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, one_more_attack_die, recalled, remember, this_round
from tallon.cards.registry import register
from tallon.cards.upgrades.device import payload_options, place_payload
from tallon.dice import ATTACKING, CardAbility, RerollDice
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import turret_arcs_for
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import locks_on, remove_token
from tallon.engine.loadout import second_indicator_double
from tallon.engine.state import ShipState, Token, WeaponSpec
from tallon.engine.weapons import TURRET_WEAPON_ARCS, weapons_of
from tallon.geometry import STANDARD_ARCS, Arc
from tallon.geometry.maneuvers import Bearing, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: (defender, weapon arc, standard arc, damage serial when declared)
Record = tuple[str, str, str, int]


# ------------------------------------------------------------- what was attacked
def _record(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    entry = (attack.defender, attack.weapon.arc, attack.arc.value, ctx.state.serial)
    remember(ctx.ship, f"{ctx.card}:attacks",
             (ctx.state.round, (*round_attacks(ctx.game, ctx.ship, ctx.card), entry)))


def attack_record(title: str = "note the attack (what was attacked this round)") -> Triggered:
    """The card remembers each attack of its ship as the defender is declared."""
    return Triggered(title, window="defender_declared", optional=False,
                     requirement=lambda ctx: is_me(ctx, "attacker"), effect=_record)


def round_attacks(game: Game, ship: ShipState, card: str) -> tuple[Record, ...]:
    """The ship's attacks this round, as ``card``'s :func:`attack_record` noted them."""
    held = recalled(ship, f"{card}:attacks")
    if held is None or held[0] != game.state.round:
        return ()
    return tuple(held[1])


def turret_arcs_used(game: Game, ship: ShipState, card: str) -> set[str]:
    """The standard arcs the ship attacked from this round with a turret weapon."""
    return {arc for _, weapon, arc, _ in round_attacks(game, ship, card)
            if weapon in TURRET_WEAPON_ARCS}


def free_turret_arcs(game: Game, ship: ShipState, card: str) -> tuple[str, ...]:
    """The ship's turret arcs it has not attacked from this round."""
    used = turret_arcs_used(game, ship, card)
    return tuple(a.value for a in ship.turret if a.value not in used)


# ----------------------------------------------------------------------- weapons
def turret_weapons(game: Game, ship: ShipState, primary: bool | None = None
                   ) -> tuple[str, ...]:
    """The ship's weapons that attack from its turret arcs (primary ones, special ones, or
    both with None)."""
    return tuple(w.id for w in weapons_of(game, ship) if w.arc in TURRET_WEAPON_ARCS
                 and (primary is None or w.primary is primary))


def primary_weapons(game: Game, ship: ShipState, arc: str | None = None) -> tuple[str, ...]:
    """The ship's primary weapons (of one printed arc)."""
    return tuple(w.id for w in weapons_of(game, ship)
                 if w.primary and (arc is None or w.arc == arc))


def is_turret(weapon: WeaponSpec) -> bool:
    return weapon.arc in TURRET_WEAPON_ARCS


def after_my_attack(ctx: Ctx) -> bool:
    """Attack step 6 of an attack the card's ship performed."""
    return is_me(ctx, "attacker") and ctx.attack is not None


# ------------------------------------------------------------------- rotating
def _turns(pointing: tuple[Arc, ...], double: bool) -> list[Arc]:
    arcs = [a for a in STANDARD_ARCS if a not in pointing]
    return arcs[:1] if double else arcs


def rotate_options(ship: ShipState) -> list[Option]:
    """Where the turret indicator can turn: any other standard arc (a double indicator to
    the other pair) (RR: ROTATE). A huge ship with two indicators turns either or both
    (RR: APPENDIX: HUGE SHIPS - TURRET ARC INDICATORS): ``rotate:2:<arc>`` the second,
    ``rotate:<arc>+2:<arc>`` both, as its rotate action does."""
    if not ship.turret:
        return []
    first = [Option(f"rotate:{a.value}", f"rotate the turret to the {a.value} arc")
             for a in _turns(ship.turret, ship.turret_double)]
    if not ship.turret2_cards or not ship.turret2:
        return first
    second = [a.value for a in _turns(ship.turret2, second_indicator_double(ship))]
    return ([Option(o.key, o.label.replace("the turret", "the first turret")) for o in first]
            + [Option(f"rotate:2:{a}", f"rotate the second turret to the {a} arc")
               for a in second]
            + [Option(f"{o.key}+2:{a}", f"rotate the first turret to the "
                      f"{o.key.partition(':')[2]} arc and the second to the {a} arc")
               for o in first for a in second])


def rotate(game: Game, ship: ShipState, choice: str) -> None:
    """Carry out a :func:`rotate_options` choice (not a rotate action)."""
    for part in choice.partition(":")[2].split("+"):
        second = part.startswith("2:")
        arc = Arc(part[2:] if second else part)
        if second:
            ship.turret2 = turret_arcs_for(ship, arc, second=True)
        else:
            ship.turret = turret_arcs_for(ship, arc)
        game.event("ability", f"{ship.name} ({ship.id}) rotates its "
                   f"{'second ' if second else ''}turret to its {arc.value} arc", ship=ship.id)


def _rotate_effect(ctx: Ctx, choice: Any) -> None:
    rotate(ctx.game, ctx.ship, str(choice))


register("upgrade", "agilegunner",
         Triggered("rotate the turret arc indicator", window="end_phase",
                   choices=lambda ctx: rotate_options(ctx.ship), effect=_rotate_effect),
         description="During the End Phase: may rotate its turret arc indicator.")

register("upgrade", "lukeskywalker",
         Triggered("spend 1 Force and gain 1 deplete token: rotate the turret",
                   window="start_engagement", cost=Cost(force=1, gain=(("deplete", 1),)),
                   choices=lambda ctx: rotate_options(ctx.ship), effect=_rotate_effect),
         description="At the start of the Engagement Phase: may spend 1 Force and gain 1 "
                     "deplete token to rotate its turret arc indicator.")


# --------------------------------------------------------- bonus turret attacks
def _bistan_defenders(ctx: Ctx) -> tuple[str, ...]:
    attacked = {entry[0] for entry in round_attacks(ctx.game, ctx.ship, ctx.card)}
    return tuple(s.id for s in ctx.state.in_play()
                 if s.owner != ctx.ship.owner and s.id not in attacked)


def _bistan_can(ctx: Ctx) -> bool:
    defenders = _bistan_defenders(ctx)
    return bool(after_my_attack(ctx) and ctx.event.get("primary") and ctx.ship.has(Token.FOCUS)
                and defenders and can_bonus_attack(ctx.game, ctx.ship,
                                                   turret_weapons(ctx.game, ctx.ship),
                                                   defenders))


register("upgrade", "bistan",
         attack_record(),
         Triggered("bonus turret attack against a ship not attacked this round",
                   window="after_attack", bonus_attack=True, requirement=_bistan_can,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=turret_weapons(ctx.game, ctx.ship),
                       defenders=_bistan_defenders(ctx))),
         description="After a primary attack, while focused: may perform a bonus turret "
                     "attack against a ship it has not attacked this round.")


def _free_turret_bonus(ctx: Ctx) -> bool:
    """A primary attack was just made and a turret weapon can attack as a bonus attack
    from a turret arc not attacked from this round."""
    arcs = free_turret_arcs(ctx.game, ctx.ship, ctx.card)
    return bool(after_my_attack(ctx) and ctx.event.get("primary") and arcs
                and can_bonus_attack(ctx.game, ctx.ship, turret_weapons(ctx.game, ctx.ship),
                                     arcs=arcs))


def _free_turret_attack(ctx: Ctx, choice: Any) -> None:
    perform_bonus_attack(ctx.game, ctx.ship, only=turret_weapons(ctx.game, ctx.ship),
                         arcs=free_turret_arcs(ctx.game, ctx.ship, ctx.card))


register("upgrade", "veteranturretgunner",
         attack_record(),
         Triggered("bonus turret attack from a turret arc not attacked from this round",
                   window="after_attack", bonus_attack=True, requirement=_free_turret_bonus,
                   effect=_free_turret_attack),
         description="After a primary attack: may perform a bonus turret attack from a "
                     "turret arc it has not attacked from this round.")

EZRA_USED = "ezrabridger:bonus"


def _ezra(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, EZRA_USED, ctx.state.round)
    _free_turret_attack(ctx, choice)


def _ezra_reroll(game: Game, attack: Any, owner: ShipState, user: ShipState) -> bool:
    # the bonus attack Ezra gave (a ship has one bonus attack a round), while stressed
    return (user.id == owner.id and attack.attacker == owner.id and attack.bonus
            and is_turret(attack.weapon) and this_round(game, owner, EZRA_USED)
            and owner.stressed)


EZRA_REROLL = CardAbility("ezrabridger", "Ezra Bridger (stressed: reroll 1 attack die)",
                          effect=RerollDice(1), roles=ATTACKING)


register("upgrade", "ezrabridger",
         attack_record(),
         Triggered("spend 1 Force: bonus turret attack from a turret arc not attacked from "
                   "this round", window="after_attack", bonus_attack=True,
                   cost=Cost(force=1), requirement=_free_turret_bonus, effect=_ezra),
         DiceMod("stressed, in his bonus attack: reroll 1 attack die", dice=EZRA_REROLL,
                 applies=_ezra_reroll),
         description="After a primary attack: may spend 1 Force to perform a bonus turret "
                     "attack from a turret arc it has not attacked from this round; while "
                     "stressed it may reroll 1 attack die in that attack.")


# --------------------------------------------------------------------- Han Solo
HAN_USED = "hansolo:used"
HAN_ARC = "hansolo:arc"


def _han_can(ctx: Ctx) -> bool:
    return can_bonus_attack(ctx.game, ctx.ship, turret_weapons(ctx.game, ctx.ship))


def _han(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, HAN_USED, ctx.state.round)
    perform_bonus_attack(ctx.game, ctx.ship, only=turret_weapons(ctx.game, ctx.ship))


def _han_declared(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    remember(ctx.ship, HAN_ARC, (ctx.state.round, attack.arc.value))


def _han_is_declaring(ctx: Ctx) -> bool:
    attack = ctx.attack
    held = recalled(ctx.ship, HAN_ARC)
    return (is_me(ctx, "attacker") and attack is not None and attack.bonus
            and is_turret(attack.weapon) and this_round(ctx, ctx.ship, HAN_USED)
            and (held is None or held[0] != ctx.state.round))


def _han_forbids(game: Game, owner: ShipState, ship: ShipState | None = None,
                 weapon: WeaponSpec | None = None, arc: Arc | None = None, **facts: Any
                 ) -> bool:
    held = recalled(owner, HAN_ARC)
    return (ship is not None and ship.id == owner.id and weapon is not None
            and is_turret(weapon) and arc is not None and held is not None
            and held[0] == game.state.round and held[1] == arc.value)


register("upgrade", "hansolo",
         Triggered("at initiative 7: a turret attack (a bonus attack)",
                   window="engagement_initiative_7", bonus_attack=True, requirement=_han_can,
                   effect=_han),
         Triggered("note the turret arc of his attack", window="defender_declared",
                   optional=False, requirement=_han_is_declaring, effect=_han_declared),
         Modifier("no more attacks from that turret arc this round",
                  hook="attack_arc_forbidden", value=_han_forbids),
         description="In the Engagement Phase at initiative 7: may perform a turret attack "
                     "(a bonus attack); it can't attack from that turret arc again this "
                     "round.")


# ------------------------------------------------------- bonus primary attacks
def _bossk_can(ctx: Ctx) -> bool:
    return bool(after_my_attack(ctx) and ctx.event.get("primary") and not ctx.event["hit"]
                and not ctx.ship.stressed
                and can_bonus_attack(ctx.game, ctx.ship, primary_weapons(ctx.game, ctx.ship),
                                     (ctx.event["defender"],)))


register("upgrade", "bossk",
         Triggered("gain 1 stress token: bonus primary attack against the same target",
                   window="after_attack", bonus_attack=True, optional=False,
                   cost=Cost(gain=(("stress", 1),)), requirement=_bossk_can,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=primary_weapons(ctx.game, ctx.ship),
                       defenders=(ctx.event["defender"],), required=True)),
         description="After a primary attack that misses, while unstressed: must take 1 stress "
                     "token and make a bonus primary attack at the same target.")


def _tail_can(ctx: Ctx) -> bool:
    return bool(after_my_attack(ctx) and ctx.event.get("weapon") == "primary:front"
                and can_bonus_attack(ctx.game, ctx.ship,
                                     primary_weapons(ctx.game, ctx.ship, "rear")))


register("upgrade", "veterantailgunner",
         Triggered("bonus primary rear arc attack", window="after_attack", bonus_attack=True,
                   requirement=_tail_can,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=primary_weapons(ctx.game, ctx.ship, "rear"))),
         description="After a primary front arc attack: may perform a bonus primary rear arc "
                     "attack.")


def _sf_extra_die(ctx: Ctx) -> bool:
    attack = ctx.attack
    # RR: ATTACK - no die is added to a primary attack at range 0
    return (is_me(ctx, "attacker") and attack is not None
            and attack.weapon.id == "primary:front" and attack.range > 0
            and Arc.FRONT in ctx.ship.turret)


def _sf_bonus(ctx: Ctx) -> bool:
    return bool(after_my_attack(ctx) and ctx.event.get("weapon") == "primary:front"
                and Arc.REAR in ctx.ship.turret
                and can_bonus_attack(ctx.game, ctx.ship,
                                     turret_weapons(ctx.game, ctx.ship, primary=True)))


register("upgrade", "specialforcesgunner",
         Triggered("turret in the front arc: roll 1 additional attack die",
                   window="before_attack_dice", requirement=_sf_extra_die,
                   effect=one_more_attack_die),
         Triggered("turret in the rear arc: bonus primary turret attack", window="after_attack",
                   bonus_attack=True, requirement=_sf_bonus,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship,
                       only=turret_weapons(ctx.game, ctx.ship, primary=True))),
         description="Primary front arc attack with the turret pointing to the front arc: may "
                     "roll 1 more attack die. After a primary front arc attack with the "
                     "turret pointing to the rear arc: may perform a bonus primary turret "
                     "attack.")


def red_or_orange(game: Game, ship: ShipState) -> bool:
    """The ship has a red or orange token (a lock on it is a red token: RR: LOCK)."""
    return any(t.colour in ("red", "orange") and ship.has(t) for t in Token) or \
        bool(locks_on(game, ship.id))


def _mayfeld_weapons(game: Game, ship: ShipState) -> tuple[str, ...]:
    return tuple(w.id for w in weapons_of(game, ship)
                 if w.arc == "rear" or w.arc in TURRET_WEAPON_ARCS)


def _mayfeld_defenders(ctx: Ctx) -> tuple[str, ...]:
    return tuple(s.id for s in ctx.state.ships.values()
                 if s.in_play and s.owner != ctx.ship.owner and s.id != ctx.event["defender"]
                 and red_or_orange(ctx.game, s))


def _mayfeld_can(ctx: Ctx) -> bool:
    attack = ctx.attack
    defenders = _mayfeld_defenders(ctx) if after_my_attack(ctx) else ()
    return bool(attack is not None and attack.weapon.arc == "front" and defenders
                and can_bonus_attack(ctx.game, ctx.ship,
                                     _mayfeld_weapons(ctx.game, ctx.ship), defenders))


register("upgrade", "migsmayfeld",
         Triggered("bonus rear arc or turret attack against another target with a red or "
                   "orange token", window="after_attack", bonus_attack=True,
                   requirement=_mayfeld_can,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=_mayfeld_weapons(ctx.game, ctx.ship),
                       defenders=_mayfeld_defenders(ctx))),
         description="After a front-arc attack: may make a bonus rear-arc or turret attack against "
                     "another target, one holding at least 1 red or orange token.")


def _airen_can(ctx: Ctx) -> bool:
    return bool(is_me(ctx, "defender") and ctx.event["hit"]
                and can_bonus_attack(ctx.game, ctx.ship, primary_weapons(ctx.game, ctx.ship),
                                     (ctx.event["attacker"],)))


register("upgrade", "airencracken-battleoverendor",
         Triggered("gain 1 deplete token: bonus primary attack against the attacker",
                   window="after_defend", bonus_attack=True,
                   cost=Cost(gain=(("deplete", 1),)), requirement=_airen_can,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=primary_weapons(ctx.game, ctx.ship),
                       defenders=(ctx.event["attacker"],))),
         description="After defending against an attack that hit: may take 1 deplete token and, in "
                     "return, make a bonus primary attack against the attacker.")


# ------------------------------------------------------------------- turret attacks
def _hotshot_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if not is_me(ctx, "attacker") or attack is None or attack.dice_skipped \
            or not is_turret(attack.weapon):
        return False
    return bool(_hotshot_tokens(ctx))


def _hotshot_tokens(ctx: Ctx) -> list[Option]:
    assert ctx.attack is not None
    defender = ctx.other(ctx.attack.defender)
    return [Option(t.value, f"remove 1 {t.value} token") for t in (Token.FOCUS, Token.CALCULATE)
            if defender.has(t)]


def _hotshot(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    remove_token(ctx.game, ctx.other(ctx.attack.defender), Token(str(choice)))


register("upgrade", "hotshotgunner",
         Triggered("the defender removes 1 focus or calculate token",
                   window="before_neutralize", optional=False, requirement=_hotshot_applies,
                   choices=_hotshot_tokens, effect=_hotshot,
                   player=lambda ctx: ctx.other(ctx.event["defender"]).owner),
         description="Turret attack: once the Modify Defense Dice step is over, the defender must "
                     "remove a focus or calculate token of its choice.")


# ---------------------------------------------------------------- devices
#: the speeds each template exists in (RR: MANEUVER: the templates)
TEMPLATE_SPEEDS = {Bearing.STRAIGHT: range(1, 6), Bearing.BANK_LEFT: range(1, 4),
                   Bearing.BANK_RIGHT: range(1, 4), Bearing.TURN_LEFT: range(1, 4),
                   Bearing.TURN_RIGHT: range(1, 4)}


def _bombardier(game: Game, owner: ShipState, card: str = "",
                templates: tuple[str, ...] = (), launch: bool = False, **facts: Any
                ) -> list[tuple[str, bool]]:
    found: list[tuple[str, bool]] = []
    for code in templates:
        template = Maneuver.parse(code)
        speeds = TEMPLATE_SPEEDS.get(template.bearing, ())
        for speed in (template.speed - 1, template.speed + 1):
            if speed in speeds:
                found.append((f"{speed}{template.bearing.value}", launch))
    return found


register("upgrade", "skilledbombardier",
         Modifier("a template of the same bearing, 1 speed higher or lower",
                  hook="device_templates", value=_bombardier),
         description="When dropping or launching a device: may use the template with the same "
                     "bearing but 1 speed higher or lower.")


def _paige_choices(ctx: Ctx) -> list[Option]:
    return payload_options(ctx.game, ctx.ship, ("bomb",)) + rotate_options(ctx.ship)


def _paige(ctx: Ctx, choice: Any) -> None:
    if str(choice).startswith("rotate:"):
        rotate(ctx.game, ctx.ship, str(choice))
    else:
        place_payload(ctx, choice)


register("upgrade", "paigetico",
         Triggered("drop 1 bomb or rotate the turret", window="after_attack",
                   requirement=lambda ctx: after_my_attack(ctx)
                   and bool(ctx.event.get("primary")),
                   choices=_paige_choices, effect=_paige),
         Triggered("drop 1 bomb", window="after_destroyed", requirement=is_me,
                   choices=lambda ctx: payload_options(ctx.game, ctx.ship, ("bomb",)),
                   effect=place_payload, decision="launch_device"),
         description="After a primary attack: may drop 1 bomb (paying its card's charge, "
                     "with its card's template) or rotate its turret arc indicator. When "
                     "destroyed, before being removed: may drop 1 bomb.")

__all__ = [
    "attack_record",
    "free_turret_arcs",
    "primary_weapons",
    "red_or_orange",
    "rotate",
    "rotate_options",
    "round_attacks",
    "turret_weapons",
]
