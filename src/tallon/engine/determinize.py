"""Determinization: a copy of a game consistent with what one player may see, the hidden
rest drawn at random (OpenSpiel's ``resample_from_infostate``), so that an agent can
search a game without learning what it could not see.

Hidden from a player (see :mod:`tallon.engine.view`): the opponent's facedown dials, the
order of both damage decks and which card each facedown damage card is (nobody looks at
those), the secret conditions the other player assigned, and every future random event.
The copy redraws each of them from what the player knows:

- a facedown dial of the opponent: any maneuver the ship could have set (its dial,
  without red maneuvers if it was stressed when the dial was set);
- each player's unseen damage cards (their deck and their ships' facedown cards) are
  shuffled and dealt back: the same number of facedown cards on each ship, the rest as
  the deck;
- a secret condition the player did not assign: any condition sharing its marker;
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
from typing import TYPE_CHECKING

from tallon.engine.rounds import dial_options
from tallon.engine.state import MARKER

if TYPE_CHECKING:
    from tallon.engine.game import Game


def determinize(game: Game, player: int, rng: random.Random) -> Game:
    """See :meth:`Game.determinize <tallon.engine.game.Game.determinize>`."""
    if player not in (0, 1):
        raise ValueError(f"player is 0 or 1, not {player!r}")
    world = game.clone()
    setup = copy.copy(game.setup)
    object.__setattr__(setup, "seed", 0)
    world.setup = setup
    world.choices = []
    state = world.state
    ships = sorted(state.ships.values(), key=lambda s: s.id)
    for ship in ships:
        if ship.owner != player and ship.dial_set is not None and not ship.dial_revealed:
            ship.dial_set = rng.choice(dial_options(ship, ship.dial_stressed))
    for owner in (0, 1):
        facedown = [card for ship in ships if ship.owner == owner
                    for card in ship.damage if not card.faceup and card.card != MARKER]
        deck = state.players[owner].deck
        unseen = sorted([*deck, *(card.card for card in facedown)])
        rng.shuffle(unseen)
        for card in facedown:
            card.card = unseen.pop()
        deck[:] = unseen
    for ship in ships:
        for condition in ship.conditions:
            if condition.faceup or condition.assigned_by == player:
                continue
            spec = game.cards.spec("condition", condition.card)
            marker = spec.marker if spec is not None else None
            siblings = sorted(xws for (kind, xws), held in game.cards.specs.items()
                              if kind == "condition" and held.marker == marker)
            condition.card = rng.choice(siblings)
    state.rng = random.Random(rng.getrandbits(64))
    return world
