"""Saved squads, ready-made opponents and the quick build's card pool over real HTTP:
``tallon serve`` in its own process (docs/server.md, "Squads")."""

from __future__ import annotations

import sqlite3
from urllib.parse import quote

import pytest

from tallon.cards.pool import playable_pilots
from tallon.server.host import Host
from tallon.server.library import NAME_LIMIT
from tallon.server.opponents import OPPONENTS
from tallon.server.store import MIGRATIONS, Store
from tests.server.helpers import Server, demo_xws

#: A squad the rules refuse: a unique pilot twice and a misspelt pilot.
ILLEGAL = {"faction": "rebelalliance", "pilots": [{"id": "wedgeantilles"},
                                                  {"id": "wedgeantilles"},
                                                  {"id": "lukeskywalkr"}]}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # one server for the module: starting one takes seconds, and each test uses its own
    # squad names
    running = Server(tmp_path_factory.mktemp("library") / "games.db").start()
    yield running
    running.stop()


def squad_path(name: str) -> str:
    return "/api/squads/" + quote(name, safe="")


def ship_pilots(server: Server, game: str, token: str, player: int) -> list[str]:
    status, message = server.call("GET", f"/api/games/{game}/view?token={token}")
    assert status == 200, message
    return [ship["pilot"] for ship in message["view"]["ships"] if ship["owner"] == player]


def test_a_saved_squad_is_listed_exported_replaced_and_deleted(server):
    """Situation: a player saves the demo's Rebel squad under a name (with spaces around
    it and a slash in it), then saves the Imperial squad under the same name, then
    deletes it. Rule: a saved squad is kept under its name as normalised XWS; saving
    under a used name replaces that squad. Expected: the list names it with faction,
    points and pilot count; the export is the XWS with the saved name, which reads back
    as the same squad; the second save says it replaced the first; after deleting, the
    export and a second delete get 404."""
    rebels, empire = demo_xws()
    status, saved = server.call("POST", "/api/squads", {"name": "  Red/Gold 1 ", "xws": rebels})
    assert status == 200, saved
    assert saved == {"name": "Red/Gold 1", "faction": "rebelalliance", "points": 20,
                     "pilots": 4, "replaced": False}
    listed = server.call("GET", "/api/squads")[1]["squads"]
    assert {"name": "Red/Gold 1", "faction": "rebelalliance", "points": 20,
            "pilots": 4} in listed

    status, exported = server.call("GET", squad_path("Red/Gold 1"))
    assert status == 200
    assert exported == {**rebels, "name": "Red/Gold 1"}
    status, checked = server.call("POST", "/api/squads/check", exported)
    assert status == 200 and checked["legal"] and checked["problems"] == []

    status, again = server.call("POST", "/api/squads", {"name": "Red/Gold 1", "xws": empire})
    assert status == 200 and again["replaced"] is True
    assert server.call("GET", squad_path("Red/Gold 1"))[1]["faction"] == "galacticempire"
    assert [s["name"] for s in server.call("GET", "/api/squads")[1]["squads"]].count(
        "Red/Gold 1") == 1

    assert server.call("DELETE", squad_path("Red/Gold 1")) == (200, {"deleted": "Red/Gold 1"})
    assert server.call("GET", squad_path("Red/Gold 1"))[0] == 404
    assert server.call("DELETE", squad_path("Red/Gold 1"))[0] == 404


def test_an_illegal_or_unplayable_squad_is_not_saved_and_each_problem_is_listed(server):
    """Situation: saving an illegal squad, a legal squad with a pilot whose ability the
    engine does not play yet, something that is not a squad, and squads under bad
    names. Rule: a squad is saved only if a game would accept it; the problems are those
    `tallon squad check` reports, then the cards the engine does not play. Expected: 422
    each time, listing every problem (the misspelt id, the duplicate, the card not
    played with rule NOT PLAYABLE, the name's fault with field "name"); nothing saved."""
    status, refused = server.call("POST", "/api/squads", {"name": "bad one", "xws": ILLEGAL})
    assert status == 422
    messages = " ".join(problem["message"] for problem in refused["problems"])
    assert "lukeskywalkr" in messages
    assert any(problem["rule"] == "LIMITED" for problem in refused["problems"])

    # a card the engine does not play yet: every standard card plays, so an epic squad (a
    # CR90 and two X-wings) whose corvette carries Veteran Wing Leader (epic wings are not
    # played: docs/rulings.md, "Huge ships")
    corvette = {"id": "alderaanianguard", "upgrades": {"command": ["veteranwingleader"]}}
    unplayable = {"faction": "rebelalliance", "pilots": [
        corvette, {"id": "bluesquadronescort"}, {"id": "bluesquadronescort"}]}
    status, refused = server.call("POST", "/api/squads", {"name": "bad two", "xws": unplayable})
    assert status == 422
    assert [(p["rule"], p["card"], p["ship"]) for p in refused["problems"]] == [
        ("NOT PLAYABLE", "veteranwingleader", 0)]

    assert server.call("POST", "/api/squads", {"name": "bad three", "xws": [1, 2]})[0] == 422
    assert server.call("POST", "/api/squads", {"name": "no squad"})[0] == 422
    assert server.call("POST", "/api/squads", ["not", "an", "object"])[0] == 400
    xws = demo_xws()[0]
    for name in ("", "   ", "x" * (NAME_LIMIT + 1), "tab\there", 7, None):
        status, refused = server.call("POST", "/api/squads", {"name": name, "xws": xws})
        assert status == 422, name
        assert refused["problems"][0]["field"] == "name"
    assert not {"bad one", "bad two", "bad three"} & {
        s["name"] for s in server.call("GET", "/api/squads")[1]["squads"]}


def test_the_check_gives_points_legality_and_problems_for_a_squad_in_progress(server):
    """Situation: the lobby's quick build checks a squad of one ship as it is being
    built, then something that is not a squad. Rule: 3 to 8 ships (RR: SQUAD BUILDING);
    the check is `tallon squad check --json` with the problems a game would refuse.
    Expected: 200 with legal false, the points and the ship-count problem; 422 for a
    body that is no squad at all."""
    status, report = server.call("POST", "/api/squads/check", {
        "faction": "rebelalliance", "pilots": [{"id": "lukeskywalker",
                                                "upgrades": {"force-power": ["instinctiveaim"]}}]})
    assert status == 200
    assert report["legal"] is False and report["playable"] is True
    assert report["points"] == 6 and report["points_limit"] == 20
    assert report["ships"][0]["loadout_used"] == 2
    assert [p["rule"] for p in report["problems"]] == ["SQUAD BUILDING"]
    assert server.call("POST", "/api/squads/check", "no squad")[0] == 422


def test_a_game_is_created_from_a_saved_squad_and_a_named_opponent(server):
    """Situation: a game whose first seat names a saved squad and whose second names a
    ready-made opponent. Rule: a seat's squad may be XWS, {"saved": name} or
    {"opponent": name}; the game plays those squads. Expected: the game starts and each
    player's ships are the named squads' pilots; an unknown saved squad or opponent gets
    422 naming the seat."""
    rebels = demo_xws()[0]
    assert server.call("POST", "/api/squads", {"name": "for a game", "xws": rebels})[0] == 200
    chosen = OPPONENTS[-1]
    status, created = server.call("POST", "/api/games", {
        "squads": [{"saved": "for a game"}, {"opponent": chosen.name}],
        "seats": ["human", "human"], "seed": 5})
    assert status == 200, created
    token = created["seats"][0]["token"]
    assert ship_pilots(server, created["game"], token, 1) == [p["id"] for p in rebels["pilots"]]
    assert ship_pilots(server, created["game"], token, 2) == [p for p, _ in chosen.ships]

    status, refused = server.call("POST", "/api/games", {
        "squads": [{"saved": "nobody saved this"}, {"opponent": "Nobody's squad"}]})
    assert status == 422
    assert [problem["squad"] for problem in refused["problems"]] == [1, 2]


def test_a_random_opponent_is_one_of_the_ready_made_squads(server):
    """Situation: games whose second seat asks for a random opponent, of any faction and
    of one faction, and one of a faction that does not exist. Rule: {"opponent":
    "random"} picks among every ready-made squad, {"faction": f} among that faction's.
    Expected: player 2's ships are exactly one ready-made squad's pilots (of the faction
    when asked); the unknown faction gets 422."""
    squads = {tuple(p for p, _ in o.ships): o.faction for o in OPPONENTS}
    for asked, faction in (({"opponent": "random"}, None),
                           ({"opponent": "random", "faction": "resistance"}, "resistance")):
        status, created = server.call("POST", "/api/games", {
            "squads": [demo_xws()[1], asked], "seats": ["human", "human"]})
        assert status == 200, created
        pilots = tuple(ship_pilots(server, created["game"], created["seats"][1]["token"], 2))
        assert pilots in squads
        assert faction is None or squads[pilots] == faction
    status, refused = server.call("POST", "/api/games", {
        "squads": [demo_xws()[1], {"opponent": "random", "faction": "mandalorians"}]})
    assert status == 422 and refused["problems"][0]["squad"] == 2


def test_the_opponents_and_the_card_pool_are_listed(server):
    """Situation: the lobby asks for the ready-made opponents and for the card pool of
    one faction. Rule: only cards the engine plays are offered, as facts (no ability
    texts: the card data keeps none). Expected: every opponent with its faction, points
    and pilots, filterable by faction; the Resistance pool holds exactly its playable
    pilots and no upgrade restricted to another faction; an unknown faction gets 422."""
    listed = server.call("GET", "/api/opponents")[1]["opponents"]
    assert [o["name"] for o in listed] == [o.name for o in OPPONENTS]
    assert all(o["points"] <= 20 and o["pilots"] and o["xws"]["faction"] == o["faction"]
               for o in listed)
    only = server.call("GET", "/api/opponents?faction=firstorder")[1]["opponents"]
    assert len(only) >= 2 and {o["faction"] for o in only} == {"firstorder"}

    status, pool = server.call("GET", "/api/cards?faction=resistance")
    assert status == 200
    assert len(pool["factions"]) == 7
    assert {p["xws"] for p in pool["pilots"]} == {p.xws for p in playable_pilots("resistance")}
    for upgrade in pool["upgrades"]:
        for group in upgrade["restrictions"]:
            # a group naming only factions must name this one (a group with another
            # alternative, "Scum or a squad including Darth Vader", may be met otherwise)
            others = [k for k, v in group.items() if v and k != "factions"]
            assert not group.get("factions") or others or \
                "resistance" in group["factions"], upgrade
        assert set(upgrade) >= {"xws", "name", "slot", "slots", "cost", "restrictions"}
        assert not {"text", "ability"} & set(upgrade)
    assert server.call("GET", "/api/cards?q=homing")[1]["upgrades"]
    assert server.call("GET", "/api/cards?faction=mandalorians")[0] == 422


def test_a_version_1_database_is_migrated_and_its_games_still_load(tmp_path):
    """Situation: a database as schema version 1 left it - only the games and answers
    tables, version 1 - holding a game with answers, given to a server of this version.
    Rule: the server runs the missing migrations (version 2 adds saved squads) and
    keeps every game. Expected: the schema is at the latest version; the old game's messages are
    unchanged; squads can be saved and listed."""
    database = tmp_path / "old.db"
    url = f"sqlite:///{database}"
    host = Host(Store(url))
    created = host.create({"squads": demo_xws(), "seats": ["human", "human"], "seed": 11})
    tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
    for _ in range(4):
        message = next(m for p in (1, 2)
                       if (m := host.view(created["game"], tokens[p]))["decision"]["player"] == p)
        decision = message["decision"]
        host.answer(created["game"], tokens[decision["player"]],
                    {"decision": decision["id"], "answer": decision["options"][0]["value"]})
    before = {p: host.view(created["game"], tokens[p]) for p in (1, 2)}
    host.store.engine.dispose()
    version_1 = {"schema_version", "games", "answers"}
    with sqlite3.connect(database) as connection:  # back to what version 1 created
        for table in _tables(database) - version_1:
            connection.execute(f"DROP TABLE {table}")
        connection.execute("UPDATE schema_version SET version = 1")
    assert _tables(database) == version_1

    running = Server(database).start()
    try:
        for player, token in tokens.items():
            status, message = running.call("GET", f"/api/games/{created['game']}/view"
                                                  f"?token={token}")
            assert status == 200 and message == before[player]
        assert running.call("POST", "/api/squads",
                            {"name": "after the migration", "xws": demo_xws()[0]})[0] == 200
        assert [s["name"] for s in running.call("GET", "/api/squads")[1]["squads"]] == [
            "after the migration"]
    finally:
        running.stop()
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [
            (len(MIGRATIONS),)]
    assert "squads" in _tables(database)


def _tables(database) -> set[str]:
    with sqlite3.connect(database) as connection:
        return {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
