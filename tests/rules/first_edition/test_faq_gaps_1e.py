"""The first edition's FAQ rulings left as known gaps by the first 1e session
(faq-1e.txt): spending a target lock to reroll 0 dice, overlapping in-line ships, and
attacks next to an asteroid. One test each, named after the ruling.

Ships: the core set's X-wing (Rookie Pilot, skill 2) and TIE fighter (Academy Pilot,
skill 1), "Hobbie" Klivian (an X-wing pilot who may remove a stress token when he spends a
target lock), the YV-666 (large base, a 180-degree primary arc). Player 1 sits at y = 0
facing +y; a small base is 40 mm, a range band 100 mm.
"""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.rounds import Activate
from tallon.engine.state import Token, touching
from tallon.geometry import Obstacle, Pose
from tallon.geometry.overlap import objects_overlapped
from tallon.scene import Scene, declare, start_at
from tests.cards.helpers import engage, pass_all, pass_until, skip_dice, values
from tests.rules.attack_helpers import HERE, R2

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
HOBBIE = "1e-xwing-hobbieklivian"
ROCK5 = "core2asteroid5"
YV666 = "1e-yv666-trandoshanslaver"     # large base, 180-degree primary arc, a [0 stop]


def touching_only(ship_body, outline: str) -> float:
    """The x at which the obstacle ``outline`` (level with the ship, on its left, where
    the base has no guides) touches the ship's base without overlapping it, found by
    halving the gap."""
    y = ship_body.pose.y
    far, near = ship_body.pose.x - 200.0, ship_body.pose.x
    for _ in range(60):
        mid = (far + near) / 2
        if objects_overlapped([Obstacle("probe", Pose(mid, y, 0.0), outline)], ship_body):
            near = mid
        else:
            far = mid
    rock = Obstacle("probe", Pose(far, y, 0.0), outline)
    assert touching(ship_body, rock) and not objects_overlapped([rock], ship_body)
    return far


# ---------------------------------------------------------------- spending tokens
class TestSpendingALockToRerollNothing:
    def test_faq_a_lock_may_be_spent_to_reroll_0_dice(self):
        """Stressed "Hobbie" Klivian rolls three hits holding a lock on the TIE. FAQ (1e),
        Spending Tokens: "players may spend target locks and choose to reroll 0 attack
        dice". Expected: spending the lock with no reroll is offered; taken, the lock is
        gone, the dice are unchanged and Hobbie's ability (on spending a lock) removes his
        stress token."""
        sc = Scene(ruleset="1e")
        sc.ship(HOBBIE, 1, at=HERE, locks=["p2.1"], stress=1)
        sc.ship(ACADEMY, 2, at=R2)
        game = engage(sc, "p1.1", ["hit", "hit", "hit"], ["blank"] * 3)
        declare(game, "p1.1", "p2.1")
        skip_dice(game, "modify_attack_dice", "p1.1")
        assert "lock:none" in values(game)
        game.answer("lock:none")
        ship = game.state.ships["p1.1"]
        assert ship.locks == []
        spent = [e["text"] for e in game.log if e["kind"] == "modify"]
        assert spent and spent[-1].endswith("-> hit, hit, hit")
        pass_until(game, "use_ability", "p1.1")
        game.answer(values(game)[0])
        assert not ship.has(Token.STRESS)

    def test_faq_no_idle_lock_spend_when_no_card_cares(self):
        """A Rookie Pilot with a lock rolls three hits; no card in play reacts to spending
        a lock. FAQ (1e), Spending Tokens allows the spend, but it would do nothing.
        Expected: only the lock's rerolls are offered, no spend that rerolls nothing."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE, locks=["p2.1"])
        sc.ship(ACADEMY, 2, at=R2)
        game = engage(sc, "p1.1", ["hit", "hit", "hit"], ["blank"] * 3)
        declare(game, "p1.1", "p2.1")
        skip_dice(game, "modify_attack_dice", "p1.1")
        keys = [v for v in values(game) if isinstance(v, str)]
        assert any(k.startswith("lock:reroll=") for k in keys)
        assert "lock:none" not in keys


# ------------------------------------------------------- overlapping in-line ships
class TestOverlappingInLineShips:
    def side_by_side(self):
        """A YV-666 with a TIE beside the front half of its right edge (inside its
        180-degree arc), bases in contact (no guide on the sides: no overlap), both facing
        +y."""
        sc = Scene(ruleset="1e")
        y = sc.ship(YV666, 1, at=(400, 200, 0))
        t = sc.ship(ACADEMY, 2, at=(460, 230, 0))
        return sc.game(), y, t

    def targets(self, game, ship) -> dict[str, int]:
        start_at(game, Engage(ship))
        return {} if game.decision is None else {
            o.info["defender"]: o.info["range"] for o in game.decision.options if o.info}

    def move(self, game, *ships_and_dials) -> None:
        for ship, dial in ships_and_dials:
            game.state.ships[ship].dial_set = dial
            start_at(game, Activate(ship), phase="activation")
            pass_all(game)

    def test_faq_same_speed_moves_leave_in_line_ships_not_touching(self):
        """The YV-666 and the TIE touch side by side, parallel and facing the same way;
        each executes a [1 straight] (the TIE first) and their bases are still in contact.
        FAQ (1e), Overlapping In-Line Ships: after both ships execute a maneuver of the same
        speed they are not touching even if their bases are still in physical contact.
        Expected: touching at first, the TIE is no target of the YV-666 (rulebook
        (1e): no target while touching); after the moves it is one, at Range 1."""
        game, y, t = self.side_by_side()
        assert t not in self.targets(game, y)
        game, y, t = self.side_by_side()
        self.move(game, (t, "1FW"), (y, "1FW"))
        assert game.state.range(game.state.ships[y], game.state.ships[t]) == 0
        assert self.targets(game, y) == {t: 1}

    def test_faq_two_stops_keep_them_touching(self):
        """The YV-666 executes its [0 stop] (and the TIE is treated as having executed one,
        a speed-0 maneuver it lacks). FAQ (1e), Touching and Stationary
        Maneuvers: a ship touching another that executes a [0 stop] is still touching it
        (that ruling, not the in-line one, decides speed 0). Expected: the TIE is still no
        target."""
        game, y, t = self.side_by_side()
        self.move(game, (y, "0OR"))
        game.state.ships[t].executed_speed = 0  # as if the TIE had a [0 stop] too
        assert game.state.ships[y].executed_speed == 0
        assert t not in self.targets(game, y)


# ---------------------------------------------------------------------- asteroids
class TestAsteroidsAndAttacks:
    def targets(self, rock_x: float) -> list[str]:
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE)
        sc.ship(ACADEMY, 2, at=R2)
        sc.obstacle(ROCK5, rock_x, HERE[1])
        game = sc.at(Engage("p1.1"))
        return [] if game.decision is None else [
            o.info["defender"] for o in game.decision.options if o.info]

    def test_faq_touching_an_asteroid_without_overlapping_it_may_attack(self):
        """An X-wing whose base touches an asteroid on its left without overlapping it, a
        TIE at range 2 in its arc. FAQ (1e) errata, Rules Reference (Obstacles): "While a
        ship is overlapping an asteroid, it cannot perform any attacks" (and Blinded Pilot:
        a ship "overlapping an asteroid" gets no opportunity to attack); touching is not
        overlapping. Expected: the TIE is a target; moved 1 mm closer, overlapping the
        asteroid, the X-wing has no target."""
        probe = Scene(ruleset="1e")
        probe.ship(ROOKIE, 1, at=HERE)
        probe.ship(ACADEMY, 2, at=R2)
        body = probe.game().state.ships["p1.1"].body
        x = touching_only(body, ROCK5)
        assert self.targets(x) == ["p2.1"]
        assert self.targets(x + 1.0) == []
