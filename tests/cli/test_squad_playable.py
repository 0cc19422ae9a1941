"""`tallon squad check` and `squad show` name the cards Tallon's engine does not play yet.

The rule is the engine's own (``tallon.engine.loadout.unplayable`` and the huge-ship check
of ``tallon.engine.setup.build_state``): a game is refused at setup when a pilot, its ship
ability or an upgrade has an ability the card pool ``CARDS`` does not implement, or a ship
is huge; cards without an ability are always played. The warning is apart from legality:
the exit status (0 legal, 1 illegal, 2 unreadable) does not change.

The examples of unplayed cards are found in the card database with ``CARDS.implements``
(not written down), so the tests keep working as abilities get implemented.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
import typer

from tallon.cards import CARDS
from tallon.cli import squad
from tallon.cli.demo import default_squads
from tallon.cli.squad import _not_playable_line, not_playable
from tallon.data import Pilot, Upgrade, load_cards
from tallon.engine import GameSetup, SetupError
from tallon.engine.abilities import CardRegistry
from tallon.engine.loadout import unplayable, unplayable_cards
from tallon.engine.setup import build_state
from tallon.squads import Squad, build_squad, check_squad, to_xws
from tallon.squads.model import EquippedUpgrade, SquadShip
from tests.cli.helpers import app_with, runner, said
from tests.pool_helpers import without_cards

FACTION = "rebelalliance"
WARNING = "Not playable in Tallon's engine yet"


@pytest.fixture(scope="module", autouse=True)
def unplayed_cards():
    """A Rebel pilot of a ship without ship ability and a crew card, taken out of the pool
    for these tests: cards the engine does not play (it plays every one of these)."""
    with without_cards(("pilot", "kylekatarn"), ("upgrade", "novicetechnician")):
        yield
    _fillers.cache_clear()
    _legal_unplayed_squad.cache_clear()


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    return app_with(squad.register)


@pytest.fixture
def write(tmp_path):
    def write_file(squad_: Squad, name: str = "squad.json") -> str:
        path = tmp_path / name
        path.write_text(json.dumps(to_xws(squad_)))
        return str(path)

    return write_file


def _pilot_unplayed(pilot: Pilot) -> bool:
    return pilot.has_ability and not CARDS.implements("pilot", pilot.xws)


def _upgrade_unplayed(upgrade: Upgrade) -> bool:
    return any(side.has_ability for side in upgrade.sides) and not CARDS.implements(
        "upgrade", upgrade.xws)


@cache
def _fillers() -> list[tuple[str, list[str]]]:
    """Two cheap Rebel ships of cards the engine plays (no ability, or implemented)."""
    db = load_cards()
    for pilot in db.pilots:
        single = build_squad(FACTION, [(pilot.xws, [])])
        if (pilot.faction == FACTION and pilot.standard and pilot.loadout is not None
                and pilot.cost <= 5 and not pilot.limited and not not_playable(single)):
            return [(pilot.xws, []), (pilot.xws, [])]
    raise AssertionError("no playable Rebel pilot to fill a squad")


@cache
def _legal_unplayed_squad() -> tuple[Squad, Pilot, Upgrade]:
    """A legal standard Rebel squad whose first ship is a pilot with an unimplemented
    ability carrying an upgrade with an unimplemented ability; the other ships play."""
    db = load_cards()
    upgrades = [u for u in db.upgrades if u.standard and _upgrade_unplayed(u)]
    for pilot in db.pilots:
        if not (pilot.faction == FACTION and pilot.standard and _pilot_unplayed(pilot)
                and pilot.loadout is not None and not pilot.ship_ability):
            continue
        for upgrade in upgrades:
            if upgrade.slot not in pilot.slots:
                continue
            candidate = build_squad(FACTION, [(pilot.xws, [upgrade.xws]), *_fillers()],
                                    name="Unplayed cards")
            if check_squad(candidate).legal:
                return candidate, pilot, upgrade
    raise AssertionError("no legal Rebel squad with an unplayed pilot and upgrade")


def _refused_by_the_engine(squad_: Squad) -> bool:
    other = default_squads()[1]
    try:
        build_state(GameSetup((squad_, other), cards=CARDS))
    except SetupError:
        return True
    return False


# ------------------------------------------------------------------ the rule itself
def test_the_warning_follows_the_engines_rule_card_by_card():
    """Situation: every pilot of the database alone on its ship, and every upgrade on one
    ship (legal or not). Rule: the engine refuses a game at setup for each card whose
    ability is not implemented (huge ships play by their appendix). Expected:
    `not_playable` lists a card exactly when the engine refuses the squad, one entry per
    problem the engine names, and each engine message names the listed card."""
    db = load_cards()
    host = db.pilot(_fillers()[0][0])
    squads = [Squad(p.faction, (SquadShip(p),)) for p in db.pilots]
    squads += [Squad(FACTION, (SquadShip(host, (EquippedUpgrade(u, u.slot),)),))
               for u in db.upgrades]
    for squad_ in squads:
        found = not_playable(squad_)
        assert bool(found) == _refused_by_the_engine(squad_), squad_
        problems = unplayable(squad_, CARDS)
        assert len(found) == len(problems), (found, problems)
        for card, problem in zip(found, problems, strict=True):
            assert card.name in problem or card.xws in problem, (card, problem)


def test_a_ship_ability_not_implemented_is_listed_under_its_name():
    """Situation: a pilot whose ship ability the pool does not implement. Rule: the engine
    refuses it (RR-independent: engine support). Expected: an entry of kind ship_ability
    named after the ability, on that ship."""
    db = load_cards()
    pilot = db.pilot("adonfox-battleoverendor")  # his ship's Gyro-Cockpit, taken away
    without = CardRegistry("without the ship ability", base=CARDS)
    without.register("ship_ability", pilot.ship_ability, description="test: taken away")
    without.unregister("ship_ability", pilot.ship_ability)
    found = unplayable_cards(build_squad(pilot.faction, [(pilot.xws, [])]), without)
    entry = next(c for c in found if c.kind == "ship_ability")
    assert (entry.xws, entry.name, entry.ship) == (pilot.ship_ability, pilot.ship_ability, 0)
    shown = _not_playable_line(entry)
    assert f"{pilot.ship_ability} (ship ability) on ship 1 ({pilot.name})" in shown


def test_a_huge_ship_is_listed_only_for_what_the_engine_lacks():
    """Situation: a CR90 with Veteran Wing Leader (not implemented: epic wings) and a C-ROC
    alone. Rule: huge ships play by their appendix; a card whose ability is not
    implemented is refused. Expected: the team is listed, by id; nothing for the C-ROC."""
    cr90 = not_playable(build_squad("rebelalliance",
                                    [("alderaanianguard", ["veteranwingleader"])]))
    assert [(c.kind, c.xws) for c in cr90] == [("upgrade", "veteranwingleader")]
    assert not_playable(build_squad("scumandvillainy", [("syndicatesmugglers", [])])) == []


# ------------------------------------------------------------------ squad check
def test_a_legal_squad_with_unplayed_cards_is_legal_and_names_them(app, write):
    """Situation: a legal standard squad whose first pilot and its upgrade have abilities
    the engine does not implement. Rule: legality is the squad-building rules' alone; the
    engine's support is a separate warning. Expected: exit 0, LEGAL, and a separate
    "Not playable in Tallon's engine yet" section naming both cards, their ids and kinds
    and ship 1."""
    squad_, pilot, upgrade = _legal_unplayed_squad()
    result = runner.invoke(app, ["squad", "check", write(squad_)])
    assert result.exit_code == 0, result.output
    text = said(result.output)
    assert "LEGAL" in text and "NOT LEGAL" not in text
    assert WARNING in text
    warning = text[text.index(WARNING):]
    assert f"{pilot.name} ({pilot.xws}, pilot) on ship 1 —" in warning
    assert f"{upgrade.name} ({upgrade.xws}, upgrade) on ship 1 ({pilot.name}) —" in warning


def test_json_of_a_legal_squad_with_unplayed_cards_lists_them_apart(app, write):
    """Situation: the same legal squad, --json. Rule: as above. Expected: exit 0, legal
    true, no errors, playable false and not_playable holding the pilot and the upgrade
    (kind, xws, name, 0-based ship) - and nothing about them among errors or warnings."""
    squad_, pilot, upgrade = _legal_unplayed_squad()
    result = runner.invoke(app, ["squad", "check", write(squad_), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["legal"] is True and report["errors"] == []
    assert report["playable"] is False
    listed = [{k: card[k] for k in ("kind", "xws", "name", "ship")}
              for card in report["not_playable"]]
    assert listed == [
        {"kind": "pilot", "xws": pilot.xws, "name": pilot.name, "ship": 0},
        {"kind": "upgrade", "xws": upgrade.xws, "name": upgrade.name, "ship": 0},
    ]
    assert all(card["reason"] for card in report["not_playable"])
    assert pilot.xws not in json.dumps(report["warnings"])


def test_a_squad_of_playable_cards_has_no_warning(app, write):
    """Situation: the demo's Rebel squad, made of cards the engine plays. Rule: nothing
    to warn about. Expected: exit 0, no "Not playable" section; JSON playable true and
    not_playable empty."""
    squad_ = default_squads()[0]
    assert not _refused_by_the_engine(squad_)
    path = write(squad_)
    result = runner.invoke(app, ["squad", "check", path])
    assert result.exit_code == 0, result.output
    assert "Not playable" not in said(result.output)
    report = json.loads(runner.invoke(app, ["squad", "check", path, "--json"]).output)
    assert report["playable"] is True and report["not_playable"] == []


def test_an_illegal_squad_still_exits_1_and_its_unplayed_cards_are_listed(app, write):
    """Situation: the unplayed squad with one ship too few (illegal: 3 ships at least).
    Rule: the warning never changes the verdict. Expected: exit 1, legal false, the
    SQUAD BUILDING error, and the unplayed cards still listed apart."""
    squad_, pilot, _ = _legal_unplayed_squad()
    short = Squad(squad_.faction, squad_.ships[:2], name="Too few")
    result = runner.invoke(app, ["squad", "check", write(short), "--json"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.output)
    assert report["legal"] is False and report["playable"] is False
    assert "SQUAD BUILDING" in {e["rule"] for e in report["errors"]}
    assert pilot.xws in {card["xws"] for card in report["not_playable"]}


def test_show_warns_about_unplayed_cards_too(app, write):
    """Situation: `squad show` of the legal squad with unplayed cards. Expected: the same
    warning section after the ships; --json stays plain XWS."""
    squad_, pilot, _ = _legal_unplayed_squad()
    path = write(squad_)
    result = runner.invoke(app, ["squad", "show", path])
    assert result.exit_code == 0, result.output
    assert f"{WARNING}" in said(result.output)
    assert f"{pilot.name} ({pilot.xws}, pilot) on ship 1" in said(result.output)
    shown = json.loads(runner.invoke(app, ["squad", "show", path, "--json"]).output)
    assert "not_playable" not in shown
