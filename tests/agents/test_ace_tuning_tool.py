"""tools/ace_tuning.py: an ace with one constant changed plays the ace in one process, so
the change must reach every module holding the constant and last only while the variant
chooses."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace

import tallon.agents.paying as paying
import tallon.agents.planning as planning
import tallon.agents.tractoring as tractoring
from tallon.agents.ace import AceAgent
from tallon.engine.decisions import Option


def load_tool():
    path = Path(__file__).parents[2] / "tools" / "ace_tuning.py"
    spec = importlib.util.spec_from_file_location("ace_tuning", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_the_variant_changes_every_binding_while_it_chooses_and_restores_them(monkeypatch):
    """Situation: THREAT_SHARE, defined by planning and imported by name by paying and
    tractoring; a variant with a value none of them holds answers a decision. Expected:
    the three modules are found; while the variant chooses all three read that value;
    after, the value they held (a module left out would keep the old value in its own
    judgements)."""
    tool = load_tool()
    found = tool.holders("tallon.agents.planning", "THREAT_SHARE")
    assert {m.__name__ for m in found} >= {"tallon.agents.planning", "tallon.agents.paying",
                                           "tallon.agents.tractoring"}
    was = planning.THREAT_SHARE
    tried = was + 0.1
    seen = []

    def record(self, view, decision):
        seen.append((planning.THREAT_SHARE, paying.THREAT_SHARE, tractoring.THREAT_SHARE))
        return decision.options[0].key

    monkeypatch.setattr(AceAgent, "choose", record)
    variant = tool.Variant(1, found, "THREAT_SHARE", tried)
    decision = SimpleNamespace(kind="activation_order", options=(Option("a", "a"),))
    assert variant.choose({}, decision) == "a"
    assert seen == [(tried, tried, tried)]
    after = (planning.THREAT_SHARE, paying.THREAT_SHARE, tractoring.THREAT_SHARE)
    assert after == (was, was, was)


def test_a_name_no_agent_module_holds_is_found_nowhere():
    """Situation: a constant planning does not define. Expected: no module holds it (the
    tool then refuses the name)."""
    assert load_tool().holders("tallon.agents.planning", "NO_SUCH_CONSTANT") == []


def test_a_pair_in_which_the_change_never_matters_cancels():
    """Situation: the variant's constant set to the value it already has, two pairs of
    games (sides swapped). Expected: each pair plays the same game twice with the sides'
    agents exchanged (same squad, dice and seeds), so the variant wins exactly as often as
    it loses (with the second game's dice or seeds apart, a pair adds noise instead)."""
    tool = load_tool()
    results = [tool.one_game(("tallon.agents.planning", "THREAT_SHARE",
                              planning.THREAT_SHARE, n, 5)) for n in range(4)]
    assert results[0] == -results[1] and results[2] == -results[3]
    assert any(results)


def test_the_paired_z_counts_only_the_pairs_that_differ():
    """Situation: 100 pairs of games, 90 of them a win and a loss (the change never
    mattered), 10 won twice. Expected: the pairs' z is 20 / sqrt(10 * 4) = 3.16, where
    counting the 200 games as independent (110 wins, 90 losses) gives 1.41; all pairs
    cancelling give 0."""
    tool = load_tool()
    results = [1, -1] * 90 + [1, 1] * 10
    assert abs(tool.paired_z(results) - 20 / 40 ** 0.5) < 1e-12
    assert tool.paired_z([1, -1, -1, 1, 0, 0]) == 0.0
