"""First edition, wave 3: the upgrades of the B-wing, HWK-290, TIE Bomber and Lambda-class
Shuttle expansion packs whose cards have an ability (weapons, crew and systems here; the
maneuver cards, titles and Proton Bombs in :mod:`upgrades_wave3_2`).

First-edition ranges are 1-3 and touching ships are at Range 1, so "at Range 1" is the
engine's range 0-1 (see :mod:`pilots_wave3`). A "free action" is an action performed
outside the Perform Action step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    attacking,
    is_me,
    remember,
    roll_die,
    ship_options,
    ships_in_range,
    this_round,
)
from tallon.cards.first_edition.common_1e import low_pilot_skill
from tallon.cards.first_edition.ordnance_1e import ordnance_weapon, weapon_dice
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import expose_random
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING, Window
from tallon.dice.abilities.effects import CardAbility, ChangeResults, change_one, reroll
from tallon.dice.counts import REROLLED
from tallon.dice.ops import Change, Option
from tallon.engine.abilities import CardAction, Ctx, DiceMod, Modifier, Triggered, Weapon
from tallon.engine.action_bodies import lock_targets
from tallon.engine.effects import acquire_lock, gain_token, suffer_damage
from tallon.engine.knowledge import look_at_dial
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def enemies_near(ctx: Ctx, high: int) -> list[ShipState]:
    """Enemy ships at first-edition Range 1-``high`` (engine range 0-``high``)."""
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, high, friendly=False)
            if not s.remote and s.owner != ctx.ship.owner]


# ------------------------------------------------------- Advanced Proton Torpedoes
APT = "1e-advprotontorpedoes"
# "up to 3": changing a blank to a focus result never costs the attacker anything, so
# every blank up to 3 is changed (ruling)
APT_DICE = CardAbility(APT, "Advanced Proton Torpedoes (up to 3 blanks to focus)",
                       effect=ChangeResults(3, (Face.BLANK,), (Face.FOCUS,)), roles=ATTACKING)

register("upgrade", APT,
         *ordnance_weapon("Advanced Proton Torpedoes", APT),
         weapon_dice(APT, "change up to 3 blank results to focus results", APT_DICE),
         description="Attack (target lock): spend the lock and discard the card; 5 dice at "
                     "Range 1; may change up to 3 blank results to focus results.")


# ------------------------------------------------------------------- Autoblaster
AUTOBLASTER = "1e-autoblaster"


def _autoblaster_hits(game: Any, owner: ShipState, attack: AttackState | None = None,
                      **facts: Any) -> tuple[int, int] | None:
    if not attacking(attack, owner) or attack is None or attack.weapon.card != AUTOBLASTER:
        return None
    # every hit is set aside from the defense dice; the evades (rolled, from evade tokens
    # or added: FAQ (1e)) then cancel critical hits only - the defender's "may cancel
    # critical hits before hits", which it always prefers to canceling nothing
    return (attack.attack_dice.count(Face.HIT) if attack.attack_dice is not None else 0, 0)


register("upgrade", AUTOBLASTER,
         Weapon("Autoblaster"),
         Modifier("hit results can't be canceled by defense dice", hook="uncancelable_results",
                  value=_autoblaster_hits),
         description="Attack: 3 dice at Range 1; nothing the defender has (defense dice, evade "
                     "tokens, added evades) cancels its hits, though it may cancel "
                     "critical hits first.")


# --------------------------------------------------------------- Blaster Turret
BLASTER_TURRET = "1e-blasterturret"

register("upgrade", BLASTER_TURRET,
         *ordnance_weapon("Blaster Turret", BLASTER_TURRET, requires="focus", discard=False),
         description="Attack (focus, spent): 3 dice at Range 1-2, against a ship in any direction.")


# ---------------------------------------------------------- Fire-Control System
FCS = "1e-firecontrolsystem"


def _fcs_applies(ctx: Ctx) -> bool:
    if ctx.event.get("attacker") != ctx.ship.id or not ctx.ship.in_play:
        return False
    defender = ctx.other(ctx.event["defender"])
    # a target lock needs the defender in lock range (FAQ (1e) Q&A: Range 1-3); it is not
    # a lock action, so Captain Kagi does not redirect it (FAQ (1e)); a ship may lock a
    # ship it has locked again (FAQ (1e) Q&A: to trigger "Dutch" Vander)
    return (defender.in_play and not defender.destroyed
            and defender.id in lock_targets(ctx.game, ctx.ship))


register("upgrade", FCS,
         Triggered("lock the defender", window="after_attack",
                   requirement=_fcs_applies,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["defender"])),
         description="After attacking: may lock the defender.")


# ------------------------------------------------------------- Recon Specialist
RECON = "1e-reconspecialist"

register("upgrade", RECON,
         Triggered("assign 1 additional focus token", window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("action") == "focus"
                   and ctx.ship.in_play,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="When performing a focus action: 1 additional focus token is assigned.")


# ---------------------------------------------------------------------- Saboteur
SABOTEUR = "1e-saboteur"


def _saboteur(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "1e-saboteur.rolled", (str(choice),))


@continuation("1e-saboteur.rolled")
def _saboteur_rolled(game: Game, face: Face, target_id: str) -> None:
    target = game.state.ships[target_id]
    # FAQ (1e): the card is flipped, not dealt (Chewbacca's ability does not apply)
    if face in (Face.HIT, Face.CRIT) and target.in_play and not expose_random(game, target):
        game.event("ability", f"{target.name} ({target.id}) has no facedown damage card",
                   ship=target.id)


register("upgrade", SABOTEUR,
         CardAction("roll to sabotage an enemy within Range 1", key="sabotage",
                    choices=lambda ctx: ship_options(enemies_near(ctx, 1)),
                    effect=_saboteur),
         description="Action: pick an enemy within Range 1 and roll an attack die; a hit or "
                     "critical hit turns a random one of its facedown damage cards "
                     "faceup, and it resolves.")


# ------------------------------------------------------------ Intelligence Agent
AGENT = "1e-intelligenceagent"

register("upgrade", AGENT,
         Triggered("peek at the dial of an enemy within Range 1-2",
                   window="start_activation",
                   requirement=lambda ctx: ctx.ship.in_play and bool(enemies_near(ctx, 2)),
                   choices=lambda ctx: ship_options(enemies_near(ctx, 2)),
                   effect=lambda ctx, choice: look_at_dial(ctx.game, ctx.ship.owner,
                                                           ctx.other(str(choice)), AGENT)),
         description="Activation phase start: picks an enemy within Range 1-2 and "
                     "may peek at its dial.")


# ------------------------------------------------------------------- Darth Vader
VADER = "1e-darthvader"


def _vader_applies(ctx: Ctx) -> bool:
    if ctx.event.get("attacker") != ctx.ship.id:
        return False
    defender = ctx.other(ctx.event["defender"])
    # FAQ (1e): only while his ship has hull left (a ship destroyed in simultaneous fire
    # that still attacks can't use him)
    return (not ctx.ship.destroyed and ctx.ship.in_play and defender.owner != ctx.ship.owner
            and defender.in_play and not defender.destroyed and not defender.remote)


def _vader(ctx: Ctx, choice: Any) -> None:
    defender = ctx.other(ctx.event["defender"])
    suffer_damage(ctx.game, ctx.ship, hits=2, cause="Darth Vader")
    # FAQ (1e): not an attack's damage (Draw Their Fire can't take it)
    suffer_damage(ctx.game, defender, crits=1, cause="Darth Vader")


register("upgrade", VADER,
         Triggered("suffer 2 damage: the defender suffers 1 critical damage",
                   window="after_attack", requirement=_vader_applies, effect=_vader),
         description="After attacking an enemy ship: may suffer 2 damage to make that ship "
                     "suffer 1 critical damage.")


# ------------------------------------------------------------------ Rebel Captive
CAPTIVE = "1e-rebelcaptive"
CAPTIVE_ROUND = f"{CAPTIVE}:round"


def _captive(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, CAPTIVE_ROUND, ctx.state.round)
    gain_token(ctx.game, ctx.other(ctx.event["attacker"]), Token.STRESS,
               applier=ctx.ship.owner)


register("upgrade", CAPTIVE,
         # FAQ (1e): as the target is declared (timing chart, step 1); the engine's first
         # window there is "after the defender is declared" (ruling)
         Triggered("the first ship declaring you as its target this round receives 1 stress "
                   "token", window="defender_declared", optional=False,
                   requirement=lambda ctx: is_me(ctx, "defender")
                   and not this_round(ctx, ctx.ship, CAPTIVE_ROUND),
                   effect=_captive),
         description="Once per round: whichever ship first targets him with an attack "
                     "gains 1 stress token.")


# -------------------------------------------------------------- Flight Instructor
INSTRUCTOR = "1e-flightinstructor"
INSTRUCTOR_FOCUS = reroll(INSTRUCTOR, "Flight Instructor (reroll 1 focus result)", DEFENDING,
                          faces=(Face.FOCUS,))
INSTRUCTOR_BLANK = reroll(INSTRUCTOR, "Flight Instructor (reroll 1 focus or blank result)",
                          DEFENDING, faces=(Face.FOCUS, Face.BLANK))

register("upgrade", INSTRUCTOR,
         DiceMod("reroll a focus result", dice=INSTRUCTOR_FOCUS,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.defender == owner.id
                 and not low_pilot_skill(game, attack.attacker)),
         DiceMod("reroll 1 of your focus or blank results", dice=INSTRUCTOR_BLANK,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.defender == owner.id
                 and low_pilot_skill(game, attack.attacker)),
         description="Defending: may reroll 1 of his focus results, or 1 blank result instead "
                     "if the attacker's pilot skill is 2 or lower.")


# ----------------------------------------------------------------- Sensor Jammer
JAMMER = "1e-sensorjammer"
JAMMER_DICE = change_one(JAMMER, "Sensor Jammer (1 attacker hit to focus)", Face.HIT,
                         Face.FOCUS, DEFENDING, window=Window.OPPONENT_DICE)


def _jammed(ctx: Ctx, option: Option) -> None:
    # the die changed can't be rerolled: it is marked as a rerolled die (rulebook (1e):
    # a die is rerolled once). Dice differ only by face and that mark, so marking one fresh
    # focus die is marking the changed one; a changed die already rerolled keeps its mark
    attack = ctx.attack
    changed = next((op for op in option.ops if isinstance(op, Change)), None)
    if attack is None or changed is None or changed.slot >= REROLLED:
        return
    pool = attack.pool("attack")
    for die in pool.dice if pool is not None else ():
        if die.face is Face.FOCUS and not die.rerolled:
            die.rerolled = True
            return


register("upgrade", JAMMER,
         DiceMod("turn one attacker hit into a focus",
                 dice=JAMMER_DICE, after=_jammed,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.defender == owner.id),
         description="Defending: may turn one attacker hit into a focus, which the "
                     "attacker may not reroll.")
