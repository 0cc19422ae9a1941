"""Scenario features on the drawn board: where they are, whose marker they bear, the ship
towing a cache; the replay of a scenario game shows them and the mission points scored;
the documentation's pictures are what tools/scenario_pictures.py draws."""

from __future__ import annotations

import importlib.util
import json
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from tallon.agents import play
from tallon.agents.simple import SimpleAgent
from tallon.cards import CARDS
from tallon.cards.pool import default_squads
from tallon.engine import Game, GameSetup
from tallon.engine.features import TOWING, Feature
from tallon.render.features import feature_svg, game_caption, game_features_svg
from tallon.render.replay import replay_html
from tallon.render.replay_page import PLAYER_COLOURS
from tallon.render.svg import Drawing, draw_table

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


def _parsed(fragment: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{fragment}</svg>')


def _markers(root: ET.Element) -> dict[str, ET.Element]:
    """Each feature's marker circle, by feature id."""
    found = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "feature":
            found[group.get("data-feature", "")] = next(
                c for c in group.iter(f"{SVG}circle") if "marker" in c.get("class", ""))
    return found


def _set_up(scenario: str) -> Game:
    """A game of ``scenario`` whose first player has placed its features (simple agents
    answer until the first dial is set)."""
    game = Game(GameSetup(default_squads(), seed=3, cards=CARDS, scenario=scenario))
    agents = (SimpleAgent(3), SimpleAgent(4))
    while game.decision is not None and game.decision.kind != "set_dial":
        game.answer(agents[game.decision.player - 1].choose(
            game.view(game.decision.player, log=False), game.decision))
    return game


def test_features_are_drawn_at_their_centres_at_marker_size() -> None:
    """Situation: a Satellite Array game after setup (five satellites placed). Rule
    (rulebook: SCENARIO FEATURE; Tallon's marker is 40 mm across): each feature is a round
    marker where the engine placed it. Expected: the table drawing holds one marker per
    feature, centred at its (x, y) in the table frame, of radius 20 mm, and the caption
    names the scenario and the mission points."""
    game = _set_up("satellite-array")
    features = game.state.features
    assert len(features) == 5
    drawing = Drawing(title=game_caption(game),
                      fragments=[game_features_svg(game, PLAYER_COLOURS)])
    root = ET.fromstring(draw_table(game.state.table(), drawing))
    markers = _markers(root)
    assert set(markers) == {f.id for f in features}
    for feature in features:
        circle = markers[feature.id]
        assert abs(float(circle.get("cx", "nan")) - feature.x) < 0.001
        assert abs(float(circle.get("cy", "nan")) - feature.y) < 0.001
        assert circle.get("r") == "20"
    # the features are drawn in the flipped table group, under the ships
    table = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "table")
    assert any(g.get("class") == "feature" for g in table.iter(f"{SVG}g"))
    points = [p.mission_points for p in game.state.players]
    caption = "".join(root.find(f"{SVG}text").itertext())  # type: ignore[union-attr]
    assert caption == (f"Assault at the Satellite Array - round 1 - mission points: "
                       f"player 1 {points[0]}, player 2 {points[1]}")


def test_a_marked_satellite_shows_its_players_colour() -> None:
    """Situation: Scramble the Transmissions, satellite 2 bears player 2's marker, the
    others none. Rule (RR: PLAYER MARKER): the marker on a satellite says who controls
    it. Expected: satellite 2's marker is ringed in player 2's colour and carries a player
    marker in it; an unmarked satellite has neither."""
    features = [{"id": "satellite-1", "kind": "satellite", "x": 457.2, "y": 457.2,
                 "marker": None, "carrier": None},
                {"id": "satellite-2", "kind": "satellite", "x": 300.0, "y": 700.0,
                 "marker": 2, "carrier": None}]
    root = _parsed(feature_svg(features, PLAYER_COLOURS, ring=1))
    markers = _markers(root)
    assert markers["satellite-2"].get("stroke") == PLAYER_COLOURS[1]
    assert markers["satellite-1"].get("stroke") not in PLAYER_COLOURS
    dots = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "player-marker"]
    assert [d.get("fill") for d in dots] == [PLAYER_COLOURS[1]]
    rings = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "range-ring"]
    assert [r.get("r") for r in rings] == ["120", "120"]  # 20 mm marker + range 1


def test_a_towed_cache_is_drawn_beside_its_ship() -> None:
    """Situation: Salvage Mission, a ship tows supply cache 1 (its card holds it, it is
    off the table). Rule (Salvage Mission: Tow): the cache is on the towing ship's card.
    Expected: the drawing shows cache 1 small beside that ship, naming it as the carrier,
    and no range ring (a towed cache is not in the play area)."""
    game = _set_up("salvage-mission")
    ship = game.state.ships_of(1)[0]
    s = game.state
    s.features = [f.carried_by(ship.id) if f.id == "supply_cache-1" else f
                  for f in s.features]
    ship.remember(TOWING, "supply_cache-1")
    root = _parsed(game_features_svg(game, PLAYER_COLOURS))
    towed = next(g for g in root.iter(f"{SVG}g") if g.get("data-feature") == "supply_cache-1")
    assert towed.get("data-carrier") == ship.id
    x, y = float(towed.get("data-x", "nan")), float(towed.get("data-y", "nan"))
    gap = ((x - ship.pose.x) ** 2 + (y - ship.pose.y) ** 2) ** 0.5
    assert 20 < gap < 60, "beside the ship's base, not on it nor far from it"
    assert not [c for c in towed.iter(f"{SVG}circle") if c.get("class") == "range-ring"]
    assert isinstance(s.features[0], Feature)


@cache
def _scenario_replay() -> tuple[Game, list[dict[str, Any]], str]:
    game = Game(GameSetup(default_squads(), seed=0, cards=CARDS,
                          scenario="satellite-array"))
    play(game, (SimpleAgent(0), SimpleAgent(1)))
    page = replay_html(game.to_record(), "test")
    found = re.search(r"const frames = (.*?);\nconst slider", page, re.S)
    assert found
    return game, json.loads(found.group(1).replace("<\\/", "</")), page


def test_the_replay_of_a_scenario_game_shows_features_and_scores() -> None:
    """Situation: a whole Satellite Array game between simple agents, replayed as a page.
    Rule (rulebook: MISSION POINTS): the log says each mission point scored and why.
    Expected: the frames after setup draw the five satellites, each frame carries the
    mission points as they stood, the last frame's points are the game's, and its list of
    points scored holds every "score" event of the log, in order."""
    game, frames, page = _scenario_replay()
    assert '<g id="features"></g>' in page
    placed = [f for f in frames if f["features"].count('class="feature"') == 5]
    assert placed, "no frame shows the five satellites"
    assert frames[0]["features"].count('class="feature"') < 5, "placed one at a time"
    assert frames[-1]["points"] == [p.mission_points for p in game.state.players]
    scores = [e["text"] for e in game.log if e["kind"] == "score"]
    assert scores, "a whole satellite game scores control"
    assert [t for t in frames[-1]["scores"] if t in scores] == scores
    assert any("controls satellite" in t for t in frames[-1]["scores"])
    assert "Assault at the Satellite Array" in page


def _pictures_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "scenario_pictures", ROOT / "tools" / "scenario_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_documented_pictures_are_what_the_tool_draws() -> None:
    """Situation: docs/scenarios.md shows one board per scenario, drawn by
    tools/scenario_pictures.py from a seeded game. Rule: the pictures are Tallon's own
    drawings of real games. Expected: each committed picture is exactly what the tool
    draws now (when the engine changes how these games go, run the tool again), with the
    scenario named in its caption."""
    tool = _pictures_tool()
    for name in ("satellite-array", "chance-engagement", "salvage-mission",
                 "scramble-transmissions"):
        drawn = tool.picture(name)
        committed = (ROOT / "docs" / "img" / f"scenario-{name}.svg").read_text()
        assert drawn == committed, f"docs/img/scenario-{name}.svg is stale: run " \
                                   "tools/scenario_pictures.py"
        assert 'class="feature"' in drawn
