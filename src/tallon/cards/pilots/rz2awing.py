"""RZ-2 A-wing pilots (Resistance) and the ship ability Refined Gyrostabilizers."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import granted, may_perform
from tallon.cards.common import (
    attacking,
    defending,
    is_in_arc,
    is_me,
    one_more_defense_die,
    range_of,
    recalled,
    remember,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import BOTH_ROLES
from tallon.dice.abilities.effects import CardAbility, ChangeResults
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import rotatable_arcs, turret_arcs_for
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, spend_token, transfer_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc
from tallon.geometry.repositioning import rotate_ship

# ------------------------------------------------------------------ the ship ability
RED_BOOST = granted("boost", "red", "Refined Gyrostabilizers")
RED_ROTATE = granted("rotate", "red", "Refined Gyrostabilizers")


def _front_or_rear(game: Any, owner: ShipState, ship: ShipState | None = None,
                   **facts: Any) -> tuple[Arc, ...] | None:
    return (Arc.FRONT, Arc.REAR) if ship is not None and ship.id == owner.id else None


register("ship_ability", "Refined Gyrostabilizers",
         Modifier("the turret rotates only to the front or rear arc",
                  hook="turret_arcs_allowed", value=_front_or_rear),
         may_perform("perform a red boost or red rotate action", "after_action",
                     lambda ctx: (RED_BOOST, RED_ROTATE), requirement=is_me,
                     label="perform a red boost or red rotate action", key="act"),
         description="The turret indicator can be rotated only to the front or rear arc. "
                     "After performing an action: may perform a red boost or red rotate "
                     "action.")



# ------------------------------------------------------------------------ Lulo Lampar
def _lulo_attack(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return 1 if attacking(attack, owner) and attack.primary and owner.stressed else 0


def _lulo_defense(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return -1 if defending(attack, owner) and owner.stressed else 0


register("pilot", "lulolampar",
         Modifier("stressed: 1 more attack die on primary attacks", hook="attack_dice",
                  value=_lulo_attack),
         Modifier("stressed: 1 fewer defense die", hook="defense_dice", value=_lulo_defense),
         description="While stressed: rolls 1 more attack die on his primary attacks and 1 "
                     "fewer defense die when defending.")


# ------------------------------------------------------------------- Tallissan Lintra
def _tallissan_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or attack.attacker == ctx.ship.id:
        return False
    attacker = ctx.other(attack.attacker)
    return attacker.owner != ctx.ship.owner and is_in_arc(ctx.ship, attacker, Arc.BULLSEYE)


register("pilot", "tallissanlintra",
         Triggered("spend 1 charge: the defender rolls 1 more defense die",
                   window="before_defense_dice", requirement=_tallissan_applies,
                   cost=Cost(charges=1), effect=one_more_defense_die),
         description="While an enemy ship in her bullseye arc attacks: may spend 1 charge "
                     "so that the defender rolls 1 more defense die.")


# ------------------------------------------------------------------------ Zari Bangel
def _keep_action(game: Any, owner: ShipState, ship: ShipState | None = None,
                 **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id


register("pilot", "zaribangel",
         Modifier("no skipped Perform Action step after a partial maneuver",
                  hook="keep_action_after_partial", value=_keep_action),
         description="Does not skip her Perform Action step after partially executing a "
                     "maneuver.")


# ------------------------------------------------------------------------ Greer Sonnel
def _greer_choices(ctx: Ctx) -> list[Option]:
    if not ctx.ship.turret:
        return []
    return [Option(a.value, f"rotate the turret to the {a.value} arc")
            for a in rotatable_arcs(ctx.game, ctx.ship)]


def _greer(ctx: Ctx, choice: Any) -> None:
    # RR: ROTATE - turning the indicator by an ability, not a rotate action
    ctx.ship.turret = turret_arcs_for(ctx.ship, Arc(choice))
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) rotates its turret to its "
                   f"{choice} arc", ship=ctx.ship.id)


register("pilot", "greersonnel",
         Triggered("rotate the turret arc indicator", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full")),
                   choices=_greer_choices, effect=_greer),
         description="After fully executing a maneuver: may rotate her turret arc "
                     "indicator.")


# ------------------------------------------------------------------------ Zizi Tlo
def _zizi(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token(choice))


def _zizi_choices(ctx: Ctx) -> list[Option]:
    return [Option("focus", "gain 1 focus token"), Option("evade", "gain 1 evade token")]


register("pilot", "zizitlo",
         Triggered("spend 1 charge: gain 1 focus or evade token", window="after_defend",
                   requirement=lambda ctx: is_me(ctx, "defender"), cost=Cost(charges=1),
                   choices=_zizi_choices, effect=_zizi),
         Triggered("spend 1 charge: gain 1 focus or evade token", window="after_attack",
                   requirement=lambda ctx: is_me(ctx, "attacker"), cost=Cost(charges=1),
                   choices=_zizi_choices, effect=_zizi),
         description="After defending or attacking: may spend 1 charge to gain 1 focus or "
                     "evade token.")


# ------------------------------------------------------------------------ Merl Cobben
def _merl(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    if attack is None or not attack.primary:
        return 0
    attacker = game.state.ships[attack.attacker]
    defender = game.state.ships[attack.defender]
    near = range_of(owner, attacker)
    return 1 if (friendly(attacker, owner) and near is not None and near <= 2
                 and is_in_arc(defender, owner, Arc.BULLSEYE)) else 0


register("pilot", "merlcobben",
         Modifier("the defender rolls 1 fewer defense die", hook="defense_dice_reduction",
                  value=_merl),
         description="While a friendly ship at range 0-2 (him too) makes a primary attack, "
                     "if he is in the defender's bullseye arc: the defender rolls 1 fewer "
                     "defense die.")


# ------------------------------------------------------------------ Suralinda Javos
_TURNS = {"left": -90.0, "right": 90.0, "around": 180.0}


def _suralinda_rotations(ctx: Ctx) -> dict[str, Any]:
    table = ctx.state.table()
    found = {name: rotate_ship(table, ctx.ship.id, deg) for name, deg in _TURNS.items()}
    return {name: r for name, r in found.items() if r.possible}


def _suralinda_choices(ctx: Ctx) -> list[Option]:
    labels = {"left": "rotate 90 degrees left", "right": "rotate 90 degrees right",
              "around": "rotate 180 degrees"}
    return [Option(k, labels[k]) for k in _suralinda_rotations(ctx)]


def _suralinda(ctx: Ctx, choice: Any) -> None:
    rotation = _suralinda_rotations(ctx).get(choice)
    if rotation is None:
        return
    # RR: ROTATE A SHIP - not a move: nothing is moved through
    ctx.state.set_pose(ctx.ship, rotation.final)
    ctx.game.event("move", f"{ctx.ship.name} ({ctx.ship.id}) rotates ({choice})",
                   ship=ctx.ship.id)


register("pilot", "suralindajavos",
         Triggered("gain 1 strain token to rotate 90 or 180 degrees", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and not ctx.event.get("full"),
                   cost=Cost(gain=(("strain", 1),)), choices=_suralinda_choices,
                   effect=_suralinda),
         description="After she partially executes a maneuver: may rotate her ship 90 or 180 "
                     "degrees by gaining 1 strain token.")


# ------------------------------------------------------------------------ Seftin Vanik
def _seftin_choices(ctx: Ctx) -> list[Option]:
    if not ctx.ship.has(Token.EVADE):
        return []
    return ship_options(ships_in_range(ctx.game, ctx.ship, 1, 1, friendly=True, other=True))


def _seftin(ctx: Ctx, choice: Any) -> None:
    transfer_token(ctx.game, ctx.ship, ctx.other(choice), Token.EVADE)


register("pilot", "seftinvanik",
         Triggered("transfer 1 evade token to a friendly ship at range 1",
                   window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "boost",
                   choices=_seftin_choices, effect=_seftin),
         description="After he performs a boost action: may transfer 1 of his evade tokens to a "
                     "friendly ship at range 1.")


# ----------------------------------------------------------------------- Ronith Blario
def _enemy_of(attack: Any, ship: ShipState) -> str:
    return attack.defender if attack.attacker == ship.id else attack.attacker


def ronith_helpers(game: Any, attack: Any, ronith: ShipState) -> list[ShipState]:
    """The other friendly ships with a focus token whose single turret arc holds the enemy
    ship of the attack."""
    enemy = game.state.ships[_enemy_of(attack, ronith)]
    return [s for s in game.state.in_play()
            if friendly(s, ronith) and s.id != ronith.id and s.has(Token.FOCUS)
            and len(s.turret) == 1 and not s.turret_double
            and is_in_arc(s, enemy, s.turret[0])]


def _ronith_applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    return (user.id == owner.id and (attacking(attack, owner) or defending(attack, owner))
            and bool(ronith_helpers(game, attack, owner)))


def _ronith_spend(ctx: Ctx, option: Any) -> None:
    assert ctx.attack is not None
    helpers = ronith_helpers(ctx.game, ctx.attack, ctx.ship)
    # several friends may hold the enemy in their turret arcs: Ronith picks whose focus
    ctx.game.push(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): "
                      "spend the focus token of which friendly ship?",
                      tuple(ship_options(helpers)), "ronithblario.spend", (), ship=ctx.ship.id))


@continuation("ronithblario.spend")
def _ronith_spent(game: Any, answer: str) -> None:
    spend_token(game, game.state.ships[answer], Token.FOCUS)


# the dice catalogue's resources are the user's own: the card checks the friend's focus
# token in ``applies`` and spends it once the result is changed
register("pilot", "ronithblario",
         DiceMod("spend a friend's focus token to change 1 focus result",
                 dice=CardAbility("ronithblario", "Ronith Blario (a friend's focus: change 1 "
                                  "focus result)",
                                  effect=ChangeResults(1, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
                                  roles=BOTH_ROLES),
                 applies=_ronith_applies, after=_ronith_spend),
         description="While she defends or attacks, if another friendly ship has the enemy ship "
                     "inside its single turret arc: may spend 1 focus token of that friendly ship "
                     "to turn 1 of her focus results into a hit (attacking) or an evade "
                     "(defending).")


# -------------------------------------------------------------------------- Wrobie Tyce
WROBIE = "wrobietyce.modified"


def _attacker_modified(ctx: Ctx) -> bool:
    # "its dice": the attacker's own attack dice
    attack = ctx.attack
    return (attack is not None and attack.defender == ctx.ship.id
            and ctx.event["ship"] == attack.attacker and ctx.event["kind"] == "attack")


def _wrobie_note(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    remember(ctx.ship, WROBIE, (ctx.state.round, ctx.attack.attacker))


def _wrobie_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "defender") and attack is not None and attack.range == 1
            and recalled(ctx.ship, WROBIE) == (ctx.state.round, ctx.event["attacker"]))


def _wrobie(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, WROBIE, None)
    attacker = ctx.other(ctx.event["attacker"])
    if attacker.in_play:
        gain_token(ctx.game, attacker, Token.DEPLETE, applier=ctx.ship.owner)


def _wrobie_forget(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, WROBIE, None)


register("pilot", "wrobietyce",
         Triggered("note that the attacker modified its dice", window="after_modify_dice",
                   requirement=_attacker_modified, optional=False, effect=_wrobie_note),
         Triggered("the attacker gains 1 deplete token", window="after_defend",
                   requirement=_wrobie_applies, optional=False, effect=_wrobie),
         # a note left by an attack at another range must not count for the next one
         Triggered("forget the attacker's modified dice", window="defender_declared",
                   requirement=lambda ctx: is_me(ctx, "defender")
                   and recalled(ctx.ship, WROBIE) is not None,
                   optional=False, effect=_wrobie_forget),
         description="After defending at attack range 1: the attacker gains 1 deplete token if it "
                     "had modified its attack dice.")
