"""TIE/ba Interceptor pilots and the ship ability Fine-Tuned Thrusters: each test sets a
scene, states the card's rule and shows the ability changing the outcome (the same scene
without the card, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1."""

from __future__ import annotations

from tallon.engine.rounds import StartEngagement, SystemTurn
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene
from tests.cards.helpers import activation, attack, pass_on, values


# ---------------------------------------------------------- Fine-Tuned Thrusters
def thrusters_scene(pilot: str = "firstorderprovocateur", **tokens: int):
    sc = Scene()
    tie = sc.ship(pilot, at=(400, 100, 0), **tokens)
    enemy = sc.ship("academypilot", player=2, at=(400, 650, 180))
    return activation(sc, tie, "5FW"), tie, enemy


class TestFineTunedThrusters:
    def test_gain_strain_to_lock(self):
        """Fine-Tuned Thrusters: after fully executing a maneuver, not depleted nor
        strained, the ship may gain a deplete or strain token to perform a lock or barrel
        roll action. It takes a strain token and locks the enemy ahead."""
        game, tie, enemy = thrusters_scene()
        assert game.decision.kind == "use_ability"
        assert set(values(game)) == {"lock", "barrel_roll", "decline"}
        game.answer("lock")
        assert game.decision.kind == "jingoist_token"
        assert set(values(game)) == {"deplete", "strain"}
        game.answer("strain")
        if game.decision is not None and game.decision.kind == "lock_target":
            game.answer(enemy)
        ship = game.state.ships[tie]
        assert ship.locks == [enemy]
        assert ship.count(Token.STRAIN) == 1 and not ship.has(Token.DEPLETE)

    def test_declined_the_ship_stays_unlocked(self):
        """Declining the ability: no token, no lock; the ship goes on to its Perform
        Action step."""
        game, tie, _ = thrusters_scene()
        game.answer("decline")
        ship = game.state.ships[tie]
        assert game.decision.kind == "perform_action"
        assert ship.locks == [] and not ship.has(Token.STRAIN)

    def test_not_while_strained_or_depleted(self):
        """Fine-Tuned Thrusters: a strained (or depleted) ship can't use it; after the same
        white maneuver its Perform Action step comes at once."""
        for token in ("strain", "deplete"):
            game, tie, _ = thrusters_scene(**{token: 1})
            assert game.decision.kind == "perform_action"
            assert game.state.ships[tie].locks == []


# ----------------------------------------------------------------- Major Vonreg
def vonreg_scene(enemy_x: float):
    sc = Scene()
    vonreg = sc.ship("majorvonreg", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(enemy_x, 500, 180))
    return sc.at(SystemTurn(vonreg), phase="system"), vonreg, enemy


class TestMajorVonreg:
    def test_enemy_in_bullseye_gains_the_token_chosen(self):
        """Major Vonreg: during the System Phase he may choose an enemy ship in his
        bullseye arc; it gains a deplete or strain token of his choice (here strain)."""
        game, _, enemy = vonreg_scene(400)
        assert set(values(game)) == {enemy, "decline"}
        game.answer(enemy)
        assert game.decision.kind == "jingoist_token"
        assert set(values(game)) == {"deplete", "strain"}
        game.answer("strain")
        ship = game.state.ships[enemy]
        assert ship.count(Token.STRAIN) == 1 and not ship.has(Token.DEPLETE)

    def test_not_outside_the_bullseye(self):
        """The enemy in his front arc but outside the bullseye arc: nothing is asked and it
        gains no token."""
        game, _, enemy = vonreg_scene(470)
        assert game.decision is None
        assert not game.state.ships[enemy].tokens.get(Token.STRAIN)


# ----------------------------------------------------------------------- "Holo"
def holo_scene(friend_y: float, **setup):
    sc = Scene()
    holo = sc.ship("holo", at=(400, 300, 0), **setup)
    friend = sc.ship("firstorderprovocateur", at=(400, friend_y, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 800, 180), locks=["p1.1"])
    return sc.at(StartEngagement()), holo, friend, enemy


class TestHolo:
    def test_must_transfer_a_token(self):
        """"Holo": at the start of the Engagement Phase he must transfer 1 of his tokens to
        another friendly ship at range 0-2: there is no "decline"; his focus token moves
        to the friend at range 1."""
        game, holo, friend, _ = holo_scene(200, focus=1)
        assert game.decision.kind == "use_ability"
        assert "decline" not in values(game)
        assert f"focus@{friend}" in values(game)
        game.answer(f"focus@{friend}")
        assert not game.state.ships[holo].has(Token.FOCUS)
        assert game.state.ships[friend].count(Token.FOCUS) == 1

    def test_a_lock_on_him_moves_to_the_friend(self):
        """FAQ: a lock on "Holo" is his red token: transferring it, the enemy's lock is
        then on the friendly ship."""
        game, holo, friend, enemy = holo_scene(200, focus=1)
        game.answer(f"lock:{enemy}@{friend}")
        assert game.state.ships[enemy].locks == [friend]
        assert game.state.ships[holo].count(Token.FOCUS) == 1

    def test_no_friend_in_range(self):
        """No other friendly ship at range 0-2 (the friend is at range 3): nothing happens,
        he keeps his token and the enemy keeps its lock on him."""
        game, holo, _, enemy = holo_scene(20, focus=1)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[holo].count(Token.FOCUS) == 1
        assert game.state.ships[enemy].locks == [holo]


# ---------------------------------------------------------------------- "Ember"
def ember_damage(attacker: str, damaged_friend: bool, damaged_defender: bool = False) -> int:
    """The defender (a focus token, rolling focus, blank, blank) against 2 hits and a
    blank, spending
    its focus token whenever it is offered: the damage it suffers."""
    sc = Scene()
    ember = sc.ship(attacker, at=(400, 300, 0))
    defender = sc.ship("academypilot", player=2, at=(400, 500, 180), focus=1)
    friend = sc.ship("academypilot", player=2, at=(480, 500, 180))

    def hurt(game):
        if damaged_friend:
            game.state.ships[friend].damage += (DamageCard("directhit", False, 99),)
        if damaged_defender:
            game.state.ships[defender].damage += (DamageCard("directhit", False, 98),)

    game = attack(sc, ember, defender, ["hit", "hit", "blank"], ["focus", "blank", "blank"],
                  before=hurt)
    for _ in range(50):
        if game.decision is None:
            break
        spend = [o.key for o in game.decision.options
                 if (o.info or {}).get("source") == "focus"]
        if game.decision.kind == "modify_defense_dice" and spend:
            game.answer(spend[0])
        else:
            pass_on(game)
    # the cards the attack dealt (not the one the scene gave the defender)
    return sum(1 for d in game.state.ships[defender].damage if d.serial != 98)


class TestEmber:
    def test_defender_cannot_spend_focus(self):
        """"Ember": while she attacks, with a damaged ship friendly to the defender at range
        0-1 of it, the defender can't spend focus tokens: its focus result stays and both
        hits land."""
        assert ember_damage("ember", damaged_friend=True) == 2

    def test_a_damaged_defender_counts(self):
        """Ruling (RR: FRIENDLY - a ship is friendly to itself): the defender's own damage
        card is enough; its focus result stays and both hits land."""
        assert ember_damage("ember", damaged_friend=False, damaged_defender=True) == 2

    def test_without_a_damaged_friend(self):
        """No damaged ship near the defender: it spends its focus token, the focus result
        becomes an evade and only 1 hit lands."""
        assert ember_damage("ember", damaged_friend=False) == 1

    def test_another_attacker(self):
        """The same scene with another TIE/ba pilot attacking: the focus token is spent and
        only 1 hit lands."""
        assert ember_damage("firstorderprovocateur", damaged_friend=True) == 1
