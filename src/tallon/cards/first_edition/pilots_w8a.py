"""First-edition pilots of the ARC-170, Special Forces TIE, Protectorate Starfighter, Shadow
Caster and Sabine's TIE Fighter expansion packs, registered under their play ids
(:mod:`tallon.data.first_edition_play`), with the Suppressive Fire condition Captain Rex
assigns. Descriptions are Tallon's own words; the rules sources are the first edition's
core rulebook, its reference cards and its FAQ (``FAQ (1e)``).

The first edition has no range 0: "at Range 1-2" is measured with
:mod:`tallon.cards.first_edition.ranges_1e`. A ship's "firing arc" is any arc printed on its
token (front, auxiliary, mobile: FAQ (1e) Q&A), :func:`pilots_wave1.printed_firing_arcs`;
the Lancer-class pursuit craft's mobile firing arc is the engine's turret arc indicator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted, let_perform
from tallon.cards.common import (
    attacking_if,
    defending_if,
    dice,
    is_in_arc,
    is_me,
    remember,
    roll_die,
    ship_options,
    this_round,
)
from tallon.cards.first_edition.ordnance_1e import LOCK_LENDERS
from tallon.cards.first_edition.pilots_wave1 import printed_firing_arcs
from tallon.cards.first_edition.pilots_wave4 import free_actions
from tallon.cards.first_edition.ranges_1e import others_within, within_1e
from tallon.cards.pilots.mg100starfortress import in_turret_arc
from tallon.cards.pilots.tiesffighter import primary_after, primary_now_or_after, primary_weapons
from tallon.cards.registry import register
from tallon.cards.shared_rules import ZEB_CRITS_FIRST
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING
from tallon.dice.abilities.effects import AddResults, CardAbility, RerollDice
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import spend_lock_on
from tallon.engine.allegiance import friendly
from tallon.engine.attack import can_bonus_attack
from tallon.engine.conditions import assign_condition, remove_condition
from tallon.engine.effects import gain_token, remove_token
from tallon.engine.state import ShipState, Token, opponent
from tallon.engine.steps import continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def inside_firing_arc(of: ShipState, target: ShipState) -> bool:
    """Whether ``target`` is inside one of ``of``'s printed firing arcs (FAQ (1e): auxiliary
    and mobile arcs count; a turret weapon's every direction does not)."""
    return of.id != target.id and any(is_in_arc(of, target, arc)
                                      for arc in printed_firing_arcs(of))


def _enemy_of(game: Game, attack: AttackState, owner: ShipState) -> ShipState:
    """The other ship of the attack ``owner`` takes part in."""
    other = attack.defender if attack.attacker == owner.id else attack.attacker
    return game.state.ships[other]


# ======================================================================== ARC-170
# ------------------------------------------------------------------- Norra Wexley
NORRA = "1e-arc170-norrawexley"


def _norra_spend(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    spend_lock_on(ctx.game, ctx.ship, attack.attacker)


register("pilot", NORRA,
         # attacking, the lock on the defender is the dice's "lock" resource, spent as the
         # cost; defending, the card checks and spends its lock on the attacker
         DiceMod("spend your target lock on the defender: add 1 focus result",
                 dice=CardAbility(NORRA, "Norra Wexley (spend target lock: add 1 focus)",
                                  effect=AddResults(Face.FOCUS), roles=ATTACKING,
                                  cost=(("lock", 1),)),
                 applies=attacking_if()),
         DiceMod("spend your target lock on the attacker: add 1 focus result",
                 dice=CardAbility(f"{NORRA}-defense", "Norra Wexley (spend target lock: add "
                                  "1 focus)", effect=AddResults(Face.FOCUS), roles=DEFENDING),
                 applies=defending_if(lambda game, attack, owner:
                                      attack.attacker in owner.locks),
                 after=_norra_spend),
         description="Attacking or defending: may spend her lock on the opposing ship for "
                     "1 added focus result.")


# ---------------------------------------------------------------------- Shara Bey
SHARA = "1e-arc170-sharabey"


def shara_lends(game: Game, owner: ShipState, ship: ShipState) -> bool:
    """Whether ``ship``, attacking, may treat Shara Bey's (``owner``'s) target locks as its
    own: a different friend within Range 1-2 of her."""
    return (ship.id != owner.id and friendly(ship, owner) and not ship.remote
            and owner.in_play and within_1e(owner, ship, 1, 2))


def _shara_requirement(game: Game, owner: ShipState, ship: ShipState | None = None,
                       defender: ShipState | None = None, **facts: Any) -> bool:
    return (ship is not None and defender is not None and defender.id in owner.locks
            and shara_lends(game, owner, ship))


def _shara_reroll_applies(game: Game, attack: AttackState, owner: ShipState,
                          user: ShipState) -> bool:
    return (user.id == attack.attacker and attack.defender in owner.locks
            and shara_lends(game, owner, user))


def _shara_spend(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    spend_lock_on(ctx.game, ctx.ship, attack.defender)


# her lock on the defender, spent as the attacker's own: its reroll (rulebook (1e), Target
# Lock: spend it to reroll any number of attack dice) and a secondary weapon's "Attack
# (Target Lock)" header, met and paid with it (ordnance_1e.LOCK_LENDERS)
LOCK_LENDERS[SHARA] = shara_lends

register("pilot", SHARA,
         DiceMod("spend Shara Bey's target lock on the defender: reroll any number of attack "
                 "dice",
                 dice=CardAbility(SHARA, "Shara Bey's target lock (reroll any number of "
                                  "attack dice)", effect=RerollDice(None), roles=ATTACKING),
                 for_others=True, applies=_shara_reroll_applies, after=_shara_spend),
         Modifier("her target lock meets a friendly attacker's target lock requirement",
                  hook="ignore_lock_requirement", value=_shara_requirement),
         description="Friendly ships within Range 1-2 may use her target locks as their own when "
                     "attacking (to reroll, or for an \"Attack (Target Lock)\" weapon).")


# ----------------------------------------------------------------- Braylen Stramm
@continuation("1e-braylenstramm.rolled")
def _braylen_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face in (Face.HIT, Face.CRIT) and remove_token(game, ship, Token.STRESS):
        game.event("ability", f"{ship.name} ({ship.id}) removes 1 stress token", ship=ship.id)


register("pilot", "1e-arc170-braylenstramm",
         # ruling: offered only while he has a stress token (the die could do nothing else);
         # a maneuver cut short by a bump is still executed (rulebook (1e), Moving Through
         # a Ship)
         Triggered("roll 1 attack die: a hit or critical hit removes 1 stress token",
                   window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.stressed,
                   effect=lambda ctx, choice: roll_die(ctx, "1e-braylenstramm.rolled",
                                                       (ctx.ship.id,))),
         description="After each maneuver, if stressed: may roll an attack die; a hit or critical "
                     "hit clears 1 stress token.")


# ------------------------------------------------------------------ Thane Kyrell
def _thane_applies(ctx: Ctx) -> bool:
    attacker = ctx.state.ships.get(ctx.event.get("attacker", ""))
    defender = ctx.state.ships.get(ctx.event.get("defender", ""))
    ship = ctx.ship
    return (attacker is not None and defender is not None and ship.in_play
            and attacker.owner != ship.owner and not attacker.remote
            and defender.id != ship.id and friendly(defender, ship) and attacker.in_play
            and inside_firing_arc(ship, attacker) and within_1e(ship, attacker, 1, 3))


register("pilot", "1e-arc170-thanekyrell",
         # his own free action, outside his activation (acting: a granted action's choices)
         grant_action("perform a free action", "after_attack",
                      lambda ctx: free_actions(ctx.game, ctx.ship), requirement=_thane_applies),
         description="When an enemy in his firing arc within Range 1-3 has attacked another "
                     "friendly ship: may take a free action.")


# ======================================================================= TIE/sf
# --------------------------------------------------------------------- "Quickdraw"
QUICKDRAW = "1e-tiesffighter-quickdraw"
#: card memory: the round she used her ability
QUICKDRAW_USED = f"{QUICKDRAW}:round"
#: card memory: the round her attack waits for the end of the attack in progress
QUICKDRAW_PENDING = f"{QUICKDRAW}:pending"


def _quickdraw_may(ctx: Ctx) -> bool:
    return (is_me(ctx) and ctx.ship.in_play
            and not this_round(ctx, ctx.ship, QUICKDRAW_USED)
            and (ctx.attack is not None or can_bonus_attack(
                ctx.game, ctx.ship, only=primary_weapons(ctx.game, ctx.ship))))


def _quickdraw(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, QUICKDRAW_USED, ctx.state.round)
    # FAQ (1e), "Quickdraw": during an attack, her attack is performed in step 9 of the
    # timing chart (an "after attacking/defending" ability that performs an attack)
    primary_now_or_after(ctx, QUICKDRAW_PENDING)


register("pilot", QUICKDRAW,
         Triggered("perform a primary weapon attack", window="after_lose_shield",
                   requirement=_quickdraw_may, effect=_quickdraw),
         *primary_after(QUICKDRAW_PENDING, "perform the primary weapon attack"),
         description="Once per round, on losing a shield token: may make a primary weapon attack "
                     "(after any attack in progress).")


# --------------------------------------------------------------------- "Backdraft"
BACKDRAFT = "1e-tiesffighter-backdraft"

register("pilot", BACKDRAFT,
         DiceMod("add 1 critical hit result",
                 dice=CardAbility(BACKDRAFT, "\"Backdraft\" (add 1 critical hit)",
                                  effect=AddResults(Face.CRIT), roles=ATTACKING),
                 # the TIE/sf's auxiliary firing arc is its rear arc (whatever the weapon)
                 applies=attacking_if(lambda game, attack, owner: is_in_arc(
                     owner, game.state.ships[attack.defender], Arc.REAR))),
         description="Attacks on ships in his rear (auxiliary) arc may add a critical hit result.")


# ============================================================ Protectorate Starfighter
# ----------------------------------------------------------------------- Fenn Rau
def _fenn_close(role: str) -> Any:
    def requirement(ctx: Ctx) -> bool:
        attack = ctx.attack
        return (is_me(ctx, role) and attack is not None
                and within_1e(ctx.ship, _enemy_of(ctx.game, attack, ctx.ship), 1, 1))

    return requirement


def _fenn_die(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    if attack.attacker == ctx.ship.id:
        attack.extra_attack_dice += 1
    else:
        attack.extra_defense_dice += 1


register("pilot", "1e-protectoratestarfighter-fennrau",
         # FAQ (1e) Q&A: additional dice are added before the roll
         Triggered("roll 1 additional attack die", window="before_attack_dice",
                   requirement=_fenn_close("attacker"), effect=_fenn_die),
         Triggered("roll 1 additional defense die", window="before_defense_dice",
                   requirement=_fenn_close("defender"), effect=_fenn_die),
         description="Attacking or defending with the enemy ship at Range 1: may roll 1 "
                     "additional die.")


# ----------------------------------------------------------------------- Kad Solus
register("pilot", "1e-protectoratestarfighter-kadsolus",
         Triggered("gain 2 focus tokens", window="after_execute",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["difficulty"] == "red",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS, 2)),
         description="After executing a red maneuver: assigns himself 2 focus tokens.")


# ---------------------------------------------------------------------- Old Teroch
def _teroch_targets(ctx: Ctx) -> list[ShipState]:
    # choosing a ship whose arcs he is outside does nothing: only the others are offered
    return [s for s in others_within(ctx.game, ctx.ship, 1, 1)
            if s.owner != ctx.ship.owner and inside_firing_arc(s, ctx.ship)]


def _teroch(ctx: Ctx, choice: Any) -> None:
    enemy = ctx.other(str(choice))
    for token in (Token.FOCUS, Token.EVADE):
        remove_token(ctx.game, enemy, token, enemy.count(token))
    ctx.game.event("ability", f"{enemy.name} ({enemy.id}) discards all its focus and evade "
                   "tokens", ship=enemy.id)


register("pilot", "1e-protectoratestarfighter-oldteroch",
         Triggered("an enemy ship at Range 1 whose firing arc you are inside discards its "
                   "focus and evade tokens", window="start_engagement",
                   requirement=lambda ctx: bool(_teroch_targets(ctx)),
                   choices=lambda ctx: ship_options(_teroch_targets(ctx)), effect=_teroch),
         description="Combat phase start: may pick an enemy ship within Range 1 whose firing arc "
                     "he is in; it loses all its focus and evade tokens.")


# ======================================================== Lancer-class Pursuit Craft
# -------------------------------------------------------------------- Sabine Wren
def _sabine_lancer(game: Game, attack: AttackState, owner: ShipState) -> bool:
    attacker = game.state.ships[attack.attacker]
    return in_turret_arc(owner, attacker) and within_1e(owner, attacker, 1, 2)


register("pilot", "1e-lancerclasspursuitcraft-sabinewren",
         # the same dice as her 2.5 Lancer printing: "may add 1 focus result"
         DiceMod("add 1 focus result", dice=dice("sabinewren-lancerclasspursuitcraft"),
                 applies=defending_if(_sabine_lancer)),
         description="Defending against an enemy in her mobile arc within Range 1-2: "
                     "may add a focus result.")


# --------------------------------------------------------------------- Ketsu Onyo
def _ketsu_targets(ctx: Ctx) -> list[ShipState]:
    # "a ship": friendly or enemy, inside both her primary (front) and mobile firing arcs
    return [s for s in others_within(ctx.game, ctx.ship, 1, 1)
            if is_in_arc(ctx.ship, s, Arc.FRONT) and in_turret_arc(ctx.ship, s)]


register("pilot", "1e-lancerclasspursuitcraft-ketsuonyo",
         Triggered("tractor a ship within Range 1 in both your arcs", window="start_engagement",
                   requirement=lambda ctx: bool(_ketsu_targets(ctx)),
                   choices=lambda ctx: ship_options(_ketsu_targets(ctx)),
                   # reference card (1e) "Tractor Beam Token": the ship's opposing player
                   # may move it
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(str(choice)), Token.TRACTOR,
                       applier=opponent(ctx.other(str(choice)).owner))),
         description="Combat phase start: may give 1 tractor beam token to a ship within Range 1 "
                     "that is in both her primary and mobile arcs.")


# ------------------------------------------------------------------ Asajj Ventress
def _asajj_targets(ctx: Ctx) -> list[ShipState]:
    # "a ship": friendly or enemy; one outside the mobile arc would get nothing
    return [s for s in others_within(ctx.game, ctx.ship, 1, 2) if in_turret_arc(ctx.ship, s)]


register("pilot", "1e-lancerclasspursuitcraft-asajjventress",
         Triggered("a ship inside your mobile firing arc at Range 1-2 receives 1 stress token",
                   window="start_engagement",
                   requirement=lambda ctx: bool(_asajj_targets(ctx)),
                   choices=lambda ctx: ship_options(_asajj_targets(ctx)),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(str(choice)),
                                                         Token.STRESS,
                                                         applier=ctx.ship.owner)),
         description="Combat phase start: may stress 1 ship within Range 1-2 that is inside "
                     "her mobile firing arc.")


# ========================================================= TIE Fighter (Rebel Alliance)
# --------------------------------------------------------------------- Sabine Wren
SABINE_TIE = "1e-tiefighter-sabinewren"


def sabine_free_move(card: str) -> Triggered:
    """Sabine Wren's first-edition pilot ability (TIE Fighter, Attack Shuttle): immediately
    before revealing her dial, may boost or barrel roll for free (granted by
    ``card``)."""
    return grant_action("boost or barrel roll as a free action", "before_reveal",
                        lambda ctx: [granted("boost", "white", card),
                                     granted("barrel_roll", "white", card)],
                        requirement=is_me)


register("pilot", SABINE_TIE, sabine_free_move(SABINE_TIE),
         description="Just before her dial is revealed: may boost or barrel roll as a free action.")


# ------------------------------------------------------------------- "Zeb" Orrelios
register("pilot", "1e-tiefighter-zeborrelios",
         # ruling: canceling critical hits first never costs the defender (a critical hit
         # deals what a hit does and more), so the "may" is always used (Modifier)
         ZEB_CRITS_FIRST,
         description="Defending: his evades may cancel critical hits ahead of hits.")


# -------------------------------------------------------------------- Ahsoka Tano
def _ahsoka_friends(ctx: Ctx) -> list[ShipState]:
    ship = ctx.ship
    if not ship.in_play:
        return []
    # FAQ (1e): a ship is at Range 1 of itself, so she may choose herself
    return [s for s in ctx.state.in_play() if not s.remote and friendly(s, ship)
            and within_1e(ship, s, 1, 1) and free_actions(ctx.game, s)]


def _ahsoka(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(str(choice))
    let_perform(ctx.game, friend.id, free_actions(ctx.game, friend), False)


register("pilot", "1e-tiefighter-ahsokatano",
         Triggered("spend a focus: free action for a friendly ship "
                   "within Range 1", window="start_engagement", cost=Cost(tokens=(("focus", 1),)),
                   requirement=lambda ctx: bool(_ahsoka_friends(ctx)),
                   choices=lambda ctx: ship_options(_ahsoka_friends(ctx)), effect=_ahsoka),
         description="Combat phase start: may spend a focus token so that a friendly ship within "
                     "Range 1 (herself included) takes 1 free action.")


# -------------------------------------------------------------------- Captain Rex
REX = "1e-tiefighter-captainrex"
SUPPRESSIVE_FIRE = "1e-suppressivefire"

register("pilot", REX,
         Triggered("assign Suppressive Fire to the defender", window="after_attack",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx, "attacker")
                   and ctx.other(ctx.event["defender"]).in_play,
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(ctx.event["defender"]), SUPPRESSIVE_FIRE,
                       ctx.ship.owner)),
         description="After attacking: assigns the Suppressive Fire condition to the "
                     "defender.")


def _rexes(game: Game, ship: ShipState) -> list[ShipState]:
    """The Captain Rex ships of the players whose effects assigned Suppressive Fire to
    ``ship``."""
    players = {c.assigned_by for c in ship.conditions if c.card == SUPPRESSIVE_FIRE}
    return [s for s in game.state.ships.values() if s.pilot == REX and s.owner in players]


def _suppressed(game: Game, owner: ShipState, attack: AttackState | None = None,
                **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id:
        return 0
    return 0 if attack.defender in {s.id for s in _rexes(game, owner)} else -1


def _rex_held_fire(ctx: Ctx) -> bool:
    here = (ctx.state.round, "engagement")
    return not any(s.in_play and s.last_attack == here for s in _rexes(ctx.game, ctx.ship))


def _remove_fire(ctx: Ctx, choice: Any) -> None:
    remove_condition(ctx.game, ctx.ship, SUPPRESSIVE_FIRE)


register("condition", SUPPRESSIVE_FIRE,
         Modifier("roll 1 fewer die (target is not Captain Rex)",
                  hook="attack_dice", value=_suppressed),
         Triggered("an attack on Captain Rex is declared: remove this card",
                   window="defender_declared", optional=False,
                   requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id
                   and ctx.event["defender"] in {s.id for s in _rexes(ctx.game, ctx.ship)},
                   effect=_remove_fire),
         Triggered("Captain Rex was destroyed: remove this card", window="after_destroyed",
                   optional=False,
                   requirement=lambda ctx: ctx.event["ship"] in {
                       s.id for s in _rexes(ctx.game, ctx.ship)},
                   effect=_remove_fire),
         Triggered("remove Suppressive Fire (Rex made no attack)",
                   window="end_engagement", optional=False, requirement=_rex_held_fire,
                   effect=_remove_fire),
         description="Rolls 1 fewer attack die against anyone but Captain Rex. Removed once it "
                     "targets Rex, when Rex is destroyed, or at the end of a Combat phase in "
                     "which Rex did not attack.")
