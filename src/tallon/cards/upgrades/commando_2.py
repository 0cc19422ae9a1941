"""Commando Team remotes, continued: Pre Vizsla (RR: COORDINATE, RR: REMOTES,
RR: RELOCATING REMOTES).

Pre Vizsla's ship, performing a coordinate action, may choose a friendly crew remote (a
remote placed by a Crew upgrade: the Commando Teams) at range 1-2 instead of another
friendly ship (hook ``coordinate_remote``). A remote can't perform actions (RR: REMOTES):
instead, it relocates forward with a [1 turn left], [2 straight] or [1 turn right]
template; like a team relocating at the start of the Activation Phase, it may land on
objects, an enemy ship it lands under gains a strain token, and it flees if any part of it
would leave the play area.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from tallon.cards.registry import register
from tallon.cards.upgrades.commando import forward_relocations, relocate_forward
from tallon.data import load_cards
from tallon.engine.abilities import Modifier
from tallon.engine.devices import (
    remote_kind,
)
from tallon.engine.state import ShipState
from tallon.engine.steps import Ask, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game

PRE_VIZSLA = "previzsla"
#: The templates the card relocates the remote forward with.
PRE_VIZSLA_TEMPLATES = ("1T", "2F", "1Y")


@cache
def crew_remote_kinds() -> frozenset[str]:
    """The remotes placed by Crew upgrades (their remote kinds: the Commando Teams)."""
    return frozenset(remote_kind(u.xws) for u in load_cards().upgrades
                     if u.slot == "crew" and u.front.device is not None
                     and u.front.device.type == "remote")


def _crew_remote(game: Game, owner: ShipState, remote: ShipState | None = None,
                 **facts: Any) -> str | None:
    # RR: COORDINATE - a friendly crew remote, chosen instead of another friendly ship
    if remote is None or remote.owner != owner.owner or remote.pilot not in crew_remote_kinds():
        return None
    return "previzsla.relocate"


@continuation("previzsla.relocate")
def _ask_relocation(game: Game, value: Any, ship_id: str, remote_id: str) -> None:
    """The remote relocates instead of performing an action: the coordinating ship's
    player picks the template (RR: RELOCATING REMOTES: the remote's controller)."""
    remote = game.state.ships[remote_id]
    if not remote.in_play:
        return
    game.push(Ask(remote.owner, "relocate_remote",
                  f"{remote.name} ({remote.id}): relocate forward with which template?",
                  tuple(forward_relocations(game, remote, PRE_VIZSLA_TEMPLATES)),
                  "previzsla.relocated", (remote_id,), ship=remote_id))


@continuation("previzsla.relocated")
def _relocated(game: Game, choice: Any, remote_id: str) -> None:
    relocate_forward(game, game.state.ships[remote_id], choice)


register("upgrade", PRE_VIZSLA,
         Modifier("coordinating, may choose a friendly crew remote instead of a ship: it "
                  "relocates forward with a [1 turn left], [1 turn right] or [2 straight] "
                  "template", hook="coordinate_remote", value=_crew_remote),
         description="Performing a coordinate action, the ship may choose a friendly remote "
                     "placed by a Crew upgrade, at range 1-2, instead of another friendly "
                     "ship; that remote then relocates forward with the [1 turn left], [1 "
                     "turn right] or [2 straight] template instead of performing an action. "
                     "(The coordinate action is the card's printed grant.)")
