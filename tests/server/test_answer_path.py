"""The answer path of the host (docs/server.md, "Load"): what a request stores before it
is acknowledged, the message made once per change, and a failed commit."""

from __future__ import annotations

import pytest

from tallon.server.host import Host
from tallon.server.messages import player_message
from tallon.server.store import Store
from tests.server.helpers import demo_xws


@pytest.fixture
def host(tmp_path):
    return Host(Store(f"sqlite:///{tmp_path / 'games.db'}"))


def _answer_first(host: Host, game_id: str, token: str) -> dict:
    game = host.session(game_id).game
    return host.answer(game_id, token, {"decision": len(game.choices),
                                        "answer": game.decision.options[0].key})


def test_every_answer_of_a_request_is_stored_before_it_returns(host):
    """Situation: a person against the AI; after each of their answers the AI plays its
    turn in the same request. Expected: when the request returns, the store holds every
    answer the game has (the person's and the AI's), in order."""
    created = host.create({"squads": demo_xws(), "seats": ["human", "ai:simple"], "seed": 8})
    assert _play_against_ai(host, created["game"], created["seats"][0]["token"]) >= 5


def _play_against_ai(host: Host, game_id: str, token: str, answers: int = 30) -> int:
    """The person answers first options up to ``answers`` times, the store checked to
    hold every answer after each request; how many requests the AI answered in too."""
    ai_turns = 0
    for _ in range(answers):
        before = len(host.session(game_id).game.choices)
        message = _answer_first(host, game_id, token)
        game = host.session(game_id).game
        ai_turns += len(game.choices) > before + 1
        assert host.store.game(game_id).answers == game.choices
        if message["decision"] is None:
            break
    return ai_turns


def test_a_message_is_made_once_per_change_and_is_what_the_player_may_see(host):
    """Situation: two human seats; each player's message is asked twice per decision.
    Expected: the same message while nothing changes, equal to the player's message made
    afresh; a new one after each answer."""
    created = host.create({"squads": demo_xws(), "seats": ["human", "human"], "seed": 9})
    game_id = created["game"]
    tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
    earlier = {}
    for _ in range(12):
        game = host.session(game_id).game
        for player, token in tokens.items():
            message = host.view(game_id, token)
            assert host.view(game_id, token) is message
            assert message == player_message(game, player)
            assert message is not earlier.get(player)
            earlier[player] = message
        acting = game.decision.player
        answered = _answer_first(host, game_id, tokens[acting])
        assert answered == player_message(game, acting)


def test_an_answer_not_stored_is_not_accepted(host, monkeypatch):
    """Situation: the database fails to commit an answer. Expected: the request fails;
    the game is as stored (the answer forgotten, the same decision pending) and goes on."""
    created = host.create({"squads": demo_xws(), "seats": ["human", "human"], "seed": 10})
    game_id = created["game"]
    tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
    before = {p: host.view(game_id, t) for p, t in tokens.items()}
    acting = host.session(game_id).game.decision.player

    def failing(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(host.store, "add_answers", failing)
    with pytest.raises(OSError):
        _answer_first(host, game_id, tokens[acting])
    monkeypatch.undo()
    assert {p: host.view(game_id, t) for p, t in tokens.items()} == before
    assert host.store.game(game_id).answers == []
    _answer_first(host, game_id, tokens[acting])
    assert len(host.store.game(game_id).answers) == 1


def test_a_failing_ai_seat_is_answered_for_and_the_game_goes_on(host, caplog):
    """Situation: a person against the ace, whose every answer raises (a bug of the AI).
    Expected: the person's answers are taken, the AI seat's decisions are answered by
    the simple agent, every answer is stored, and the failure is in the server's log."""
    created = host.create({"squads": demo_xws(), "seats": ["human", "ai:ace"], "seed": 8})
    game_id, token = created["game"], created["seats"][0]["token"]

    class Broken:
        def choose(self, view, decision):
            raise RuntimeError("a bug of the AI")

    host.session(game_id).agents[2] = Broken()
    with caplog.at_level("ERROR", logger="tallon.server"):
        assert _play_against_ai(host, game_id, token) >= 5
    assert any("the Broken AI failed" in r.getMessage() for r in caplog.records)
