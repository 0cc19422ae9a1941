"""Broken Trust (condition, assigned by Agent Tierny): its ship and the other ships of its
player are allied instead of friendly (RR: ALLIED).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. Small bases are 40 mm
wide; a range band is 100 mm. Agent Tierny's setup ability assigns the condition to the
first enemy ship offered (the scene answers every setup decision with the first option)."""

from __future__ import annotations

from tallon.cards.conditions_3 import BROKEN_TRUST
from tallon.engine.allegiance import allied, enemy, friendly
from tallon.engine.conditions import has_condition
from tallon.engine.coordinating import coordinate_targets
from tallon.engine.state import ConditionCard, Token
from tallon.scene import Scene, declare
from tests.cards.helpers import attack, engage, finish, offers, skip_to

TRUST = (ConditionCard(BROKEN_TRUST, 2),)


def _p1_pair(trust: bool = True, friend_at=(460, 300, 0)) -> tuple[Scene, str, str, str]:
    """Player 1's holder (Broken Trust, assigned by player 2) and a ship of the same player
    at range 1, with an enemy ahead of the holder."""
    sc = Scene()
    holder = sc.ship("redsquadronveteran", at=(400, 300, 0),
                     **({"conditions": TRUST} if trust else {}))
    mate = sc.ship("redsquadronveteran", at=friend_at)
    foe = sc.ship("academypilot", player=2, at=(400, 480, 180))
    return sc, holder, mate, foe


class TestAgentTierny:
    def test_setup_assigns_broken_trust_to_an_enemy(self):
        """Setup, after placing forces, Agent Tierny must assign Broken Trust to an enemy
        ship: the first offered (an enemy), never one of her own player's ships."""
        sc = Scene()
        tierny = sc.ship("agenttierny", at=(400, 100, 0))
        mate = sc.ship("firstordercadet", at=(200, 100, 0))
        foe = sc.ship("redsquadronveteran", player=2, at=(400, 800, 180))
        game = sc.game()
        ships = game.state.ships
        assert has_condition(ships[foe], BROKEN_TRUST)
        assert not has_condition(ships[tierny], BROKEN_TRUST)
        assert not has_condition(ships[mate], BROKEN_TRUST)

    def test_another_pilot_assigns_nothing(self):
        """The same scene with a First Order Courier instead: no condition at all."""
        sc = Scene()
        sc.ship("firstordercourier", at=(400, 100, 0))
        foe = sc.ship("redsquadronveteran", player=2, at=(400, 800, 180))
        game = sc.game()
        assert not game.state.ships[foe].conditions


class TestBrokenTrust:
    def test_holder_and_its_players_ships_are_allied_not_friendly(self):
        """RR: ALLIED - the holder treats the other ships of its player as allied and they
        treat it as allied; they are not friendly, not enemies; the holder is friendly to
        itself and never allied to itself; the other player's ships stay enemies."""
        sc, holder, mate, foe = _p1_pair()
        game = sc.game()
        h, m, f = (game.state.ships[i] for i in (holder, mate, foe))
        assert allied(h, m) and allied(m, h)
        assert not friendly(h, m) and not enemy(h, m)
        assert friendly(h, h) and not allied(h, h)
        assert enemy(h, f) and not allied(h, f)

    def test_allied_ship_cannot_be_coordinated(self):
        """RR: COORDINATE chooses another friendly ship: the holder's mate at range 1 may
        not coordinate the allied holder; without the condition it may."""
        sc, holder, mate, _ = _p1_pair()
        game = sc.game()
        assert holder not in [s.id for s in coordinate_targets(game, game.state.ships[mate])]
        sc, holder, mate, _ = _p1_pair(trust=False)
        game = sc.game()
        assert holder in [s.id for s in coordinate_targets(game, game.state.ships[mate])]

    def test_friendly_ship_abilities_do_not_reach_the_holder(self):
        """Howlrunner lets a friendly ship at range 0-1 reroll 1 attack die on a primary
        attack. Her mate with Broken Trust attacks: not offered; the same attack without
        the condition: offered."""
        for trust, expected in ((True, False), (False, True)):
            sc = Scene()
            sc.ship("howlrunner", at=(460, 300, 0))
            mate = sc.ship("academypilot", at=(400, 300, 0), focus=1,
                           **({"conditions": TRUST} if trust else {}))
            foe = sc.ship("redsquadronveteran", player=2, at=(400, 480, 180))
            game = engage(sc, mate, ["focus", "blank"], ["blank"] * 2, rerolls=["hit"])
            declare(game, mate, foe)
            skip_to(game, "modify_attack_dice", mate)
            assert offers(game, "howlrunner") is expected

    def test_attacking_stresses_unstressed_allied_ships_in_the_attack_arc(self):
        """The holder attacks with its primary (front arc): its unstressed mate in that arc
        gains 1 stress token; a stressed mate in the arc gains none; a mate behind the
        holder (out of the arc) gains none."""
        sc = Scene()
        holder = sc.ship("redsquadronveteran", at=(400, 300, 0), conditions=TRUST)
        in_arc = sc.ship("redsquadronveteran", at=(300, 420, 0))
        stressed = sc.ship("redsquadronveteran", at=(520, 420, 0), stress=1)
        behind = sc.ship("redsquadronveteran", at=(400, 150, 0))
        foe = sc.ship("academypilot", player=2, at=(400, 560, 180))
        game = engage(sc, holder, ["blank"] * 3, ["blank"] * 2)
        declare(game, holder, foe)
        ships = game.state.ships
        assert ships[in_arc].count(Token.STRESS) == 1
        assert ships[stressed].count(Token.STRESS) == 1
        assert ships[behind].count(Token.STRESS) == 0

    def test_no_stress_without_the_condition(self):
        """The same attack by a ship without Broken Trust: its friend in the arc stays
        unstressed."""
        sc = Scene()
        attacker = sc.ship("redsquadronveteran", at=(400, 300, 0))
        in_arc = sc.ship("redsquadronveteran", at=(300, 420, 0))
        foe = sc.ship("academypilot", player=2, at=(400, 560, 180))
        game = engage(sc, attacker, ["blank"] * 3, ["blank"] * 2)
        declare(game, attacker, foe)
        assert game.state.ships[in_arc].count(Token.STRESS) == 0

    def test_removed_after_attacking_when_the_defender_is_dealt_a_faceup_card(self):
        """The holder's attack deals a critical hit to an unshielded defender (a faceup
        damage card): after the attack the condition is removed."""
        sc = Scene()
        holder = sc.ship("redsquadronveteran", at=(400, 300, 0), conditions=TRUST)
        foe = sc.ship("academypilot", player=2, at=(400, 480, 180))
        game = attack(sc, holder, foe, ["crit", "blank", "blank"], ["blank"] * 3)
        finish(game)
        assert not has_condition(game.state.ships[holder], BROKEN_TRUST)

    def test_kept_when_the_defender_is_dealt_only_facedown_cards(self):
        """The holder's attack deals 1 hit (a facedown card) to an unshielded defender: the
        condition stays."""
        sc = Scene()
        holder = sc.ship("redsquadronveteran", at=(400, 300, 0), conditions=TRUST)
        foe = sc.ship("academypilot", player=2, at=(400, 480, 180))
        game = attack(sc, holder, foe, ["hit", "blank", "blank"], ["blank"] * 3)
        finish(game)
        assert game.state.ships[foe].damage
        assert has_condition(game.state.ships[holder], BROKEN_TRUST)

    def test_removed_after_defending_when_dealt_a_faceup_card(self):
        """The holder defends and is dealt a faceup damage card (a crit past its shields):
        the condition is removed after the attack."""
        sc = Scene()
        holder = sc.ship("academypilot", player=2, at=(400, 480, 180), conditions=(
            ConditionCard(BROKEN_TRUST, 1),))
        foe = sc.ship("redsquadronveteran", at=(400, 300, 0))
        game = attack(sc, foe, holder, ["crit", "blank", "blank"], ["blank"] * 3)
        finish(game)
        assert not has_condition(game.state.ships[holder], BROKEN_TRUST)

    def test_removed_when_the_defender_is_destroyed(self):
        """The holder's attack destroys a one-hull defender with a plain hit (a facedown
        card): the condition is removed."""
        sc = Scene()
        holder = sc.ship("redsquadronveteran", at=(400, 300, 0), conditions=TRUST)
        foe = sc.ship("academypilot", player=2, at=(400, 480, 180), hull=1)
        game = attack(sc, holder, foe, ["hit", "blank", "blank"], ["blank"] * 3)
        finish(game)
        assert not has_condition(game.state.ships[holder], BROKEN_TRUST)
