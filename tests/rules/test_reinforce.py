"""RR: REINFORCE - the reinforce action gives a fore or aft token, chosen by the ship's
player (a circular green token, removed in the End Phase); while the reinforced ship
defends against an attacker in that full arc alone, one evade is added in the Neutralize
Results step if more than one hit remains.

The action is played through the engine (a Lambda shuttle at its Perform Action step); the
attacks run with loaded dice against a Firespray."""

from __future__ import annotations

import pytest

from tallon.engine.state import Token
from tests.rules.attack_helpers import FIRESPRAY, damage, resolved_attack, suffered
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    SCUM,
    drive,
    labels,
    solo_at_action,
    squad,
    tokens,
)


# ------------------------------------------------------------------ the action
def scene(pilot: str = "omicrongrouppilot", faction: str = EMPIRE):
    return solo_at_action(pilot, faction, enemy=squad(REBEL, "redsquadronveteran"))


@pytest.mark.parametrize(("side", "token"), [("fore", "reinforce_fore"),
                                             ("aft", "reinforce_aft")])
def test_reinforce_gives_a_fore_or_aft_token_of_the_players_choice(side, token):
    """A Lambda shuttle performs the reinforce action. RR: REINFORCE - the ship gains a
    reinforce token with the fore or aft side faceup; the player who controls the ship
    chooses. Player 1 is asked (fore or aft) and the ship has that token."""
    game, d = scene()
    game.answer("reinforce")
    d = game.decision
    assert (d.kind, d.player, d.option_keys()) == ("reinforce_side", 1, ["fore", "aft"])
    game.answer(side)
    assert tokens(game, "p1.1") == {token: 1}


def test_a_red_reinforce_gives_stress():
    """A Firespray (red reinforce) reinforces aft. RR: ACTIONS, RR: REINFORCE - a red action
    costs a stress token. The option is labelled red; the ship has the aft token and a
    stress token."""
    game, d = scene("bountyhunter", SCUM)
    assert labels(d)["reinforce"] == "red reinforce"
    game.answer("reinforce")
    game.answer("aft")
    assert tokens(game, "p1.1") == {"reinforce_aft": 1, "stress": 1}


def test_reinforce_tokens_leave_in_the_end_phase():
    """The shuttle reinforces fore, then the round ends. RR: REINFORCE - reinforce tokens
    are circular green tokens, removed in the End Phase. In round 2 it has no token."""
    game, _d = scene()
    game.answer("reinforce")
    game.answer("fore")
    drive(game, lambda d: game.state.round == 2)
    assert tokens(game, "p1.1") == {}


# ---------------------------------------------------------------- defending
class TestReinforce:
    """RR: REINFORCE - while a reinforced ship defends, if the attacker is in the full arc
    of the token and not in the other full arc: during Neutralize Results, if the attack
    would hit with more than one hit/crit remaining, one evade is added. The token is not
    spent; several tokens apply one at a time.

    The defender is a Firespray (medium, 4 shields) at (400, 500) facing -y."""

    FRONT = (400, 300, 0)          # in the Firespray's full front arc
    BEHIND = (400, 710, 180)       # in its full rear arc
    FLANK = (200, 500, 90)         # crossing its midway line: in both full arcs

    def run(self, rolled, at=FRONT, **tokens):
        game, _, d = resolved_attack(rolled, ["blank", "blank"], defender=FIRESPRAY, at=at,
                                     tokens=tokens)
        return game, d

    def test_fore_token_against_an_attacker_in_front_adds_an_evade(self):
        """A fore token; the attacker in front rolls two hits. RR: REINFORCE. One evade is
        added: one damage is suffered, and the token is still there."""
        game, d = self.run(["hit", "hit", "blank"], reinforce_fore=1)
        assert suffered(game, d) == 1
        assert game.state.ships[d].count(Token.REINFORCE_FORE) == 1    # not spent

    def test_needs_more_than_one_result(self):
        """A fore token; the attacker in front rolls one hit. RR: REINFORCE - only with more
        than one result remaining. No evade is added: one damage is suffered."""
        game, d = self.run(["hit", "blank", "blank"], reinforce_fore=1)
        assert suffered(game, d) == 1

    def test_the_added_evade_cancels_a_hit_before_a_crit(self):
        """An unshielded Firespray with a fore token; a hit and a crit remain.
        RR: REINFORCE, RR: ATTACK step 4 (hits are canceled before crits). The added evade
        cancels the hit; the crit is dealt faceup."""
        game, _, d = resolved_attack(["hit", "crit", "blank"], ["blank", "blank"],
                                     defender=FIRESPRAY,
                                     tokens={"reinforce_fore": 1}, shields=0)
        assert damage(game, d) == (0, 1)

    def test_applies_after_the_rolled_evades(self):
        """A fore token; three hits against one rolled evade. RR: REINFORCE - the evade is
        added during Neutralize Results, after the rolled evades cancel. Two hits remain, so
        it applies: one damage is suffered."""
        game, _, d = resolved_attack(["hit", "hit", "hit"], ["evade", "blank"], defender=FIRESPRAY,
                                     tokens={"reinforce_fore": 1})
        assert suffered(game, d) == 1

    @pytest.mark.parametrize(("at", "token", "lost"), [
        (FRONT, "reinforce_aft", 2), (BEHIND, "reinforce_fore", 2),
        (BEHIND, "reinforce_aft", 1), (FLANK, "reinforce_fore", 2),
        (FLANK, "reinforce_aft", 2)])
    def test_only_against_an_attacker_in_the_tokens_full_arc_alone(self, at, token, lost):
        """A fore or aft token; the attacker in front, behind, or crossing the midway line.
        RR: REINFORCE - a fore token works against an attacker in front, an aft token
        against one behind; an attacker crossing the midway line is in both full arcs, so
        neither works. Only the aft token against the attacker behind saves a damage."""
        game, d = self.run(["hit", "hit", "blank"], at=at, **{token: 1})
        assert suffered(game, d) == lost

    @pytest.mark.parametrize(("rolled", "lost"), [
        (["hit", "hit", "blank"], 1), (["hit", "hit", "hit"], 1)])
    def test_two_tokens_need_three_results(self, rolled, lost):
        """Two fore tokens; two or three hits. RR: REINFORCE - the second token applies only
        if more than one result is left after the first. Two hits leave 1, three hits leave
        1."""
        game, d = self.run(rolled, reinforce_fore=2)
        assert suffered(game, d) == lost
