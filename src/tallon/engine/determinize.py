"""Determinization: a copy of a game consistent with what one player may see, the hidden
rest drawn at random (OpenSpiel's ``resample_from_infostate``), so that an agent can
search a game without learning what it could not see.

Hidden from a player (see :mod:`tallon.engine.view`): the opponent's facedown dials, the
order of both damage decks and which card each facedown damage card is (nobody looks at
those), the secret conditions the other player assigned, and every future random event.
The copy redraws each of them from what the player knows:

- a facedown dial of the opponent: any maneuver the ship could have set (its dial,
  without red maneuvers if it was stressed when the dial was set); not one the player
  looked at (:mod:`tallon.engine.knowledge`), which it knows;
- each player's unseen damage cards (their deck and their ships' facedown cards) are
  shuffled and dealt back: the same number of facedown cards on each ship, the rest as
  the deck;
- a secret condition the player did not assign: any condition sharing its marker;
- an upgrade the other player keeps facedown (Razor Crest): any card it could be
  (:mod:`tallon.engine.facedown`), in the copy's squads too;
- the random generator: reseeded.

Everything is drawn in an order that depends only on what the player sees, from ``rng``
alone: two games the player cannot tell apart give the same copy for the same ``rng``.
The copy keeps no answers and no log (they would tell the opponent's choices) and its
setup's seed is 0. Known limit: a card's pending question that shows its player cards
drawn for it (Maarek Stele's three cards) keeps them as they are.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import TYPE_CHECKING

from tallon.engine.dial_codes import dial_options
from tallon.engine.facedown import facedown_upgrades, redraw, squad_as_seen
from tallon.engine.knowledge import sees_dial
from tallon.engine.state import PLAYERS

if TYPE_CHECKING:
    from tallon.engine.game import Game


def _siblings(game: Game, condition: str) -> list[str]:
    """The conditions sharing ``condition``'s secret marker (what its facedown card may
    be, to a player who did not assign it)."""
    spec = game.cards.spec("condition", condition)
    marker = spec.marker if spec is not None else None
    return sorted(xws for (kind, xws), held in game.cards.specs.items()
                  if kind == "condition" and held.marker == marker)


def determinize(game: Game, player: int, rng: random.Random) -> Game:
    """See :meth:`Game.determinize <tallon.engine.game.Game.determinize>`."""
    if player not in PLAYERS:
        raise ValueError(f"player is 1 or 2, not {player!r}")
    world = game.clone()
    setup = copy.copy(game.setup)
    object.__setattr__(setup, "seed", 0)
    world.setup = setup
    world.choices = []
    state = world.state
    ships = sorted(state.ships.values(), key=lambda s: s.id)
    for ship in ships:
        if ship.dial_set is not None and not sees_dial(state, ship, player):
            ship.dial_set = rng.choice(dial_options(
                ship, ship.dial_stressed, game.rules.stressed_dial_excludes_red))
    for owner in PLAYERS:
        mine = [ship for ship in ships if ship.owner == owner]
        deck = state.player(owner).deck
        unseen = sorted([*deck, *(card.card for ship in mine for card in ship.damage
                                  if card.unseen)])
        rng.shuffle(unseen)
        for ship in mine:
            ship.damage = tuple(replace(card, card=unseen.pop()) if card.unseen else card
                                for card in ship.damage)
        deck[:] = unseen
    for ship in ships:
        ship.conditions = tuple(
            condition if condition.faceup or condition.assigned_by == player else
            replace(condition, card=rng.choice(_siblings(game, condition.card)))
            for condition in ship.conditions)
    hidden = [ship for ship in ships if ship.owner != player and facedown_upgrades(ship)]
    for ship in hidden:
        redraw(world, ship, rng)
    if hidden:  # the squads would name the real card
        object.__setattr__(setup, "squads", tuple(
            squad if owner == player else squad_as_seen(squad, owner, world)
            for owner, squad in enumerate(setup.squads, start=1)))
    state.rng = random.Random(rng.getrandbits(64))
    return world
