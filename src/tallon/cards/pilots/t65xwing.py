"""T-65 X-wing pilots (Rebel Alliance), with their standard-loadout versions, and the ship
abilities Hope (Battle of Yavin) and Locked S-Foils (Battle over Endor).

The generic pilots (Blue Squadron Escort, Cavern Angels Zealot, Red Squadron Veteran) have
no ability text and need no registration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import granted, let_perform, may_perform, performable
from tallon.cards.common import (
    attacking_if,
    dice,
    facedown_damage,
    in_firing_arc,
    is_in_arc,
    is_me,
    range_of,
    recover_force,
    roll_die,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, Situation
from tallon.dice.abilities.effects import CardAbility, Effect, Variant
from tallon.dice.counts import face_count
from tallon.dice.ops import Cancel
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    expose_damage,
    flip_upgrade,
    gain_token,
    lock_blockers,
    remove_token,
    suffer_damage,
)
from tallon.engine.setup import choosable_sides
from tallon.engine.state import GREEN_TOKENS, MARKER, ShipState, Token
from tallon.engine.steps import Ask, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------------- helpers
def _after_my(*actions: str) -> Any:
    """Requirement: this ship just performed one of ``actions``."""
    return lambda ctx: is_me(ctx) and ctx.event["action"] in actions


# ------------------------------------------------------------- ship abilities
HOPE_ACTIONS = (granted("focus", "white", "Hope"), granted("boost", "white", "Hope"))


def _hope_applies(ctx: Ctx) -> bool:
    lost = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, lost)
    return (lost.id != ctx.ship.id and friendly(lost, ctx.ship) and ctx.ship.in_play
            and near is not None and near <= 3)


register("ship_ability", "Hope",
         may_perform("perform a focus or boost action", "after_destroyed",
                     lambda ctx: HOPE_ACTIONS, requirement=_hope_applies,
                     label="perform a focus or boost action"),
         description="After another friendly ship at range 0-3 is destroyed: may perform a "
                     "focus or boost action.")

register("ship_ability", "Locked S-Foils",
         Triggered("gain a deplete token", window="after_action", optional=False,
                   requirement=_after_my("boost"),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.DEPLETE)),
         description="After a boost action: gain a deplete token.")


# --------------------------------------------------------------------- pilots
def _wedge(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return 1 if attack is not None and attack.attacker == owner.id else 0


register("pilot", "wedgeantilles",
         Modifier("the defender rolls 1 fewer defense die", hook="defense_dice_reduction",
                  value=_wedge),
         description="While attacking, the defender rolls 1 fewer defense die.")


def _wedge_yavin(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id or not attack.primary:
        return 0
    defender = game.state.ships[attack.defender]
    wingmen = [s for s in game.state.in_play() if friendly(s, owner)
               and s.id != owner.id and in_firing_arc(defender, s)]
    return 1 if wingmen else 0


register("pilot", "wedgeantilles-battleofyavin",
         Modifier("with a wingman in the defender's firing arc, it rolls 1 fewer defense die",
                  hook="defense_dice_reduction", value=_wedge_yavin),
         description="While he performs a primary attack, if the defender's firing arc contains "
                     "another friendly ship: the defender rolls 1 fewer defense die.")

register("pilot", "wedgeantilles-battleoverendor",
         Triggered("gain a focus token", window="after_attack", optional=False,
                   requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id
                   and bool(ctx.event["hit"]),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="After an attack that hits: gain a focus token.")


def _garven_targets(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=True, other=True)


GARVEN = Triggered("give a friendly ship at range 1-3 a focus token",
                   window="after_spend_token",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(choice),
                                                         Token.FOCUS),
                   requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "focus",
                   choices=lambda ctx: ship_options(_garven_targets(ctx)))
for _xws in ("garvendreis-t65xwing", "garvendreis-battleofyavin"):
    register("pilot", _xws, GARVEN,
             description="After spending a focus token: a friendly ship at range 1-3 may "
                         "gain a focus token.")


def _luke_wants(ctx: Ctx) -> bool:
    return ctx.event.get("defender") == ctx.ship.id and ctx.ship.force < ctx.ship.force_limit


LUKE = Triggered("recover 1 Force", window="defender_declared", requirement=_luke_wants,
                 effect=lambda ctx, choice: recover_force(ctx.ship))
for _xws in ("lukeskywalker", "lukeskywalker-battleofyavin", "lukeskywalker-swz106"):
    register("pilot", _xws, LUKE,
             description="After becoming the defender (before dice): may recover 1 Force.")


def _jek(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "jekporkins.rolled", (ctx.ship.id,))


@continuation("jekporkins.rolled")
def _jek_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    remove_token(game, ship, Token.STRESS)
    game.event("ability", f"{ship.name} ({ship.id}) removes the stress token", ship=ship.id)
    if face is Face.HIT:
        suffer_damage(game, ship, hits=1, cause="Jek Porkins")


JEK = Triggered("roll 1 attack die to remove the stress token (a hit deals 1 damage)",
                window="after_gain_token", effect=_jek,
                requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "stress"
                and ctx.ship.stressed)
for _xws in ("jekporkins", "jekporkins-battleofyavin", "jekporkins-swz106"):
    register("pilot", _xws, JEK,
             description="After gaining a stress token: may roll an attack die to remove "
                         "it; on a hit result he suffers 1 hit damage.")


def _biggs_arc(ctx: Ctx) -> bool:
    """Biggs's requirement: another friendly ship at range 0-1 defends and he is in the
    attack arc (the arc of the weapon the attacker uses)."""
    attack = ctx.attack
    if attack is None or attack.defender == ctx.ship.id or attack.attack_dice is None:
        return False
    defender = ctx.other(attack.defender)
    near = range_of(ctx.ship, defender)
    # a remote is not a friendly ship (RR: ATTACKING REMOTES)
    return (friendly(defender, ctx.ship) and not defender.remote and near is not None
            and near <= 1 and is_in_arc(ctx.other(attack.attacker), ctx.ship, attack.arc))


def _biggs_choices(ctx: Ctx) -> list[Option]:
    assert ctx.attack is not None and ctx.attack.attack_dice is not None
    pool = ctx.attack.attack_dice
    found = []
    if pool.count(Face.HIT):
        found.append(Option("hit", "suffer 1 hit damage to cancel 1 hit result"))
    if pool.count(Face.CRIT):
        found.append(Option("crit", "suffer 1 critical damage to cancel 1 critical hit "
                                    "result"))
    return found


def _biggs(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None and ctx.attack.attack_dice is not None
    face = Face.HIT if choice == "hit" else Face.CRIT
    ctx.attack.attack_dice.apply_op(Cancel(face, 1), ctx.state.rng)
    ctx.game.event("modify", f"{ctx.ship.name} ({ctx.ship.id}) cancels 1 {face.label} result",
                   ship=ctx.ship.id)
    suffer_damage(ctx.game, ctx.ship, hits=1 if face is Face.HIT else 0,
                  crits=1 if face is Face.CRIT else 0, cause="Biggs Darklighter")


register("pilot", "biggsdarklighter",
         Triggered("suffer 1 damage to cancel 1 matching attack result",
                   window="before_neutralize", requirement=_biggs_arc,
                   choices=_biggs_choices, effect=_biggs),
         description="Another friendly ship at range 0-1 defends and he is in the attack "
                     "arc: before Neutralize Results he may suffer 1 hit (or critical) "
                     "damage to cancel 1 hit (or critical hit) result.")


def _biggs_yavin_friends(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 1, 1, friendly=True, other=True)


def _biggs_yavin(ctx: Ctx, choice: Any) -> None:
    chosen = ctx.other(choice)
    ctx.ship.round_initiative = chosen.current_initiative
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) has initiative "
                   f"{chosen.current_initiative} until the end of the Activation Phase",
                   ship=ctx.ship.id)


def _biggs_yavin_end(ctx: Ctx, choice: Any) -> None:
    ctx.ship.round_initiative = None
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) has initiative "
                   f"{ctx.ship.initiative} again", ship=ctx.ship.id)


# the borrowed initiative is the ship's initiative for the round (as other cards that change
# initiative use) until the end of the Activation Phase
register("pilot", "biggsdarklighter-battleofyavin",
         Triggered("use a friendly ship's initiative at range 1", window="system_phase",
                   requirement=lambda ctx: is_me(ctx) and bool(_biggs_yavin_friends(ctx)),
                   choices=lambda ctx: ship_options(_biggs_yavin_friends(ctx)),
                   effect=_biggs_yavin),
         Triggered("the initiative change ends", window="end_activation", optional=False,
                   requirement=lambda ctx: ctx.ship.round_initiative is not None,
                   effect=_biggs_yavin_end),
         description="During the System Phase: may choose a friendly ship at range 1 and "
                     "use its initiative until the end of the Activation Phase.")


def _grant_any(ctx: Ctx) -> None:
    # "before you activate" comes before the activation: not during it
    ctx.game.push(PerformAction(ctx.ship.id, during_activation=False))


register("pilot", "edriotwotubes",
         Triggered("perform an action", window="before_activate",
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.has(Token.FOCUS),
                   effect=lambda ctx, choice: _grant_any(ctx)),
         description="Before activating, if he has a focus token: may perform an action.")


register("pilot", "kullbeesperado",
         Triggered("flip the equipped configuration upgrade", window="after_action",
                   requirement=lambda ctx: _after_my("barrel_roll", "boost")(ctx)
                   and bool(choosable_sides(ctx.ship)),
                   choices=lambda ctx: [Option(x, f"flip {x}") for x in choosable_sides(ctx.ship)],
                   effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, choice)),
         description="After a barrel roll or boost action: may flip his configuration "
                     "upgrade.")

RED_EVADE = granted("evade", "red", "leevantenza")

register("pilot", "leevantenza",
         may_perform("perform a red evade action", "after_action", lambda ctx: (RED_EVADE,),
                     requirement=_after_my("barrel_roll", "boost"),
                     label="perform a red evade action", key="evade"),
         description="After a barrel roll or boost action: may perform a red evade action.")


class SpendResult(Effect):
    """Spend (remove) 1 attack result showing one of ``faces``."""

    def __init__(self, faces: tuple[Face, ...]) -> None:
        self.faces = faces

    def variants(self, situation: Situation) -> list[Variant]:
        return [(Cancel(face, 1),) for face in self.faces if face_count(situation.pool, face)]


def _thane_expose(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    # he looks at the cards: the choice names them (the decision is his player's only)
    options = tuple(Option(str(d.serial), d.card if d.card != MARKER else
                           "a facedown card (its card went back into the deck)")
                    for d in facedown_damage(defender))
    ctx.game.now(Ask(ctx.ship.owner, "expose_damage", f"{ctx.ship.name} ({ctx.ship.id}): "
                     f"expose which of {defender.name}'s facedown damage cards?", options,
                     "thanekyrell.expose", (defender.id,), ship=ctx.ship.id))


@continuation("thanekyrell.expose")
def _thane_exposes(game: Game, serial: str, defender_id: str) -> None:
    expose_damage(game, game.state.ships[defender_id], int(serial))


register("pilot", "thanekyrell",
         DiceMod("spend 1 focus, hit or critical hit result to expose a damage card",
                 dice=CardAbility("thanekyrell", "Thane Kyrell (spend 1 result: expose a "
                                  "defender's damage card)",
                                  effect=SpendResult((Face.FOCUS, Face.HIT, Face.CRIT)),
                                  roles=ATTACKING),
                 applies=attacking_if(lambda game, attack, owner: bool(
                     facedown_damage(game.state.ships[attack.defender]))),
                 after=_thane_expose),
         description="While he attacks: may spend 1 focus, hit or critical hit result; if he does, "
                     "he looks at the defender's facedown damage cards and exposes 1 of his "
                     "choice.")


def _corran_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if friendly(s, ctx.ship)
            and s.id != ctx.ship.id and ctx.ship.id in s.locks]


def _corran_applies(ctx: Ctx) -> bool:
    attacker, defender_id = ctx.event.get("attacker"), ctx.event.get("defender")
    if attacker != ctx.ship.id or defender_id not in ctx.ship.locks:
        return False
    defender = ctx.other(defender_id)
    # a transfer needs the defender able to take the lock (RR: TOKENS)
    lockable = not defender.ionized and not lock_blockers(ctx.game, defender)
    return lockable and bool(_corran_friends(ctx))


def _corran(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(choice)
    defender = ctx.event["defender"]
    # two locks of one ship can't sit on one object: the moved one merges (RR: FAQ, R3)
    moved = [defender if t == ctx.ship.id else t for t in friend.locks]
    friend.locks = list(dict.fromkeys(moved))
    ctx.game.event("lock", f"{friend.name} ({friend.id}) transfers its lock from "
                   f"{ctx.ship.name} to {defender}", ship=friend.id, target=defender)


register("pilot", "corranhorn-t65xwing",
         Triggered("a friendly ship moves its lock from you to the defender",
                   window="defender_declared", requirement=_corran_applies,
                   choices=lambda ctx: ship_options(_corran_friends(ctx)), effect=_corran),
         description="After declaring a defender he has locked: a friendly ship may move "
                     "its lock on him to the defender.")


def _jam(ctx: Ctx, key: str) -> None:
    target = ctx.other(ctx.event[key])
    gain_token(ctx.game, target, Token.JAM, applier=ctx.ship.owner)


register("pilot", "wesjanson",
         Triggered("spend 1 charge: the defender gains a jam token", window="after_attack",
                   cost=Cost(charges=1),
                   requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id
                   and ctx.other(ctx.event["defender"]).in_play,
                   effect=lambda ctx, choice: _jam(ctx, "defender")),
         Triggered("spend 1 charge: the attacker gains a jam token", window="after_defend",
                   cost=Cost(charges=1),
                   requirement=lambda ctx: ctx.event["defender"] == ctx.ship.id
                   and ctx.other(ctx.event["attacker"]).in_play,
                   effect=lambda ctx, choice: _jam(ctx, "attacker")),
         description="After attacking: may spend 1 charge to give the defender a jam token. "
                     "After defending: may spend 1 charge to give the attacker one.")


register("pilot", "yendor-battleoverendor",
         DiceMod("gain a strain token to reroll 1 blank result",
                 dice=dice("yendor-battleoverendor"),
                 applies=attacking_if(lambda game, attack, owner: attack.primary)),
         description="While performing a primary attack: may gain a strain token to reroll "
                     "1 blank result.")

KENDY_ACTIONS = (granted("focus", "red", "kendyidele-battleoverendor"),
                 granted("evade", "red", "kendyidele-battleoverendor"))


def _kendy_targets(ctx: Ctx) -> list[ShipState]:
    # paying the strain only makes sense for a ship that can take one of the actions
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=True, other=True)
            if performable(ctx.game, s, KENDY_ACTIONS, False)]


register("pilot", "kendyidele-battleoverendor",
         Triggered("gain a strain token: a friendly ship at range 1-3 may perform a red "
                   "focus or evade action", window="after_spend_token",
                   cost=Cost(gain=(("strain", 1),)),
                   requirement=lambda ctx: is_me(ctx) and Token(ctx.event["token"])
                   in GREEN_TOKENS,
                   choices=lambda ctx: ship_options(_kendy_targets(ctx)),
                   effect=lambda ctx, choice: let_perform(ctx.game, choice, KENDY_ACTIONS,
                                                          False)),
         description="After she spends a green token: may gain 1 strain token to choose a friendly "
                     "ship within range 1-3; the chosen ship may then perform a red focus action "
                     "or a red evade action.")
