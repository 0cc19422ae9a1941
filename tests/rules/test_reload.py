"""RR: RELOAD - a torpedo, missile or device card below its charge limit recovers one charge,
then the ship gains a disarm token (RR: DISARMED; removed in the End Phase).

No playable card has torpedo, missile or device charges yet: those charges are arranged on
the ship (as the cards would place them). The ship is played through the engine, at its
Perform Action step after a [2 straight]."""

from __future__ import annotations

from tallon.engine.state import Charge
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    drive,
    labels,
    offered,
    refresh,
    solo,
    to_action,
    tokens,
)


def reload_scene(pilot: str = "nusquadronpilot", faction: str = EMPIRE,
                 charges: dict | None = None):
    game = solo(pilot, faction)
    game.state.ships["p1.1"].charges = dict(charges or {})
    refresh(game)
    return game, to_action(game, "p1.1", {"p1.1": "2FB"})


def test_reload_recovers_one_charge_and_disarms():
    """An Alpha-class star wing with Proton Torpedoes at 0 of 2 charges reloads. RR: RELOAD
    - the chosen torpedo, missile or device card recovers one charge; then the ship gains a
    disarm token. The torpedoes have 1 charge and the ship a disarm token (a white reload:
    no stress); it is disarmed."""
    game, d = reload_scene(charges={"protontorpedoes": Charge(0, 2, 0)})
    assert "reload" in offered(d)
    game.answer("reload")
    ship = game.state.ships["p1.1"]
    assert ship.charges["protontorpedoes"].active == 1
    assert tokens(game, "p1.1") == {"disarm": 1} and ship.disarmed


def test_reload_chooses_among_the_cards_missing_charges():
    """The star wing's torpedoes are full, its missiles at 1 of 3, its bombs at 0 of 2.
    RR: RELOAD step 1 - choose a card with fewer active charges than its limit. The missiles
    and the bombs are offered; the bombs, chosen, recover one charge and the missiles keep
    theirs."""
    game, _ = reload_scene(charges={"protontorpedoes": Charge(2, 2, 0),
                                    "concussionmissiles": Charge(1, 3, 0),
                                    "protonbombs": Charge(0, 2, 0)})
    game.answer("reload")
    d = game.decision
    assert (d.kind, sorted(d.option_keys())) == ("reload_card",
                                                    ["concussionmissiles", "protonbombs"])
    game.answer("protonbombs")
    charges = game.state.ships["p1.1"].charges
    assert (charges["protonbombs"].active, charges["concussionmissiles"].active) == (1, 1)


def test_reload_is_not_offered_when_no_card_misses_a_charge():
    """The star wing's torpedoes are full. RR: RELOAD step 1 - only a card with fewer active
    charges than its limit can be chosen. Reload is not offered."""
    _, d = reload_scene(charges={"protontorpedoes": Charge(2, 2, 0)})
    assert "reload" not in offered(d)


def test_reload_ignores_cards_that_are_not_torpedoes_missiles_or_devices():
    """The star wing's pilot card and a Hull Upgrade miss charges. RR: RELOAD - only
    torpedo, missile or device cards can be reloaded. Reload is not offered."""
    _, d = reload_scene(charges={"nusquadronpilot": Charge(0, 2, 0),
                                 "hullupgrade": Charge(0, 1, 0)})
    assert "reload" not in offered(d)


def test_a_red_reload_gives_stress():
    """A Y-wing (red reload) reloads its torpedoes. RR: ACTIONS, RR: RELOAD - a red action
    costs a stress token. The option is labelled red; the ship gains the disarm token and a
    stress token."""
    game, d = reload_scene(pilot="graysquadronbomber", faction=REBEL,
                           charges={"protontorpedoes": Charge(1, 2, 0)})
    assert labels(d)["reload"] == "red reload"
    game.answer("reload")
    assert tokens(game, "p1.1") == {"disarm": 1, "stress": 1}


def test_a_disarm_token_leaves_in_the_end_phase():
    """The star wing reloads, then the round ends. RR: DISARMED - the disarm token is a
    circular orange token, removed during the End Phase. In round 2 it has no token."""
    game, _ = reload_scene(charges={"protontorpedoes": Charge(0, 2, 0)})
    game.answer("reload")
    drive(game, lambda d: game.state.round == 2)
    assert tokens(game, "p1.1") == {}
