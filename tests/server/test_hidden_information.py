"""Nothing hidden reaches the wrong player (docs/server.md, "What a player is sent").

Non-interference: two games with the same seed in which player 1 sets different dials
must send player 2 byte-identical messages (and drawings of the table, and rosters) until
the first of those dials is revealed.
And across whole games, no message to a player carries a state hash, the random state, or
the opponent's unrevealed dials."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tallon.server.host import Host
from tallon.server.store import Store
from tallon.server.table import roster
from tests.server.helpers import demo_xws


@pytest.fixture
def host(tmp_path):
    return Host(Store(f"sqlite:///{tmp_path / 'games.db'}"))


def _game(host: Host, seed: int) -> tuple[str, dict[int, str]]:
    created = host.create({"squads": demo_xws(), "seats": ["human", "human"], "seed": seed})
    return created["game"], {s["player"]: s["token"] for s in created["seats"]}


def _p1_revealed(message: dict[str, Any]) -> bool:
    return any(e["kind"] == "reveal" and e.get("ship", "").startswith("p1.")
               for e in message["view"]["log"])


def _messages_to_2(host: Host, seed: int, dial_index: int) -> list[str]:
    """Player 2's messages, one after each answer, until a dial of player 1 is revealed;
    player 1 picks the dial option ``dial_index``, every other answer is the first."""
    game_id, tokens = _game(host, seed)
    sent = []
    while True:
        message = host.view(game_id, tokens[2])
        if _p1_revealed(message):
            return sent
        sent.append(json.dumps(message, sort_keys=True))
        # the drawing of the table (with every maneuver's template) and the roster too
        sent.append(host.board(game_id, tokens[2], since=0))
        sent.append(json.dumps(host.inspect(game_id, tokens[2], lambda g, _: roster(g))))
        game = host.session(game_id).game
        decision = game.decision
        choice = decision.options[0].key
        if decision.kind == "set_dial" and decision.player == 1:
            choice = decision.options[dial_index % len(decision.options)].key
        host.answer(game_id, tokens[decision.player],
                    {"decision": len(game.choices), "answer": choice})


@pytest.mark.parametrize("seed", [1, 2])
def test_player_1s_dials_do_not_change_what_player_2_is_sent(host, seed):
    """Situation: the same game twice; player 1 sets other dials in the second. Rule:
    RR: PLANNING PHASE - a dial is set facedown; the opponent learns it when it is
    revealed. Expected: player 2 is sent byte-identical messages until then, through
    every dial player 1 sets."""
    first = _messages_to_2(host, seed, 0)
    second = _messages_to_2(host, seed, 7)
    assert first == second
    assert sum('"set_dial"' in m for m in first) >= 4  # the dials were set meanwhile


def test_no_message_carries_a_hash_the_random_state_or_an_unrevealed_dial(host):
    """Situation: a whole game between two human seats (first option each time), every
    message to both players kept. Expected: no message holds a state hash or random
    state, and every enemy dial a player is shown is "set" or None until revealed."""
    game_id, tokens = _game(host, 4)
    seen = 0
    while True:
        game = host.session(game_id).game
        for player in (1, 2):
            message = host.view(game_id, tokens[player])
            text = json.dumps(message)
            assert "state_hash" not in text and '"rng"' not in text
            for ship in message["view"]["ships"]:
                enemy = ship["owner"] != player
                real = game.state.ships[ship["id"]]
                if enemy and not real.dial_revealed:
                    assert ship["dial"] in ("set", None), ship
            seen += 1
        decision = game.decision
        if decision is None:
            break
        host.answer(game_id, tokens[decision.player],
                    {"decision": len(game.choices), "answer": decision.options[0].key})
    assert seen > 100
