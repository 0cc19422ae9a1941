"""RR: REINFORCE (fore or aft token, chosen by the player; circular green token)."""

from __future__ import annotations

import pytest

from tests.engine.conftest import (
    EMPIRE,
    REBEL,
    SCUM,
    drive,
    labels,
    solo_at_action,
    squad,
    tokens,
)


def scene(pilot: str = "omicrongrouppilot", faction: str = EMPIRE):
    return solo_at_action(pilot, faction, enemy=squad(REBEL, "redsquadronveteran"))


@pytest.mark.parametrize(("side", "token"), [("fore", "reinforce_fore"),
                                             ("aft", "reinforce_aft")])
def test_reinforce_gives_a_fore_or_aft_token_of_the_players_choice(side, token):
    """REINFORCE: the ship gains a reinforce token with the fore or aft side faceup; the
    player who controls the ship chooses."""
    game, d = scene()
    game.answer("reinforce")
    d = game.decision
    assert (d.kind, d.player, d.option_keys()) == ("reinforce_side", 0, ["fore", "aft"])
    game.answer(side)
    assert tokens(game, "p1.1") == {token: 1}


def test_a_red_reinforce_gives_stress():
    """The Firespray's reinforce is red: the ship gains a stress token too."""
    game, d = scene("bountyhunter", SCUM)
    assert labels(d)["reinforce"] == "red reinforce"
    game.answer("reinforce")
    game.answer("aft")
    assert tokens(game, "p1.1") == {"reinforce_aft": 1, "stress": 1}


def test_reinforce_tokens_leave_in_the_end_phase():
    game, _d = scene()
    game.answer("reinforce")
    game.answer("fore")
    drive(game, lambda d: game.state.round == 2)
    assert tokens(game, "p1.1") == {}
