"""First edition, wave 5 and its huge-ship packs (StarViper, M3-A Interceptor, IG-2000,
Imperial Raider, Tantive IV, Rebel Transport expansion packs): the crew, astromechs, elite
talents and illicit upgrades whose cards have an ability; systems, cannons,
modifications and titles in :mod:`upgrades_w5b_2`.

Cards only huge ships can equip (cargo, hardpoint and team upgrades, huge-ship crew and
titles) are not here: first-edition huge ships are epic play, which Tallon does not play.

First-edition ranges are 1-3 and touching ships are at Range 1 (no range 0): ranges are
measured with :mod:`tallon.cards.first_edition.ranges_1e`. "The Combat phase" is the
engine's Engagement Phase. Descriptions are Tallon's own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    in_firing_arc,
    is_me,
    recalled,
    recover_shield,
    remember,
    roll_die,
    ship_options,
    this_round,
)
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.first_edition.pilots_w5b import attack_damage
from tallon.cards.first_edition.ranges_1e import friends_within, within_1e
from tallon.cards.registry import register
from tallon.cards.upgrades.crew_a2 import c3po_add, c3po_guess, c3po_right
from tallon.cards.upgrades.ordnance import GainTokens, expose_random
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, Role
from tallon.dice.abilities.effects import CardAbility, ChangeResults, change_one
from tallon.dice.abilities.tokens import LOCK_DISABLED
from tallon.dice.ops import Add
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.damage import SufferDamage
from tallon.engine.decisions import Option
from tallon.engine.dial_codes import difficulty_of
from tallon.engine.effects import gain_token, suffer_damage
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.queue import modifiers
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import continuation
from tallon.engine.weapons import obstacle_forbids

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ---------------------------------------------------------------- R2-D2 (crew)
R2D2 = "1e-r2d2-swx22"


def _r2d2(ctx: Ctx, choice: Any) -> None:
    recover_shield(ctx.game, ctx.ship)
    roll_die(ctx, "1e-r2d2-crew.rolled", (ctx.ship.id,))


@continuation("1e-r2d2-crew.rolled")
def _r2d2_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face is Face.HIT and ship.in_play:
        expose_random(game, ship)  # flipped faceup: its text resolves


register("upgrade", R2D2,
         Triggered("recover 1 shield and roll 1 attack die (a hit flips a random facedown "
                   "damage card faceup)", window="end_phase_end",
                   requirement=lambda ctx: ctx.ship.in_play and ctx.ship.shields == 0
                   and ctx.ship.shield_limit > 0, effect=_r2d2),
         description="At the end of the End phase, with no shields: may recover 1 shield and "
                     "roll 1 attack die; on a hit, 1 of his facedown damage cards, chosen at "
                     "random, is flipped faceup and resolved.")


# ---------------------------------------------------------------------- C-3PO
C3PO = "1e-c3po"
#: card memory: (the attack's key, the number guessed)
C3PO_GUESS = f"{C3PO}:guess"
#: card memory: the round in which C-3PO was used
C3PO_ROUND = f"{C3PO}:round"


def _c3po_guess(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    remember(ctx.ship, C3PO_ROUND, ctx.state.round)
    c3po_guess(ctx, choice, C3PO_GUESS)


def _c3po_right(ctx: Ctx) -> bool:
    # the guess needs at least one defense die: no dice rolled, nothing guessed right
    return (c3po_right(ctx, C3PO_GUESS) and ctx.attack is not None
            and ctx.attack.defense_dice is not None and len(ctx.attack.defense_dice) >= 1
            and _may_add_evade(ctx))


def _may_add_evade(ctx: Ctx) -> bool:
    """Whether the defender may add the evade result now: an added result is a dice
    modification (FAQ (1e), "Omega Leader": C-3PO's added result cannot be used while he
    forbids modifying dice), so the cards restricting modifications are asked."""
    attack = ctx.attack
    assert attack is not None
    ship = ctx.ship
    return all(held.value(ctx.game, owner, attack=attack, kind="defense",
                          role=Role.DEFENDER, user=ship, source=C3PO, source_ship=ship,
                          reroll=False, rerolls=0, spend=(), ops=(Add(Face.EVADE, 1),))
               for owner, _, held in modifiers(ctx.game, "dice_option_allowed"))


def _c3po_add(ctx: Ctx, choice: Any) -> None:
    c3po_add(ctx, choice, C3PO_GUESS)


register("upgrade", C3PO,
         Triggered("guess how many evades will be rolled", window="before_defense_dice",
                   requirement=lambda ctx: is_me(ctx, "defender")
                   and not this_round(ctx, ctx.ship, C3PO_ROUND),
                   choices=lambda ctx: [Option(str(n), f"guess {n}") for n in range(7)],
                   effect=_c3po_guess),
         # the roll as rolled, before any modification (FAQ (1e), C-3PO: the evade is added
         # before a reroll; Juke may then modify it)
         Triggered("the guess was right: add 1 evade result", window="after_dice_rolled",
                   optional=False, requirement=_c3po_right, effect=_c3po_add),
         description="Once per round, before rolling defense dice: may guess a number of "
                     "evade results; rolling exactly that many adds 1 evade result.")


# ---------------------------------------------------------------------- R3-A2
def _r3a2_applies(ctx: Ctx) -> bool:
    if not is_me(ctx, "attacker"):
        return False
    defender = ctx.state.ships.get(ctx.event["defender"])
    return defender is not None and not defender.remote and in_firing_arc(ctx.ship, defender)


register("upgrade", "1e-r3a2",
         # FAQ (1e), R3-A2: once per declared target, so only the first of an attack
         # performed twice (the target is declared once)
         Triggered("receive 1 stress token: the defender receives 1 stress token",
                   window="defender_declared", requirement=_r3a2_applies,
                   cost=Cost(gain=(("stress", 1),)),
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["defender"]), Token.STRESS,
                       applier=ctx.ship.owner)),
         description="Declaring the target of his attack, inside his firing arc: may receive "
                     "1 stress token so that the defender receives 1 stress token.")


# ---------------------------------------------------------------------- R2-D6
register("upgrade", "1e-r2d6",
         description="Astromech: adds an elite upgrade slot (squad building only; no ability "
                     "in play).")


# ---------------------------------------------------------------------- R4-D6
R4D6 = "1e-r4d6"
#: attack mark: R4-D6 was used in this attack
R4D6_USED = f"{R4D6}:used"


def _r4d6_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    attack = ctx.attack
    return (attack_damage(ctx, facts) and facts["hits"] >= 3 and attack is not None
            and not attack.marks.get(R4D6_USED))


def _r4d6(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.marks[R4D6_USED] = 1
    canceled = facts["hits"] - 2
    attack.hits = 2
    ctx.game.event("neutralize", f"R4-D6 cancels {canceled} hit result(s): "
                   f"2 hit(s), {facts['crits']} critical hit(s) uncanceled",
                   ship=ctx.ship.id, hits=2, crits=facts["crits"])
    # the stress tokens for the canceled results, then the damage of those left
    ctx.game.push(GainTokens(ctx.ship.id, Token.STRESS.value, canceled, ctx.ship.owner),
                  SufferDamage(ctx.ship.id, 2, facts["crits"], "the attack"))


register("upgrade", R4D6,
         # as the hit results are dealt (the Deal Damage step), after every "when hit"
         # effect of the Compare Results step (FAQ (1e), Bossk: his comes first)
         Replacement("cancel hit results until 2 remain (1 stress token each)",
                     point="suffer_damage", applies=_r4d6_applies, replace=_r4d6),
         description="Hit by an attack with 3 or more uncanceled hit results: may cancel "
                     "hits until 2 remain, receiving 1 stress token for each canceled.")


# ---------------------------------------------------------------------- R5-P9
register("upgrade", "1e-r5p9",
         # FAQ (1e), Garven Dreis: usable even when no shield can be recovered
         Triggered("spend 1 focus token to recover 1 shield", window="end_engagement",
                   requirement=lambda ctx: ctx.ship.in_play,
                   cost=Cost(tokens=(("focus", 1),)),
                   effect=lambda ctx, choice: recover_shield(ctx.game, ctx.ship)),
         description="Combat phase end: may trade a focus token for 1 recovered shield (not "
                     "above his shield value).")


# ------------------------------------------------------------------ Han Solo (crew)
def _lock_usable(situation: Any) -> bool:
    return situation.own[LOCK_DISABLED] == 0


HAN = CardAbility("1e-hansolo", "Han Solo (spend the target lock: all focus to hits)",
                  effect=ChangeResults(None, (Face.FOCUS,), (Face.HIT,)), roles=ATTACKING,
                  cost=(("lock", 1),), requires=_lock_usable, uses=(LOCK_DISABLED,),
                  requirement_reads_dice=False)

register("upgrade", "1e-hansolo",
         DiceMod("spend the target lock to change all focus results to hits", dice=HAN,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id),
         description="Attacking: may spend his lock on the defender to turn all his "
                     "focus results into hits.")


# ------------------------------------------------------------------ Leia Organa
LEIA = "1e-leiaorgana"
#: card memory: the round whose Activation phase Leia's effect covers
LEIA_ROUND = f"{LEIA}:round"


def _leia(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, LEIA_ROUND, ctx.state.round)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) discards Leia Organa: "
                   "friendly ships treat their red maneuvers as white this phase",
                   ship=ctx.ship.id)


def _leia_white(game: Any, owner: ShipState, ship: ShipState | None = None,
                maneuver: str = "", **facts: Any) -> int:
    if ship is None or not this_round(game, owner, LEIA_ROUND) or \
            game.state.phase != "activation" or not friendly(ship, owner):
        return 0
    return -1 if maneuver and difficulty_of(maneuver) == "red" else 0


register("upgrade", LEIA,
         Triggered("discard this card: friendly ships treat red maneuvers as white this "
                   "phase", window="start_activation",
                   requirement=lambda ctx: ctx.ship.in_play
                   and recalled(ctx.ship, LEIA_ROUND) is None, effect=_leia),
         # the card is discarded once its effect ends: until then it only carries that
         # effect (an effect set up lasts even if its ship is destroyed)
         Modifier("friendly ships treat red maneuvers as white", hook="maneuver_difficulty",
                  value=_leia_white, outlives_ship=True),
         Triggered("Leia Organa is discarded", window="end_activation", optional=False,
                   requirement=lambda ctx: recalled(ctx.ship, LEIA_ROUND) is not None,
                   effect=lambda ctx, choice: discard_upgrade(ctx.game, ctx.ship, LEIA)),
         description="Activation phase start: may discard this card; for the rest of the phase, "
                     "red maneuvers revealed by friendly ships count as white.")


# ---------------------------------------------------------- Inertial Dampeners
DAMPENERS = "1e-inertialdampeners"
STOP_WHITE = "0OW"


def _dampeners_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    ship = ctx.ship
    # the maneuver of his revealed dial (not an ion maneuver, nor a SLAM)
    return (facts["ship"] == ship.id and not facts.get("ion") and not facts.get("slam")
            and ship.dial_revealed and ctx.state.phase == "activation"
            and facts.get("maneuver") != STOP_WHITE)


def _dampen(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.ship
    discard_upgrade(ctx.game, ship, DAMPENERS)
    ctx.game.event("activate", f"{ship.name} ({ship.id}) discards Inertial Dampeners to "
                   f"execute a white [0 stop] instead of [{facts['maneuver']}]", ship=ship.id)
    ctx.game.push(ExecuteManeuver(ship.id, STOP_WHITE, replaceable=False),
                  GainTokens(ship.id, Token.STRESS.value, 1, ship.owner))


register("upgrade", DAMPENERS,
         Replacement("discard this card: a white [0 stop] instead, then 1 stress token",
                     point="execute_maneuver", applies=_dampeners_applies, replace=_dampen),
         description="Revealing his maneuver: may discard this card to execute a white "
                     "stationary maneuver instead, then receives 1 stress token.")


# ------------------------------------------------------------------- Bodyguard
BODYGUARD = "1e-bodyguard"
#: card memory: (the round, the ship whose agility is increased)
BODYGUARD_ON = f"{BODYGUARD}:on"


def _bodyguard_friends(ctx: Ctx) -> list[ShipState]:
    me = ctx.ship
    return [s for s in friends_within(ctx.game, me, 1, 1)
            if s.current_initiative > me.current_initiative]


def _bodyguard(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, BODYGUARD_ON, (ctx.state.round, str(choice)))
    ctx.game.event("ability", f"{ctx.other(str(choice)).name} ({choice}) has agility +1 "
                   "until the end of the round (Bodyguard)", ship=ctx.ship.id)


def _bodyguard_agility(game: Any, owner: ShipState, ship: ShipState | None = None,
                       **facts: Any) -> int:
    on = recalled(owner, BODYGUARD_ON)
    return 1 if ship is not None and on == (game.state.round, ship.id) else 0


register("upgrade", BODYGUARD,
         Triggered("spend a focus: agility +1 for a higher-skilled "
                   "friend within Range 1", window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play
                   and bool(_bodyguard_friends(ctx)),
                   cost=Cost(tokens=(("focus", 1),)),
                   choices=lambda ctx: ship_options(_bodyguard_friends(ctx)),
                   effect=_bodyguard),
         Modifier("agility +1 this round", hook="agility",
                  value=_bodyguard_agility, outlives_ship=True),
         description="Combat phase start: may pay a focus token to grant agility +1 this round "
                     "to a friendly ship within Range 1 that outranks him in pilot skill.")


# ------------------------------------------------------------ Dead Man's Switch
def _dead_man(ctx: Ctx, choice: Any) -> None:
    for other in ctx.state.in_play():
        if other.id != ctx.ship.id and not other.remote and within_1e(ctx.ship, other, 1, 1):
            suffer_damage(ctx.game, other, hits=1, cause="Dead Man's Switch")


register("upgrade", "1e-deadmansswitch",
         # FAQ (1e): during an attack, in its Deal Damage step (before the attacker's
         # "after attacking" abilities, such as IG-88A's); the ships it destroys follow the
         # Simultaneous Attack Rule (the engine's removal of destroyed ships)
         Triggered("1 damage to every ship within Range 1", window="after_destroyed",
                   optional=False, requirement=is_me, effect=_dead_man),
         description="On his destruction, 1 damage to every other ship within Range 1.")


# --------------------------------------------------------------- Feedback Array
FEEDBACK = "1e-feedbackarray"
#: card memory: the round whose Combat phase he used Feedback Array in
FEEDBACK_ROUND = f"{FEEDBACK}:round"


def _feedback_targets(ctx: Ctx) -> list[ShipState]:
    me = ctx.ship
    return [s for s in ctx.state.in_play() if s.owner != me.owner and not s.remote
            and within_1e(me, s, 1, 1)]


def _feedback_applies(ctx: Ctx) -> bool:
    ship = ctx.ship
    # FAQ (1e), Feedback Array: as the active ship of the Combat phase, not after attacking
    # this phase, not while overlapping an asteroid or with a weapons disabled token, only
    # with hull remaining, one copy per phase
    return (is_me(ctx) and ship.in_play and not ship.destroyed and not ship.disarmed
            and ship.last_attack != (ctx.state.round, "engagement")
            and not this_round(ctx, ship, FEEDBACK_ROUND)
            and obstacle_forbids(ctx.game, ship) is None and bool(_feedback_targets(ctx)))


def _feedback(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    target = ctx.other(str(choice))
    remember(ship, FEEDBACK_ROUND, ctx.state.round)
    # the ion token is gained as the cost; the damage follows, then the enemy's (no attack:
    # FAQ (1e), Feedback Array)
    suffer_damage(ctx.game, ship, hits=1, cause="Feedback Array")
    suffer_damage(ctx.game, target, hits=1, cause="Feedback Array")


def _feedback_no_attack(game: Any, owner: ShipState, ship: ShipState | None = None,
                        **facts: Any) -> bool:
    return (ship is not None and ship.id == owner.id and game.state.phase == "engagement"
            and this_round(game, owner, FEEDBACK_ROUND))


register("upgrade", FEEDBACK,
         Triggered("skip attacking: take 1 ion and 1 damage to deal 1 damage to an "
                   "enemy within Range 1", window="engage",
                   requirement=_feedback_applies, cost=Cost(gain=(("ion", 1),)),
                   choices=lambda ctx: ship_options(_feedback_targets(ctx)),
                   effect=_feedback),
         Modifier("no attack in the Combat phase he used Feedback Array",
                  hook="cannot_attack", value=_feedback_no_attack),
         description="Combat phase, in place of attacking: may take 1 ion token and 1 damage to "
                     "deal 1 damage to an enemy ship within Range 1.")


# ----------------------------------------------------------------- Calculation
CALCULATION = change_one("1e-calculation", "Calculation (spend 1 focus token: 1 focus to a "
                         "critical hit)", Face.FOCUS, Face.CRIT, ATTACKING,
                         cost=(("focus", 1),))

register("upgrade", "1e-calculation",
         # FAQ (1e), Calculation: once per attack; another focus token may still be spent
         # for its normal effect
         DiceMod("spend a focus: 1 focus result becomes a critical hit",
                 dice=CALCULATION,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id),
         description="Attacking: may spend a focus to turn 1 focus result into a critical hit.")
