"""RR: ROUND, RR: PLANNING PHASE, RR: SYSTEM PHASE, RR: ACTIVATION PHASE, RR: ENGAGEMENT PHASE,
RR: END PHASE, RR: INITIATIVE, RR: PLAYER ORDER, RR: GAME LENGTH AND TRACKING ROUNDS,
RR: WINNING THE GAME, RR: CHARGES, RR: FORCE CHARGE, RR: SHIELD (recovery)."""

from __future__ import annotations

import pytest

from tallon.engine import IllegalChoiceError
from tallon.engine.state import Charge, Token
from tests.engine.conftest import (
    EMPIRE,
    REBEL,
    at,
    drive,
    events,
    give,
    plan,
    seed_with_first_player,
    squad,
    start,
    tokens,
)

#: Ships far apart, each with room to fly straight for a whole game's worth of rounds.
SPREAD = {"p1.1": (100, 60, 0), "p1.2": (300, 60, 0), "p1.3": (500, 60, 0),
          "p2.1": (150, 850, 180), "p2.2": (350, 850, 180), "p2.3": (550, 850, 180)}


def _spread(ids: list[str]) -> dict[str, tuple[float, float, float]]:
    return {i: SPREAD[i] for i in ids}


# ---------------------------------------------------------------------- phases
def test_a_round_runs_planning_system_activation_engagement_end():
    """ROUND: five phases in order; the next round's Planning Phase starts after the End
    Phase. Seen in the log: dials (planning), the first-player roll, reveals (activation),
    engagements (engagement), then the next round."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses=_spread(["p1.1", "p2.1"]))
    drive(game, lambda d: game.state.round == 2)
    kinds = [(e["round"], e["phase"], e["kind"]) for e in game.log if e["round"] >= 1]
    round1 = [k for k in kinds if k[0] == 1]
    order = [k[2] for k in round1 if k[2] in ("dial", "planning", "reveal", "engage")]
    assert order == ["dial", "dial", "planning", "reveal", "reveal", "engage", "engage"]
    assert [p for (_, p, k) in round1 if k == "reveal"] == ["activation"] * 2
    assert [p for (_, p, k) in round1 if k == "engage"] == ["engagement"] * 2
    assert kinds[len(round1)][:2] == (2, "planning")


def test_planning_asks_one_dial_per_ship_of_its_owner():
    """PLANNING PHASE: each player sets a dial for each of their ships in play."""
    game = start(squad(REBEL, "bluesquadronescort", "redsquadronveteran"),
                 squad(EMPIRE, "academypilot"), poses=_spread(["p1.1", "p1.2", "p2.1"]))
    asked = []
    while game.decision.kind == "set_dial":
        d = game.decision
        asked.append((d.ship, d.player))
        game.answer("2FB")
    assert sorted(asked) == [("p1.1", 0), ("p1.2", 0), ("p2.1", 1)]


def test_first_player_is_rolled_each_round_after_the_dials():
    """PLANNING PHASE: after all ships have dials, players roll for the first player;
    across rounds the first player changes (the roll is redone every round)."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 seed=3, poses={"p1.1": (300, 300, 90), "p2.1": (600, 600, 270)})
    firsts = []
    for _ in range(6):
        round_ = game.state.round
        drive(game, lambda d, r=round_: game.state.round > r,
              dials={"p1.1": "1BB", "p2.1": "1TW"})
        log = [e for e in game.log if e["round"] == round_]
        kinds = [e["kind"] for e in log]
        assert kinds.count("planning") == 1
        assert kinds.index("planning") > max(k for k, x in enumerate(kinds) if x == "dial")
        firsts.append(next(e for e in log if e["kind"] == "planning")["text"])
    assert set(firsts) == {"Player 1 is the first player this round",
                           "Player 2 is the first player this round"}


def test_a_dial_may_repeat_the_previous_maneuver():
    """DIAL: a player can choose the same maneuver as last round."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses=_spread(["p1.1", "p2.1"]))
    drive(game, lambda d: game.state.round == 2, dials={"p1.1": "1FB"})
    assert "1FB" in drive(game, at("set_dial", "p1.1")).option_keys()


# ------------------------------------------------------------------ activation
def _activation_order(game) -> list[str]:
    return [e["ship"] for e in events(game, "reveal") if e["round"] == 1]


@pytest.mark.parametrize("first", [0, 1])
def test_activation_ascends_by_initiative_with_player_order_on_ties(first):
    """ACTIVATION PHASE: lowest initiative first; on equal initiative the first player's
    ships activate before the second player's."""
    rebels = squad(REBEL, "redsquadronveteran", "cavernangelszealot", "bluesquadronescort")
    imperials = squad(EMPIRE, "blacksquadronace", "academypilot", "obsidiansquadronpilot")
    game = start(rebels, imperials, poses=SPREAD)
    plan(game, first_player=first)
    drive(game, lambda d: game.state.round == 2)
    order = [(game.state.ships[s].initiative, game.state.ships[s].owner)
             for s in _activation_order(game)]
    assert order == [(i, p) for i in (1, 2, 3) for p in (first, 1 - first)]


def test_a_player_chooses_the_order_of_their_own_same_initiative_ships():
    """ACTIVATION PHASE: a player with several ships of one initiative activates them in any
    order, each activation finished before the next: the owner is asked, the chosen ship
    activates (reveals, moves, acts) before the other reveals."""
    rebels = squad(REBEL, "bluesquadronescort", "bluesquadronescort")
    game = start(rebels, squad(EMPIRE, "blacksquadronace"),
                 poses=_spread(["p1.1", "p1.2", "p2.1"]))
    plan(game)
    d = game.decision
    assert (d.kind, d.player) == ("activation_order", 0)
    assert sorted(d.option_keys()) == ["p1.1", "p1.2"]
    game.answer("p1.2")
    assert drive(game, at("perform_action")).ship == "p1.2"
    assert _activation_order(game) == ["p1.2"]
    game.answer("pass")
    assert drive(game, at("perform_action")).ship == "p1.1"
    assert _activation_order(game) == ["p1.2", "p1.1"]


def test_each_ship_activates_once_per_round():
    game = start(squad(REBEL, "bluesquadronescort", "bluesquadronescort"),
                 squad(EMPIRE, "academypilot", "academypilot"),
                 poses=_spread(["p1.1", "p1.2", "p2.1", "p2.2"]))
    drive(game, lambda d: game.state.round == 3)
    for round_ in (1, 2):
        ships = [e["ship"] for e in events(game, "reveal") if e["round"] == round_]
        assert sorted(ships) == ["p1.1", "p1.2", "p2.1", "p2.2"]


# ------------------------------------------------------------------ engagement
@pytest.mark.parametrize("first", [0, 1])
def test_engagement_descends_by_initiative_with_player_order_on_ties(first):
    """ENGAGEMENT PHASE: highest initiative first; on ties the first player's ships engage
    before the second player's."""
    rebels = squad(REBEL, "redsquadronveteran", "cavernangelszealot", "bluesquadronescort")
    imperials = squad(EMPIRE, "blacksquadronace", "academypilot", "obsidiansquadronpilot")
    game = start(rebels, imperials, poses=SPREAD)
    plan(game, first_player=first)
    drive(game, lambda d: game.state.round == 2)
    engaged = [e["ship"] for e in events(game, "engage") if e["round"] == 1]
    order = [(game.state.ships[s].initiative, game.state.ships[s].owner) for s in engaged]
    assert order == [(i, p) for i in (3, 2, 1) for p in (first, 1 - first)]


def test_a_player_chooses_the_engagement_order_of_same_initiative_ships():
    rebels = squad(REBEL, "bluesquadronescort", "bluesquadronescort")
    game = start(rebels, squad(EMPIRE, "blacksquadronace"),
                 poses=_spread(["p1.1", "p1.2", "p2.1"]))
    d = drive(game, at("engagement_order"))
    assert (d.player, sorted(d.option_keys())) == (0, ["p1.1", "p1.2"])
    game.answer("p1.2")
    drive(game, lambda d: game.state.round == 2)
    engaged = [e["ship"] for e in events(game, "engage")]
    assert engaged[:3] == ["p2.1", "p1.2", "p1.1"]


def test_a_disarmed_ship_still_engages():
    """DISARMED: disarmed ships still engage (without attacking)."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "blacksquadronace"),
                 poses=_spread(["p1.1", "p2.1"]))
    drive(game, at("perform_action", "p2.1"))
    give(game, "p1.1", Token.DISARM)
    drive(game, lambda d: game.state.round == 2)
    engage = [e for e in events(game, "engage", "p1.1") if e["round"] == 1]
    refused = [e for e in events(game, "no_attack", "p1.1") if e["round"] == 1]
    assert len(engage) == 1 and "disarmed" in refused[0]["text"]


# ------------------------------------------------------------------- end phase
def _pacer_game():
    """A T-65 (initiative 2) and two TIEs: the initiative 3 TIE's action decision is a
    moment after the T-65 has activated."""
    return start(squad(REBEL, "bluesquadronescort"),
                 squad(EMPIRE, "academypilot", "blacksquadronace"),
                 poses={"p1.1": (300, 200, 0), "p2.1": (100, 700, 180),
                        "p2.2": (700, 700, 180)})


def test_end_phase_removes_circular_tokens_and_keeps_red_and_blue():
    """END PHASE / TOKEN COLORS: green (focus, evade, calculate, reinforce) and orange
    (tractor, jam, disarm) tokens are removed; red (stress, strain, deplete, ion) and blue
    (cloak) tokens and locks stay."""
    game = _pacer_game()
    drive(game, at("perform_action", "p2.2"))
    for token in Token:
        give(game, "p1.1", token)
    game.state.ships["p1.1"].locks = ["p2.1"]
    game.state.ships["p2.1"].locks = ["p1.1"]
    drive(game, lambda d: game.state.round == 2)
    assert tokens(game, "p1.1") == {"stress": 1, "strain": 1, "deplete": 1, "ion": 1,
                                    "cloak": 1}
    assert game.state.ships["p1.1"].locks == ["p2.1"]
    assert game.state.ships["p2.1"].locks == ["p1.1"]


def test_end_phase_recovers_and_loses_charges():
    """END PHASE step 4 / CHARGES: each card with a recurring charge symbol recovers that
    many charges (never above its limit); each with a negative recurring symbol loses
    that many (never below 0); other charges are unchanged."""
    game = _pacer_game()
    ship = game.state.ships["p1.1"]
    ship.charges = {"recurring": Charge(0, 2, 1), "full": Charge(2, 2, 1),
                    "double": Charge(0, 3, 2), "negative": Charge(2, 2, -1),
                    "empty-negative": Charge(0, 2, -1), "plain": Charge(0, 2, 0)}
    drive(game, lambda d: game.state.round == 2)
    assert {k: c.active for k, c in ship.charges.items()} == {
        "recurring": 1, "full": 2, "double": 2, "negative": 1, "empty-negative": 0,
        "plain": 0}
    drive(game, lambda d: game.state.round == 3)
    assert ship.charges["recurring"].active == 2 and ship.charges["double"].active == 3
    assert ship.charges["negative"].active == 0


def test_end_phase_recovers_force():
    """FORCE CHARGE: during the End Phase a ship recovers its recurring Force, up to its
    capacity."""
    game = start(squad(EMPIRE, "inquisitor"), squad(REBEL, "bluesquadronescort"),
                 poses={"p1.1": (300, 200, 0), "p2.1": (600, 700, 180)})
    ship = game.state.ships["p1.1"]
    ship.force = 0
    drive(game, lambda d: game.state.round == 2)
    assert ship.force == 1
    drive(game, lambda d: game.state.round == 3)
    assert ship.force == 1


def test_shields_of_standard_ships_do_not_recover():
    """SHIELD: only huge ships have recurring shields: a T-65's lost shields stay lost."""
    game = _pacer_game()
    game.state.ships["p1.1"].shields = 0
    drive(game, lambda d: game.state.round == 3)
    assert game.state.ships["p1.1"].shields == 0


# ---------------------------------------------------------------- stressed dials
def test_a_stressed_ship_can_not_set_a_red_maneuver():
    """Rulebook: a stressed ship cannot set or execute red maneuvers: its dial decision
    lists only its non-red maneuvers, and a red one is refused."""
    game = _pacer_game()
    drive(game, lambda d: game.state.round == 2, dials={"p1.1": "3ER"})   # red: stress
    assert tokens(game, "p1.1") == {"stress": 1}
    d = drive(game, at("set_dial", "p1.1"))
    ship = game.state.ships["p1.1"]
    assert d.option_keys() == [c for c in ship.dial if not c.endswith("R")]
    with pytest.raises(IllegalChoiceError):
        game.answer("4KR")


def test_an_unstressed_ship_may_set_red_maneuvers():
    game = _pacer_game()
    d = drive(game, at("set_dial", "p1.1"))
    assert "4KR" in d.option_keys() and "3ER" in d.option_keys()


# ------------------------------------------------------------------ game length
def test_a_game_lasts_twelve_rounds_by_default():
    """GAME LENGTH: at the end of the twelfth round the game ends; with both players'
    ships left the one with more mission points wins (here only the deficits)."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses={"p1.1": (300, 300, 90), "p2.1": (600, 600, 270)})
    assert game.state.last_round == 12
    drive(game, dials={"p1.1": "1BB", "p2.1": "1TW"})  # circling near their edges
    s = game.state
    assert s.over and s.round == 12 and s.phase == "over"
    assert [p.mission_points for p in s.players] == [18, 15]
    assert s.winner == 0


def test_the_number_of_rounds_is_configurable():
    """GAME LENGTH: players may agree on any number of rounds."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses=_spread(["p1.1", "p2.1"]), rounds=2)
    drive(game)
    assert game.over and game.state.round == 2


def test_equal_mission_points_are_a_draw():
    """WINNING THE GAME: the player with the most mission points wins; equal is a draw."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(REBEL, "bluesquadronescort"),
                 poses=_spread(["p1.1", "p2.1"]), rounds=1)
    drive(game)
    assert game.over and game.state.winner is None


def test_a_player_without_ships_loses_at_the_end_of_the_round():
    """GAME LENGTH / REMOVED FROM THE GAME: if all of one player's ships are removed the
    game ends at the end of the current round (not at once): the other ships still
    activate and engage, the End Phase happens, and the other player wins."""
    game = start(squad(REBEL, "bluesquadronescort"),
                 squad(EMPIRE, "academypilot", "blacksquadronace"),
                 poses={"p1.1": (300, 880, 0), "p2.1": (100, 700, 180),
                        "p2.2": (700, 700, 180)})
    plan(game, {"p1.1": "2FB"})                           # flies off the far edge
    assert drive(game, at("perform_action", "p2.2")).ship == "p2.2"
    assert game.state.ships["p1.1"].removed and not game.over
    game.answer("focus")
    drive(game)
    s = game.state
    assert s.over and s.round == 1 and s.winner == 1
    assert [e["ship"] for e in events(game, "engage")] == ["p2.2", "p2.1"]
    assert tokens(game, "p2.2") == {}                    # the End Phase happened


def test_the_setup_roll_gives_player_order_until_the_first_planning_roll():
    """PLAYER ORDER / SETUP step 2: the first player of setup holds the marker until the
    first Planning Phase's roll."""
    seed = seed_with_first_player(1)
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 seed=seed)
    assert game.state.first_player == 1
    assert game.state.player_order() == (1, 0)


def test_both_fleets_gone_is_a_draw():
    """WINNING THE GAME: both players' last ships flee in the same round: the game ends at
    the end of that round and nobody has more ships (the engine: a draw)."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "academypilot"),
                 poses={"p1.1": (300, 880, 0), "p2.1": (600, 30, 180)})
    plan(game, {"p1.1": "2FB", "p2.1": "2FB"})
    drive(game)
    assert game.over and game.state.round == 1 and game.state.winner is None
