"""The server's games in the standard scenarios (issue 19): game creation takes a
scenario name, "random" or none; the messages and the stored setup carry it, across a
restart; a bad name is refused with 422 naming the choices; the lobby offers them."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine import Game
from tallon.engine.scenarios import SCENARIO_CHOICES, SCENARIOS, chosen_scenario
from tallon.server.app import STATIC
from tallon.server.host import Host, RequestError
from tallon.server.store import Store
from tests.server.helpers import Server, demo_xws
from tests.server.test_api import pending, play


@pytest.fixture
def host(tmp_path):
    return Host(Store(f"sqlite:///{tmp_path / 'games.db'}"))


def create(host: Host, scenario, seats=("human", "human"), seed: int = 4, **more) -> dict:
    request = {"squads": demo_xws(), "seats": list(seats), "seed": seed, **more}
    if scenario is not ...:
        request["scenario"] = scenario
    return host.create(request)


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_a_game_is_created_in_each_scenario_and_its_messages_say_so(host, name):
    """Situation: ``POST /api/games`` with each standard scenario's name. Expected: the
    answer names it; both players' messages carry "scenario" and "mission_points" as
    [player 1, player 2], and their views the scenario's features."""
    created = create(host, name)
    assert created["scenario"] == name
    for seat in created["seats"]:
        message = host.view(created["game"], seat["token"])
        game = host.session(created["game"]).game
        assert message["scenario"] == name == message["view"]["scenario"]
        assert message["mission_points"] == [game.state.mission_points[1],
                                             game.state.mission_points[2]]
        assert len(message["view"]["features"]) >= 1


def test_random_is_drawn_from_the_games_seed(host):
    """Situation: "random" with seeds 4 and 4 again, and 0-7. Rule: ruling cli-3 - drawn
    from the game's seed. Expected: the scenario ``chosen_scenario("random", seed)``
    names, the same for the same seed, a standard scenario every time."""
    first = create(host, "random", seed=4)
    again = create(host, "random", seed=4)
    assert first["scenario"] == again["scenario"] == chosen_scenario("random", 4)
    for seed in range(8):
        assert create(host, "random", seed=seed)["scenario"] in SCENARIOS


@pytest.mark.parametrize("practice", [None, "none", "standard", ...],
                         ids=["null", "none", "standard", "absent"])
def test_no_scenario_is_a_practice_game(host, practice):
    """Situation: "scenario" null, "none", "standard" (what clients sent before
    scenarios) or left out. Rule: ruling cli-3 - a practice game, as before. Expected:
    no scenario, no features, and a stored setup without "scenario"."""
    created = create(host, practice)
    assert created["scenario"] is None
    message = host.view(created["game"], created["seats"][0]["token"])
    assert message["scenario"] is None and message["view"]["features"] == []
    assert "scenario" not in host.store.game(created["game"]).setup


@pytest.mark.parametrize("bad", ["bogus", "Satellite-Array", 3, ["random"], {"x": 1}])
def test_an_unknown_scenario_is_refused_with_422_naming_the_choices(host, bad):
    """Situation: a "scenario" that is no choice (a wrong name, another type). Expected:
    422; the message names every standard scenario, "random" and "none"; no game is
    stored."""
    with pytest.raises(RequestError) as refused:
        create(host, bad)
    assert refused.value.status == 422
    assert all(choice in str(refused.value) for choice in (*SCENARIO_CHOICES, "none"))
    assert host.store.game_ids() == []


def test_a_stored_scenario_game_is_rebuilt_with_its_scenario(tmp_path):
    """Situation: two AI seats play a whole Salvage Mission at creation; another host
    (a restarted server) opens the same database. Expected: the stored setup carries the
    scenario; the rebuilt game has it, ends the same, and its record reproduces."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    first = Host(Store(url))
    created = create(first, "salvage-mission", seats=("ai:simple", "ai:simple"), seed=2)
    game_id = created["game"]
    before = first.session(game_id).game
    assert before.over and first.store.game(game_id).setup["scenario"] == "salvage-mission"
    again = Host(Store(url)).session(game_id).game
    assert again.state.scenario == "salvage-mission"
    assert again.state_hash() == before.state_hash()
    record = first.record(game_id, created["seats"][0]["token"])
    assert record["setup"]["scenario"] == "salvage-mission"
    assert Game.from_record(record, CARDS).reproduces(record)


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "games.db").start()
    yield running
    running.stop()


def test_over_http_the_choices_are_listed_refused_and_kept_across_a_restart(server):
    """Situation: the real server: GET /api/scenarios; POST /api/games with a bad name;
    an Assault at the Satellite Array game played six answers (the players' four
    satellites placed, then obstacles), the server killed and started again. Expected:
    the list names the four scenarios with their titles and the choices; the bad name is
    422 naming them; after the restart both seats' messages are the same, still name the
    scenario and show the five satellites where they were placed."""
    status, listed = server.call("GET", "/api/scenarios")
    assert status == 200
    assert [s["name"] for s in listed["scenarios"]] == list(SCENARIOS)
    assert [s["title"] for s in listed["scenarios"]] == [s.title for s in SCENARIOS.values()]
    assert listed["choices"] == [*SCENARIO_CHOICES, "none"]
    status, refused = server.call("POST", "/api/games", {"squads": demo_xws(),
                                                         "scenario": "assault"})
    assert status == 422 and all(name in refused["error"] for name in SCENARIO_CHOICES)
    status, created = server.call("POST", "/api/games", {
        "squads": demo_xws(), "seats": ["human", "human"], "seed": 5,
        "scenario": "satellite-array"})
    assert status == 200 and created["scenario"] == "satellite-array"
    game = created["game"]
    tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
    assert pending(server, game, tokens)[1]["decision"]["kind"] == "place_feature"
    play(server, game, tokens, 6)
    before = {p: server.call("GET", f"/api/games/{game}/view?token={t}")[1]
              for p, t in tokens.items()}
    server.kill()
    server.start()
    after = {p: server.call("GET", f"/api/games/{game}/view?token={t}")[1]
             for p, t in tokens.items()}
    assert after == before
    assert all(m["scenario"] == "satellite-array" for m in after.values())
    placed = [(f["id"], f["x"], f["y"]) for f in after[1]["view"]["features"]]
    assert len(placed) == 5 and all(x is not None for _, x, _ in placed)
    assert placed == [(f["id"], f["x"], f["y"]) for f in before[1]["view"]["features"]]
    assert all(len(m["mission_points"]) == 2 for m in after.values())


def test_the_lobby_offers_the_scenarios_random_first():
    """Situation: the lobby page and its script. Expected: a scenario selector whose
    chosen option is "random", with "none" for practice; the script fills in the standard
    scenarios from /api/scenarios and sends the choice as the request's "scenario"."""
    page = (STATIC / "index.html").read_text()
    script = (STATIC / "lobby.js").read_text()
    assert 'name="scenario"' in page
    assert '<option value="random" selected>' in page and '<option value="none">' in page
    assert 'fetch("/api/scenarios")' in script and "scenario: form.scenario.value" in script


def test_a_game_is_dealt_an_environment_card_and_refuses_an_unknown_one(host):
    """Situation: ``POST /api/games`` with "environment": "minefield", then "random" (seed
    4), then "comet-tail". Rule: RR: ENVIRONMENT CARDS - one card dealt (Tallon's house
    rules). Expected: the answer and the stored setup name the card; random deals the one
    the seed draws; an unknown card is 422 naming the choices."""
    from tallon.engine.environments import ENVIRONMENT_CHOICES, chosen_environment

    created = create(host, "salvage-mission", environment="minefield")
    assert created["environment"] == "minefield"
    assert host.store.game(created["game"]).setup["environment"] == "minefield"
    drawn = create(host, ..., environment="random", seed=4)
    assert drawn["environment"] == chosen_environment("random", 4)
    with pytest.raises(RequestError) as refused:
        create(host, ..., environment="comet-tail")
    assert refused.value.status == 422
    assert all(choice in str(refused.value) for choice in ENVIRONMENT_CHOICES)
