"""Delta-7 Aethersprite pilots (Galactic Republic) and the ship ability Fine-tuned Controls.

The Delta-7B printings (cards/pilots/delta7baethersprite.py) print the same texts and
share these ability objects. Jedi Knight has no pilot ability: the ship ability is all it
needs. Calibrated Laser Targeting is in cards/upgrades/configuration_jedi.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import (
    bar_actions,
    during_activation,
    grant_action,
    granted,
    performable,
)
from tallon.cards.common import (
    attack_ships,
    dice,
    is_in_arc,
    is_me,
    range_of,
    recover_force,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, remove_token, transfer_token
from tallon.engine.movement import difficulty_of
from tallon.engine.queue import any_true
from tallon.engine.state import ActionSpec, AttackState, ShipState, Token
from tallon.engine.token_kinds import GREEN_TOKENS, ORANGE_TOKENS
from tallon.geometry import Arc
from tallon.geometry.maneuvers import Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game

CONTROLS = "Fine-tuned Controls"


def fully_executed(ctx: Ctx) -> bool:
    """"After you fully execute a maneuver" (RR: FULLY EXECUTE: not after a bump)."""
    return is_me(ctx) and bool(ctx.event.get("full"))


def friend_near(ctx: Ctx, ship_id: str, high: int) -> ShipState | None:
    """The ship ``ship_id`` if it is a friendly ship at range 0-``high`` of the card's ship
    (the card's own ship included: RR: FRIENDLY), else None."""
    friend = ctx.other(ship_id)
    near = range_of(ctx.ship, friend)
    if friend.owner != ctx.ship.owner or friend.remote or near is None or near > high:
        return None
    return friend


# --------------------------------------------------------------- the ship ability
def _controls_specs(ctx: Ctx) -> list[ActionSpec]:
    return [granted("boost", "white", CONTROLS), granted("barrel_roll", "white", CONTROLS)]


def _controls_apply(ctx: Ctx) -> bool:
    # queued only while one of the actions can be performed (a stressed ship can't)
    return fully_executed(ctx) and bool(performable(ctx.game, ctx.ship, _controls_specs(ctx),
                                                    during_activation(ctx)))


FINE_TUNED = grant_action("spend 1 Force to perform a boost or barrel roll action",
                          "after_execute", _controls_specs, requirement=_controls_apply,
                          cost=Cost(force=1))
register("ship_ability", CONTROLS, FINE_TUNED,
         description="After fully executing a maneuver: may spend 1 Force to perform a boost "
                     "or a barrel roll action.")


# ------------------------------------------------------------------ Obi-Wan Kenobi
def _obiwan_friend(ctx: Ctx) -> ShipState | None:
    if ctx.event["token"] != Token.FOCUS.value:
        return None
    return friend_near(ctx, ctx.event["ship"], 2)


OBIWAN = Triggered("spend 1 Force: that ship gains 1 focus token", window="after_spend_token",
                   cost=Cost(force=1),
                   requirement=lambda ctx: _obiwan_friend(ctx) is not None,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(ctx.event["ship"]),
                                                         Token.FOCUS))
OBIWAN_TEXT = ("After a friendly ship at range 0-2 (himself too) spends a focus token: may "
               "spend 1 Force; that ship gains 1 focus token.")
register("pilot", "obiwankenobi", OBIWAN, description=OBIWAN_TEXT)


# ------------------------------------------------------------------------ Plo Koon
def _plo_choices(ctx: Ctx) -> list[Option]:
    plo = ctx.ship
    found = []
    for friend in ships_in_range(ctx.game, plo, 0, 2, friendly=True, other=True):
        where = f"{friend.name} ({friend.id})"
        found += [Option(f"give:{friend.id}:{t.value}", f"transfer 1 {t.value} token to {where}")
                  for t in GREEN_TOKENS if plo.has(t)]
        found += [Option(f"take:{friend.id}:{t.value}",
                         f"take 1 {t.value} token from {where}")
                  for t in ORANGE_TOKENS if friend.has(t)]
    return found


def _plo(ctx: Ctx, choice: Any) -> None:
    way, friend_id, token = str(choice).split(":")
    friend = ctx.other(friend_id)
    if way == "give":
        transfer_token(ctx.game, ctx.ship, friend, Token(token))
    else:
        transfer_token(ctx.game, friend, ctx.ship, Token(token))


# ruling: the Force is spent only with a transfer chosen (a choice with none would change
# nothing), so each option is a friend and a token to move
PLO = Triggered("spend 1 Force: transfer 1 green token to another friendly ship at range "
                "0-2, or take 1 orange token from it", window="start_engagement",
                cost=Cost(force=1),
                requirement=lambda ctx: ctx.ship.in_play and bool(_plo_choices(ctx)),
                choices=_plo_choices, effect=_plo)
PLO_TEXT = ("At the start of the Engagement Phase: may spend 1 Force to choose another friendly "
            "ship at range 0-2 and give it 1 of his green tokens or take 1 of its orange "
            "tokens.")
register("pilot", "plokoon", PLO, description=PLO_TEXT)


# --------------------------------------------------------------------- Saesee Tiin
def _saesee_choices(ctx: Ctx) -> list[Option]:
    friend = friend_near(ctx, ctx.event["ship"], 2)
    now = None if friend is None else friend.dial_set
    if friend is None or now is None:
        return []
    speed, colour = Maneuver.parse(now).speed, difficulty_of(now)
    # the dial's printed colours (as Seasoned Navigator reads "non-red")
    return [Option(code, f"set the dial of {friend.name} ({friend.id}) to [{code}]")
            for code in friend.dial if code != now and Maneuver.parse(code).speed == speed
            and difficulty_of(code) == colour]


def _saesee(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(ctx.event["ship"])
    friend.dial_set = str(choice)
    ctx.game.event("dial", f"{ctx.ship.name} ({ctx.ship.id}) sets the dial of {friend.name} "
                   f"({friend.id}) to [{choice}]", ship=friend.id, maneuver=str(choice))


SAESEE = Triggered("spend 1 Force: set that ship's dial to another maneuver of the same speed "
                   "and difficulty", window="after_reveal", cost=Cost(force=1),
                   requirement=lambda ctx: bool(_saesee_choices(ctx)),
                   choices=_saesee_choices, effect=_saesee)
SAESEE_TEXT = ("After a friendly ship within range 0-2 (himself too) reveals its dial: may spend 1 "
               "Force to change that dial to a different maneuver with the same speed and "
               "difficulty.")
register("pilot", "saeseetiin", SAESEE, description=SAESEE_TEXT)


# ---------------------------------------------------------------------- Mace Windu
MACE = Triggered("recover 1 Force", window="after_execute", optional=False,
                 requirement=lambda ctx: fully_executed(ctx)
                 and ctx.event.get("difficulty") == "red",
                 effect=lambda ctx, choice: recover_force(ctx.ship))
MACE_TEXT = "After fully executing a red maneuver: recovers 1 Force."
register("pilot", "macewindu", MACE, description=MACE_TEXT)


# ---------------------------------------------------------------- Anakin Skywalker
def _anakin_applies(ctx: Ctx) -> bool:
    me = ctx.ship
    enemies = [s for s in ctx.state.in_play() if s.owner != me.owner]
    close = {s.id for s in ships_in_range(ctx.game, me, 0, 1, friendly=False)}
    return (fully_executed(ctx) and me.stressed
            and any((s.id in close and is_in_arc(me, s, Arc.FRONT))
                    or is_in_arc(me, s, Arc.BULLSEYE) for s in enemies))


ANAKIN = Triggered("spend 1 Force to remove 1 stress token", window="after_execute",
                   cost=Cost(force=1), requirement=_anakin_applies,
                   effect=lambda ctx, choice: remove_token(ctx.game, ctx.ship, Token.STRESS))
ANAKIN_TEXT = ("After fully executing a maneuver with an enemy ship in his front arc at range "
               "0-1 or in his bullseye arc: may spend 1 Force to remove 1 stress token.")
register("pilot", "anakinskywalker", ANAKIN, description=ANAKIN_TEXT)


# --------------------------------------------------------------------- Ahsoka Tano
def _acts(game: Game, ship: ShipState, ahsoka: ShipState, during: bool) -> bool:
    specs = bar_actions(game, ship, during, even_stressed=True)
    if ship.id == ahsoka.id:
        # the Force paid for the ability can't also pay for a purple action
        specs = [s for s in specs if s.difficulty != "purple" or ship.force >= 2]
    return bool(specs)


def _ahsoka_targets(ctx: Ctx) -> list[ShipState]:
    me = ctx.ship
    return [s for s in ships_in_range(ctx.game, me, 0, 1, friendly=True)
            if _acts(ctx.game, s, me, s.id == me.id and during_activation(ctx))]


def _ahsoka(ctx: Ctx, choice: Any) -> None:
    # the action belongs to her activation only when she chooses herself
    during = choice == ctx.ship.id and during_activation(ctx)
    ctx.game.push(PerformAction(str(choice), during, even_stressed=True))


AHSOKA = Triggered("spend 1 Force: a friendly ship at range 0-1 may perform an action, even "
                   "while stressed", window="after_execute", cost=Cost(force=1),
                   requirement=lambda ctx: fully_executed(ctx) and bool(_ahsoka_targets(ctx)),
                   choices=lambda ctx: [Option(s.id, f"{s.name} ({s.id}) may perform an "
                                                     "action") for s in _ahsoka_targets(ctx)],
                   effect=_ahsoka)
AHSOKA_TEXT = ("After fully executing a maneuver: may spend 1 Force and choose a friendly ship "
               "at range 0-1 (herself too); it may perform an action, even while stressed.")
register("pilot", "ahsokatano", AHSOKA, description=AHSOKA_TEXT)


# ------------------------------------------------------------ Barriss Offee, Luminara
BARRISS_DICE = dice("barrissoffee")


def _barriss_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                     ) -> bool:
    # RR: FRIENDLY - Barriss is a friendly ship at range 0 of herself
    near = range_of(owner, user)
    attacker, defender = attack_ships(game, attack)
    return (attacker.id == user.id and friendly(user, owner) and near is not None
            and near <= 2 and is_in_arc(attacker, defender, Arc.BULLSEYE))


BARRISS = DiceMod("spend 1 Force: change 1 focus result to a hit or 1 hit to a critical hit",
                  dice=BARRISS_DICE, for_others=True, applies=_barriss_applies)
BARRISS_TEXT = ("While a friendly ship at range 0-2 (herself too) attacks a defender in its "
                "bullseye arc: she may spend 1 Force to change 1 of its focus results to a hit "
                "or 1 hit to a critical hit.")
register("pilot", "barrissoffee", BARRISS, description=BARRISS_TEXT)

LUMINARA_DICE = dice("luminaraunduli")


def _luminara_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                      ) -> bool:
    near = range_of(owner, user)
    attacker, defender = attack_ships(game, attack)
    # a remote attacker has no bullseye arc: the defender is never in it
    return (defender.id == user.id and friendly(user, owner) and near is not None
            and near <= 2 and not is_in_arc(attacker, defender, Arc.BULLSEYE))


LUMINARA = DiceMod("spend 1 Force: change 1 attack crit to a hit or 1 hit to a focus result",
                   dice=LUMINARA_DICE, for_others=True, applies=_luminara_applies)
LUMINARA_TEXT = ("While a friendly ship at range 0-2 (herself too) defends outside the "
                 "attacker's bullseye arc: she may spend 1 Force to change 1 of the attack's "
                 "critical hits to a hit or 1 hit to a focus result.")
register("pilot", "luminaraunduli", LUMINARA, description=LUMINARA_TEXT)


# ---------------------------------------------------------------------- Adi Gallia
ADI = "adigallia"
#: attack marks: Adi spent Force against the attacker's (defender's) range bonus
NO_ATTACK_BONUS = f"{ADI}:no attack bonus"
NO_DEFENSE_BONUS = f"{ADI}:no defense bonus"


def _bonus_possible(ctx: Ctx, kind: str) -> bool:
    # RR: RANGE BONUS - never with the ordnance icon, nor when a card already removes it
    attack = ctx.attack
    return (attack is not None and not attack.weapon.ordnance
            and not any_true(ctx.game, "no_range_bonus", attack=attack, kind=kind))


def _adi_defends(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "defender") and attack is not None and attack.range == 1
            and _bonus_possible(ctx, "attack"))


def _adi_attacks(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "attacker") and attack is not None and attack.range == 3
            and _bonus_possible(ctx, "defense"))


def _adi_mark(key: str) -> Any:
    def effect(ctx: Ctx, choice: Any) -> None:
        assert ctx.attack is not None
        ctx.attack.marks[f"{ctx.ship.id}:{key}"] = 1
        whose = "attacker" if key == NO_ATTACK_BONUS else "defender"
        ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}): the {whose} cannot apply "
                       "the range bonus", ship=ctx.ship.id)
    return effect


def _adi_no_bonus(game: Any, owner: ShipState, attack: AttackState | None = None,
                  kind: str = "", **facts: Any) -> bool:
    if attack is None:
        return False
    if kind == "attack" and attack.defender == owner.id:
        return attack.marks.get(f"{owner.id}:{NO_ATTACK_BONUS}", 0) > 0
    if kind == "defense" and attack.attacker == owner.id:
        return attack.marks.get(f"{owner.id}:{NO_DEFENSE_BONUS}", 0) > 0
    return False


ADI_ABILITIES = (
    Triggered("spend 1 Force: the attacker cannot apply the range bonus",
              window="before_attack_dice", cost=Cost(force=1), requirement=_adi_defends,
              effect=_adi_mark(NO_ATTACK_BONUS)),
    Triggered("spend 1 Force: the defender cannot apply the range bonus",
              window="before_defense_dice", cost=Cost(force=1), requirement=_adi_attacks,
              effect=_adi_mark(NO_DEFENSE_BONUS)),
    Modifier("no range bonus once she spent the Force", hook="no_range_bonus",
             value=_adi_no_bonus),
)
ADI_TEXT = ("Defending at attack range 1: may spend 1 Force so that the attacker gets no range "
            "bonus. Attacking at attack range 3: may spend 1 Force so that the defender gets "
            "no range bonus.")
register("pilot", ADI, *ADI_ABILITIES, description=ADI_TEXT)
