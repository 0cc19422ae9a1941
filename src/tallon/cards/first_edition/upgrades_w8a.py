"""First edition, wave 8 (first half): the upgrades of the ARC-170, Special Forces TIE,
Protectorate Starfighter, Shadow Caster and Sabine's TIE Fighter expansion packs whose
cards have an ability (the Shadow Caster, Ketsu Onyo, Seismic Torpedo, Rigged Cargo Chute
and IG-88D in :mod:`upgrades_w8a_2`). Descriptions are Tallon's own words; the rules
sources are the first edition's core rulebook, its reference cards and its FAQ
(``FAQ (1e)``).

The first edition has no range 0: "at Range 1" is measured with
:mod:`tallon.cards.first_edition.ranges_1e`. A ship's "firing arc" is any arc printed on its
token (front, auxiliary, mobile: FAQ (1e) Q&A); the ARC-170's and TIE/sf's auxiliary arc is
their rear arc, whose primary weapon is the engine's ``primary:rear``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    attacking_if,
    defending_if,
    is_me,
    remember,
    roll_die,
    ship_options,
    this_round,
)
from tallon.cards.first_edition.ordnance_1e import discard_upgrade, is_discarded
from tallon.cards.first_edition.pilots_w5a import enemies_within
from tallon.cards.first_edition.pilots_w8a import inside_firing_arc
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING
from tallon.dice.abilities.effects import AddResults, CancelResults, CardAbility, change_one
from tallon.engine.abilities import CardAction, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import rotatable_arcs, turret_arcs_for
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import deal_damage_card, gain_token, remove_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import continuation
from tallon.engine.weapons import weapons_of
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

#: the engine's primary weapons of a first-edition ship's primary and auxiliary (rear) arcs
FRONT = "primary:front"
REAR = "primary:rear"


def primary_from(attack: AttackState | None, arc: str) -> bool:
    """A primary weapon attack from the ship's ``arc`` ("front": its primary firing arc,
    "rear": its rear auxiliary firing arc)."""
    return attack is not None and attack.primary and attack.weapon.arc == arc


def _extra_attack_die(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += 1


# ------------------------------------------------------------ Alliance Overhaul
OVERHAUL = "1e-allianceoverhaul"

register("upgrade", OVERHAUL,
         # FAQ (1e) Q&A: additional attack dice are added before the roll
         Triggered("roll 1 additional attack die", window="before_attack_dice",
                   requirement=lambda ctx: is_me(ctx, "attacker")
                   and primary_from(ctx.attack, "front"),
                   effect=_extra_attack_die),
         DiceMod("change 1 focus result to a critical hit result",
                 dice=change_one(OVERHAUL, "Alliance Overhaul (1 focus to a critical hit)",
                                 Face.FOCUS, Face.CRIT, ATTACKING),
                 applies=attacking_if(lambda game, attack, owner:
                                      attack.weapon.arc == "rear")),
         description="Title (ARC-170): primary weapon attacks from the front arc may add 1 attack "
                     "die; attacks from the auxiliary arc may turn 1 focus into a critical hit.")


# -------------------------------------------------------- Special Ops Training
SPECIAL_OPS = "1e-specialopstraining"


def _special_ops_die(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += 1
    ctx.attack.marks[f"{ctx.ship.id}:{SPECIAL_OPS}"] = 1


def _special_ops_follow_up(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "attacker") and attack is not None and primary_from(attack, "front")
            and not attack.marks.get(f"{ctx.ship.id}:{SPECIAL_OPS}")
            and any(w.id == REAR for w in weapons_of(ctx.game, ctx.ship))
            and can_bonus_attack(ctx.game, ctx.ship, only=(REAR,)))


register("upgrade", SPECIAL_OPS,
         Triggered("roll 1 additional attack die", window="before_attack_dice",
                   requirement=lambda ctx: is_me(ctx, "attacker")
                   and primary_from(ctx.attack, "front"),
                   effect=_special_ops_die),
         # FAQ (1e), timing chart step 9: an "after attacking" ability that performs an
         # attack; ruling: the additional attack is a primary weapon attack from the rear
         # auxiliary arc, at any target
         Triggered("attack again from the auxiliary arc",
                   window="after_attack", bonus_attack=True,
                   requirement=_special_ops_follow_up,
                   effect=lambda ctx, choice: perform_bonus_attack(ctx.game, ctx.ship,
                                                                   only=(REAR,))),
         description="Title (TIE/sf): primary weapon attacks from the front arc may add 1 attack "
                     "die; one that declines may then attack once more from the auxiliary arc.")


# ----------------------------------------------------- Concord Dawn Protector
CONCORD = "1e-concorddawnprotector"


def _face_to_face(owner: ShipState, other: ShipState) -> bool:
    """At Range 1, each inside the other's firing arc (Concord Dawn Protector,
    Fearlessness)."""
    return (within_1e(owner, other, 1, 1) and inside_firing_arc(other, owner)
            and inside_firing_arc(owner, other))


register("upgrade", CONCORD,
         # "add" with no "may": a mandatory dice modification
         DiceMod("add 1 evade result",
                 dice=CardAbility(CONCORD, "Concord Dawn Protector (add 1 evade)",
                                  effect=AddResults(Face.EVADE), roles=DEFENDING,
                                  mandatory=True),
                 applies=defending_if(lambda game, attack, owner: _face_to_face(
                     owner, game.state.ships[attack.attacker]))),
         description="Title (Protectorate Starfighter): defending at Range 1 inside the "
                     "attacker's firing arc, with the attacker inside its own: adds 1 evade "
                     "result.")


# ---------------------------------------------------------------- R3 Astromech
R3 = "1e-r3astromech"
R3_ROUND = f"{R3}:round"


def _r3_evade(ctx: Ctx, option: Any) -> None:
    remember(ctx.ship, R3_ROUND, ctx.state.round)
    gain_token(ctx.game, ctx.ship, Token.EVADE)


register("upgrade", R3,
         DiceMod("trade a focus result for an evade token",
                 dice=CardAbility(R3, "R3 Astromech (cancel 1 focus: 1 evade token)",
                                  effect=CancelResults(Face.FOCUS), roles=ATTACKING),
                 applies=attacking_if(lambda game, attack, owner: attack.primary
                                      and not this_round(game, owner, R3_ROUND)),
                 after=_r3_evade),
         description="Once per round, in a primary weapon attack, at Modify Attack Dice: may "
                     "cancel one of its focus results to gain an evade token.")


# ------------------------------------------------- cards with no text to play
# the action icon and upgrade icons they add are card grants (the card data)
register("upgrade", "1e-vectoredthrusters",
         description="Modification (small ship): adds the barrel roll action to the action "
                     "bar.")
register("upgrade", "1e-sabinesmasterpiece",
         description="Title (rebel TIE Fighter): adds a crew and an illicit upgrade icon.")


# ------------------------------------------------------------------ Tail Gunner
def _tail_gunner(game: Game, owner: ShipState, ship: ShipState | None = None,
                 **facts: Any) -> int:
    attack = game.state.attack
    # FAQ (1e), Increasing and Reducing Values: the engine keeps the agility at least 0
    return -1 if (ship is not None and attack is not None and attack.attacker == owner.id
                  and attack.defender == ship.id and attack.weapon.arc == "rear") else 0


register("upgrade", "1e-tailgunner",
         Modifier("the defender's agility is 1 lower", hook="agility", value=_tail_gunner),
         description="Crew: attacking from its rear-facing auxiliary firing arc, the "
                     "defender's agility is 1 lower (to a minimum of 0).")


# ------------------------------------------------------------ Collision Detector
def _can(game: Game, owner: ShipState, **facts: Any) -> bool:
    # "can": a capability, always applied (its boosts, barrel rolls and decloaks)
    return True


register("upgrade", "1e-collisiondetector",
         Modifier("boosts, barrel rolls and decloaks can overlap obstacles",
                  hook="reposition_through_obstacles", value=_can),
         Modifier("ignore critical hit results rolled for obstacle damage",
                  hook="obstacle_crits_ignored", value=_can),
         description="System: its boosts, barrel rolls and decloaks (ship and template) can "
                     "overlap obstacles; it ignores the critical hit results it rolls for "
                     "obstacle damage.")


# ---------------------------------------------------------------- Sensor Cluster
SENSOR_CLUSTER = "1e-sensorcluster"

register("upgrade", SENSOR_CLUSTER,
         DiceMod("spend a focus token: change 1 blank result to an evade result",
                 dice=change_one(SENSOR_CLUSTER, "Sensor Cluster (focus: 1 blank to evade)",
                                 Face.BLANK, Face.EVADE, DEFENDING, cost=(("focus", 1),)),
                 applies=defending_if()),
         description="Tech: defending, may spend a focus to turn 1 blank into an evade.")


# ------------------------------------------------------------------ Fearlessness
FEARLESSNESS = "1e-fearlessness"


register("upgrade", FEARLESSNESS,
         DiceMod("add 1 hit result",
                 dice=CardAbility(FEARLESSNESS, "Fearlessness (add 1 hit)",
                                  effect=AddResults(Face.HIT), roles=ATTACKING),
                 applies=attacking_if(lambda game, attack, owner: _face_to_face(
                     owner, game.state.ships[attack.defender]))),
         description="Elite: attacking at Range 1 inside the defender's firing arc, with the "
                     "defender inside its own: may add 1 hit result.")


# ------------------------------------------------------------------ Latts Razzi
LATTS = "1e-lattsrazzi"


def _latts_remove(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    remove_token(ctx.game, ctx.other(attack.attacker), Token.STRESS, remover=ctx.ship.id)


register("upgrade", LATTS,
         DiceMod("unstress the attacker for an added evade",
                 dice=CardAbility(LATTS, "Latts Razzi (attacker's stress: add 1 evade)",
                                  effect=AddResults(Face.EVADE), roles=DEFENDING),
                 applies=defending_if(lambda game, attack, owner:
                                      game.state.ships[attack.attacker].stressed),
                 after=_latts_remove),
         description="Crew: defending, may take 1 stress token off the attacker for "
                     "an added evade result.")


# ------------------------------------------------------------ Captain Rex (crew)
register("upgrade", "1e-captainrex",
         Triggered("gain a focus token", window="after_attack",
                   requirement=lambda ctx: is_me(ctx, "attacker") and not ctx.event["hit"]
                   and ctx.ship.in_play,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="Crew: after a missed attack, may gain a focus token.")


# -------------------------------------------------------- Black Market Slicer Tools
SLICER = "1e-blackmarketslicertools"


def _slicer_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in enemies_within(ctx.game, ctx.ship, 1, 2) if s.stressed]


@continuation("1e-blackmarketslicertools.rolled")
def _slicer_rolled(game: Game, face: Face, target_id: str) -> None:
    target = game.state.ships[target_id]
    if face not in (Face.HIT, Face.CRIT) or not target.in_play:
        return
    remove_token(game, target, Token.STRESS)
    deal_damage_card(game, target, False)


register("upgrade", SLICER,
         CardAction("roll against a stressed enemy within Range 1-2",
                    key="slice", requirement=lambda ctx: bool(_slicer_targets(ctx)),
                    choices=lambda ctx: ship_options(_slicer_targets(ctx)),
                    effect=lambda ctx, choice: roll_die(
                        ctx, "1e-blackmarketslicertools.rolled", (str(choice),))),
         description="Illicit. Action: pick a stressed enemy within Range 1-2 and roll an attack "
                     "die; a hit or critical hit takes 1 stress token off it and deals it a "
                     "facedown damage card.")


# ------------------------------------------------------------------ EMP Device
EMP = "1e-empdevice"
#: card memory: the round the ship used the EMP Device instead of attacking
EMP_ROUND = f"{EMP}:round"


def _emp_applies(ctx: Ctx) -> bool:
    ship = ctx.ship
    return (is_me(ctx) and ship.in_play and not is_discarded(ship, EMP)
            and ship.last_attack != (ctx.state.round, "engagement"))


def _emp(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    remember(ship, EMP_ROUND, ctx.state.round)
    # FAQ (1e): a ship is at Range 1 of itself - the EMP ionizes its own ship too (ruling)
    hit = [s for s in ctx.state.in_play() if not s.remote and within_1e(ship, s, 1, 1)]
    for target in hit:
        gain_token(ctx.game, target, Token.ION, 2, applier=ship.owner)
    ctx.game.event("ability", f"{ship.name} ({ship.id}) discharges its EMP Device: 2 ion "
                   f"tokens to {', '.join(s.id for s in hit)}", ship=ship.id)


def _emp_no_attacks(game: Game, owner: ShipState, ship: ShipState | None = None,
                    **facts: Any) -> bool:
    return (ship is not None and ship.id == owner.id
            and this_round(game, owner, EMP_ROUND))


register("upgrade", EMP,
         # "instead of performing any attacks": offered as the ship engages, before it
         # declares an attack; it then attacks no more this phase (bonus attacks included).
         # The card is discarded at once (is_discarded) and leaves the ship at the end of
         # the phase, its "no attack" rule with it
         Triggered("skip attacking: discard to ion every ship within "
                   "Range 1 (2 each)", window="engage", requirement=_emp_applies, effect=_emp),
         Modifier("no attack this phase", hook="cannot_attack", value=_emp_no_attacks),
         Triggered("the discarded EMP Device leaves the ship", window="end_engagement",
                   optional=False,
                   requirement=lambda ctx: this_round(ctx, ctx.ship, EMP_ROUND),
                   effect=lambda ctx, choice: discard_upgrade(ctx.game, ctx.ship, EMP)),
         description="Illicit: in the Combat phase, in place of attacking: may discard this card "
                     "so every ship within Range 1 (its own too) gets 2 ion tokens.")


# ------------------------------------------------------------------ Captured TIE
CAPTURED = "1e-capturedtie"


def _captured_forbidden(game: Game, owner: ShipState, ship: ShipState | None = None,
                        targets: Any = (), **facts: Any) -> list[str]:
    if ship is None or ship.owner == owner.owner or \
            ship.current_initiative >= owner.current_initiative:
        return []
    return [t.key for t in targets if t.defender == owner.id]


def _alone(ctx: Ctx) -> bool:
    ship = ctx.ship
    others = [s for s in ctx.state.in_play() if s.id != ship.id and s.owner == ship.owner
              and not s.remote and not s.destroyed]
    return ship.in_play and not ship.destroyed and not others


register("upgrade", CAPTURED,
         Modifier("enemy ships of lower pilot skill cannot target you",
                  hook="forbidden_targets", value=_captured_forbidden),
         Triggered("discard this card", window="after_attack", optional=False,
                   requirement=lambda ctx: is_me(ctx, "attacker"),
                   effect=lambda ctx, choice: discard_upgrade(ctx.game, ctx.ship, CAPTURED)),
         # ruling: checked when a ship is destroyed, and at the end of Setup (a squad of one
         # ship starts alone)
         Triggered("the only remaining friendly ship: discard this card",
                   window="after_destroyed", optional=False, requirement=_alone,
                   effect=lambda ctx, choice: discard_upgrade(ctx.game, ctx.ship, CAPTURED)),
         Triggered("the only friendly ship: discard this card", window="end_setup",
                   optional=False, requirement=_alone,
                   effect=lambda ctx, choice: discard_upgrade(ctx.game, ctx.ship, CAPTURED)),
         description="Modification (rebel TIE Fighter): enemy ships of lower pilot skill may not "
                     "target it; discarded after it attacks or once it is the "
                     "only friendly ship left.")


# --------------------------------------------------------- Gyroscopic Targeting
GYRO = "1e-gyroscopictargeting"
#: card memory: the round the ship flew a maneuver of speed 3, 4 or 5
GYRO_ROUND = f"{GYRO}:round"


def _gyro_fast(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, GYRO_ROUND, ctx.state.round)


def _gyro_rotate(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    ship.turret = turret_arcs_for(ship, Arc(str(choice)))
    ctx.game.event("ability", f"{ship.name} ({ship.id}) rotates its mobile firing arc to "
                   f"{choice}", ship=ship.id)


register("upgrade", GYRO,
         Triggered("note a speed 3-5 maneuver", window="after_execute",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["speed"] in (3, 4, 5),
                   effect=_gyro_fast),
         Triggered("rotate your mobile firing arc", window="end_engagement",
                   requirement=lambda ctx: ctx.ship.in_play
                   and this_round(ctx, ctx.ship, GYRO_ROUND),
                   choices=lambda ctx: [Option(a.value, f"point the mobile arc {a.value}")
                                        for a in rotatable_arcs(ctx.game, ctx.ship)],
                   effect=_gyro_rotate),
         description="Modification (Lancer): Combat phase end, after a speed 3-5 maneuver this "
                     "round: may turn its mobile firing arc.")
