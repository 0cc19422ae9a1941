"""First-edition Elite talents of the Core Set and wave 1: Determination, Swarm Tactics,
Squad Leader, Expert Handling and Marksmanship.

First-edition ranges: "at Range 1" includes a touching ship (the engine's range 0)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, granted, let_perform, start_action
from tallon.cards.common import attacking_if, ship_options, ships_in_range
from tallon.cards.first_edition.upgrades_wave1 import damage_trait_1e
from tallon.cards.registry import register
from tallon.cards.upgrades.modification_2 import discard_instead
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, Situation
from tallon.dice.abilities.effects import CardAbility, Effect, Variant
from tallon.dice.counts import REROLLED
from tallon.dice.ops import Change, ChangeAll
from tallon.engine.abilities import CardAction, Ctx, DiceMod, Replacement, Triggered
from tallon.engine.actions import can_perform
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, locks_on
from tallon.engine.movement import roll_positions
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Then, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ---------------------------------------------------------------- Determination
register("upgrade", "1e-determination",
         Replacement("discard the Pilot damage card unresolved", point="deal_faceup_card",
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and damage_trait_1e(str(facts["card"])) == "pilot",
                     replace=lambda ctx, facts, choice: discard_instead(ctx.game, facts),
                     optional=False),
         description="Faceup Pilot-trait damage cards dealt to this ship are discarded "
                     "at once, unresolved.")


# ---------------------------------------------------------------- Swarm Tactics
#: card memory of the Swarm Tactics ship: (round, the chosen ship, its pilot skill before)
SWARM = "1e-swarmtactics:chosen"


def _swarm_targets(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True, other=True)


def _swarm(ctx: Ctx, choice: Any) -> None:
    ally = ctx.other(choice)
    ctx.ship.remember(SWARM, (ctx.state.round, ally.id, ally.round_initiative))
    # FAQ (1e), Altered Pilot Skill: the most recent change applies; a chain of Swarm
    # Tactics passes the skill on (FAQ (1e): Swarm Tactics)
    ally.round_initiative = ctx.ship.current_initiative
    ctx.game.event("ability", f"{ally.name} ({ally.id}) has pilot skill "
                   f"{ally.round_initiative} until the end of the Combat phase",
                   ship=ally.id)


def _swarm_ends(ctx: Ctx, choice: Any) -> None:
    _, ally_id, before = ctx.ship.recalled(SWARM)
    ctx.ship.remember(SWARM, None)
    ally = ctx.state.ships.get(ally_id)
    if ally is not None:
        ally.round_initiative = before


register("upgrade", "1e-swarmtactics",
         Triggered("a friendly ship at Range 1 has your pilot skill this phase",
                   window="start_engagement",
                   choices=lambda ctx: ship_options(_swarm_targets(ctx)), effect=_swarm),
         Triggered("the chosen ship's pilot skill is its own again", window="end_engagement",
                   optional=False, effect=_swarm_ends,
                   requirement=lambda ctx: ctx.ship.recalled(SWARM) is not None),
         description="Combat phase start: may give a friendly ship within Range 1 this ship's "
                     "pilot skill for the phase.")


# ----------------------------------------------------------------- Squad Leader
def _led(ctx: Ctx) -> list[ShipState]:
    # FAQ (1e): the range is measured from the Squad Leader's ship
    mine = ctx.ship.current_initiative
    found = [s for s in ships_in_range(ctx.game, ctx.ship, 0, 2, other=True)
             if s.current_initiative < mine]
    return sorted(found, key=lambda s: s.owner != ctx.ship.owner)


def _squad_leader(ctx: Ctx, choice: Any) -> None:
    chosen = ctx.other(choice)
    let_perform(ctx.game, chosen.id, bar_actions(ctx.game, chosen, False), False)


register("upgrade", "1e-squadleader",
         CardAction("a ship at Range 1-2 with a lower pilot skill may perform a free action",
                    requirement=lambda ctx: bool(_led(ctx)),
                    choices=lambda ctx: ship_options(_led(ctx)), effect=_squad_leader),
         description="Action: choose a ship at Range 1-2 with a lower pilot skill; it may "
                     "perform 1 free action.")


# -------------------------------------------------------------- Expert Handling
def _can_roll(ctx: Ctx) -> bool:
    """FAQ (1e): Expert Handling is an action only when the ship could barrel roll now
    (not after a barrel roll this round; a side with room for it)."""
    ship = ctx.ship
    spec = granted("barrel_roll", "white", ctx.card)
    if can_perform(ctx.game, ship, spec, False, even_stressed=True) is not None:
        return False
    return any(roll_positions(ctx.game, ship, side, 1, through_obstacles=True)
               for side in ("left", "right"))


def _expert_handling(ctx: Ctx, choice: Any) -> None:
    # the rest once the barrel roll (and what it triggers) has resolved: scheduled first,
    # it runs after (FAQ (1e) Push the Limit); the free barrel roll counts as the round's
    # barrel roll action (FAQ (1e) Expert Handling)
    ctx.game.push(Then("1e-experthandling.then", (ctx.ship.id,)))
    start_action(ctx.game, ctx.ship.id, granted("barrel_roll", "white", ctx.card), False)


@continuation("1e-experthandling.then")
def _expert_then(game: Game, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if not any(spec.kind == "barrel_roll" for spec in ship.actions):
        gain_token(game, ship, Token.STRESS)
    enemies = [s for s in locks_on(game, ship.id) if s.owner != ship.owner]
    if enemies:
        game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): remove an enemy "
                      "target lock? (Expert Handling)",
                      (*(Option(s.id, f"remove the lock of {s.name} ({s.id})")
                         for s in enemies), Option("decline", "decline")),
                      "1e-experthandling.unlock", (ship.id,), ship=ship.id))


@continuation("1e-experthandling.unlock")
def _expert_unlock(game: Game, answer: str, ship_id: str) -> None:
    if answer == "decline":
        return
    locker = game.state.ships[answer]
    locker.locks = [t for t in locker.locks if t != ship_id]
    game.event("lock", f"the target lock of {locker.name} ({locker.id}) on {ship_id} is "
               "removed (Expert Handling)", ship=ship_id)


register("upgrade", "1e-experthandling",
         CardAction("perform a free barrel roll, then may remove an enemy target lock",
                    requirement=_can_roll, effect=_expert_handling),
         description="Action: a free barrel roll (plus 1 stress without the barrel roll icon), "
                     "then may clear 1 enemy target lock off this ship.")


# ----------------------------------------------------------------- Marksmanship
#: card memory: the round of the Marksmanship action
MARKSMANSHIP = "1e-marksmanship:round"


class _OneCritOthersHits(Effect):
    """One focus result becomes a critical hit and the other focus results hits, as one
    modification (FAQ (1e): the whole effect or none, the critical hit first)."""

    def variants(self, situation: Situation) -> list[Variant]:
        pool = situation.pool
        return [(Change(slot, Face.CRIT, 1), ChangeAll(Face.FOCUS, Face.HIT))
                for slot in (Face.FOCUS, Face.FOCUS + REROLLED) if pool[slot]]


def _marksmanship(ctx: Ctx, choice: Any) -> None:
    ctx.ship.remember(MARKSMANSHIP, ctx.state.round)


register("upgrade", "1e-marksmanship",
         CardAction("this round's attacks may turn focus results into 1 crit and hits",
                    effect=_marksmanship),
         DiceMod("change 1 focus result to a critical hit and the others to hits",
                 dice=CardAbility("1e-marksmanship", "Marksmanship (1e)",
                                  effect=_OneCritOthersHits(), roles=ATTACKING),
                 applies=attacking_if(lambda game, attack, owner:
                                      owner.recalled(MARKSMANSHIP) == game.state.round)),
         description="Action: this round, when attacking, may change 1 focus result to a "
                     "critical hit and all other focus results to hits.")
