"""The master: searches from its player's information set only, plays whole games, and
judges a finished rollout by what is left on the table."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import SimpleNamespace

from tallon.agents import InformationSet, play
from tallon.agents.ace import AceAgent
from tallon.agents.levels import Think
from tallon.agents.master import SWITCH_ERRORS, MasterAgent, material
from tallon.engine import Game, GameSetup
from tests.agents.test_ace import hidden_dials_game
from tests.engine.test_agents import SQUADS
from tests.rules.game_helpers import new_game


def test_the_master_plays_the_same_whatever_the_hidden_dials_say():
    """Situation: the opponent's dials are set facedown when the master sets a dial; the
    same game with those dials changed. Expected: the same answer with the same seed and a
    fixed number of samples (its search samples only the information set)."""
    game, player = hidden_dials_game()
    other = game.clone()
    for ship in other.state.ships_of(3 - player):
        if ship.dial_set is not None:
            ship.dial_set = next(c for c in ship.dial if c != ship.dial_set)
    answers = []
    for g in (game, other):
        agent = MasterAgent(5, samples=2)
        answers.append(agent.choose(g.view(player), g.decision, InformationSet(g, player)))
    assert answers[0] == answers[1]
    assert answers[0] in game.decision.option_keys()


def test_the_master_completes_a_game_against_the_ace():
    """Situation: a two-round game, the master (one rollout per candidate) against the
    ace. Expected: it ends after round 2 with every answer accepted by the engine."""
    game = Game(GameSetup(SQUADS[0], seed=3, rounds=2, cards=new_game(*SQUADS[0]).cards))
    play(game, (MasterAgent(1, samples=1), AceAgent(2)))
    assert game.over and game.state.round == 2


def test_material_counts_ships_and_shields_left():
    """Situation: a fresh game, then one of player 2's ships destroyed. Expected: player
    1's standing rises by that ship's cost, and each player's standing is the other's
    negative."""
    game = new_game(*SQUADS[0], seed=1)
    before = material(game, 1)
    assert material(game, 2) == -before
    ship = game.state.ships_of(2)[0]
    ship.destroyed = True
    assert material(game, 1) - before == ship.cost
    assert material(game, 2) == -material(game, 1)


def test_standing_is_the_same_judgement_from_either_side():
    """Situation: a game in round 3 between two aces. Expected: how the ships stand for
    player 1 is the negative of how they stand for player 2, and it is not zero (the
    squads differ and stand apart)."""
    from tallon.agents.master import standing

    game = new_game(*SQUADS[0], seed=2)
    agents = (AceAgent(1), AceAgent(2))
    while not (game.state.round == 3 and game.decision.kind == "set_dial"):
        d = game.decision
        game.answer(agents[d.player - 1].choose(game.view(d.player, log=False), d))
    one, two = standing(game, 1), standing(game, 2)
    assert one == -two and one != 0


def test_the_time_bank_gives_the_dials_the_time_the_others_leave():
    """Situation: a master thinking 0.2 s a decision, with 0.2 s, then 1 s, then 0.04 s
    saved. Expected: a target is never searched (the ace's calculator picks it); a dial
    may use what is saved up to three times the budget, an action up to half of it; with
    less than a quarter of the budget saved nothing is searched."""
    agent = MasterAgent(1, think=Think(0.2, "seconds"))
    agent.bank = 0.2
    assert agent._budget("declare_attack") == 0.0
    assert agent._budget("set_dial") == 0.2
    assert abs(agent._budget("perform_action") - 0.1) < 1e-9
    agent.bank = 1.0
    assert abs(agent._budget("set_dial") - 0.6) < 1e-9
    agent.bank = 0.04
    assert agent._budget("set_dial") == 0.0


def test_the_ace_choice_stands_unless_another_is_clearly_better():
    """Situation: the ace's choice "a" against "b" and "c" in five paired samples, for a
    dial and for an action. Expected: "b", better by 0.5 a sample on average but worse in
    two of five, does not replace it (under one standard error of the differences); "c",
    better by 2.9 on average but by 15 in one sample and worse in the rest, does not
    either; "b" better by 0.5 in every sample does (small, but every sample agrees)."""
    base = [0.0, 1.0, -2.0, 4.0, 0.5]
    noisy = [v + d for v, d in zip(base, [3.0, -2.0, 1.5, -1.0, 1.0], strict=True)]
    near = {"a": base, "b": noisy, "c": [v - 2 for v in base]}
    lucky = dict(near, c=[base[0] + 15, *(v - 0.1 for v in base[1:])])
    lucky["c"][0] -= 0.1  # a mean of 2.9, not over its spread
    steady = dict(near, b=[v + 0.5 for v in base])
    for kind in ("set_dial", "perform_action"):
        assert MasterAgent._verdict(["a", "b", "c"], near, kind) == "a"
        assert MasterAgent._verdict(["a", "b", "c"], lucky, kind) == "a"
        assert MasterAgent._verdict(["a", "b", "c"], steady, kind) == "b"


def test_few_samples_judge_a_dial_by_its_error_and_never_switch_an_action():
    """Situation: a candidate "b" against the ace's "a" on one or two samples. Expected
    (docs/simulation.md, the verdict, measured: on two samples, checked with thirty, a
    dial's switches by the standard error were worth more than by two points a sample,
    and an action's switches lost by every rule): a dial on two samples switches when
    "b" is better by more than one standard error (+0.5 and +0.7: yes; +3 and -1: no); on
    one sample when better by more than two points (2.5: yes; 1.5: no); an action keeps
    the ace's choice on fewer than three samples, whatever "b" did, and switches on three
    agreeing ones."""
    verdict = MasterAgent._verdict
    assert verdict(["a", "b"], {"a": [0.0, 0.0], "b": [0.5, 0.7]}, "set_dial") == "b"
    assert verdict(["a", "b"], {"a": [0.0, 0.0], "b": [3.0, -1.0]}, "set_dial") == "a"
    assert verdict(["a", "b"], {"a": [0.0], "b": [2.5]}, "set_dial") == "b"
    assert verdict(["a", "b"], {"a": [0.0], "b": [1.5]}, "set_dial") == "a"
    for few in ([5.0], [5.0, 5.5]):
        results = {"a": [0.0] * len(few), "b": few}
        assert verdict(["a", "b"], results, "perform_action") == "a"
    assert verdict(["a", "b"], {"a": [0.0] * 3, "b": [5.0, 5.5, 5.2]},
                   "perform_action") == "b"


def test_the_verdict_tool_switches_as_the_master_does():
    """Situation: 300 random sets of paired samples (3 to 8 samples, 2 to 4 candidates).
    Expected: tools/master_verdicts.py, which measures what the master's rule of when to
    switch is worth, picks with that rule (no margin, SWITCH_ERRORS standard errors) the
    candidate the master's own verdict picks: its figures are the master's."""
    path = Path(__file__).parents[2] / "tools" / "master_verdicts.py"
    spec = importlib.util.spec_from_file_location("master_verdicts", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    rng = random.Random(3)
    for n in range(300):
        candidates = ["a", "b", "c", "d"][:rng.randint(2, 4)]
        samples = rng.randint(3, 8)
        results = {c: [rng.gauss(0, 2) + (0.8 * k if rng.random() < 0.5 else 0)
                       for _ in range(samples)] for k, c in enumerate(candidates)}
        row = {"few": tool.differences(candidates, results)}
        chosen = MasterAgent._verdict(candidates, results, tool.KINDS[n % 2])
        assert candidates[tool.switched(row, 0.0, SWITCH_ERRORS)] == chosen


def test_dial_candidates_add_other_bearings_to_the_ace_best():
    """Situation: the ace chose 2 bank left; its ranking by value is 3 bank left, 2 bank
    left, 2 straight, 1 turn left, 2 straight red. Expected: the candidates are its choice,
    the best other (3 bank left), then the best of each new bearing (2 straight, 1 turn
    left), four in all."""
    from tallon.agents.master import _diverse_dials

    ranked = ["3BW", "2BW", "2FW", "1TW", "2FR"]
    assert _diverse_dials("2BW", ranked) == ["2BW", "3BW", "2FW", "1TW"]


def test_the_master_takes_the_ace_target():
    """Situation: ace against ace until a ship declares an attack with a choice of
    targets. Expected: the master (two rollouts a decision) answers as the ace with the
    same seed: targets are the ace's to choose."""
    game = new_game(*SQUADS[0], seed=6)
    agents = (AceAgent(1), AceAgent(2))
    while not (game.decision.kind == "declare_attack" and len(game.decision.options) > 2):
        d = game.decision
        assert d is not None
        game.answer(agents[d.player - 1].choose(game.view(d.player, log=False), d))
    d = game.decision
    master = MasterAgent(7, samples=2)
    answer = master.choose(game.view(d.player), d, InformationSet(game, d.player))
    assert answer == AceAgent(7).choose(game.view(d.player), d)


def test_a_budget_in_imagined_decisions_is_charged_by_the_decisions_played():
    """Situation: a master thinking 30 imagined decisions a decision sets its first dial
    (30 saved: a dial may use three times the budget, as far as the bank has it).
    Expected: it plays sampled games until they have taken 30 decisions or more, and the
    bank is charged exactly the decisions they took."""
    game, player = hidden_dials_game()
    agent = MasterAgent(5, think=Think(30, "decisions"))
    agent.choose(game.view(player), game.decision, InformationSet(game, player))
    assert agent.imagined >= 30
    assert agent.bank == 30 - agent.imagined


def test_a_budget_in_imagined_decisions_plays_the_same_game_on_any_clock(monkeypatch):
    """Situation: a two-round game, the master (60 imagined decisions a decision) against
    the ace, played twice with the same seeds; the second time the clock runs ten seconds
    between any two readings (a machine a thousand times slower). Expected: the same
    answers and the same final state: its budget is work, not time."""
    import tallon.agents.master as master_module

    def played() -> tuple[list, str]:
        game = Game(GameSetup(SQUADS[0], seed=4, rounds=2, cards=new_game(*SQUADS[0]).cards))
        play(game, (MasterAgent(1, think=Think(60, "decisions")), AceAgent(2)))
        return game.choices, game.state_hash()

    first = played()
    ticks = iter(range(0, 10**9, 10))
    slow = SimpleNamespace(perf_counter=lambda: float(next(ticks)))
    monkeypatch.setattr(master_module, "time", slow)
    assert played() == first
