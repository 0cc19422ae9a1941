"""First-edition games on the server (issue 21: `--ruleset 1e` on serve): XWS 1.0 squads
create a first-edition game (the squads' cards say the ruleset), the squad check judges
them by the first edition's rules, a stored game is rebuilt after a restart, and a 2.5
squad cannot face a first-edition one."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine import Game
from tallon.server.host import Host, RequestError
from tallon.server.library import check_report
from tallon.server.store import Store
from tests.server.helpers import demo_xws

REBELS = {"version": "1.0.0", "faction": "rebel", "name": "Rookies", "pilots": [
    {"name": "rookiepilot", "ship": "xwing"}, {"name": "goldsquadronpilot", "ship": "ywing"}]}
IMPERIALS = {"version": "1.0.0", "faction": "imperial", "name": "Academy", "pilots": [
    {"name": "academypilot", "ship": "tiefighter"},
    {"name": "blacksquadronpilot", "ship": "tiefighter"}]}


@pytest.fixture
def url(tmp_path):
    return f"sqlite:///{tmp_path / 'games.db'}"


def test_xws_1_squads_create_a_first_edition_game_that_survives_a_restart(url):
    """Situation: ``POST /api/games`` with two XWS 1.0 squads and two AI seats (the game
    plays to its end at creation); another host opens the same database. Expected: the
    game is a first-edition one (ruleset 1e in its stored setup, its ships' play ids), the
    rebuilt game ends in the same state and its record reproduces."""
    first = Host(Store(url))
    created = first.create({"squads": [REBELS, IMPERIALS], "seats": ["ai:simple",
                                                                     "ai:simple"],
                            "seed": 5})
    game_id = created["game"]
    before = first.session(game_id).game
    assert before.over
    assert first.store.game(game_id).setup["ruleset"] == "1e"
    assert before.state.ships["p1.1"].pilot == "1e-xwing-rookiepilot"
    again = Host(Store(url)).session(game_id).game
    assert again.state_hash() == before.state_hash()
    record = first.record(game_id, created["seats"][0]["token"])
    assert Game.from_record(record, CARDS).reproduces(record)


def test_a_human_seat_sees_first_edition_decisions(url):
    """Situation: a first-edition game with a human first seat. Expected: its view carries
    a decision for it (the setup's obstacle placement comes first)."""
    host = Host(Store(url))
    created = host.create({"squads": [REBELS, IMPERIALS], "seats": ["human", "ai:simple"],
                           "seed": 3})
    view = host.view(created["game"], created["seats"][0]["token"])
    assert view["decision"] is not None


def test_the_squad_check_judges_a_first_edition_squad_by_its_rules():
    """Situation: ``POST /api/squads/check`` with an XWS 1.0 squad of 84 points (four
    Rookie Pilots) and one of 33. Expected: first-edition points, legal at 100."""
    legal = check_report({**REBELS, "pilots": REBELS["pilots"][:1]})
    assert legal["legal"] and legal["points"] == 21
    assert check_report({**REBELS, "pilots": [REBELS["pilots"][0]] * 4})["points"] == 84


def test_a_2_5_squad_cannot_face_a_first_edition_one(url):
    """Situation: a 2.5 squad against an XWS 1.0 squad. Expected: 422 saying a game's
    squads are of its ruleset."""
    host = Host(Store(url))
    with pytest.raises(RequestError) as refused:
        host.create({"squads": [demo_xws()[0], IMPERIALS], "seats": ["human", "human"]})
    assert refused.value.status == 422
    assert "ruleset" in str(refused.value)


def test_the_missions_are_listed_and_a_mission_game_is_created(url):
    """Situation: ``GET /api/scenarios`` (the lobby's list), then a game of the Asteroid
    Run's own ships (XWS 1.0) with ``"scenario": "asteroid-run"`` and two AI seats.
    Expected: the three missions are listed with their titles; the game is the first
    edition's Asteroid Run, played to its end."""
    from tallon.engine.missions_1e import mission_of, mission_squads
    from tallon.server.host import scenario_list

    listed = scenario_list()["missions"]
    assert [m["name"] for m in listed] == ["political-escort", "asteroid-run",
                                           "dark-whispers"]
    host = Host(Store(url))
    created = host.create({"squads": list(mission_squads("asteroid-run")),
                           "seats": ["ai:simple", "ai:simple"], "seed": 4,
                           "scenario": "asteroid-run"})
    game = host.session(created["game"]).game
    assert mission_of(game) is not None and mission_of(game).name == "asteroid-run"
    assert game.over


def test_the_senators_shuttle_has_a_ship_name_on_the_table(url):
    """Situation: a Political Escort game (two human seats) at its first decision; the page
    beside the table shows each ship's card from ``GET /api/games/{id}/roster``. The
    shuttle is no card of the card data (rulebook (1e), Political Escort: a mission token).
    Expected: its roster entry names it "Senator's Shuttle" with a readable ship line, not
    the ship type's id ``senatorsshuttle``."""
    from tallon.engine.missions_1e import SHUTTLE_TYPE, mission_squads
    from tallon.server.table import roster

    host = Host(Store(url))
    created = host.create({"squads": list(mission_squads("political-escort")),
                           "seats": ["human", "human"], "seed": 4,
                           "scenario": "political-escort"})
    game = host.session(created["game"]).game
    shuttle = next(s for s in roster(game) if s["ship"] == SHUTTLE_TYPE)
    assert shuttle["name"] == "Senator's Shuttle"
    assert shuttle["ship_name"].startswith("Senator's shuttle")
    assert SHUTTLE_TYPE not in shuttle["ship_name"] and shuttle["id"] not in shuttle["ship_name"]
