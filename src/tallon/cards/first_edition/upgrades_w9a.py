"""First-edition upgrades of the Auzituck Gunship, TIE Aggressor, Scurrg H-6 Bomber, Guns
for Hire and Alpha-class Star Wing expansion packs whose cards have an ability: the
secondary weapons, the elite talents and the crew here (with the Harpooned! condition);
bombs, titles, systems, salvaged astromechs and illicit upgrades in
:mod:`upgrades_w9a_2`.

Descriptions are Tallon's own words; the rules sources are the first edition's core
rulebook, its reference cards and its FAQ (``FAQ (1e)``). First-edition cards measure
ranges with :mod:`tallon.cards.first_edition.ranges_1e` (no range 0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    is_in_arc,
    is_me,
    remember,
    roll_die,
    this_round,
    weapon_of_type,
)
from tallon.cards.first_edition.ordnance_1e import (
    SpendAndDiscard,
    attacking_with,
    discard_upgrade,
    not_discarded,
)
from tallon.cards.first_edition.pilots_w9a import has_reinforce, spend_reinforce
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.pilots.modifiedyt1300lightfreighter import chewbacca
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import replaces_damage
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import reroll
from tallon.dice.ops import Cancel
from tallon.engine.abilities import (
    CardAction,
    Ctx,
    DiceMod,
    Modifier,
    Replacement,
    Triggered,
    Weapon,
)
from tallon.engine.allegiance import friendly
from tallon.engine.card_values import agility
from tallon.engine.conditions import assign_condition, has_condition, remove_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    deal_damage_card,
    flip_upgrade,
    gain_token,
    spend_token,
    suffer_damage,
)
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ------------------------------------------------------------- Unguided Rockets
ROCKETS = "1e-unguidedrockets"


def _rockets_only_focus(game: Any, owner: ShipState, attack: AttackState | None = None,
                        kind: str = "", source: str = "", ops: Any = (),
                        **facts: Any) -> bool:
    if attack is None or attack.attacker != owner.id or kind != "attack" or \
            attack.weapon.card != ROCKETS:
        return True
    # canceling is not modifying (rulebook (1e), Modifying Dice); ruling: the restriction
    # binds every ship modifying these dice, the defender's effects too
    if ops and all(isinstance(op, Cancel) for op in ops):
        return True
    return source == "focus"


register("upgrade", ROCKETS,
         # "Attack (focus)": a focus token is required, not spent (rulebook (1e), Secondary
         # Weapons: the header names a requirement; this card neither spends nor discards)
         Weapon("Unguided Rockets", requires="focus"),
         Modifier("allow only a normal focus token spend as modification",
                  hook="dice_option_allowed", value=_rockets_only_focus),
         description="Attack (focus): 3 dice at Range 1-3; the only allowed modification of its "
                     "attack dice is a focus token spent normally.")


# ----------------------------------------------------------------- Synced Turret
SYNCED = "1e-syncedturret"


def primary_value(ship: ShipState) -> int:
    """The ship's primary weapon value (its highest printed one)."""
    return max((value for _, value in ship.attacks), default=0)


def _synced_reroll(n: int) -> DiceMod:
    ability = reroll(f"{SYNCED}-{n}", f"Synced Turret (reroll up to {n} attack dice)",
                     ATTACKING, n)

    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        # the primary firing arc is the front arc (rulebook (1e), Firing Arc)
        return (user.id == owner.id and attack.attacker == owner.id
                and attack.weapon.card == SYNCED and primary_value(owner) == n
                and is_in_arc(owner, game.state.ships[attack.defender], Arc.FRONT))

    return DiceMod(f"reroll up to {n} attack dice", dice=ability, applies=applies)


register("upgrade", SYNCED,
         # "Attack (target lock)": the lock is required, not spent; a turret attacks
         # outside the firing arc (the card data's arc "all")
         Weapon("Synced Turret", requires="lock"),
         *(_synced_reroll(n) for n in range(1, 6)),
         description="Attack (target lock): 3 dice at Range 1-2, in any direction; against a "
                     "defender inside his primary firing arc he may reroll up to his primary "
                     "weapon value of attack dice.")


# ------------------------------------------------------------- Wookiee Commandos
WOOKIEES = "1e-wookieecommandos"
register("upgrade", WOOKIEES,
         DiceMod("reroll your focus results",
                 dice=reroll(WOOKIEES, "Wookiee Commandos (reroll focus results)",
                             ATTACKING, None, faces=(Face.FOCUS,)),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id),
         description="Attacking: may reroll any of his focus results.")


# --------------------------------------------------------------------- Intensity
INTENSITY = "1e-intensity"


def _intensity_applies(ctx: Ctx) -> bool:
    return is_me(ctx) and ctx.event["action"] in ("boost", "barrel_roll") and ctx.ship.in_play


def _intensity(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token(str(choice)))
    flip_upgrade(ctx.game, ctx.ship, INTENSITY, 1)


def _exhausted_choices(ctx: Ctx) -> list[Option]:
    return [Option(t.value, f"spend 1 {t.value} token") for t in (Token.FOCUS, Token.EVADE)
            if ctx.ship.has(t)]


def _exhausted(ctx: Ctx, choice: Any) -> None:
    spend_token(ctx.game, ctx.ship, Token(str(choice)))
    flip_upgrade(ctx.game, ctx.ship, INTENSITY, 0)


register("upgrade", INTENSITY,
         # a dual card (reference card (1e) "Dual Upgrade Cards"): either side faceup when
         # the ship is placed (engine/setup.py ChooseSide)
         Triggered("assign yourself 1 focus or evade token, then flip this card",
                   window="after_action", requirement=_intensity_applies,
                   choices=lambda ctx: [Option("focus", "1 focus token"),
                                        Option("evade", "1 evade token")],
                   effect=_intensity),
         back=(Triggered("pay a focus or evade to flip back to Intensity",
                         window="end_engagement",
                         requirement=lambda ctx: ctx.ship.in_play
                         and bool(_exhausted_choices(ctx)),
                         choices=_exhausted_choices, effect=_exhausted),),
         description="Dual card. Intensity: after boosting or barrel rolling, may gain a focus or "
                     "evade token and flip the card. Exhausted: when the Combat phase ends, may "
                     "pay a focus or evade token and flip it back.")


# ------------------------------------------------------------------ Selflessness
SELFLESSNESS = "1e-selflessness"


def _selfless_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or not attack.hit or attack.hits < 1 or \
            attack.defender == ctx.ship.id or not ctx.ship.in_play:
        return False
    defender = ctx.other(attack.defender)
    # ruling: "a friendly ship" is another one (suffering his own hits instead of himself
    # would change nothing)
    return friendly(ctx.ship, defender) and within_1e(ctx.ship, defender, 1, 1)


def _selfless(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    hits, attack.hits = attack.hits, 0
    discard_upgrade(ctx.game, ctx.ship, SELFLESSNESS)
    suffer_damage(ctx.game, ctx.ship, hits=hits, cause="Selflessness")
    ctx.game.event("neutralize", f"{ctx.ship.name} ({ctx.ship.id}) suffers the {hits} hit "
                   f"result(s) instead of the defender: 0 hit(s), {attack.crits} critical "
                   "hit(s) left", ship=ctx.ship.id, hits=0, crits=attack.crits)


register("upgrade", SELFLESSNESS,
         # as Draw Their Fire: once the attack hits, before damage is dealt
         Triggered("discard this card to suffer the uncanceled hit results instead",
                   window="after_neutralize", requirement=_selfless_applies,
                   effect=_selfless),
         description="When an attack hits a friendly ship within Range 1: may discard this card "
                     "and take every uncanceled hit (not critical hits) in its place.")


# ------------------------------------------------------------- Breach Specialist
BREACH = "1e-breachspecialist"
BREACH_ROUND = "1e-breachspecialist:round"


def _breach_active(ctx: Ctx) -> bool:
    return this_round(ctx, ctx.ship, BREACH_ROUND)


def _breach(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    spend_reinforce(ctx.game, ctx.ship)
    remember(ctx.ship, BREACH_ROUND, ctx.state.round)
    chewbacca(ctx, facts, choice)


register("upgrade", BREACH,
         Replacement("spend 1 reinforce token: the faceup damage card is flipped facedown",
                     point="deal_faceup_card",
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and not _breach_active(ctx) and has_reinforce(ctx.ship),
                     replace=_breach),
         Replacement("turn faceup damage cards facedown for the rest of the round",
                     point="deal_faceup_card", optional=False,
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and _breach_active(ctx),
                     replace=chewbacca),
         description="On being dealt a faceup damage card: may spend a reinforce token to turn it "
                     "facedown unresolved, and do the same to every faceup card dealt to him for "
                     "the rest of the round.")


# ---------------------------------------------------------------- Cruise Missiles
CRUISE = "1e-cruisemissiles"


def _cruise_dice(ctx: Ctx) -> int:
    return min(4, ctx.ship.executed_speed or 0)


def _cruise(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += _cruise_dice(ctx)


register("upgrade", CRUISE,
         # "Attack (Target Lock): Discard this card": the lock is required, not spent
         Weapon("Cruise Missiles", requires="lock", cost=SpendAndDiscard(discard=True),
                extra_requirement=not_discarded),
         Triggered("add dice equal to your maneuver's speed (max 4)",
                   window="before_attack_dice",
                   requirement=lambda ctx: attacking_with(ctx, CRUISE) and _cruise_dice(ctx) > 0,
                   effect=_cruise),
         description="Attack (target lock, card discarded): 1 die at Range 2-3; may add as many "
                     "dice as his maneuver's speed this round (4 at most).")


# --------------------------------------------------------------- Harpoon Missiles
HARPOON = "1e-harpoonmissiles"
HARPOONED = "1e-harpooned"


def _harpoon_applies(ctx: Ctx) -> bool:
    if not is_me(ctx, "attacker") or ctx.event["weapon"] != HARPOON or not ctx.event["hit"]:
        return False
    defender = ctx.state.ships.get(ctx.event["defender"])
    return defender is not None and defender.in_play


register("upgrade", HARPOON,
         Weapon("Harpoon Missiles", requires="lock", cost=SpendAndDiscard(discard=True),
                extra_requirement=not_discarded),
         # "after the attack resolves": the attack's step 6 (FAQ (1e), timing chart)
         Triggered("harpoon the defender", window="after_attack",
                   optional=False, requirement=_harpoon_applies,
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(ctx.event["defender"]), HARPOONED, ctx.ship.owner)),
         description="Attack (target lock, card discarded): 4 dice at Range 2-3; a hit gives the "
                     "defender the Harpooned! condition once the attack resolves.")


def _others_at_range_1(game: Game, ship: ShipState) -> list[ShipState]:
    return [s for s in game.state.in_play() if s.id != ship.id and not s.remote
            and within_1e(ship, s, 1, 1)]


def _harpooned_hit_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "defender") and attack is not None and attack.crits >= 1
            and has_condition(ctx.ship, HARPOONED))


def _harpooned_hit(ctx: Ctx, choice: Any) -> None:
    for other in _others_at_range_1(ctx.game, ctx.ship):
        suffer_damage(ctx.game, other, hits=1, cause="Harpooned!")
    remove_condition(ctx.game, ctx.ship, HARPOONED)
    deal_damage_card(ctx.game, ctx.ship, False)


def _harpooned_destroyed(ctx: Ctx, choice: Any) -> None:
    for other in _others_at_range_1(ctx.game, ctx.ship):
        suffer_damage(ctx.game, other, hits=1, cause="Harpooned!")


def _harpooned_action(ctx: Ctx, choice: Any) -> None:
    remove_condition(ctx.game, ctx.ship, HARPOONED)
    roll_die(ctx, "1e-harpooned.rolled", (ctx.ship.id,))


@continuation("1e-harpooned.rolled")
def _harpooned_rolled(game: Game, face: Face, ship_id: str) -> None:
    if face in (Face.HIT, Face.CRIT):
        suffer_damage(game, game.state.ships[ship_id], hits=1, cause="Harpooned!")


register("condition", HARPOONED,
         # "when you are hit": once the attack hits, before its damage is dealt
         Triggered("1 damage to ships within Range 1; swap this card for a "
                   "facedown damage card", window="attack_hit", optional=False,
                   requirement=_harpooned_hit_applies, effect=_harpooned_hit),
         Triggered("1 damage to every other ship within Range 1", window="after_destroyed",
                   optional=False, requirement=is_me, effect=_harpooned_destroyed),
         CardAction("shake off the harpoon (roll a die: a hit or critical hit "
                    "costs 1 damage)", key="discard", effect=_harpooned_action),
         description="Hit with any uncanceled critical hit: 1 damage to every other ship within "
                     "Range 1, then the condition goes and the ship takes a facedown damage card. "
                     "On destruction: 1 damage to every ship within Range 1. Action: discard the "
                     "condition and roll an attack die; a hit or critical hit costs 1 damage.")


# ----------------------------------------------------------------- Jamming Beam
JAMMING = "1e-jammingbeam"


def _jamming(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    gain_token(ctx.game, ctx.other(attack.defender), Token.JAM, applier=ctx.ship.owner)
    attack.hits = attack.crits = 0
    ctx.game.event("ability", "all dice results are canceled", ship=ctx.ship.id)


register("upgrade", JAMMING,
         Weapon("Jamming Beam"),
         replaces_damage(JAMMING, "the hit deals a jam token instead of damage"),
         Triggered("the defender is assigned 1 jam token", window="attack_hit",
                   optional=False, requirement=lambda ctx: attacking_with(ctx, JAMMING),
                   effect=_jamming),
         description="Attack: 3 dice at Range 1-2; if it hits, the defender is assigned 1 jam "
                     "token and every dice result is canceled.")


# ---------------------------------------------------------------- Linked Battery
LINKED = "1e-linkedbattery"


def _linked_applies(game: Game, attack: AttackState, owner: ShipState,
                    user: ShipState) -> bool:
    return (user.id == owner.id and attack.attacker == owner.id
            and (attack.primary or weapon_of_type(attack.weapon, ("cannon",))))


register("upgrade", LINKED,
         DiceMod("reroll 1 attack die",
                 dice=reroll(LINKED, "Linked Battery (reroll 1 attack die)", ATTACKING, 1),
                 applies=_linked_applies),
         description="Primary weapon and cannon attacks: may reroll 1 attack die.")


# --------------------------------------------------------------- Saturation Salvo
SALVO = "1e-saturationsalvo"


def _salvo_cost(ctx: Ctx) -> int:
    return load_cards().upgrade(ctx.event["weapon"]).cost.value or 0


def _salvo_targets(ctx: Ctx) -> list[ShipState]:
    defender = ctx.state.ships.get(ctx.event["defender"])
    if defender is None or defender.body is None:
        return []
    cost = _salvo_cost(ctx)
    # ruling: the defender is one of them (FAQ (1e): a ship is at Range 1 of itself)
    return [s for s in ctx.state.in_play() if not s.remote and within_1e(defender, s, 1, 1)
            and agility(ctx.game, s) < cost]


def _salvo_applies(ctx: Ctx) -> bool:
    weapon = ctx.event.get("weapon")
    if not is_me(ctx, "attacker") or ctx.event["hit"] or ctx.event["primary"] or not weapon:
        return False
    slots = load_cards().upgrade(weapon).slots
    return any(s in ("torpedo", "missile") for s in slots) and bool(_salvo_targets(ctx))


def _salvo(ctx: Ctx, choice: Any) -> None:
    for target in reversed(_salvo_targets(ctx)):  # rolled now, each before the previous
        roll_die(ctx, "1e-saturationsalvo.rolled", (target.id,), ship=target)


@continuation("1e-saturationsalvo.rolled")
def _salvo_rolled(game: Game, face: Face, ship_id: str) -> None:
    if face is Face.HIT:
        suffer_damage(game, game.state.ships[ship_id], hits=1, cause="Saturation Salvo")
    elif face is Face.CRIT:
        suffer_damage(game, game.state.ships[ship_id], crits=1, cause="Saturation Salvo")


register("upgrade", SALVO,
         Triggered("ships near the defender with agility below the weapon's cost "
                   "roll a die for damage",
                   window="after_attack", optional=False, requirement=_salvo_applies,
                   effect=_salvo),
         description="When a torpedo or missile attack misses: every ship within Range 1 of the "
                     "defender (itself included) with agility below that card's squad point cost "
                     "rolls an attack die and suffers whatever hit or critical hit it rolls.")


__all__ = ["primary_value"]
