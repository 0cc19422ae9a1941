"""First-edition upgrades of the M12-L Kimogila Fighter, Phantom II, TIE Silencer,
Resistance Bomber, Saw's Renegades and TIE Reaper expansion packs, continued
(:mod:`upgrades_w9b` has the first part): system, tech, crew, illicit and modification
cards, and the conditions they and Crimson Leader assign (Scrambled, Optimized Prototype,
Rattled). Descriptions are Tallon's own words; the rules sources are the first edition's
core rulebook, its reference cards and its FAQ (``FAQ (1e)``).

First-edition ranges have no range 0: cards measure with
:mod:`tallon.cards.first_edition.ranges_1e` (or the engine's range 0-N).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import (
    attacking_if,
    defending_if,
    is_me,
    recalled,
    remember,
    roll_die,
    ship_options,
    this_round,
)
from tallon.cards.first_edition.common_1e import one_token_kept, place_forces_skill
from tallon.cards.first_edition.damage_core import overlaps_at_end
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.first_edition.pilots_w8a import inside_firing_arc
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.pilots.t65xwing import SpendResult
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import lose_shield
from tallon.data import load_cards
from tallon.dice import Face, Situation
from tallon.dice.abilities.base import ATTACKING, DEFENDING
from tallon.dice.abilities.effects import CardAbility, Effect, RerollDice, Variant
from tallon.dice.counts import face_count
from tallon.dice.ops import Add, Cancel
from tallon.engine.abilities import CardAction, Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.chance import RollDice
from tallon.engine.conditions import assign_condition, remove_condition
from tallon.engine.damage import SufferDamage
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token, remove_token
from tallon.engine.payloads import device, device_of
from tallon.engine.state import Token
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry import at_range

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState, ShipState


def equipped(ship: ShipState, card: str) -> bool:
    """The ship has upgrade ``card`` among its cards (not discarded)."""
    return any(kind == "upgrade" and xws == card for kind, xws, _ in ship.cards)


def _bomb_card(card: str) -> bool:
    """The upgrade places a bomb (the first edition's bombs dropped on revealing the dial:
    the "Action:" ones are mines, tallon.cards.first_edition.bombs_1e)."""
    try:
        return device_of(card)[1] == "bomb"
    except (KeyError, ValueError):
        return False


# ------------------------------------------------------------- Trajectory Simulator
def _trajectory(game: Any, owner: ShipState, card: str = "", launch: bool = False,
                **facts: Any) -> list[tuple[str, bool]]:
    # "launch bombs using the [5 straight] template instead of dropping them"; the bombs
    # with the "Action:" header (mines here) are not launched this way
    return [("5F", True)] if not launch and _bomb_card(card) else []


register("upgrade", "1e-trajectorysimulator",
         Modifier("launch bombs with the [5 straight] template", hook="device_templates",
                  value=_trajectory),
         description="May launch its bombs with the [5 straight] template instead of "
                     "dropping them (not the bombs with an \"Action:\" header).")


# --------------------------------------------------------------- Targeting Scrambler
SCRAMBLER = "1e-targetingscrambler"
SCRAMBLED = "1e-scrambled"


def _scrambler_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.id != ctx.ship.id and not s.remote
            and within_1e(ctx.ship, s, 1, 3)]


register("upgrade", SCRAMBLER,
         Triggered("take weapons disabled: Scramble a ship", window="start_planning",
                   requirement=lambda ctx: ctx.ship.in_play and bool(_scrambler_targets(ctx)),
                   # rulebook (1e): the weapons disabled token is the engine's disarm token
                   cost=Cost(gain=(("disarm", 1),)),
                   choices=lambda ctx: ship_options(_scrambler_targets(ctx)),
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(choice), SCRAMBLED, ctx.ship.owner)),
         description="As the Planning phase begins, it may take a weapons disabled token to put "
                     "the Scrambled condition on one ship within Range 1-3.")


def _scrambled_allows(game: Game, owner: ShipState, attack: AttackState | None = None,
                      kind: str = "", user: ShipState | None = None, **facts: Any) -> bool:
    if (attack is None or kind != "attack" or user is None or user.id != owner.id
            or attack.attacker != owner.id):
        return True
    defender = game.state.ships[attack.defender]
    return not (equipped(defender, SCRAMBLER) and within_1e(owner, defender, 1, 1))


register("condition", SCRAMBLED,
         Modifier("no attack dice modified against the Targeting Scrambler ship at Range 1",
                  hook="dice_option_allowed", value=_scrambled_allows),
         # Combat phase end: the engine's end of the Engagement Phase
         Triggered("remove this card", window="end_engagement", optional=False,
                   effect=lambda ctx, choice: remove_condition(ctx.game, ctx.ship, SCRAMBLED)),
         description="No attack dice modification when shooting a Range 1 ship that carries "
                     "Targeting Scrambler. Goes away when the Combat phase ends.")


# ------------------------------------------------------------------ Thrust Corrector
THRUST = "1e-thrustcorrector"
#: attack mark: the defender used Thrust Corrector; its dice cannot be modified again
THRUST_USED = f"{THRUST}:used"


class CancelAllAddEvade(Effect):
    """A dice effect: cancel every result of the dice, then add 1 [evade] result."""

    max_added = 1

    def variants(self, situation: Situation) -> list[Variant]:
        pool = situation.pool
        ops = tuple(Cancel(face, face_count(pool, face)) for face in Face
                    if situation.kind.has_face(face) and face_count(pool, face))
        return [(*ops, Add(Face.EVADE, 1))]


THRUST_DICE = CardAbility(THRUST, "Thrust Corrector (receive 1 stress token: cancel all "
                          "results, add 1 evade)", effect=CancelAllAddEvade(),
                          roles=DEFENDING)


def _thrust_used(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.marks[THRUST_USED] = 1
    gain_token(ctx.game, ctx.ship, Token.STRESS)


def _thrust_locks(game: Game, owner: ShipState, attack: AttackState | None = None,
                  kind: str = "", **facts: Any) -> bool:
    return (attack is not None and kind == "defense" and attack.defender == owner.id
            and bool(attack.marks.get(THRUST_USED)))


register("upgrade", THRUST,
         DiceMod("receive 1 stress token: cancel all defense results and add 1 evade result",
                 dice=THRUST_DICE,
                 applies=defending_if(lambda game, attack, owner:
                                      owner.count(Token.STRESS) <= 3
                                      and not attack.marks.get(THRUST_USED)),
                 after=_thrust_used),
         Modifier("its dice cannot be modified again this attack", hook="dice_unmodifiable",
                  value=_thrust_locks),
         description="On defense, holding at most 3 stress, it may take another stress to wipe "
                     "its defense roll and set it to a single evade; no further changes to those "
                     "dice this attack. (Hull 4 or lower: squad building.)")


# ----------------------------------------------------------------------------- Maul
MAUL = "1e-maul"
MAUL_DICE = CardAbility(MAUL, "Maul (1 stress token per attack die rerolled)",
                        effect=RerollDice(None), roles=ATTACKING)


def _maul_stress(ctx: Ctx, option: Any) -> None:
    rerolled = len(ctx.event.get("rerolled") or ())
    gain_token(ctx.game, ctx.ship, Token.STRESS, rerolled)


register("upgrade", MAUL,
         DiceMod("receive 1 stress token for each attack die rerolled", dice=MAUL_DICE,
                 applies=attacking_if(lambda game, attack, owner: not owner.stressed),
                 after=_maul_stress),
         Triggered("remove 1 stress token", window="after_attack",
                   requirement=lambda ctx: is_me(ctx, "attacker") and bool(ctx.event["hit"])
                   and ctx.ship.stressed,
                   effect=lambda ctx, choice: remove_token(ctx.game, ctx.ship, Token.STRESS)),
         description="Unstressed and attacking, he may take stress tokens, one per attack die he "
                     "rerolls. Once an attack of his hits, he may shed a stress.")


# ------------------------------------------------------- Multi-spectral Camouflage
CAMO = "1e-multispectralcamouflage"


def _camo_applies(ctx: Ctx) -> bool:
    # "a red target lock token": a lock another ship has on this one
    return (ctx.event["target"] == ctx.ship.id and ctx.ship.in_play
            and sum(1 for s in ctx.state.ships.values() if ctx.ship.id in s.locks) == 1)


def _camo(ctx: Ctx, choice: Any) -> None:
    ctx.game.now(RollDice("defense", 1, "1e-multispectralcamouflage.rolled",
                          (ctx.ship.id,), who=f"{ctx.ship.name} (Multi-spectral Camouflage)"))


@continuation("1e-multispectralcamouflage.rolled")
def _camo_rolled(game: Game, faces: tuple[Face, ...], ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    game.event("roll", f"{ship.name} ({ship.id}) rolls {faces[0].label} for "
               "Multi-spectral Camouflage", ship=ship.id)
    if faces[0] is not Face.EVADE:
        return
    for locker in game.state.ships.values():
        if ship.id in locker.locks:
            locker.locks = [t for t in locker.locks if t != ship.id]
            game.event("lock", f"the lock of {locker.name} on {ship.id} is removed",
                       ship=locker.id)
            return


register("upgrade", CAMO,
         Triggered("roll to shake off the lock",
                   window="after_lock", optional=False, requirement=_camo_applies,
                   effect=_camo),
         description="Whenever it gets its first (only) red lock token, it rolls a defense die "
                     "and drops that lock on an evade.")


# ------------------------------------------------------------------ Advanced Optics
OPTICS = "1e-advancedoptics"


register("upgrade", OPTICS, *one_token_kept(Token.FOCUS),
         description="Holds at most one focus token, and keeps an unspent focus through the End "
                     "phase.")


# -------------------------------------------------------------------- Courier Droid
COURIER = "1e-courierdroid"


register("upgrade", COURIER, *place_forces_skill(COURIER, "Courier Droid", (0, 8)),
         description="For the Place Forces step it may count its pilot skill as 0 or 8.")


# ------------------------------------------------------------------ Director Krennic
KRENNIC = "1e-directorkrennic"
PROTOTYPE = "1e-optimizedprototype"
#: card memory: the round the prototype last spent a result against shields
PROTOTYPE_ROUND = f"{PROTOTYPE}:round"


def _prototype_candidates(ctx: Ctx) -> list[ShipState]:
    db = load_cards()
    return [s for s in ctx.state.ships.values() if not s.removed and not s.remote
            and friendly(ctx.ship, s) and db.pilot(s.pilot).faction == "galacticempire"
            and s.shield_limit <= 3]


register("upgrade", KRENNIC,
         Triggered("give Optimized Prototype to an Imperial ship (3 shields max)",
                   window="before_place_forces", optional=False,
                   requirement=lambda ctx: bool(_prototype_candidates(ctx)),
                   choices=lambda ctx: ship_options(_prototype_candidates(ctx)),
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(choice), PROTOTYPE, ctx.ship.owner)),
         description="In setup (ahead of Place Forces) he gives Optimized Prototype to one "
                     "friendly Imperial ship whose shield value is 3 or less.")


def _prototype_shield(ctx: Ctx, choice: Any) -> None:
    # "increase your shield value by 1": assigned in setup, the ship starts with it active
    ctx.ship.shield_limit += 1
    ctx.ship.shields += 1
    ctx.game.event("condition", f"{ctx.ship.name} ({ctx.ship.id}): shield value "
                   f"{ctx.ship.shield_limit}", ship=ctx.ship.id)


def _prototype_test(game: Game, attack: AttackState, owner: ShipState) -> bool:
    # RR: PAYING COSTS (as the first edition's costs): only with a shield to remove
    return (attack.primary and game.state.ships[attack.defender].shields > 0
            and not this_round(game, owner, PROTOTYPE_ROUND))


def _prototype_spent(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    remember(ctx.ship, PROTOTYPE_ROUND, ctx.state.round)
    lose_shield(ctx.game, ctx.other(attack.defender), "Optimized Prototype")


def _krennic_ship(ctx: Ctx) -> ShipState | None:
    return next((s for s in ctx.state.in_play() if friendly(ctx.ship, s)
                 and equipped(s, KRENNIC) and within_1e(ctx.ship, s, 1, 2)), None)


def _prototype_lock_applies(ctx: Ctx) -> bool:
    krennic = _krennic_ship(ctx)
    defender = ctx.state.ships.get(ctx.event["defender"])
    # rulebook (1e), Target Lock: the locked ship is at Range 1-3
    return (is_me(ctx, "attacker") and bool(ctx.event["primary"]) and krennic is not None
            and defender is not None and defender.in_play
            and within_1e(krennic, defender, 1, 3)
            and can_lock(ctx.game, krennic, defender.id) is None)


def _prototype_lock(ctx: Ctx, choice: Any) -> None:
    krennic = _krennic_ship(ctx)
    if krennic is not None:
        acquire_lock(ctx.game, krennic, ctx.event["defender"])


register("condition", PROTOTYPE,
         Triggered("shield value +1", window="condition_assigned", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["card"] == PROTOTYPE,
                   effect=_prototype_shield),
         DiceMod("spend 1 die result: the defender loses 1 shield",
                 dice=CardAbility(PROTOTYPE, "Optimized Prototype (spend 1 result)",
                                  effect=SpendResult((Face.BLANK, Face.FOCUS, Face.HIT,
                                                      Face.CRIT)), roles=ATTACKING),
                 applies=attacking_if(_prototype_test), after=_prototype_spent),
         Triggered("Krennic's ship locks the defender", window="after_attack",
                   requirement=_prototype_lock_applies,
                   effect=_prototype_lock),
         description="Shield value +1. Once a round, while making a primary attack, it may give "
                     "up a die result to strip a shield off the defender. Following a primary "
                     "attack, a friend at Range 1-2 carrying Director Krennic may lock the "
                     "defender.")


# ---------------------------------------------------------- Flight-Assist Astromech
FAA = "1e-flightassistastromech"


def _front_only(game: Any, owner: ShipState, arc: str = "", **facts: Any) -> str | None:
    # attacks only inside its firing arc: a turret's every direction is
    # not a firing arc (FAQ (1e): a turret gives no 360-degree firing arc); printed front
    # and auxiliary arcs stay as they are
    return "front" if arc == "all" else None


def _faa_applies(ctx: Ctx) -> bool:
    ship = ctx.ship
    return (is_me(ctx) and ship.in_play and not ship.contacts
            and not overlaps_at_end(ctx)
            and not any(s.owner != ship.owner and not s.remote
                        and inside_firing_arc(ship, s) for s in ctx.state.in_play()))


register("upgrade", FAA,
         Modifier("turret secondary weapons attack from the firing arc only",
                  hook="special_weapon_arc", value=_front_only),
         Modifier("a turret primary weapon attacks from the firing arc only",
                  hook="primary_weapon_arc", value=_front_only),
         grant_action("free boost or barrel roll", "after_execute",
                      lambda ctx: [granted("boost", "white", FAA),
                                   granted("barrel_roll", "white", FAA)],
                      requirement=_faa_applies),
         description="Attacks only inside its firing arc. Following a maneuver that overlapped "
                     "nothing, if no enemy is in its arc at Range 1-3, it may boost or barrel "
                     "roll for free.")


# ------------------------------------------------------------------ Renegade Refit
# squad building only: two different modifications and the elite upgrades' lower cost
# (tallon.squads.legality_1e)
register("upgrade", "1e-renegaderefit",
         description="Torpedo card (X-wing, U-wing): up to 2 different modifications and "
                     "elite upgrades cost 1 squad point less (squad building only; no "
                     "ability in play).")


# ------------------------------------------------------------- Deflective Plating
PLATING = "1e-deflectiveplating"
#: card memory: the device whose effects the ship chose not to suffer (while it detonates)
PLATING_IGNORES = f"{PLATING}:ignores"
#: card memory: its die showed a hit; the card is discarded after the detonation
PLATING_DISCARD = f"{PLATING}:discard"


def _plated(game: Game, device_id: str, mine_ship: str) -> list[ShipState]:
    """Ships with Deflective Plating the friendly bomb token would affect: those at Range 1
    of it, and the ship that set a mine off (rulebook (1e): bombs and mines are bomb
    tokens)."""
    found = device(game, device_id)
    if found is None:
        return []
    return [s for s in game.state.in_play() if not s.remote and s.owner == found.owner
            and equipped(s, PLATING) and s.body is not None
            and (s.id == mine_ship or at_range(found.body, s.body, 0, 1))]


def _plating_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    plated = _plated(ctx.game, facts["device"], facts["ship"])
    return bool(plated) and plated[0].id == ctx.ship.id


def _plating(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    device_id, mine_ship = facts["device"], facts["ship"]
    plated = _plated(ctx.game, device_id, mine_ship)
    steps: list[Any] = []
    if len(plated) == 1:  # the answer to the replacement is this ship's choice
        _plating_chosen(ctx.game, "use", plated[0].id, device_id)
    else:  # RR: REPLACEMENT EFFECTS - one replacement: each such ship then chooses
        steps = [Ask(s.owner, "use_ability", f"{s.name} ({s.id}): Deflective Plating - "
                     f"do not suffer the effects of {device_id} (then roll 1 attack die: "
                     "a hit discards the card)?",
                     (Option("use", "do not suffer its effects"),
                      Option("decline", "suffer its effects")),
                     "1e-deflectiveplating.chosen", (s.id, device_id), ship=s.id)
                 for s in plated]
    ctx.game.push(*steps, Then("payloads.detonation", (device_id, mine_ship)),
                  Then("1e-deflectiveplating.clear", tuple(s.id for s in plated)))


@continuation("1e-deflectiveplating.chosen")
def _plating_chosen(game: Game, answer: str, ship_id: str, device_id: str) -> None:
    if answer != "use":
        return
    ship = game.state.ships[ship_id]
    remember(ship, PLATING_IGNORES, device_id)
    game.event("ability", f"{ship.name} ({ship.id}): Deflective Plating - it does not suffer "
               f"the effects of {device_id}", ship=ship.id)
    game.now(RollDice("attack", 1, "1e-deflectiveplating.rolled", (ship_id,),
                      who=f"{ship.name} (Deflective Plating)"))


@continuation("1e-deflectiveplating.rolled")
def _plating_rolled(game: Game, faces: tuple[Face, ...], ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    game.event("roll", f"{ship.name} ({ship.id}) rolls {faces[0].label} for Deflective "
               "Plating", ship=ship.id)
    if faces[0] is Face.HIT:
        # discarded once the detonation is over: the choice already made stands
        remember(ship, PLATING_DISCARD, True)


@continuation("1e-deflectiveplating.clear")
def _plating_clear(game: Game, _: Any, *ship_ids: str) -> None:
    for ship_id in ship_ids:
        ship = game.state.ships[ship_id]
        remember(ship, PLATING_IGNORES, None)
        if recalled(ship, PLATING_DISCARD):
            remember(ship, PLATING_DISCARD, None)
            discard_upgrade(game, ship, PLATING)


register("upgrade", PLATING,
         # the choice comes as the bomb token would detonate: a replacement of its
         # detonation by the same detonation, the chosen ships ignoring it
         Replacement("do not suffer the effects of the friendly bomb token",
                     point="detonate", applies=_plating_applies, replace=_plating),
         Modifier("ignores the bomb token it chose not to suffer", hook="ignores_device",
                  value=lambda game, owner, ship=None, device="", **facts:
                  ship is not None and ship.id == owner.id and bool(device)
                  and recalled(owner, PLATING_IGNORES) == device),
         description="It may ignore a friendly bomb's detonation; if it does, it rolls an attack "
                     "die and loses the card on a hit.")


# --------------------------------------------------------------------------- Rattled
RATTLED = "1e-rattled"


def _rattled_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    # bombs suffer their damage with their device's id as the cause
    return (facts["ship"] == ctx.ship.id and facts["hits"] + facts["crits"] > 0
            and device(ctx.game, str(facts.get("cause", ""))) is not None)


def _rattled(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.ship.id
    ctx.game.push(SufferDamage(ship, facts["hits"], facts["crits"] + 1, facts.get("cause", ""),
                               replaceable=False),
                  Then("1e-rattled.remove", (ship,)))


@continuation("1e-rattled.remove")
def _rattled_remove(game: Game, _: Any, ship_id: str) -> None:
    remove_condition(game, game.state.ships[ship_id], RATTLED)


@continuation("1e-rattled.rolled")
def _rattled_rolled(game: Game, face: Face, ship_id: str) -> None:
    if face in (Face.FOCUS, Face.HIT):
        remove_condition(game, game.state.ships[ship_id], RATTLED)


register("condition", RATTLED,
         Replacement("take an extra crit and discard Rattled",
                     point="suffer_damage", optional=False, applies=_rattled_applies,
                     replace=_rattled),
         CardAction("roll to shake off Rattled",
                    key="roll", effect=lambda ctx, choice: roll_die(
                        ctx, "1e-rattled.rolled", (ctx.ship.id,))),
         description="Bomb damage to it brings one extra critical damage, and then the condition "
                     "is discarded. Action: roll an attack die and discard the condition on a "
                     "focus or hit.")


__all__ = ["PROTOTYPE", "RATTLED", "SCRAMBLED", "equipped"]
