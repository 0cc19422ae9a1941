"""Lambda-class T-4a Shuttle pilots (Galactic Empire). The ship has no ship ability; Omicron
Group Pilot has no pilot ability. The ST-321 title is in upgrades/title_lambdaclasst4ashuttle.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import during_activation, start_action
from tallon.cards.common import (
    is_me,
    recalled,
    remember,
    ship_options,
    ships_in_range,
    this_round,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.actions import FinishAction, can_perform
from tallon.engine.actions import bar_actions as action_bar
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import can_lock, locks_on
from tallon.engine.state import ActionSpec, ShipState
from tallon.engine.steps import Ask, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game


def coordinating(game: Game, ship_id: str) -> bool:
    """Whether the ship's Coordinate action is under way (its Finish step still waits):
    what happens now happens during that action (RR: COORDINATE)."""
    return any(isinstance(step, FinishAction) and step.ship_id == ship_id
               and step.spec.kind == "coordinate" for step in game.stack)


# ------------------------------------------------------------------ Captain Kagi
KAGI = "captainkagi"


def _enemy_lockers(game: Game, kagi: ShipState, friend: ShipState) -> list[ShipState]:
    # RR: TOKENS - a transfer needs the new holder able to gain the token: the lock
    return [s for s in locks_on(game, friend.id) if s.owner != kagi.owner
            and can_lock(game, s, kagi.id) is None]


def _kagi_friends(game: Game, kagi: ShipState) -> list[ShipState]:
    return [s for s in ships_in_range(game, kagi, 0, 3, friendly=True, other=True)
            if _enemy_lockers(game, kagi, s)]


def _kagi_transfer(game: Game, kagi: ShipState, friend: ShipState) -> None:
    for locker in _enemy_lockers(game, kagi, friend):
        moved = [kagi.id if t == friend.id else t for t in locker.locks]
        # FAQ: two locks of one ship moved onto one ship: one of them breaks
        locker.locks = list(dict.fromkeys(moved))
        game.event("lock", f"the lock of {locker.name} ({locker.id}) on {friend.id} moves to "
                   f"{kagi.name} ({kagi.id})", ship=locker.id, target=kagi.id)


def _kagi_ask(game: Game, kagi: ShipState) -> None:
    friends = _kagi_friends(game, kagi)
    if not friends:
        return
    game.push(Ask(kagi.owner, "use_ability", f"{kagi.name} ({kagi.id}): Captain Kagi - choose "
                  "another friendly ship to take the enemy locks from?",
                  (*ship_options(friends), Option("decline", "no more ships")),
                  "captainkagi.chosen", (kagi.id,), ship=kagi.id))


def _kagi(ctx: Ctx, choice: Any) -> None:
    _kagi_transfer(ctx.game, ctx.ship, ctx.other(str(choice)))
    _kagi_ask(ctx.game, ctx.ship)


@continuation("captainkagi.chosen")
def _kagi_chosen(game: Game, answer: str, kagi_id: str) -> None:
    if answer == "decline":
        return
    kagi = game.state.ships[kagi_id]
    _kagi_transfer(game, kagi, game.state.ships[answer])
    _kagi_ask(game, kagi)


register("pilot", KAGI,
         Triggered("choose friendly ships at range 0-3: their enemy locks move to you",
                   window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play
                   and bool(_kagi_friends(ctx.game, ctx.ship)),
                   choices=lambda ctx: ship_options(_kagi_friends(ctx.game, ctx.ship)),
                   effect=_kagi),
         description="At the start of the Engagement Phase: may choose one or more friendly ships "
                     "within range 0-3; all enemy lock tokens on the chosen ships are transferred "
                     "to him.")


# ---------------------------------------------------------------- Colonel Jendon
JENDON = "coloneljendon"
JENDON_ROUND = f"{JENDON}:round"


def _jendon_active(game: Any, owner: ShipState, ship: ShipState | None) -> bool:
    return (ship is not None and friendly(ship, owner) and not ship.remote
            and recalled(owner, JENDON_ROUND) == game.state.round)


def _jendon_forbids(game: Any, owner: ShipState, ship: ShipState | None = None,
                    target: str = "", **facts: Any) -> bool:
    if not _jendon_active(game, owner, ship):
        return False
    assert ship is not None
    other = game.state.ships.get(target)
    if other is None:
        # an obstacle or device: measured as the Lock action measures it
        other = next((o for o in game.state.table().objects() if o.id == target), None)
    return other is not None and game.state.in_range(ship, other, 0, 3)


def _jendon(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, JENDON_ROUND, ctx.state.round)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}): friendly ships lock only "
                   "beyond range 3 this round", ship=ctx.ship.id)


register("pilot", JENDON,
         Triggered("spend 1 charge: friendly ships lock only beyond range 3 this round",
                   window="start_activation", cost=Cost(charges=1),
                   requirement=lambda ctx: ctx.ship.in_play and not this_round(
                       ctx, ctx.ship, JENDON_ROUND),
                   effect=_jendon),
         Modifier("friendly ships can't lock at range 0-3", hook="lock_forbidden",
                  value=_jendon_forbids),
         Modifier("friendly ships may lock beyond range 3", hook="lock_any_range",
                  value=lambda game, owner, ship=None, **facts:
                  _jendon_active(game, owner, ship)),
         description="At the start of the Activation Phase: may spend 1 charge (2, not "
                     "recurring); then this round friendly ships acquire locks only beyond "
                     "range 3, not at range 0-3.")


# -------------------------------------------------------------- Lieutenant Sai
SAI = "lieutenantsai"
#: (round, chosen ship, kinds of the actions it performed during the coordinate)
SAI_SEEN = f"{SAI}:seen"


def _sai_notes(ctx: Ctx) -> bool:
    actor = ctx.other(ctx.event["ship"])
    if actor.id == ctx.ship.id or actor.owner != ctx.ship.owner:
        return False
    if not coordinating(ctx.game, ctx.ship.id):
        return False
    seen = recalled(ctx.ship, SAI_SEEN)
    # the first ship to act during the coordinate is the one chosen
    return seen is None or seen[0] != ctx.state.round or seen[1] == actor.id


def _sai_note(ctx: Ctx, choice: Any) -> None:
    seen = recalled(ctx.ship, SAI_SEEN)
    kinds: tuple[str, ...] = seen[2] if seen is not None and seen[0] == ctx.state.round else ()
    remember(ctx.ship, SAI_SEEN, (ctx.state.round, ctx.event["ship"],
                                  (*kinds, str(ctx.event["action"]))))


def _sai_specs(ctx: Ctx) -> list[ActionSpec]:
    seen = recalled(ctx.ship, SAI_SEEN)
    if seen is None or seen[0] != ctx.state.round:
        return []
    during = during_activation(ctx)
    found: list[ActionSpec] = []
    for spec in action_bar(ctx.game, ctx.ship):
        if spec.kind in seen[2] and spec.kind not in [f.kind for f in found] and \
                can_perform(ctx.game, ctx.ship, spec, during) is None:
            found.append(spec)
    return found


def _sai_after(ctx: Ctx) -> bool:
    return is_me(ctx) and ctx.event.get("action") == "coordinate"


def _sai_perform(ctx: Ctx, choice: Any) -> None:
    for spec in _sai_specs(ctx):
        if spec.kind == choice:
            remember(ctx.ship, SAI_SEEN, None)
            start_action(ctx.game, ctx.ship.id, spec, during_activation(ctx))
            return


register("pilot", SAI,
         Triggered("note the action the coordinated ship performs", window="after_action",
                   optional=False, requirement=_sai_notes, effect=_sai_note),
         Triggered("perform the action the coordinated ship performed", window="after_action",
                   requirement=lambda ctx: _sai_after(ctx) and bool(_sai_specs(ctx)),
                   choices=lambda ctx: [Option(s.kind, f"perform a {s.label} action")
                                        for s in _sai_specs(ctx)],
                   effect=_sai_perform),
         description="After performing a coordinate action: if the chosen ship performed an "
                     "action on his action bar, he may perform that action.")
