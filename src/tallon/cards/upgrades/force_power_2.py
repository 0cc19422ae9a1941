"""Force power upgrades (continued from :mod:`tallon.cards.upgrades.force_power`).

Extreme Maneuvers lives with the cards that change boost templates
(:mod:`tallon.cards.upgrades.modification_3`). Sense makes a dial known to one player
(:mod:`tallon.engine.knowledge`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import action_options, granted, performable
from tallon.cards.common import (
    attacking_if,
    dice,
    event_ship,
    is_in_arc,
    is_me,
    range_of,
    recover_force,
    remember,
    ships_in_range,
    this_round,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.modification_2 import damage_trait, discard_instead
from tallon.data import load_cards
from tallon.dice import Window
from tallon.engine.abilities import (
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Replacement,
    Triggered,
    Weapon,
)
from tallon.engine.actions import StartAction
from tallon.engine.allegiance import friendly
from tallon.engine.attack import perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import deal_damage_card, gain_token, spendable_force, suffer_damage
from tallon.engine.knowledge import look_at_dial, sees_dial
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import Then, continuation
from tallon.engine.weapons import cannot_attack, valid_targets
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

#: the traits of the damage cards Compassion and Malice care about (RR: DAMAGE CARDS)
PILOT_OR_CREW = ("pilot", "crew")


# --------------------------------------------------------------------- Compassion
def _compassion_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    friend = ctx.state.ships.get(facts["ship"])
    if friend is None or friend.id == ctx.ship.id or friend.owner != ctx.ship.owner:
        return False
    near = range_of(ctx.ship, friend)
    return near is not None and near <= 2 and damage_trait(facts["card"]) in PILOT_OR_CREW


def _compassion(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    discard_instead(ctx.game, facts)
    deal_damage_card(ctx.game, ctx.ship, False, then="compassion.dealt", args=(ctx.ship.id,))


@continuation("compassion.dealt")
def _compassion_dealt(game: Game, serial: int | None, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if len(ship.damage) >= 2:
        recover_force(ship, 2)
        game.event("ability", f"{ship.name} ({ship.id}) recovers 2 Force (Compassion)",
                   ship=ship.id)


register("upgrade", "compassion",
         Replacement("spend 1 Force: the friend's faceup Pilot card is discarded and you "
                     "are dealt a facedown card", point="deal_faceup_card",
                     cost=Cost(force=1), applies=_compassion_applies, replace=_compassion),
         description="Before a faceup Pilot or Crew damage card is dealt to another friendly ship "
                     "at range 0-2: may spend 1 Force; that card is discarded and this ship is "
                     "dealt a facedown damage card instead; then, if this ship has 2 or more "
                     "damage cards, it recovers 2 Force.")


# ---------------------------------------------------------------------- Foresight
FORESIGHT = "foresight"

FORESIGHT_DICE = dice(FORESIGHT)


def _foresight_targets(ctx: Ctx) -> tuple[str, ...]:
    enemy = event_ship(ctx)
    ship = ctx.ship
    if enemy.owner == ship.owner or not enemy.in_play or ship.bonus_attack_done \
            or not ship.in_play or cannot_attack(ctx.game, ship):
        return ()
    return (enemy.id,) if valid_targets(ctx.game, ship, (FORESIGHT,), (enemy.id,)) else ()


def _cancels_only(game: Game, ship: ShipState, card: str) -> bool:
    """The card's dice abilities act before Neutralize Results: they cancel results, which
    is not modifying dice (RR: CANCEL)."""
    found = [h.ability.dice for h in game.cards.abilities(ship)
             if h.card == card and isinstance(h.ability, DiceMod) and h.ability.dice]
    return bool(found) and all(d.window is Window.BEFORE_NEUTRALIZE for d in found)


def _foresight_only(game: Game, owner: ShipState, attack: AttackState | None = None,
                    kind: str = "", source: str = "", source_ship: ShipState | None = None,
                    **facts: Any) -> bool:
    """During a Foresight attack its attack dice are modified by Foresight's own change
    only (by no token, no other card, nor the defender: ruling)."""
    if attack is None or attack.attacker != owner.id or kind != "attack" \
            or attack.weapon.card != FORESIGHT:
        return True
    if source == FORESIGHT and source_ship is not None and source_ship.id == owner.id:
        return True
    return source_ship is not None and _cancels_only(game, source_ship, source)


register("upgrade", FORESIGHT,
         Weapon("Foresight"),
         DiceMod("change 1 focus result to a hit", dice=FORESIGHT_DICE,
                 applies=attacking_if(lambda game, attack, owner:
                                      attack.weapon.card == FORESIGHT)),
         Modifier("its attack dice can't be modified otherwise", hook="dice_option_allowed",
                  value=_foresight_only),
         Triggered("spend 1 Force to attack the enemy ship that just moved, as a bonus "
                   "attack", window="after_execute", bonus_attack=True, cost=Cost(force=1),
                   requirement=lambda ctx: bool(_foresight_targets(ctx)),
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=(FORESIGHT,),
                       defenders=_foresight_targets(ctx))),
         description="Attack: 2 dice in the bullseye arc at range 1-3 (no range bonus); it "
                     "may change 1 focus result to a hit, and its dice can't be modified "
                     "otherwise. After an enemy ship executes a maneuver: may spend 1 Force "
                     "to make this attack against it as a bonus attack.")


# ----------------------------------------------------------- Heightened Perception
PERCEPTION = "heightenedperception:engage"


def _engage_at_7(ctx: Ctx, choice: Any) -> None:
    # the round is remembered: the effect lasts for this Engagement Phase only
    remember(ctx.ship, PERCEPTION, ctx.state.round)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) engages at initiative 7 "
                   "this phase", ship=ctx.ship.id)


def _perception_step(game: Game, owner: ShipState, ship: ShipState | None = None,
                     **facts: Any) -> int | None:
    if ship is None or ship.id != owner.id or not this_round(game, owner, PERCEPTION):
        return None
    return 7


register("upgrade", "heightenedperception",
         Triggered("spend 1 Force to engage at initiative 7", window="start_engagement",
                   cost=Cost(force=1), requirement=lambda ctx: ctx.ship.in_play
                   and not this_round(ctx.game, ctx.ship, PERCEPTION),
                   effect=_engage_at_7),
         Modifier("engage at initiative 7", hook="engage_initiative", value=_perception_step),
         description="At the start of the Engagement Phase: may spend 1 Force to engage at "
                     "initiative 7 this phase instead of its own initiative.")


# -------------------------------------------------------------------------- Malice
MALICE_MARK = "malice-serial"

def _malice_used(ctx: Ctx, option: Any) -> None:
    # damage cards dealt from now on have higher serial numbers than this
    assert ctx.attack is not None
    ctx.attack.marks[f"{ctx.ship.id}:{MALICE_MARK}"] = ctx.state.serial + 1


def _malice_paid_off(ctx: Ctx) -> bool:
    attack = ctx.attack
    if not is_me(ctx, "attacker") or attack is None:
        return False
    first = attack.marks.get(f"{ctx.ship.id}:{MALICE_MARK}")
    defender = ctx.state.ships.get(ctx.event.get("defender"))
    if first is None or defender is None:
        return False
    return any(card.faceup and card.serial >= first
               and damage_trait(card.card) in PILOT_OR_CREW for card in defender.damage)


register("upgrade", "malice",
         DiceMod("spend 1 Force to change 1 focus or hit result to a critical hit",
                 dice=dice("malice"), applies=attacking_if(), after=_malice_used),
         Triggered("recover 2 Force", window="after_attack", optional=False,
                   requirement=_malice_paid_off,
                   effect=lambda ctx, choice: recover_force(ctx.ship, 2)),
         description="Attacking: may spend 1 Force to turn 1 focus or hit result into a "
                     "critical hit; if it does and the defender is dealt a faceup Pilot or "
                     "Crew damage card in that attack, it recovers 2 Force after the attack.")


# ------------------------------------- Precognitive Reflexes, Supernatural Reflexes
def _reflex_specs(ctx: Ctx) -> list[ActionSpec]:
    return [granted("barrel_roll", "white", ctx.card), granted("boost", "white", ctx.card)]


def _reflex_offered(ctx: Ctx) -> list[ActionSpec]:
    return performable(ctx.game, ctx.ship, _reflex_specs(ctx),
                       ctx.event.window == "after_reveal")


def _reflex(then: str) -> Any:
    """Perform the chosen barrel roll or boost, then ``then`` (with the ship and the
    action) judges whether it was an action off the ship's bar."""
    def effect(ctx: Ctx, choice: Any) -> None:
        spec = next(s for s in _reflex_offered(ctx) if s.kind == choice)
        # one push: the check follows the whole action
        ctx.game.push(StartAction(ctx.ship.id, spec, ctx.event.window == "after_reveal"),
                      Then(then, (ctx.ship.id, spec.kind)))
    return effect


def _off_the_bar(game: Game, ship_id: str, kind: str) -> ShipState | None:
    """The ship, if it performed (did not fail) an action it does not have on its bar."""
    ship = game.state.ships[ship_id]
    if not ship.in_play or ship.action_failed or any(s.kind == kind for s in ship.actions):
        return None
    return ship


@continuation("precognitivereflexes.after")
def _precog_after(game: Game, _: None, ship_id: str, kind: str) -> None:
    ship = _off_the_bar(game, ship_id, kind)
    if ship is not None and gain_token(game, ship, Token.STRAIN):
        ship.actions_blocked = True
        game.event("ability", f"{ship.name} ({ship.id}) can't perform another action this "
                   "activation", ship=ship.id)


@continuation("supernaturalreflexes.after")
def _supernatural_after(game: Game, _: None, ship_id: str, kind: str) -> None:
    ship = _off_the_bar(game, ship_id, kind)
    if ship is not None:
        suffer_damage(game, ship, hits=1, cause="Supernatural Reflexes")


def _reflex_ability(window: str, then: str) -> Triggered:
    return Triggered("spend 1 Force to perform a barrel roll or boost action", window=window,
                     cost=Cost(force=1), requirement=is_me,
                     choices=lambda ctx: action_options(_reflex_offered(ctx)),
                     effect=_reflex(then))


register("upgrade", "precognitivereflexes",
         _reflex_ability("after_reveal", "precognitivereflexes.after"),
         description="After revealing its dial: may spend 1 Force to perform a barrel roll or "
                     "boost action; if that action is not on its bar, it gains 1 strain token "
                     "and can't perform another action this activation.")

register("upgrade", "supernaturalreflexes",
         _reflex_ability("before_activate", "supernaturalreflexes.after"),
         description="Before activating: may spend 1 Force to perform a barrel roll or boost "
                     "action; if that action is not on its bar, it suffers 1 hit damage.")


# ------------------------------------------------------------------ Roiling Anger
def _in_enemy_front_arc(game: Game, ship: ShipState) -> bool:
    return any(s.owner != ship.owner and is_in_arc(s, ship, Arc.FRONT)
               for s in game.state.in_play())


register("upgrade", "roilinganger-siegeofcoruscant",
         Triggered("gain 1 strain token to recover 1 Force", window="start_engagement",
                   cost=Cost(gain=(("strain", 1),)),
                   requirement=lambda ctx: ctx.ship.in_play
                   and ctx.ship.force < ctx.ship.force_limit
                   and _in_enemy_front_arc(ctx.game, ctx.ship),
                   effect=lambda ctx, choice: recover_force(ctx.ship)),
         description="At the start of the Engagement Phase, in an enemy ship's front arc: "
                     "may gain 1 strain token to recover 1 Force.")


# --------------------------------------------------------------- Battle Meditation
def _limited(ship: ShipState) -> bool:
    return load_cards().pilot(ship.pilot).limited > 0


def _meditation_companions(game: Game, owner: ShipState, ship: ShipState | None = None,
                           colour: str = "", **facts: Any) -> tuple[str, ...]:
    # RR: COORDINATE - the second ship is chosen as the first: friendly, range 1-2
    if ship is None or colour != "purple":
        return ()
    return tuple(s.id for s in game.state.in_play()
                 if friendly(s, owner) and s.id not in (owner.id, ship.id)
                 and s.ship_type == ship.ship_type and not _limited(s)
                 and game.state.in_range(owner, s, 1, 2))


register("upgrade", "battlemeditation",
         Modifier("can't coordinate limited ships", hook="coordinate_forbidden",
                  value=lambda game, owner, ship=None, **facts: ship is not None
                  and _limited(ship)),
         Modifier("a purple coordinate may coordinate another non-limited ship of the same "
                  "type", hook="coordinate_companions", value=_meditation_companions),
         description="Can't coordinate limited ships. Performing a purple coordinate action: "
                     "may also coordinate another friendly non-limited ship of the same ship "
                     "type; both must perform the same action.")


# -------------------------------------------------------------------------- Sense
def _sense_targets(ctx: Ctx, high: int) -> list[ShipState]:
    """Ships at range 0-``high`` whose dial is set and hidden from this player (looking at
    a dial the player already sees would change nothing)."""
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, high, other=True)
            if s.dial_set is not None and not sees_dial(ctx.state, s, ctx.ship.owner)]


def _sense_choices(ctx: Ctx) -> list[Option]:
    # RR: FAQ (Sense) - ranges are measured before deciding whether to spend the Force
    near = _sense_targets(ctx, 1)
    ids = {s.id for s in near}
    far = [s for s in _sense_targets(ctx, 3) if s.id not in ids] \
        if spendable_force(ctx.game, ctx.ship) else []
    return [*(Option(s.id, f"look at the dial of {s.name} ({s.id})") for s in near),
            *(Option(s.id, f"spend 1 Force: look at the dial of {s.name} ({s.id})")
              for s in far)]


def _sense(ctx: Ctx, choice: Any) -> None:
    target = ctx.other(str(choice))
    if not ctx.state.in_range(ctx.ship, target, 0, 1):
        ctx.ship.force -= 1  # the choice was offered only with the Force to spend
    look_at_dial(ctx.game, ctx.ship.owner, target, "Sense")


register("upgrade", "sense",
         Triggered("look at the dial of a ship at range 0-1 (range 0-3 for 1 Force)",
                   window="system_phase",
                   requirement=lambda ctx: is_me(ctx) and bool(_sense_choices(ctx)),
                   choices=_sense_choices, effect=_sense),
         description="System Phase: may look at the dial of a ship at range 0-1, or spend 1 "
                     "Force to look at one at range 0-3 instead (known to its player from "
                     "then on).")
