"""The master: the ace's judgement with an opponent model, checked by playing ahead.

Its ace models the opponent (:mod:`tallon.agents.opponent`): each round the enemy's dials
are predicted as an ace in the enemy's seat would set them, from the view alone, and
that prediction weighs beside the ace's own foresight as far as revealed dials have
borne it out. For the choices that decide games - each ship's dial and its action - the
master takes a few of that ace's candidates (for a dial its choice, its next best and the
best of other bearings) and plays each forward in games consistent with its player's
view (:class:`~tallon.agents.InformationSet`: the opponent's facedown dials, the damage
decks and the future dice drawn afresh for each game), our side flown by the modelling
ace and the enemy by the ace, to the end of the round, every candidate in the same
sampled games; a game is judged by the ships and shields kept against those destroyed
(with mission points) and by how both sides' ships then stand. The ace's own choice
stands unless another did clearly better. The opponent's dials in those games are drawn
as the model expects them, not uniformly: a facedown dial is hidden, not random. Targets
are the ace's.

Thinking is kept in a bank: each dial, action or target decision adds ``think`` (a
:class:`~tallon.agents.levels.Think`) and takes what it used, so the dials get what the
targets and most actions leave. By default ``think`` counts the decisions of the games
it imagines (work: the same seed makes the same choices on any machine and under any
load); counted in seconds of the clock, it searches as far as the machine's speed allows.

The search never reads the real game: only samples of the information set, which two
games its player cannot tell apart give alike. With ``samples`` set, a decision plays
exactly that many sampled games, whatever the bank.
"""

from __future__ import annotations

import random
import time
from typing import Any

from tallon.agents import InformationSet, agent_answer, draw_chance
from tallon.agents.ace import AceAgent
from tallon.agents.fighting import target_value
from tallon.agents.levels import DEFAULT_THINK, Think
from tallon.agents.opponent import OpponentModel
from tallon.agents.planning import Planner
from tallon.agents.reading import worth
from tallon.engine.decisions import Decision, Value
from tallon.engine.game import Game
from tallon.engine.knowledge import sees_dial

#: The decisions searched; the ace answers the rest at once.
SEARCHED = ("set_dial", "perform_action", "declare_attack")
#: Candidates played forward per decision, the ace's best first.
CANDIDATES = 3
#: The most a decision of each searched kind may think, in multiples of ``think``, when
#: its player's bank allows: the dials decide games, so they get the time the
#: others leave; a target is the ace's (its exact calculator judges targets better than
#: a few noisy rollouts did: they overruled it once in thirty).
SHARE = {"set_dial": 3.0, "perform_action": 0.5, "declare_attack": 0.0}
#: Below this share of ``think`` left in the bank a decision is not searched at all:
#: one or two samples are noise.
MIN_SHARE = 0.25
#: By how many standard errors of the paired differences a candidate must beat the ace's
#: choice on average to replace it (with 3 samples or more: the spread of a round's
#: outcomes varies from a point to several between decisions). A margin of a squad point
#: on top, as there was, kept the ace's choice where more samples found another better
#: (docs/simulation.md: the verdict, measured).
SWITCH_ERRORS = 1.0
#: The fewest samples the standard error judges by, per kind. With fewer, a candidate
#: must gain :data:`SMALL_SAMPLE_MARGIN` of its kind instead, and a kind without one keeps
#: the ace's choice (checked with 30 samples, a dial's switches on two samples by the
#: error were worth more than on two points, an action's on any rule were worth nothing:
#: docs/simulation.md, the verdict, measured).
ERROR_SAMPLES = {"set_dial": 2, "perform_action": 3}
#: The squad points a sample a candidate judged on fewer samples than that must gain.
SMALL_SAMPLE_MARGIN = {"set_dial": 2.0}
#: Dial candidates: the ace's choice, its next best, then the best maneuver of each bearing
#: not yet among them, up to this many (the ace's next best alone are often its choice's
#: near twins, a speed apart: little for the search to tell apart).
DIAL_CANDIDATES = 4
#: The ace's value of a maneuver that flees the board (planning's -100), or near it.
FLED = -50.0
#: How much the positions at a rollout's end count beside the material (squad points of
#: expected damage dealt minus taken from where the ships stand).
POSITION_WEIGHT = 0.5
#: Decisions a rollout may take before it is cut short (a round is far fewer).
ROLLOUT_LIMIT = 2_000


def material(game: Game, player: int) -> float:
    """How the game stands for ``player``: each ship's cost weighted by the share of its
    hull and shields left (destroyed ships count nothing), ours minus theirs, plus the
    mission points difference; in squad points."""
    value = 0.0
    for ship in game.state.ships_of():
        if ship.destroyed:
            continue
        full = ship.hull + ship.shield_limit
        left = max(0, ship.hull_remaining) + ship.shields
        worth = ship.cost * (0.4 + 0.6 * left / max(1, full))
        value += worth if ship.owner == player else -worth
    points = game.state.mission_points
    return value + points.get(player, 0) - sum(v for p, v in points.items() if p != player)


def paired_difference(values: list[float], others: list[float]) -> tuple[float, float]:
    """The mean of ``values`` less ``others``, sample by sample, and its standard error
    (0 from a single sample)."""
    diffs = [a - b for a, b in zip(values, others, strict=True)]
    mean = sum(diffs) / len(diffs)
    spread = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return mean, (spread / len(diffs)) ** 0.5


def standing(game: Game, player: int) -> float:
    """How well placed ``player``'s ships stand against the enemy's, in squad points: for
    each side, each ship's position judged by the ace (the damage it may deal from where
    it is, less what it may take) times what a point of damage on it is worth."""
    if game.over:
        return 0.0
    value = 0.0
    for side in (player, 3 - player):
        planner = Planner(game.view(side, log=False), side)
        found = sum(worth(ship) * planner.position_value(ship, ship.pose, True)
                    for ship in planner.mine)
        value += found if side == player else -found
    return value


class MasterAgent:
    """See the module docstring."""

    needs_view = True
    searches = True

    def __init__(self, seed: int = 0, *, think: Think = DEFAULT_THINK,
                 samples: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.think = think
        self.samples = samples
        self.ace = AceAgent(seed, model_opponent=True)
        #: Thinking saved so far, in ``think``'s unit: each decision of a searched kind
        #: adds ``think`` and takes what it used, so over a game the master thinks at most
        #: ``think`` a decision on average, spent where it matters.
        self.bank = 0.0
        #: Decisions of the searched kinds seen, the seconds they took and the decisions
        #: their imagined games played (the averages used: ``spent / decisions`` and
        #: ``imagined / decisions``).
        self.decisions = 0
        self.spent = 0.0
        self.imagined = 0

    def choose(self, view: dict[str, Any], decision: Decision,
               world: InformationSet | None = None) -> Value:
        if world is None or decision.kind not in SEARCHED:
            return self.ace.choose(view, decision)
        started, imagined = time.perf_counter(), self.imagined
        self.bank += self.think.amount
        try:
            return self._search(view, decision, world, started)
        finally:
            seconds = time.perf_counter() - started
            self.bank -= seconds if self.think.timed else self.imagined - imagined
            self.decisions += 1
            self.spent += seconds

    def _budget(self, kind: str) -> float:
        """What this decision may think, in ``think``'s unit: its kind's share, as far as
        the bank has it (0: answer as the ace)."""
        share = SHARE.get(kind, 1.0)
        if share <= 0:
            return 0.0
        budget = min(share * self.think.amount, self.bank)
        return budget if budget >= MIN_SHARE * self.think.amount else 0.0

    def _search(self, view: dict[str, Any], decision: Decision, world: InformationSet,
                started: float) -> Value:
        budget = self._budget(decision.kind)
        if budget <= 0 and (self.samples is None or SHARE.get(decision.kind, 1.0) <= 0):
            return self.ace.choose(view, decision)
        candidates = self._candidates(view, decision)
        if len(candidates) < 2:
            return candidates[0] if candidates else self.ace.choose(view, decision)
        # every candidate is played in the same sampled games with the same dice (common
        # random numbers): the comparison sees the candidates' differences, not the luck
        results: dict[Value, list[float]] = {c: [] for c in candidates}
        timed = self.think.timed and self.samples is None
        deadline = started + budget
        limit = self.imagined + budget
        samples = 0
        while True:
            if self.samples is not None:
                if samples >= self.samples:
                    break
            elif samples and (time.perf_counter() >= deadline if timed
                              else self.imagined >= limit):
                break
            # the first sample is played whole, whatever the budget; counted in imagined
            # decisions, the last one too (its overrun is taken from the bank)
            found = self._play_sample(world, decision.player, candidates, self.rng,
                                      deadline if samples and timed else None)
            if len(found) < len(candidates):
                break
            for candidate, value in found.items():
                results[candidate].append(value)
            samples += 1
        return self._verdict(candidates, results, decision.kind)

    def _play_sample(self, world: InformationSet, player: int, candidates: list[Value],
                     rng: random.Random, deadline: float | None = None) -> dict[Value, float]:
        """Each candidate played in one game sampled from ``world`` with the same dice;
        past ``deadline`` (``time.perf_counter``) before a candidate, those played so
        far."""
        game = world.sample(rng)
        seed = rng.getrandbits(32)
        found = {}
        for candidate in candidates:
            if deadline is not None and time.perf_counter() >= deadline:
                break  # a sample not every candidate played is dropped by the caller
            found[candidate] = self._rollout(game.clone(), player, candidate, seed)
        return found

    @staticmethod
    def _verdict(candidates: list[Value], results: dict[Value, list[float]], kind: str
                 ) -> Value:
        """The ace's choice (the first candidate) unless another did better on average in
        the same samples by :data:`SWITCH_ERRORS` standard errors of the paired
        differences, given :data:`ERROR_SAMPLES` of ``kind`` (fewer: by its
        :data:`SMALL_SAMPLE_MARGIN` a sample, if it has one): a few noisy games must not
        overrule the ace's judgement."""
        first = candidates[0]
        least = ERROR_SAMPLES.get(kind, 3)
        margin = SMALL_SAMPLE_MARGIN.get(kind)
        best, best_mean = first, 0.0
        for candidate in candidates[1:]:
            if not results[candidate]:
                continue
            mean, error = paired_difference(results[candidate], results[first])
            if mean <= best_mean:
                continue
            if len(results[candidate]) >= least:
                if mean <= SWITCH_ERRORS * error:
                    continue
            elif margin is None or mean <= margin:
                continue
            best, best_mean = candidate, mean
        return best

    # ---------------------------------------------------------------- candidates
    def _candidates(self, view: dict[str, Any], decision: Decision) -> list[Value]:
        """The ace's choice first, then its next best, up to :data:`CANDIDATES`."""
        first = self.ace.choose(view, decision)
        keys = decision.option_keys()
        ranked: list[Value] = []
        if decision.kind == "set_dial":
            planner = self.ace.planner(view)
            ship = planner.by_id.get(decision.ship or "")
            if ship is not None:
                values = {c: planner.maneuver_value(ship, c, False)[0] for c in keys}
                # a maneuver the ace foresees flying off the board is no candidate
                ranked = [c for c in sorted(keys, key=lambda c: -values[c])
                          if values[c] > FLED]
                return _diverse_dials(first, ranked)
        elif decision.kind == "perform_action":
            values = self.ace._action_values(view, decision.ship or "", decision)
            ranked = [*sorted(values, key=lambda k: -values[k]), "pass"]
        else:
            scored = {o.key: target_value(view, decision.ship or "", o.info)
                      for o in decision.options if o.info is not None}
            ranked = sorted(scored, key=lambda k: -scored[k])
        found = [first]
        for key in ranked:
            if key in keys and key not in found:
                found.append(key)
            if len(found) >= CANDIDATES:
                break
        return found

    # ---------------------------------------------------------------- rollouts
    def _rollout(self, game: Game, player: int, candidate: Value, seed: int) -> float:
        """Play ``candidate`` in ``game`` (a sample of the information set) and on to the
        end of the round, both sides the ace; how the game then stands for ``player``."""
        ours, theirs = AceAgent(seed), AceAgent(seed + 1)
        ours.opponent = self._model().copy_for_search()  # ours models the enemy too
        agents = (ours, theirs) if player == 1 else (theirs, ours)
        self._redraw_enemy_dials(game, player, ours)
        start_round = game.state.round
        game.answer(candidate)
        chance = random.Random(seed)
        self.imagined += 1
        for _ in range(ROLLOUT_LIMIT):
            decision = game.decision
            if decision is None:
                break
            if decision.kind == "set_dial" and game.state.round > start_round:
                break
            self.imagined += 1
            if decision.is_chance:
                game.answer(draw_chance(decision, chance))
                continue
            game.answer(agent_answer(agents[decision.player - 1], game))
        return material(game, player) + POSITION_WEIGHT * standing(game, player)

    def _model(self) -> OpponentModel:
        model = self.ace.opponent
        assert model is not None
        return model

    @staticmethod
    def _redraw_enemy_dials(game: Game, player: int, ace: AceAgent) -> None:
        """The enemy's facedown dials in a sampled game, redrawn as our opponent model
        expects them (the dial an ace in the enemy's seat would set, as often as such
        predictions proved right; otherwise where our ace foresees each enemy going):
        the sample drew them uniformly."""
        hidden = [s for s in game.state.ships_of()
                  if s.dial_set is not None and not sees_dial(game.state, s, player)]
        if not hidden or ace.opponent is None:
            return
        planner = ace.planner(game.view(player, log=False))
        for ship in hidden:
            code = ace.opponent.likely_code(ship.id, ace.rng, planner.likely_codes.get(ship.id))
            if code is not None:
                ship.dial_set = code


def _diverse_dials(first: Value, ranked: list[Value]) -> list[Value]:
    """The dial candidates: ``first``, the best of ``ranked`` after it, then the best of
    each bearing not yet among them (a code's bearing is its letter after the speed)."""
    found = [first]
    for code in ranked:
        if code != first:
            found.append(code)
            break
    bearings = {str(code)[1:2] for code in found}
    for code in ranked:
        if len(found) >= DIAL_CANDIDATES:
            break
        if str(code)[1:2] not in bearings:
            found.append(code)
            bearings.add(str(code)[1:2])
    return found


__all__ = ["CANDIDATES", "SEARCHED", "MasterAgent", "material", "paired_difference",
           "standing"]
