"""Non-dice actions a card offers during a Modify Dice step (RR: ATTACK steps 2b and 3b;
RR: DICE MODIFICATION).

Some cards let their player do something other than modifying dice "during a Modify Dice
step" (Hera Syndulla: transfer a token to the friendly ship in the attack, which may then
spend it in the same step). Such a card answers the hook ``dice_step_actions`` with
:class:`StepAction` s for the ship modifying dice (``user``); the engine offers them in
that ship's part of the step beside its dice modifications, with stable keys
``"<card>@<owner>:<action>"`` (``"<card>:<action>"`` for the user's own card). A card's
step actions are usable once per Modify Dice step (RR: ONCE PER OPPORTUNITY): using one
marks the card used for this kind of dice in the attack. Carrying one out calls its
continuation ``then`` with ``args``; what it schedules resolves before the step goes on.

``info`` gives agents plain facts about an action; ``gives`` (``{"ship", "token",
"target"}``) says that it gives the ship ``ship`` one ``token`` (``lock``: on
``target``) it may spend on dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tallon.engine.decisions import Option
from tallon.engine.queue import modifiers
from tallon.engine.steps import call_continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState


@dataclass(frozen=True)
class StepAction:
    """One non-dice action offered in a Modify Dice step: ``key`` (what it does, e.g.
    ``transfer=focus``), ``label``, the continuation ``then`` called as ``then(game, None,
    *args)``, and plain ``info`` for agents."""

    key: str
    label: str
    then: str
    args: tuple[Any, ...] = ()
    info: dict[str, Any] = field(default_factory=dict, compare=False)


#: (ship whose card it is, card, action)
Offered = tuple[str, str, StepAction]


def _used_key(owner_id: str, card: str, kind: str) -> str:
    return f"{owner_id}:{card}:dice step action:{kind}"


def step_actions(game: Game, kind: str, role: str, user: ShipState) -> list[Offered]:
    """The step actions cards offer ``user`` (the ship modifying the ``kind`` dice as
    ``role``) now, each card's not yet used in this Modify Dice step."""
    attack = game.state.attack
    if attack is None:
        return []
    found: list[Offered] = []
    for owner, card, ability in modifiers(game, "dice_step_actions"):
        if _used_key(owner.id, card, kind) in attack.used:
            continue
        for action in ability.value(game, owner, attack=attack, kind=kind, role=role,
                                    user=user) or ():
            found.append((owner.id, card, action))
    return found


def action_key(user_id: str, owner_id: str, card: str, action: StepAction) -> str:
    source = card if owner_id == user_id else f"{card}@{owner_id}"
    return f"{source}:{action.key}"


def step_action_options(game: Game, kind: str, role: str, user: ShipState) -> list[Option]:
    """The step actions offered ``user`` now, as decision options."""
    return [Option(action_key(user.id, owner_id, card, action),
                   f"{action.label} [{card} of {game.state.ships[owner_id].name}]",
                   {"source": card, "step_action": True, **action.info})
            for owner_id, card, action in step_actions(game, kind, role, user)]


def perform_step_action(game: Game, kind: str, role: str, user: ShipState, key: str
                        ) -> bool:
    """Carry out the step action ``key`` if it is one offered now; False if it is not."""
    attack = game.state.attack
    for owner_id, card, action in step_actions(game, kind, role, user):
        if action_key(user.id, owner_id, card, action) != key:
            continue
        assert attack is not None
        attack.used.add(_used_key(owner_id, card, kind))
        owner = game.state.ships[owner_id]
        game.event("ability", f"{owner.name} ({owner.id}): {action.label} "
                   f"(during {user.name}'s Modify Dice step)", ship=owner.id, card=card)
        call_continuation(game, action.then, None, action.args)
        return True
    return False


__all__ = ["StepAction", "action_key", "perform_step_action", "step_action_options",
           "step_actions"]
