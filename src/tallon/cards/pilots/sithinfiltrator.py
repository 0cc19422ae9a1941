"""Sith Infiltrator pilots (Separatist Alliance). The ship has no ship ability; the generic
pilot (Dark Courier) has no ability text. Its title, Scimitar, is in
``cards/upgrades/title_separatist.py``.

Count Dooku (Siege of Coruscant) has the text of the Count Dooku crew card: the pilot uses
that card's abilities (``cards/upgrades/crew_b.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, may_perform
from tallon.cards.common import (
    in_firing_arc,
    is_me,
    remove_token_choice,
    token_choices,
)
from tallon.cards.registry import CARDS, register
from tallon.cards.upgrades import crew_b
from tallon.engine.abilities import Cost, Ctx, Triggered
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.state import ShipState
from tallon.engine.weapons import weapons_of

if TYPE_CHECKING:
    from tallon.engine.game import Game


def _primary(game: Game, ship: ShipState) -> tuple[str, ...]:
    return tuple(w.id for w in weapons_of(game, ship) if w.primary)


# ------------------------------------------------------------------------ Darth Maul
def _maul_targets(ctx: Ctx) -> tuple[str, ...]:
    """A different target; after a miss, the same one too (RR: BONUS ATTACK)."""
    same = ctx.event["defender"]
    missed = not ctx.event.get("hit")
    return tuple(s.id for s in ctx.state.ships.values()
                 if s.in_play and s.id != ctx.ship.id and (s.id != same or missed))


def _maul_applies(ctx: Ctx) -> bool:
    if not is_me(ctx, "attacker") or not ctx.ship.in_play:
        return False
    targets = _maul_targets(ctx)
    # no target at all must not read as "any target"
    return bool(targets) and can_bonus_attack(ctx.game, ctx.ship,
                                              only=_primary(ctx.game, ctx.ship),
                                              defenders=targets)


def _maul(ctx: Ctx, choice: Any) -> None:
    perform_bonus_attack(ctx.game, ctx.ship, only=_primary(ctx.game, ctx.ship),
                         defenders=_maul_targets(ctx))


register("pilot", "darthmaul",
         Triggered("spend 2 Force: bonus primary attack against a different target (the same "
                   "one after a miss)", window="after_attack", bonus_attack=True,
                   cost=Cost(force=2), requirement=_maul_applies, effect=_maul),
         description="After he attacks: may spend 2 Force; if he does, he performs a bonus primary "
                     "attack against a new target, or against the same target if his attack "
                     "missed.")


# ------------------------------------------------------------------- Count Dooku
def _dooku_tokens(ctx: Ctx) -> list[Any]:
    # RR: FAQ (LOCKING) - a lock on this ship is its red token
    return token_choices(ctx.game, ctx.ship, ("blue", "red"))


def _dooku_defended(ctx: Ctx) -> bool:
    attacker = ctx.state.ships.get(ctx.event["attacker"])
    return (is_me(ctx, "defender") and ctx.ship.in_play and attacker is not None
            and attacker.in_play and in_firing_arc(ctx.ship, attacker)
            and bool(_dooku_tokens(ctx)))


def _dooku_hit(ctx: Ctx) -> bool:
    return is_me(ctx, "attacker") and bool(ctx.event.get("hit")) and ctx.ship.in_play


register("pilot", "countdooku",
         Triggered("spend 1 Force to remove 1 of your blue or red tokens",
                   window="after_defend", cost=Cost(force=1), requirement=_dooku_defended,
                   choices=_dooku_tokens,
                   effect=lambda ctx, choice: remove_token_choice(ctx.game, ctx.ship,
                                                                  str(choice))),
         may_perform("spend 1 Force to perform an action", "after_attack",
                     lambda ctx: bar_actions(ctx.game, ctx.ship, False),
                     requirement=_dooku_hit, label="spend 1 Force to perform an action",
                     cost=Cost(force=1)),
         description="After defending against an attacker in its firing arc: may spend 1 "
                     "Force to remove 1 of its blue or red tokens. After an attack that hits: "
                     "may spend 1 Force to perform an action.")


# ------------------------------------------------------------------------------ 0-66
register("pilot", "066",
         may_perform("spend 1 calculate token to perform an action", "after_defend",
                     lambda ctx: bar_actions(ctx.game, ctx.ship, False),
                     requirement=lambda ctx: is_me(ctx, "defender") and ctx.ship.in_play,
                     label="spend 1 calculate token to perform an action",
                     cost=Cost(tokens=(("calculate", 1),))),
         description="After it defends: may spend 1 calculate token; if it does, it may perform an "
                     "action.")


# ------------------------------------------------------- Count Dooku (Siege of Coruscant)
_CREW_DOOKU = CARDS.spec("upgrade", crew_b.DOOKU)
assert _CREW_DOOKU is not None
register("pilot", "countdooku-siegeofcoruscant", *_CREW_DOOKU.abilities(),
         description="During an attack, before any ship within range 0-2 rolls its attack or "
                     "defense dice, if all his Force is active: may spend 1 Force to name a "
                     "result; if the roll has none of it, that ship's player must change 1 die to "
                     "the named result.")
