"""Hera Syndulla (A/SF-01 B-wing and RZ-1 A-wing printings, one ability): a non-dice
action in a friendly ship's Modify Dice step (engine/dice_step_actions.py). Each test sets
a scene, states the card's rule and shows the ability changing the outcome (the same
scene declined or without her), or not being offered where it must not be.

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm: side by side, centres 150 mm apart are at range 2, 80 mm at range 1,
250 mm at range 3. The friend (Red Squadron Veteran, T-65: attack 3, agility 2) stands at
x = 400, the enemy TIE (Academy Pilot: attack 2, agility 3) 200 mm ahead of it."""

from __future__ import annotations

import pytest

from tallon.agents import SimpleAgent, agent_answer
from tallon.agents.ace import AceAgent
from tallon.cards.pilots.hera import HERA
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import pass_until, values

XWING = "redsquadronveteran"
TIE = "academypilot"


def _scene(hera="herasyndulla-rz1awing", x=250.0, tokens=None, locks=(), friend_locks=(),
           second_enemy=False):
    """Hera (or another pilot) beside the friend at ``x``, the TIE ahead of the friend."""
    sc = Scene()
    friend = sc.ship(XWING, at=(400, 300, 0), locks=list(friend_locks))
    her = sc.ship(hera, at=(x, 300, 0), tokens=dict(tokens or {}), locks=list(locks))
    tie = sc.ship(TIE, player=2, at=(400, 500, 180))
    if second_enemy:
        sc.ship(TIE, player=2, at=(700, 600, 180))
    return sc, friend, her, tie


def _hits(game):
    """The neutralize line of the attack, once every remaining decision is passed."""
    while game.decision is not None:
        d = game.decision
        game.answer("done" if "done" in d.option_keys() else d.options[0].key)
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def _transfers(game):
    return [k for k in values(game) if ":transfer=" in k]


class TestHeraSyndulla:
    @pytest.mark.parametrize("xws", HERA)
    def test_focus_transfer_lets_the_attacker_spend_it_in_the_same_step(self, xws):
        """The friend (no tokens) attacks at range 2 of Hera and rolls focus, focus,
        blank; the TIE rolls blanks. Rule: while a friendly ship at range 1-2 attacks,
        during a Modify Dice step she may transfer 1 focus token to it. Expected: the
        transfer is offered under a stable key; taken, the friend then spends the focus
        token in the same step and hits twice; declined, the attack misses."""
        outcomes = {}
        for take in (True, False):
            sc, friend, her, tie = _scene(xws, tokens={"focus": 1})
            game = sc.attack(friend, tie, dice=["focus", "focus", "blank"],
                             defense=["blank", "blank", "blank"])
            assert game.decision.kind == "modify_attack_dice" and game.decision.ship == friend
            key = f"{xws}@{her}:transfer=focus"
            assert key in values(game)
            game.answer(key if take else "done")
            if take:
                assert game.state.ships[friend].count(Token.FOCUS) == 1
                assert "focus:change=all-focus>hit" in values(game)
                game.answer("focus:change=all-focus>hit")
            outcomes[take] = (_hits(game), dict(game.state.ships[her].tokens))
        assert outcomes[True][0] == "the attack hits: 2 hit(s), 0 critical hit(s) uncanceled"
        assert outcomes[False][0].startswith("the attack misses")
        assert not outcomes[True][1] and outcomes[False][1]  # her focus token went over

    def test_without_hera_nothing_is_offered(self):
        """The same scene with a Phoenix Squadron Pilot (no ability) holding the focus
        token. Expected: the friend has nothing to modify: the attack misses."""
        sc, friend, _, tie = _scene("phoenixsquadronpilot", tokens={"focus": 1})
        game = sc.attack(friend, tie, dice=["focus", "focus", "blank"],
                         defense=["blank", "blank", "blank"])
        assert _hits(game).startswith("the attack misses")

    def test_evade_transfer_to_a_defending_friend(self):
        """The TIE attacks the friend (hit, hit); the friend rolls blank, blank. Rule: she
        may transfer 1 evade token to a friendly ship that defends. Expected: offered in
        the friend's Modify Defense Dice step; taken, the friend spends the evade and
        suffers one hit instead of two."""
        outcomes = {}
        for take in (True, False):
            sc, friend, her, tie = _scene(tokens={"evade": 1})
            game = sc.attack(tie, friend, dice=["hit", "hit"], defense=["blank", "blank"])
            pass_until(game, "modify_defense_dice", friend)
            key = f"herasyndulla-rz1awing@{her}:transfer=evade"
            game.answer(key if take else "done")
            if take:
                game.answer("evade:change=blank>evade")
            outcomes[take] = _hits(game)
        assert outcomes[True] == "the attack hits: 1 hit(s), 0 critical hit(s) uncanceled"
        assert outcomes[False] == "the attack hits: 2 hit(s), 0 critical hit(s) uncanceled"

    def test_lock_transfer_replaces_the_friends_lock_and_is_spent(self):
        """Hera has the TIE locked; the friend has a lock on another enemy. Rule: she may
        transfer 1 of her locks (RR: LOCK: a ship keeps one lock, its former one is
        removed). Expected: the friend's lock moves to the TIE, Hera's is gone, and the
        friend may spend it on its attack dice at once."""
        sc, friend, her, tie = _scene(locks=["p2.1"], friend_locks=["p2.2"],
                                      second_enemy=True)
        game = sc.attack(friend, tie, dice=["blank", "blank", "blank"],
                         defense=["blank", "blank", "blank"])
        assert not any(k.startswith("lock:") for k in values(game))
        game.answer(f"herasyndulla-rz1awing@{her}:transfer=lock>{tie}")
        assert game.state.ships[friend].locks == [tie]
        assert game.state.ships[her].locks == []
        assert "lock:reroll=blank,blank,blank" in values(game)

    def test_once_per_modify_dice_step(self):
        """Hera has a focus and an evade token. Rule: the ability is used once per Modify
        Dice step (ruling, RR: ONCE PER OPPORTUNITY). Expected: the attacking friend,
        given the focus token, may still spend it in the step but is offered no second
        transfer there. The friend defending: she transfers the focus token in the Modify
        Attack Dice step (the friend's part) and is offered again in the Modify Defense
        Dice step, where she gives the evade token."""
        sc, friend, her, tie = _scene(tokens={"focus": 1, "evade": 1})
        game = sc.attack(friend, tie, dice=["focus", "focus", "blank"],
                         defense=["blank", "blank", "blank"])
        assert len(_transfers(game)) == 2
        game.answer(f"herasyndulla-rz1awing@{her}:transfer=focus")
        assert (game.decision.kind, game.decision.ship) == ("modify_attack_dice", friend)
        assert values(game) == ["focus:change=all-focus>hit", "done"]
        sc, friend, her, tie = _scene(tokens={"focus": 1, "evade": 1})
        game = sc.attack(tie, friend, dice=["hit", "hit"], defense=["focus", "blank"])
        assert game.decision.kind == "modify_attack_dice" and game.decision.ship == friend
        game.answer(f"herasyndulla-rz1awing@{her}:transfer=focus")
        assert (game.decision.kind, game.decision.ship) == ("modify_defense_dice", friend)
        assert _transfers(game) == [f"herasyndulla-rz1awing@{her}:transfer=evade"]
        game.answer(_transfers(game)[0])
        ship = game.state.ships[friend]
        assert (ship.count(Token.FOCUS), ship.count(Token.EVADE)) == (1, 1)
        keys = values(game)
        assert any(k.startswith("focus:") for k in keys) and any(
            k.startswith("evade:") for k in keys)
        assert not _transfers(game)

    def test_not_at_range_three_nor_range_zero(self):
        """Hera at range 3 of the attacking friend, then touching it (range 0). Rule: only
        a friendly ship at range 1-2. Expected: no transfer offered (the friend, with no
        tokens, is asked nothing); at range 1 it is."""
        for x, offered in ((150.0, False), (360.0, False), (330.0, True)):
            sc, friend, _, tie = _scene(x=x, tokens={"focus": 1})
            game = sc.attack(friend, tie, dice=["focus", "blank", "blank"],
                             defense=["blank", "blank", "blank"])
            got = game.decision is not None and bool(_transfers(game))
            assert got is offered, x

    def test_not_for_herself_nor_for_an_enemy(self):
        """Hera attacks the TIE herself; then the TIE attacks the friend, and the TIE
        modifies dice in its parts of the steps. Rule: "another friendly ship". Expected:
        Hera's own Modify Dice steps offer her no transfer (only her focus token), and the
        enemy's parts offer none."""
        sc, friend, her, tie = _scene(tokens={"focus": 1}, x=330.0)
        game = sc.attack(her, tie, dice=["focus", "blank"], defense=["blank", "blank"])
        assert values(game) == ["focus:change=all-focus>hit", "done"]
        sc, friend, her, tie = _scene(tokens={"focus": 1})
        game = sc.attack(tie, friend, dice=["hit", "focus"], defense=["blank", "blank"])
        asked = []
        while game.decision is not None:
            asked.append(game.decision.ship)
            if game.decision.ship == tie:
                assert not _transfers(game)
            game.answer("done" if "done" in values(game) else values(game)[0])
        assert tie not in asked and friend in asked  # only the friend's parts offer hers

    def test_a_lock_on_the_friend_itself_is_not_offered(self):
        """Hera has locked the friend. Rule: RR: LOCK - a ship can't have a lock on itself
        (RR: TOKENS: no transfer it can't take). Expected: only her focus token is
        offered, not the lock."""
        sc, friend, her, tie = _scene(tokens={"focus": 1}, locks=["p1.1"])
        game = sc.attack(friend, tie, dice=["focus", "blank", "blank"],
                         defense=["blank", "blank", "blank"])
        assert _transfers(game) == [f"herasyndulla-rz1awing@{her}:transfer=focus"]

    @pytest.mark.parametrize("agent", [SimpleAgent, AceAgent])
    def test_agents_take_a_useful_transfer_and_skip_a_useless_one(self, agent):
        """The friend attacks with focus, focus, blank; Hera has a focus and an evade
        token. Expected: the built-in agents take the focus token (they then change the
        focus results), never the evade token (no use on attack dice); with only an
        evade token to give they are done at once."""
        sc, friend, her, tie = _scene(tokens={"focus": 1, "evade": 1})
        game = sc.attack(friend, tie, dice=["focus", "focus", "blank"],
                         defense=["blank", "blank", "blank"])
        assert agent_answer(agent(0), game) == f"herasyndulla-rz1awing@{her}:transfer=focus"
        game.answer(f"herasyndulla-rz1awing@{her}:transfer=focus")
        assert agent_answer(agent(0), game) == "focus:change=all-focus>hit"
        sc, friend, her, tie = _scene(tokens={"evade": 1})
        game = sc.attack(friend, tie, dice=["focus", "focus", "blank"],
                         defense=["blank", "blank", "blank"])
        assert agent_answer(agent(0), game) == "done"

    def test_ace_gives_a_lock_and_spends_it(self):
        """Hera has the TIE locked; the friend rolls three blanks. Expected: the ace takes
        the lock (the calculator would spend it) and then rerolls with it."""
        sc, friend, her, tie = _scene(locks=["p2.1"])
        game = sc.attack(friend, tie, dice=["blank", "blank", "blank"],
                         defense=["blank", "blank", "blank"])
        key = f"herasyndulla-rz1awing@{her}:transfer=lock>{tie}"
        assert agent_answer(AceAgent(0), game) == key
        game.answer(key)
        assert agent_answer(AceAgent(0), game).startswith("lock:reroll")
