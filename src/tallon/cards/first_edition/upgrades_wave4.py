"""First edition, wave 4: the upgrades of the Imperial Aces, Z-95 Headhunter, TIE Defender,
E-wing, TIE Phantom and Rebel Aces expansion packs whose cards have an ability: the elite
talents and the secondary weapons here; astromechs, crew, systems, modifications and
titles in :mod:`upgrades_wave4_2`.

First-edition ranges are 1-3 and touching ships are at Range 1, so "at Range 1" is the
engine's range 0-1. A "free action" is an action performed outside the Perform Action
step. Descriptions are Tallon's own words.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    is_in_arc,
    one_more_attack_die,
    recalled,
    remember,
    ship_options,
    ships_in_range,
)
from tallon.cards.first_edition.common_1e import low_pilot_skill
from tallon.cards.first_edition.ordnance_1e import (
    SpendAndDiscard,
    attacking_with,
    hit_suffers_and_ion,
    not_discarded,
    ordnance_weapon,
)
from tallon.cards.registry import register
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import reroll
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered, Weapon
from tallon.engine.effects import gain_token, remove_token
from tallon.engine.state import ARCS, ShipState, Token
from tallon.geometry import Arc


def printed_arcs(ship: ShipState) -> tuple[Arc, ...]:
    """The ship's firing arcs shaded on its token and its mobile arc (FAQ (1e),
    Outmaneuver: a 360-degree turret's "arc" is not one of them; special, auxiliary,
    mobile and primary arcs are)."""
    arcs: list[Arc] = []
    for arc, _ in ship.attacks:
        if arc != "all":
            arcs.extend(ARCS.get(arc, ()))
    arcs.extend(ship.turret)
    return tuple(dict.fromkeys(arcs))


def inside_printed_arc(of: ShipState, target: ShipState) -> bool:
    """Whether ``target`` is inside one of ``of``'s printed firing arcs, at Range 1-3."""
    return of.id != target.id and any(is_in_arc(of, target, arc) for arc in printed_arcs(of))


# ------------------------------------------------------------------- Opportunist
OPPORTUNIST = "1e-opportunist"


def _opportunist_applies(ctx: Ctx) -> bool:
    if ctx.event.get("attacker") != ctx.ship.id:
        return False
    defender = ctx.other(ctx.event["defender"])
    # not usable while stressed
    return (not ctx.ship.stressed and not defender.has(Token.FOCUS)
            and not defender.has(Token.EVADE))


register("upgrade", OPPORTUNIST,
         Triggered("take 1 stress token for an extra attack die",
                   window="before_attack_dice", requirement=_opportunist_applies,
                   cost=Cost(gain=(("stress", 1),)), effect=one_more_attack_die),
         description="Attacking a defender that holds no focus or evade token, while unstressed: "
                     "may take 1 stress token for an extra attack die.")


# --------------------------------------------------------------------- Wingman
def _wingman_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True, other=True)
            if s.stressed]


def _wingman(ctx: Ctx, choice: Any) -> None:
    # FAQ (1e), Wingman: his ship is the one removing the token (Kyle Katarn's "after you
    # remove a stress token" is his)
    remove_token(ctx.game, ctx.other(str(choice)), Token.STRESS, remover=ctx.ship.id)


register("upgrade", "1e-wingman",
         Triggered("clear 1 stress from another friendly ship within Range 1",
                   window="start_engagement", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and bool(_wingman_targets(ctx)),
                   choices=lambda ctx: ship_options(_wingman_targets(ctx)), effect=_wingman),
         description="Combat phase start: clears 1 stress token off another friendly "
                     "ship within Range 1.")


# ----------------------------------------------------------------------- Decoy
#: card memory of the Decoy ship: (the other ship, its pilot skill setting before, this
#: ship's before)
DECOY = "1e-decoy:exchanged"


def _decoy_targets(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True, other=True)


def _decoy(ctx: Ctx, choice: Any) -> None:
    other = ctx.other(str(choice))
    mine, theirs = ctx.ship.current_initiative, other.current_initiative
    remember(ctx.ship, DECOY, (other.id, other.round_initiative, ctx.ship.round_initiative))
    # FAQ (1e), Altered Pilot Skill: the most recent change applies
    ctx.ship.round_initiative, other.round_initiative = theirs, mine
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) and {other.name} "
                   f"({other.id}) exchange pilot skills ({theirs} and {mine}) until the end "
                   "of the Combat phase", ship=ctx.ship.id)


def _decoy_ends(ctx: Ctx, choice: Any) -> None:
    other_id, theirs, mine = recalled(ctx.ship, DECOY)
    remember(ctx.ship, DECOY, None)
    ctx.ship.round_initiative = mine
    other = ctx.state.ships.get(other_id)
    if other is not None:
        other.round_initiative = theirs


register("upgrade", "1e-decoy",
         Triggered("swap pilot skills with a friend within Range 1-2",
                   window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play and bool(_decoy_targets(ctx)),
                   choices=lambda ctx: ship_options(_decoy_targets(ctx)), effect=_decoy),
         Triggered("the pilot skills are exchanged back", window="end_engagement",
                   optional=False, effect=_decoy_ends,
                   requirement=lambda ctx: recalled(ctx.ship, DECOY) is not None),
         description="Combat phase start: may swap pilot skills with a friendly ship within "
                     "Range 1-2 for the phase.")


# ----------------------------------------------------------------- Outmaneuver
def _outmaneuver(game: Any, owner: ShipState, ship: ShipState | None = None,
                 **facts: Any) -> int:
    attack = game.state.attack
    if ship is None or attack is None or attack.attacker != owner.id or \
            attack.defender != ship.id or ship.remote:
        return 0
    # FAQ (1e), Outmaneuver: the printed arcs of both ships (a 360-degree turret's reach
    # is not one); the engine keeps the agility at least 0
    if inside_printed_arc(owner, ship) and not inside_printed_arc(ship, owner):
        return -1
    return 0


register("upgrade", "1e-outmaneuver",
         Modifier("the defender's agility -1", hook="agility", value=_outmaneuver),
         description="Attacking a ship inside his firing arc while not inside its firing "
                     "arc: its agility is 1 lower (to a minimum of 0).")


# -------------------------------------------------------------------- Predator
PREDATOR = "1e-predator"
PREDATOR_ONE = reroll(PREDATOR, "Predator (reroll 1 attack die)", ATTACKING, 1)
PREDATOR_TWO = reroll(PREDATOR, "Predator (reroll up to 2 attack dice)", ATTACKING, 2)

register("upgrade", PREDATOR,
         DiceMod("reroll 1 attack die", dice=PREDATOR_ONE,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id
                 and not low_pilot_skill(game, attack.defender)),
         DiceMod("reroll as many as 2 attack dice", dice=PREDATOR_TWO,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id
                 and low_pilot_skill(game, attack.defender)),
         description="Attacking: may reroll 1 attack die, or up to 2 if the defender's pilot "
                     "skill is 2 or lower.")


# ---------------------------------------------------------- Ion Pulse Missiles
IPM = "1e-ionpulsemissiles"

register("upgrade", IPM,
         # "Attack (target lock): discard this card": the lock is required, not spent
         # (rulebook (1e), Secondary Weapons: the header names a requirement)
         Weapon("Ion Pulse Missiles", requires="lock", cost=SpendAndDiscard(discard=True),
                extra_requirement=not_discarded),
         *hit_suffers_and_ion(IPM, ions=2),
         description="Attack (target lock, card discarded): 3 dice at Range 2-3; a hit deals only "
                     "1 damage plus 2 ion tokens to the defender, then all results are canceled.")


# --------------------------------------------------------- Flechette Torpedoes
FLECHETTE = "1e-flechettetorpedoes"


def _flechette_applies(ctx: Ctx) -> bool:
    if ctx.event.get("attacker") != ctx.ship.id or ctx.event.get("weapon") != FLECHETTE:
        return False
    defender = ctx.other(ctx.event["defender"])
    # FAQ (1e): the hull value (Hull Upgrade included), not the hull left; hit or miss
    return defender.in_play and not defender.remote and defender.hull <= 4


register("upgrade", FLECHETTE,
         *ordnance_weapon("Flechette Torpedoes", FLECHETTE),
         Triggered("stress the defender", window="after_attack",
                   optional=False, requirement=_flechette_applies,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["defender"]), Token.STRESS,
                       applier=ctx.ship.owner)),
         description="Attack (target lock, spent; card discarded): 3 dice at Range 2-3; afterwards "
                     "a defender of hull 4 or less gains 1 stress token.")


# --------------------------------------------------------------- Proton Rockets
ROCKETS = "1e-protonrockets"


def _rockets_dice(ctx: Ctx) -> int:
    from tallon.engine.queue import total

    agility = max(0, ctx.ship.agility + total(ctx.game, "agility", ship=ctx.ship))
    return min(3, agility)


def _rockets(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += _rockets_dice(ctx)


register("upgrade", ROCKETS,
         # "Attack (focus)": a focus token is required, not spent (rulebook (1e), Secondary
         # Weapons: the header names a requirement; the card spends nothing)
         Weapon("Proton Rockets", requires="focus", cost=SpendAndDiscard(discard=True),
                extra_requirement=not_discarded),
         Triggered("add dice equal to your agility (max 3)",
                   window="before_attack_dice",
                   requirement=lambda ctx: attacking_with(ctx, ROCKETS)
                   and _rockets_dice(ctx) > 0,
                   effect=_rockets),
         description="Attack (focus; discard this card): 2 dice at Range 1; may roll as many "
                     "additional attack dice as his agility value (at most 3).")

