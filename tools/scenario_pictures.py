"""Draw docs/img/scenario-<name>.svg: each standard scenario's board as Tallon plays it.

Each picture is a real seeded game between two simple agents, stopped when its fourth
round begins (the features placed, three rounds flown, two End Phases scored), drawn by
Tallon's own table drawing with the scenario's features and its caption (the scenario, the
round, the mission points). The agents take the scenario's action (tow, scramble) whenever
it is offered and keep a cache once towed, so that the pictures show what the scenarios
do. Everything is seeded: the same engine draws the same files.

    .venv/bin/python tools/scenario_pictures.py            # rewrite docs/img/scenario-*.svg
    .venv/bin/python tools/scenario_pictures.py --check    # exit 1 if a picture is stale
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from tallon.agents import agent_answer, draw_chance
from tallon.agents.simple import SimpleAgent
from tallon.cards import CARDS
from tallon.cards.pool import default_squads
from tallon.engine import Game, GameSetup
from tallon.engine.decisions import Decision, Value
from tallon.engine.scenarios import SCENARIOS
from tallon.render.features import game_caption, game_features_svg
from tallon.render.replay import player_colours
from tallon.render.replay_page import PLAYER_COLOURS
from tallon.render.svg import Drawing, draw_table

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "img"
#: the seed of each scenario's game (one whose board at round 4 shows the scenario at work)
SEEDS = {"satellite-array": 1, "chance-engagement": 1, "salvage-mission": 1,
         "scramble-transmissions": 1}
#: the round whose start the picture shows
ROUND = 4


class ScenarioMinded:
    """A simple agent that also takes the scenario's action when it may, tows or scrambles
    the first feature offered, and never jettisons."""

    needs_view = True

    def __init__(self, seed: int) -> None:
        self.simple = SimpleAgent(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Value:
        keys = decision.option_keys()
        if decision.kind == "perform_action":
            for key in ("tow", "scramble"):
                if key in keys:
                    return key
        if decision.kind == "jettison" and "keep" in keys:
            return "keep"
        if decision.kind == "scenario_target":
            return decision.options[0].key
        return self.simple.choose(view, decision)


def picture_game(name: str, seed: int | None = None, round_number: int = ROUND) -> Game:
    """The scenario's game, played until ``round_number`` begins (or the game ends)."""
    seed = SEEDS[name] if seed is None else seed
    game = Game(GameSetup(default_squads(), seed=seed, cards=CARDS, scenario=name))
    agents = (ScenarioMinded(seed), ScenarioMinded(seed + 1))
    chance = random.Random(seed)  # only a game set up with explicit chance asks
    while game.decision is not None and game.state.round < round_number:
        decision = game.decision
        if decision.is_chance:
            game.answer(draw_chance(decision, chance))
            continue
        game.answer(agent_answer(agents[decision.player - 1], game))
    return game


def picture(name: str) -> str:
    """The SVG of the scenario's picture."""
    game = picture_game(name)
    drawing = Drawing(ship_colours=player_colours(game), title=game_caption(game),
                      fragments=[game_features_svg(game, PLAYER_COLOURS)])
    return draw_table(game.state.table(), drawing) + "\n"


def path_of(name: str) -> Path:
    return IMAGES / f"scenario-{name}.svg"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the files instead of writing them")
    args = parser.parse_args(argv)
    stale = []
    for name in SCENARIOS:
        drawn = picture(name)
        if args.check:
            if not path_of(name).exists() or path_of(name).read_text() != drawn:
                stale.append(str(path_of(name).relative_to(ROOT)))
        else:
            path_of(name).write_text(drawn)
            print(f"wrote {path_of(name).relative_to(ROOT)}")
    if stale:
        print("stale (run tools/scenario_pictures.py): " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
