"""Every kind of decision the engine can ask a player is presented by the page, and each
of its options can be answered from it (no kind is silently left to a fallback)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from tallon.agents import RandomAgent
from tallon.cards import CARDS
from tallon.cards.pool import default_squads, random_squad
from tallon.engine import Game, GameSetup
from tallon.engine.vocabulary import DECISION_KINDS
from tallon.server.messages import player_message

CHANCE_KINDS = {name for name, kind in DECISION_KINDS.items() if kind.who.startswith("the chance")}

PRESENT = """async ([decision, dial]) => {
  const {presentDecision} = await import('/static/decisions.js');
  const box = document.createElement('div');
  document.body.replaceChildren(box);
  const answers = [];
  const context = {answer: (value) => answers.push(value), hover: () => {}, select: () => {},
                   place: () => {}, dialOf: () => dial, attack: () => ({attack_dice:
                   ['hit', 'focus'], defense_dice: ['evade']})};
  const results = [];
  for (const option of decision.options) {
    box.replaceChildren();
    presentDecision(box, decision, context);
    const wanted = typeof option.value === 'string' ? option.value : JSON.stringify(option.value);
    const control = [...box.querySelectorAll('button[data-value]')]
      .find((b) => b.dataset.value === wanted && !b.disabled);
    if (!control) { results.push(null); continue; }
    const before = answers.length;
    control.click();
    if (control.closest('.dial-grid')) box.querySelector('button[data-confirm]').click();
    results.push(answers.length > before ? answers[answers.length - 1] : null);
  }
  return {results, unknown: box.dataset.unknownKind || null};
}"""


@cache
def real_decisions() -> dict[str, dict[str, Any]]:
    """The first decision of each kind met in a few games between random agents, in the
    server's message shape."""
    seen: dict[str, dict[str, Any]] = {}
    for seed in range(10):
        rng = random.Random(seed)
        squads = default_squads() if seed == 0 else (random_squad(rng), random_squad(rng))
        game = Game(GameSetup(squads, seed, "2.5", cards=CARDS))
        agents = {1: RandomAgent(seed), 2: RandomAgent(seed + 100)}
        while game.decision is not None:
            decision = game.decision
            if decision.kind not in seen:
                seen[decision.kind] = player_message(game, decision.player)["decision"]
            game.answer(agents[decision.player].choose(
                game.view(decision.player, log=False), decision))
    return seen


def sample(kind: str) -> dict[str, Any]:
    """A real decision of ``kind`` when the sample games met one; otherwise one built
    from the vocabulary (two options of the plain shape every kind's answers take)."""
    found = real_decisions().get(kind)
    if found is not None:
        return found
    options: list[dict[str, Any]] = [{"value": "first", "label": "the first choice"},
                                     {"value": "none", "label": "decline"}]
    if kind in ("set_dial", "choose_maneuver", "slam_maneuver"):
        options = [{"value": "2FW", "label": "2FW"}, {"value": "1BB", "label": "1BB"}]
    return {"id": 1, "player": 1, "kind": kind, "ship": "p1.1", "free": None,
            "prompt": f"a decision of kind {kind}", "options": options}


def test_the_page_presents_every_decision_kind(page: Any, server: Any) -> None:
    """Situation: every kind in the engine's vocabulary that a player answers (the
    chance kinds are answered by the server's random generator: a server game is never
    created with explicit chance). Rule: the page answers every Decision of the engine.
    Expected: the page's presenter table names every kind, and clicking each option's
    control (with Confirm after selecting a maneuver) answers exactly that option."""
    page.goto(server.base + "/")
    presented = set(page.evaluate(
        "async () => Object.keys((await import('/static/decisions.js')).PRESENTERS)"))
    asked = set(DECISION_KINDS) - CHANCE_KINDS
    assert asked - presented == set(), "kinds the page cannot present"
    assert presented - asked == set(), "the page presents kinds the engine does not have"
    for kind in sorted(asked):
        decision = sample(kind)
        outcome = page.evaluate(PRESENT, [decision, ["1BB", "1FB", "2FW", "3KR", "2TW"]])
        assert outcome["unknown"] is None, kind
        assert outcome["results"] == [option["value"] for option in decision["options"]], kind


def test_most_kinds_come_from_real_games() -> None:
    """Situation: the sample games the test above draws its decisions from. Rule: a test
    of the page is only as good as its samples. Expected: the common kinds (setup,
    dials, actions, attacks, dice, the ability queue) are met in real games, with their
    real options, not built."""
    met = set(real_decisions())
    assert {"place_obstacle", "place_ship", "set_dial", "perform_action", "declare_attack",
            "modify_attack_dice", "modify_defense_dice", "order_abilities"} <= met


def test_server_games_roll_their_own_dice(tmp_path: Any) -> None:
    """Situation: a game the server hosts, created and rebuilt from its database. Rule:
    chance decisions exist only in games created with chance="explicit" (for search); the
    server's games draw chance from their seed. Expected: neither game stops for chance,
    so no chance decision can reach a page."""
    from tallon.server.host import Host
    from tallon.server.store import Store
    from tallon.squads import to_xws

    host = Host(Store(f"sqlite:///{tmp_path / 'games.db'}"))
    created = host.create({"squads": [to_xws(s) for s in default_squads()],
                           "seats": ["ai:simple", "ai:simple"], "seed": 4})
    assert {"chance_roll_dice", "chance_draw_damage", "chance_first_player",
                            "chance_pick_at_random"} == CHANCE_KINDS
    assert not host.session(created["game"]).game.explicit_chance
    rebuilt = Host(Store(f"sqlite:///{tmp_path / 'games.db'}")).session(created["game"])
    assert not rebuilt.game.explicit_chance
