"""First edition, wave 4, continued (:mod:`upgrades_wave4` has the talents and weapons):
astromechs, crew, systems, modifications and titles of the Imperial Aces, Z-95
Headhunter, TIE Defender, E-wing, TIE Phantom and Rebel Aces expansion packs.

First-edition ranges are 1-3 and touching ships are at Range 1, so "at Range 1" is the
engine's range 0-1. A "free action" is an action performed outside the Perform Action
step. Descriptions are Tallon's own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import (
    in_firing_arc,
    is_me,
    recalled,
    remember,
    ship_options,
    ships_in_range,
    this_round,
)
from tallon.cards.first_edition.ordnance_1e import is_discarded, keep_upgrade
from tallon.cards.first_edition.upgrades_wave4 import printed_arcs
from tallon.cards.registry import register
from tallon.dice.abilities.base import DEFENDING, Window
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.engine.abilities import CardAction, Ctx, DiceMod, Replacement, Triggered
from tallon.engine.action_bodies import lock_targets, spend_lock_on
from tallon.engine.actions import PerformAction
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask
from tallon.geometry import measure_arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ----------------------------------------------------------------- R7 Astromech
R7 = "1e-r7astromech"
#: card memory: the round in which R7 Astromech was used
R7_ROUND = f"{R7}:round"
R7_DICE = CardAbility(R7, "R7 Astromech (spend the lock: the attacker rerolls the dice you "
                      "choose)", effect=RerollDice(None), window=Window.OPPONENT_DICE,
                      roles=DEFENDING)


def _r7_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    return (user.id == owner.id and attack.defender == owner.id
            and attack.attacker in owner.locks
            and not this_round(game, owner, R7_ROUND))


def _r7_after(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    remember(ctx.ship, R7_ROUND, ctx.state.round)
    spend_lock_on(ctx.game, ctx.ship, attack.attacker)


register("upgrade", R7,
         DiceMod("spend the target lock on the attacker: it rerolls any attack dice you "
                 "choose", dice=R7_DICE, applies=_r7_applies, after=_r7_after),
         description="Once per round, defending: may spend his lock on the attacker to force "
                     "rerolls of any attack dice he picks.")


# ---------------------------------------------------------------------- R7-T1
R7T1 = "1e-r7t1"


def _r7t1_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=False)
            if s.owner != ctx.ship.owner]


def _r7t1(ctx: Ctx, choice: Any) -> None:
    enemy = ctx.other(str(choice))
    ship = ctx.ship
    # FAQ (1e), R7-T1: the lock if he is inside its firing arc, then the free boost even
    # without the lock
    boost = PerformAction(ship.id, False, grant=(granted("boost", "white", R7T1),))
    if in_firing_arc(enemy, ship) and enemy.id in lock_targets(ctx.game, ship) \
            and enemy.id not in ship.locks:
        ctx.game.push(Ask(ship.owner, "use_ability",
                          f"{ship.name} ({ship.id}): R7-T1 - acquire a target lock on "
                          f"{enemy.name} ({enemy.id})?",
                          (Option("lock", f"acquire a target lock on {enemy.name}"),
                           Option("decline", "no target lock")),
                          "common.lock_if_chosen", (ship.id, enemy.id), ship=ship.id),
                      boost)
    else:
        ctx.game.push(boost)


register("upgrade", R7T1,
         CardAction("lock an enemy within Range 1-2 whose arc you are in, then boost", key="r7t1",
                    requirement=lambda ctx: bool(_r7t1_targets(ctx)),
                    choices=lambda ctx: ship_options(_r7t1_targets(ctx)), effect=_r7t1),
         description="Action: pick an enemy within Range 1-2; if he is in its firing arc, may lock "
                     "it; then may take a free boost.")


# ------------------------------------------------------------------- Tactician
def _arc_range_2(attacker: ShipState, defender: ShipState) -> bool:
    """Inside one of the attacker's firing arcs at Range 2, measured in that arc (FAQ (1e),
    "Inside Firing Arc at Range X"; touching ships are at Range 1)."""
    if attacker.body is None or defender.body is None:
        return False
    for arc in printed_arcs(attacker):
        measured = measure_arc(attacker.body, defender.body, arc, lines=False)
        if measured.in_arc and measured.range == 2:
            return True
    return False


def _tactician_applies(ctx: Ctx) -> bool:
    if ctx.event.get("attacker") != ctx.ship.id:
        return False
    defender = ctx.other(ctx.event["defender"])
    return defender.in_play and not defender.remote and _arc_range_2(ctx.ship, defender)


register("upgrade", "1e-tactician",
         # FAQ (1e): after each attack, hit or miss (Gunner); once after an attack made
         # twice (the after-attack abilities resolve once, after the second)
         Triggered("stress the defender", window="after_attack",
                   optional=False, requirement=_tactician_applies,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["defender"]), Token.STRESS,
                       applier=ctx.ship.owner)),
         description="After he attacks a ship in his firing arc at Range 2: the defender "
                     "gains 1 stress token.")


# -------------------------------------------------------------- Enhanced Scopes
#: card memory: (the round, the pilot skill setting before the Activation phase)
SCOPES = "1e-enhancedscopes:before"


def _scopes(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, SCOPES, (ctx.state.round, ctx.ship.round_initiative))
    # FAQ (1e), Altered Pilot Skill: the most recent change applies
    ctx.ship.round_initiative = 0
    ctx.game.event("initiative", f"{ctx.ship.name} ({ctx.ship.id}): Enhanced Scopes - pilot "
                   "skill 0 during the Activation phase", ship=ctx.ship.id)


def _scopes_end(ctx: Ctx, choice: Any) -> None:
    _, before = recalled(ctx.ship, SCOPES)
    remember(ctx.ship, SCOPES, None)
    ctx.ship.round_initiative = before


register("upgrade", "1e-enhancedscopes",
         Triggered("pilot skill 0 during the Activation phase", window="start_activation",
                   optional=False, requirement=lambda ctx: ctx.ship.in_play, effect=_scopes),
         Triggered("pilot skill back after the Activation phase", window="end_activation",
                   optional=False, requirement=lambda ctx: recalled(ctx.ship, SCOPES)
                   is not None, effect=_scopes_end),
         description="During the Activation phase his pilot skill is 0.")


# ----------------------------------------------------------------- Kyle Katarn
register("upgrade", "1e-kylekatarn",
         # FAQ (1e), Wingman: a stress token his ship's effect removes from another ship
         # counts (the remover is his ship)
         Triggered("gain a focus token", window="after_remove_stress",
                   requirement=lambda ctx: ctx.event["remover"] == ctx.ship.id
                   and ctx.ship.in_play,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="Each time his ship sheds a stress token: it may gain a focus token.")


# --------------------------------------------------------------------- Jan Ors
JAN = "1e-janors"
#: card memory: the round in which Jan Ors was used
JAN_ROUND = f"{JAN}:round"


def _jan_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    if facts["token"] != "focus" or this_round(ctx, ctx.ship, JAN_ROUND) \
            or not ctx.ship.in_play:
        return False
    ship = ctx.state.ships[facts["ship"]]
    # a friend within Range 1-3, her own included (FAQ (1e), Jan Ors)
    return friendly(ctx.ship, ship) and ship.body is not None and (
        ship.id == ctx.ship.id or ctx.state.in_range(ctx.ship, ship, 0, 3))


def _jan(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    remember(ctx.ship, JAN_ROUND, ctx.state.round)
    ship = ctx.state.ships[facts["ship"]]
    ctx.game.event("ability", f"Jan Ors: {ship.name} ({ship.id}) is assigned an evade token "
                   "instead of the focus token", ship=ctx.ship.id)
    gain_token(ctx.game, ship, Token.EVADE, applier=ctx.ship.owner)


register("upgrade", JAN,
         Replacement("assign an evade token instead of the focus token", point="gain_token",
                     applies=_jan_applies, replace=_jan),
         description="Once per round, as a friendly ship within Range 1-3 would get a focus token "
                     "(or takes a focus action): may give it an evade token in its place.")


# ---------------------------------------------------------- Munitions Failsafe
def _failsafe_applies(ctx: Ctx) -> bool:
    if ctx.event.get("attacker") != ctx.ship.id or ctx.event.get("hit"):
        return False
    weapon = ctx.event.get("weapon")
    # a weapon whose card it discards to perform the attack (being discarded now)
    return any(kind == "upgrade" and card == weapon for kind, card, _ in ctx.ship.cards) \
        and is_discarded(ctx.ship, str(weapon))


def _failsafe(ctx: Ctx, choice: Any) -> None:
    card = str(ctx.event["weapon"])
    keep_upgrade(ctx.ship, card)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}): the attack missed - "
                   "Munitions Failsafe keeps the weapon card", ship=ctx.ship.id)


register("upgrade", "1e-munitionsfailsafe",
         # FAQ (1e), Cluster Missiles: an attack made twice keeps the card only if both
         # miss (the aftermath's hit fact covers both)
         Triggered("do not discard the weapon: the attack missed", window="after_attack",
                   optional=False, requirement=_failsafe_applies, effect=_failsafe),
         description="A secondary weapon that must be discarded to attack stays "
                     "unless its attack hits.")


# ------------------------------------------------ Stygium Particle Accelerator
STYGIUM = "1e-stygiumparticleaccelerator"


def _evade(ctx: Ctx) -> list[Any]:
    return [granted("evade", "white", STYGIUM)]


register("upgrade", STYGIUM,
         # decloaking is not an action (Decloak reference card (1e)): the evade is free
         grant_action("perform a free evade action", "after_decloak", _evade,
                      requirement=is_me),
         grant_action("perform a free evade action", "after_action", _evade,
                      requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "cloak"),
         description="On decloaking or cloaking: may take a free evade action.")


# --------------------------------------------------- Advanced Cloaking Device
ACD = "1e-advancedcloakingdevice"

register("upgrade", ACD,
         # FAQ (1e): not while stressed (a stressed ship performs no action)
         grant_action("perform a free cloak action", "after_attack",
                      lambda ctx: [granted("cloak", "white", ACD)],
                      requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id),
         description="After attacking: may take a free cloak action.")


# -------------------------------------------- cards the engine plays at build
register("upgrade", "1e-targetingcomputer",
         description="Adds the target lock action to the action bar (a card grant).")
register("upgrade", "1e-hullupgrade",
         description="Hull value +1 (a card grant).")
register("upgrade", "1e-chardaanrefit",
         description="A-wing missile card with a negative squad point cost; no ability in "
                     "play (squad building only).")
register("upgrade", "1e-royalguardtie",
         description="Title (TIE Interceptor): adds a modification upgrade slot (squad "
                     "building only; no ability in play).")
register("upgrade", "1e-awingtestpilot",
         description="Title (A-wing): adds an elite upgrade slot (squad building only; no "
                     "ability in play).")
register("upgrade", "1e-bwinge2",
         description="Modification (B-wing): adds a crew upgrade slot (squad building only; "
                     "no ability in play).")
