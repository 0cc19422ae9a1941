"""The opponent model: where each enemy ship will go, predicted as an ace in the enemy's
seat would dial it, and how far the prediction has earned trust.

The ace foresees an enemy as a few likely end positions, judged by a short look from the
enemy's side. A player facing an opponent who plans like the ace can do better: plan the
enemy's whole fleet as the ace would plan it from the enemy's seat (every dial judged
against where our ships may go, the best flown exactly, ship after ship), from what both
players see at the start of the Planning Phase - positions, tokens, damage, the printed
dials. Nothing hidden is read: the prediction is made from the view alone, so two games
its player cannot tell apart get the same prediction.

An opponent need not fly as the ace would, so the model keeps score: each enemy dial
revealed is checked against the prediction made for that ship that round, and the share
predicted right (with one right and one wrong counted before any is seen) is how much the
prediction weighs beside the ace's own foresight. Against the ace it is right about 19
times in 20; against a player who flies otherwise the foresight soon takes over again.
"""

from __future__ import annotations

import random
from typing import Any

from tallon.agents.planning import Planner, unstressed_codes
from tallon.agents.reading import shown_dial
from tallon.geometry import Pose

#: Trust is certain beyond this share: the foresight keeps a little weight (a bump or a
#: card may still put the enemy elsewhere).
MOST_TRUST = 0.95


class OpponentModel:
    """The enemy's dials of each round as an ace in its seat would set them, and the
    record of how often revealed dials matched (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._memory: dict[Any, Any] = {}
        #: the round predicted, and each enemy ship's (maneuver, end) that round
        self.round: int | None = None
        self.predicted: dict[str, tuple[str, Pose]] = {}
        #: revealed dials checked against the prediction, and those it got right
        self.seen = 0
        self.right = 0
        self._checked: set[tuple[int, str]] = set()
        #: False in a copy used by a search: its imagined games teach nothing
        self.learning = True

    @property
    def trust(self) -> float:
        """The weight the prediction gets: the share of revealed dials it got right, with
        one right and one wrong counted before any is seen."""
        return min(MOST_TRUST, (self.right + 1) / (self.seen + 2))

    def copy_for_search(self) -> OpponentModel:
        """The same predictions and trust, learning nothing more."""
        twin = OpponentModel()
        twin.round, twin.predicted = self.round, self.predicted
        twin.seen, twin.right = self.seen, self.right
        twin.learning = False
        return twin

    def observe(self, view: dict[str, Any]) -> None:
        """Check each enemy dial ``view`` shows revealed against this round's prediction
        (once a ship a round)."""
        if not self.learning or view["round"] != self.round:
            return
        for ship in view["ships"]:
            dial = shown_dial(ship)
            if ship["owner"] == view["player"] or dial is None:
                continue
            key = (view["round"], ship["id"])
            if key in self._checked or ship["id"] not in self.predicted:
                continue
            self._checked.add(key)
            self.seen += 1
            self.right += self.predicted[ship["id"]][0] == dial

    def predict(self, view: dict[str, Any]) -> dict[str, tuple[str, Pose]]:
        """The enemy's maneuvers this round and where they end, as an ace in its seat
        would plan them from the start of the Planning Phase (made once a round, in that
        phase; later views get what was made, or nothing)."""
        if view["round"] == self.round:
            return self.predicted
        if view.get("phase") != "planning" or not self.learning:
            return {}
        enemy = 3 - view["player"]
        self._memory = {"round": view["round"]}
        planner = Planner(dict(view, player=enemy), enemy, self._memory)
        plan = planner.plan_dials(unstressed_codes, self.rng)
        self.round = view["round"]
        self.predicted = {ship: (code, end) for ship, (code, end) in plan.items()
                          if end is not None}
        return self.predicted

    def inform(self, planner: Planner, view: dict[str, Any]) -> None:
        """Put each enemy that has yet to move where the prediction says, at the weight
        it has earned, beside the planner's own foresight."""
        self.observe(view)
        predicted = self.predict(view)
        if not predicted:
            return
        trust = self.trust
        for enemy in planner.enemies:
            if enemy.activated or enemy.id not in predicted:
                continue
            end = predicted[enemy.id][1]
            rest = [(pose, weight * (1.0 - trust))
                    for pose, weight in planner.foresight.get(enemy.id, ())]
            planner.foresight[enemy.id] = [(end, trust), *rest]

    def likely_code(self, ship_id: str, rng: random.Random,
                    likely: list[tuple[str, float]] | None) -> str | None:
        """A maneuver for a hidden enemy dial in an imagined game: the predicted one with
        the weight trust gives it, else one of the planner's ``likely`` maneuvers."""
        predicted = self.predicted.get(ship_id)
        if predicted is not None and (not likely or rng.random() < self.trust):
            return predicted[0]
        if likely:
            codes, weights = zip(*likely, strict=True)
            return rng.choices(codes, weights)[0]
        return None


__all__ = ["MOST_TRUST", "OpponentModel"]
