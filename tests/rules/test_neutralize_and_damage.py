"""RR: ATTACK steps 4 (Neutralize Results) and 5 (Deal Damage), HIT, MISS, REINFORCE,
DAMAGE, DAMAGE CARDS, SHIELDS, DESTROYING SHIPS.

Each attack has loaded dice and nothing to modify, so it runs to its end at once. Unless
said otherwise the attacker is a T-65 at (400, 300) facing +y and the defender a TIE/ln
(no shields, hull 3) straight ahead at range 2."""

from __future__ import annotations

import pytest

from tallon.engine.attack import Engage
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, stack_deck, start_at
from tests.rules.attack_helpers import (
    FIRESPRAY,
    TIE,
    XWING,
    damage,
    finish,
    log_kinds,
    script,
)

HERE = (400, 300, 0)
R2 = (400, 500, 180)
R1 = (400, 420, 180)
#: faceup, these do nothing to a defender during an attack (Blinded Pilot acts while the
#: ship attacks, Loose Stabilizer after it moves, Damaged Sensor Array on its actions)
QUIET_CARDS = ["blindedpilot", "loosestabilizer", "damagedsensorarray", "blindedpilot",
               "loosestabilizer"]


def attack(rolled, defended, *, attacker=XWING, defender=TIE, at=HERE, to=R2,
           deck=None, attacker_tokens=None, **defender_setup):
    """Run one attack with these attack and defense faces; ``deck`` stacks the defender's
    owner's damage deck (by default with cards whose faceup text does nothing during an
    attack). Returns (game, attacker id, defender id) when it is over."""
    sc = Scene()
    a = sc.ship(attacker, at=at, tokens=attacker_tokens)
    d = sc.ship(defender, player=1, at=to, **defender_setup)
    game = sc.game()
    stack_deck(game, 1, deck or QUIET_CARDS)
    start_at(game, Engage(a))
    load_dice(game, then=script(("attack", rolled), ("defense", defended)))
    declare(game, a, d)
    finish(game)
    return game, a, d


def outcome(game) -> str:
    """The Neutralize Results step's log line."""
    lines = [e["text"] for e in log_kinds(game, "neutralize")]
    assert len(lines) == 1
    return lines[0]


def suffered(game, ship_id) -> int:
    """Shields lost plus damage cards dealt."""
    s = game.state.ships[ship_id]
    return s.shield_limit - s.shields + len(s.damage)


# ======================================================================== NEUTRALIZE
class TestNeutralize:
    """RR: ATTACK step 4 ("a. Pairs of hit and evade results are canceled. b. Pairs of crit and
    evade results are canceled"), rulebook ("All hit results must be canceled before crit
    results are canceled")."""

    @pytest.mark.parametrize(("rolled", "defended", "hits", "crits"), [
        (["hit", "crit", "blank"], ["evade", "blank", "blank"], 0, 1),
        (["hit", "hit", "crit"], ["evade", "evade", "blank"], 0, 1),
        (["crit", "crit", "blank"], ["evade", "blank", "blank"], 0, 1),
        (["hit", "hit", "crit"], ["evade", "blank", "blank"], 1, 1),
        (["hit", "crit", "crit"], ["evade", "evade", "evade"], 0, 0),
        (["hit", "focus", "blank"], ["focus", "blank", "blank"], 1, 0),
    ])
    def test_evades_cancel_hits_then_crits(self, rolled, defended, hits, crits):
        """Focus and blank results cancel nothing and deal nothing."""
        game, _, d = attack(rolled, defended)
        assert f"{hits} hit(s), {crits} critical hit(s) uncanceled" in outcome(game)
        assert damage(game, d) == (hits, crits)


# ========================================================================= HIT, MISS
class TestHitAndMiss:
    """RR: HIT ("the attack hits if at least one hit or crit result remains uncanceled"),
    RR: MISS ("If the attack misses, the Deal Damage step of the attack is skipped")."""

    def test_a_lone_crit_is_a_hit(self):
        game, _, d = attack(["crit", "blank", "blank"], ["blank", "blank", "blank"])
        assert "the attack hits" in outcome(game)
        assert damage(game, d) == (0, 1)

    def test_all_canceled_is_a_miss_and_no_damage_is_dealt(self):
        """A shielded defender (T-65, 2 shields) cancels every result: no shield is lost,
        no damage is suffered at all."""
        game, _, d = attack(["hit", "hit"], ["evade", "evade"], attacker=TIE,
                            defender=XWING)
        assert "the attack misses" in outcome(game)
        assert game.state.ships[d].shields == 2 and damage(game, d) == (0, 0)
        assert not [e for e in log_kinds(game, "damage") if e.get("ship") == d]

    def test_only_focus_results_miss(self):
        game, _, d = attack(["focus", "focus", "blank"], ["blank", "blank", "blank"])
        assert "the attack misses" in outcome(game)
        assert damage(game, d) == (0, 0)


# ========================================================================== REINFORCE
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
        game, _, d = attack(rolled, ["blank", "blank"], defender=FIRESPRAY, at=at,
                            tokens=tokens)
        return game, d

    def test_fore_token_against_an_attacker_in_front_adds_an_evade(self):
        game, d = self.run(["hit", "hit", "blank"], reinforce_fore=1)
        assert suffered(game, d) == 1
        assert game.state.ships[d].count(Token.REINFORCE_FORE) == 1    # not spent

    def test_needs_more_than_one_result(self):
        """One hit remaining: no evade is added."""
        game, d = self.run(["hit", "blank", "blank"], reinforce_fore=1)
        assert suffered(game, d) == 1

    def test_the_added_evade_cancels_a_hit_before_a_crit(self):
        """Hit and crit remaining, no shields: the added evade cancels the hit; the crit is
        dealt faceup."""
        game, _, d = attack(["hit", "crit", "blank"], ["blank", "blank"], defender=FIRESPRAY,
                            tokens={"reinforce_fore": 1}, shields=0)
        assert damage(game, d) == (0, 1)

    def test_applies_after_the_rolled_evades(self):
        """Three hits against one rolled evade: two remain, so the reinforce evade applies
        and one hit is suffered."""
        game, _, d = attack(["hit", "hit", "hit"], ["evade", "blank"], defender=FIRESPRAY,
                            tokens={"reinforce_fore": 1})
        assert suffered(game, d) == 1

    @pytest.mark.parametrize(("at", "token", "lost"), [
        (FRONT, "reinforce_aft", 2), (BEHIND, "reinforce_fore", 2),
        (BEHIND, "reinforce_aft", 1), (FLANK, "reinforce_fore", 2),
        (FLANK, "reinforce_aft", 2)])
    def test_only_against_an_attacker_in_the_tokens_full_arc_alone(self, at, token, lost):
        """A fore token works against an attacker in front, an aft token against one
        behind; an attacker crossing the midway line is in both full arcs, so neither
        works."""
        game, d = self.run(["hit", "hit", "blank"], at=at, **{token: 1})
        assert suffered(game, d) == lost

    @pytest.mark.parametrize(("rolled", "lost"), [
        (["hit", "hit", "blank"], 1), (["hit", "hit", "hit"], 1)])
    def test_two_tokens_need_three_results(self, rolled, lost):
        """Two fore tokens: the second applies only if more than one result is left after
        the first, so two hits leave 1 and three hits leave 1."""
        game, d = self.run(rolled, reinforce_fore=2)
        assert suffered(game, d) == lost


# ============================================================================= DAMAGE
class TestDamage:
    """RR: DAMAGE - damage is suffered one at a time; each loses an active shield or, with
    none left, deals a damage card: facedown for regular damage, faceup (its text resolved)
    for critical damage; all regular damage before critical damage."""

    def test_shields_are_lost_before_cards_are_dealt(self):
        """A T-65 (2 shields) suffers 3 hits: both shields, then 1 facedown card."""
        game, _, d = attack(["hit", "hit", "hit"], ["blank", "blank"], attacker=TIE,
                            defender=XWING, to=(400, 420, 180))
        assert game.state.ships[d].shields == 0 and damage(game, d) == (1, 0)

    def test_critical_damage_also_takes_shields(self):
        """Two crits against 2 shields: both shields are lost, no card is dealt."""
        game, _, d = attack(["crit", "crit"], ["blank", "blank"], attacker=TIE,
                            defender=XWING)
        assert game.state.ships[d].shields == 0 and damage(game, d) == (0, 0)

    def test_regular_damage_before_critical_damage(self):
        """A T-65 with 1 shield left suffers a hit and a crit: the hit takes the shield and
        the crit deals a faceup card (not the other way round)."""
        game, _, d = attack(["crit", "hit"], ["blank", "blank"], attacker=TIE,
                            defender=XWING, shields=1)
        assert game.state.ships[d].shields == 0 and damage(game, d) == (0, 1)

    def test_a_faceup_card_resolves_its_text(self):
        """The crit deals Panicked Pilot (gain 2 stress tokens, then repair this card)."""
        game, _, d = attack(["crit", "blank", "blank"], ["blank"] * 3, deck=["panickedpilot"])
        assert game.state.ships[d].count(Token.STRESS) == 2

    def test_a_facedown_card_does_not(self):
        """The hit deals the same Panicked Pilot facedown: no stress."""
        game, _, d = attack(["hit", "blank", "blank"], ["blank"] * 3, deck=["panickedpilot"])
        assert not game.state.ships[d].has(Token.STRESS)
        assert damage(game, d) == (1, 0)

    def test_the_defenders_player_deals_from_their_own_deck(self):
        """RR: DAMAGE CARDS ("the player uses their own damage deck"): the card the TIE is
        dealt is the top card of its owner's (player 2's) deck."""
        sc = Scene()
        a = sc.ship(XWING, at=HERE)
        d = sc.ship(TIE, player=1, at=R2)
        game = sc.game()
        stack_deck(game, 0, ["consolefire"])
        stack_deck(game, 1, ["blindedpilot"])
        start_at(game, Engage(a))
        load_dice(game, ["crit", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        finish(game)
        assert [c.card for c in game.state.ships[d].damage] == ["blindedpilot"]
        assert game.state.players[0].deck[-1] == "consolefire"


    def test_an_empty_deck_is_rebuilt_from_destroyed_ships(self):
        """Player 2's damage deck is empty; a destroyed, removed TIE of theirs holds 3 Hull
        Breach cards. RR: DAMAGE CARDS ("If a damage deck is empty when a damage card must
        be dealt ..., remove all damage cards from destroyed ships, flip them facedown, and
        shuffle them to create a new damage deck"). The hit deals a Hull Breach; the
        destroyed ship keeps its count (ruling Game engine 9: markers)."""
        sc = Scene()
        a = sc.ship(XWING, at=HERE)
        d = sc.ship(TIE, player=1, at=R2)
        wreck = sc.ship(TIE, player=1, at=(700, 800, 180), destroyed=True, removed=True,
                        damage=[DamageCard("hullbreach", False, 900 + k) for k in range(3)])
        game = sc.game()
        game.state.players[1].deck = []
        start_at(game, Engage(a))
        load_dice(game, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        finish(game)
        assert [c.card for c in game.state.ships[d].damage] == ["hullbreach"]
        assert len(game.state.players[1].deck) == 2
        assert len(game.state.ships[wreck].damage) == 3


# ================================================================= DESTROYING SHIPS
class TestDestroyed:
    """RR: DESTROYING SHIPS ("A ship is destroyed after it has a number of damage cards
    that equals or exceeds its hull value"), RR: DAMAGE ("the excess damage cards are still
    dealt")."""

    @pytest.mark.parametrize(("hits", "destroyed"), [(2, False), (3, True)])
    def test_destroyed_at_its_hull_value(self, hits, destroyed):
        rolled = ["hit"] * hits + ["blank"] * (3 - hits)
        game, _, d = attack(rolled, ["blank"] * 3)
        assert game.state.ships[d].destroyed is destroyed

    def test_excess_damage_cards_are_still_dealt(self):
        """A TIE (hull 3) suffers 3 hits and a crit at range 1: 4 cards, the crit's
        faceup."""
        game, _, d = attack(["hit", "hit", "hit", "crit"], ["blank"] * 3, to=R1)
        assert damage(game, d) == (3, 1)
        assert game.state.ships[d].destroyed
