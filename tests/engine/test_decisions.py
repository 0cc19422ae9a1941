"""State and decisions: every choice is a Decision naming the player and listing the legal
options; illegal answers are refused with a reason and change nothing; clones are
independent; records save, load and replay exactly; a player's view hides what they may
not see (RR: DIAL, RR: DAMAGE CARDS)."""

from __future__ import annotations

import json

import pytest

from tallon.agents import RandomAgent
from tallon.cards import CARDS
from tallon.engine import Game, GameSetup, IllegalChoiceError, SetupError
from tallon.engine.effects import suffer_damage
from tallon.engine.state import Token
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    at,
    drive,
    inject,
    new_game,
    plan,
    squad,
    start,
)

REBELS = squad(REBEL, "bluesquadronescort", "redsquadronveteran")
IMPERIALS = squad(EMPIRE, "academypilot", "obsidiansquadronpilot", "blacksquadronace")


def random_game(seed: int, decisions: int, agent_seed: int = 1) -> Game:
    """A game driven by random agents for ``decisions`` answers."""
    game = new_game(REBELS, IMPERIALS, seed=seed)
    agents = (RandomAgent(agent_seed), RandomAgent(agent_seed + 1))
    for _ in range(decisions):
        if game.decision is None:
            break
        game.answer(agents[game.decision.player - 1].choose({}, game.decision))
    return game


# ------------------------------------------------------------------- decisions
def test_every_decision_names_a_player_and_lists_distinct_legal_options():
    """Through whole games: each pending decision names player 0 or 1, a kind and a prompt,
    lists at least one option with distinct values, and a decision about one ship is asked
    of that ship's owner (except the jam and tractor choices, which belong to the player
    whose effect applied the token)."""
    for seed in range(3):
        game = new_game(REBELS, IMPERIALS, seed=seed)
        agents = (RandomAgent(seed), RandomAgent(seed + 10))
        while game.decision is not None:
            d = game.decision
            assert d.player in (1, 2)
            assert d.kind and d.prompt
            values = [json.dumps(v, sort_keys=True) for v in d.option_keys()]
            assert values and len(values) == len(set(values))
            if d.ship is not None and d.kind not in ("jam_effect", "tractor_move"):
                assert game.state.ships[d.ship].owner == d.player
            game.answer(agents[d.player - 1].choose({}, d))
        assert game.over


def test_every_listed_option_is_accepted():
    """Each listed option of a decision is a legal answer (tried on clones)."""
    game = random_game(seed=4, decisions=40)
    for _ in range(30):
        d = game.decision
        if d is None:
            break
        for value in d.option_keys():
            game.clone().answer(value)
        game.answer(d.options[-1].key)


@pytest.mark.parametrize("answer", ["9FW", "", None, 3, ["1FB"], {"maneuver": "1FB"}])
def test_an_illegal_answer_raises_with_a_reason_and_changes_nothing(answer):
    """An answer that is not a legal option raises IllegalChoiceError naming the decision
    and the legal options; the state hash, the pending decision and the answer list are
    unchanged."""
    game = start(REBELS, IMPERIALS, seed=2)
    d = game.decision
    assert d.kind == "set_dial"
    before = game.state_hash()
    choices = list(game.choices)
    with pytest.raises(IllegalChoiceError) as error:
        game.answer(answer)
    assert "is not one of the legal options" in str(error.value)
    assert d.prompt in str(error.value)
    assert game.state_hash() == before
    assert game.decision is d
    assert game.choices == choices


def test_an_illegal_free_placement_changes_nothing():
    """A free ship placement refused by the rules leaves the game as it was."""
    game = new_game(REBELS, IMPERIALS, seed=1)
    drive(game, at("place_ship"))
    before = game.state_hash()
    with pytest.raises(IllegalChoiceError, match="within range 1 of their player edge"):
        game.answer({"x": 300, "y": 400, "heading": 0})
    assert game.state_hash() == before


def test_a_non_json_answer_is_an_illegal_choice():
    """An answer that isn't a JSON value is illegal: IllegalChoiceError, not a crash."""
    game = start(REBELS, IMPERIALS, seed=2)
    with pytest.raises(IllegalChoiceError):
        game.answer({"1FB"})


def test_answering_a_finished_game_is_refused():
    """When the game is over there is no decision and any answer is refused."""
    game = new_game(REBELS, IMPERIALS, seed=0, rounds=1)
    drive(game)
    assert game.over and game.decision is None
    with pytest.raises(IllegalChoiceError, match="over"):
        game.answer("pass")


def test_the_dial_decision_is_secret_and_lists_the_ships_dial():
    """RR: PLANNING PHASE - the player secretly sets a dial: the decision is hidden, asked
    of the owner, and lists the maneuvers of the ship's dial."""
    game = start(REBELS, IMPERIALS, seed=2)
    d = game.decision
    ship = game.state.ships[d.ship]
    assert d.hidden and d.player == ship.owner
    assert d.option_keys() == list(ship.dial)


# ---------------------------------------------------------------------- cloning
def test_a_clone_is_independent_of_the_original():
    """Mutating a clone's ships, players, obstacles and generator, or answering its
    decisions, leaves the original untouched (same hash, same decision)."""
    game = random_game(seed=3, decisions=30)
    before = game.state_hash()
    copy = game.clone()
    assert copy.state_hash() == before
    ship = next(iter(copy.state.ships.values()))
    ship.tokens[Token.STRESS] = 3
    ship.locks.append("p2.1")
    ship.actions_done.add("focus")
    ship.damage = ()
    copy.state.players[0].deck.pop()
    copy.state.players[1].mission_points += 5
    copy.state.obstacles.pop()
    copy.state.rng.random()
    for _ in range(20):
        if copy.decision is None:
            break
        copy.answer(copy.decision.options[0].key)
    assert game.state_hash() == before
    original = next(iter(game.state.ships.values()))
    assert Token.STRESS not in original.tokens or original.tokens[Token.STRESS] != 3


def test_a_clone_plays_on_exactly_like_the_original():
    """A clone given the same answers reaches the same state as the original."""
    game = random_game(seed=5, decisions=25)
    copy = game.clone()
    for _ in range(60):
        if game.decision is None:
            break
        value = game.decision.options[-1].key
        game.answer(value)
        copy.answer(value)
        assert copy.state_hash() == game.state_hash()


# ----------------------------------------------------------------- determinism
def test_same_seed_and_answers_give_the_same_hash():
    assert random_game(7, 150).state_hash() == random_game(7, 150).state_hash()


def test_a_different_seed_gives_a_different_hash():
    """The seed drives every random draw: two seeds differ from the start."""
    assert new_game(REBELS, IMPERIALS, seed=1).state_hash() != \
        new_game(REBELS, IMPERIALS, seed=2).state_hash()


def test_the_hash_changes_when_the_state_changes():
    game = start(REBELS, IMPERIALS, seed=2)
    before = game.state_hash()
    game.state.ships["p1.1"].tokens[Token.FOCUS] = 1
    assert game.state_hash() != before


# -------------------------------------------------------------------- records
def test_a_record_replays_to_the_same_state():
    """to_record / from_record: the replayed game has the same hash, decision and answers,
    also after a JSON round trip of the record."""
    game = random_game(seed=8, decisions=120)
    record = json.loads(json.dumps(game.to_record()))
    assert record["state_hash"] == game.state_hash()
    replay = Game.from_record(record, CARDS)
    assert replay.state_hash() == game.state_hash()
    assert replay.choices == game.choices
    assert (replay.decision is None) == (game.decision is None)
    if game.decision is not None:
        assert replay.decision.kind == game.decision.kind
        assert replay.decision.option_keys() == game.decision.option_keys()


def test_a_record_with_free_placements_and_rounds_replays():
    """Free placements, a chosen number of rounds and squad obstacles survive the record."""
    rebels = squad(REBEL, "bluesquadronescort")
    rebels = type(rebels)(faction=rebels.faction, ships=rebels.ships,
                          obstacles=("core2asteroid1", "core2asteroid3", "core2debris2"))
    game = Game(GameSetup((rebels, IMPERIALS), seed=11, rounds=3, cards=CARDS))
    drive(game, at("place_ship", "p1.1"))
    game.answer({"x": 123.5, "y": 50.25, "heading": 10})
    drive(game)
    assert game.over and game.state.round == 3
    replay = Game.from_record(json.loads(json.dumps(game.to_record())), CARDS)
    assert replay.state_hash() == game.state_hash()
    placed = {o.outline_id for o in replay.state.obstacles}
    assert {"core2asteroid1", "core2asteroid3", "core2debris2"} <= placed


def test_a_corrupted_record_names_the_answer_that_fails():
    game = random_game(seed=9, decisions=30)
    record = game.to_record()
    record["choices"][20] = "not an answer"
    with pytest.raises(IllegalChoiceError, match="answer 21 of the record"):
        Game.from_record(record, CARDS)


def test_a_foreign_record_is_refused():
    record = random_game(seed=9, decisions=3).to_record()
    with pytest.raises(SetupError):
        Game.from_record({**record, "format": "something else"}, CARDS)
    with pytest.raises(SetupError):
        Game.from_record({**record, "version": 99}, CARDS)


# ------------------------------------------------------------------------- views
def _ship_view(view: dict, ship_id: str) -> dict:
    return next(s for s in view["ships"] if s["id"] == ship_id)


def test_a_view_hides_the_opponents_dial_before_activation():
    """RR: DIAL - players may not look at their opponents' facedown dials: once player 1
    set its dials, its own view shows the maneuvers; player 2's view shows only 'set' and
    no ship entry or log event of player 2's view names them."""
    game = start(REBELS, IMPERIALS, seed=3)
    drive(game, lambda d: d.kind == "set_dial" and d.ship == "p2.1",
          dials={"p1.1": "4KR", "p1.2": "3ER"})
    theirs, mine = game.view(2), game.view(1)
    assert _ship_view(mine, "p1.1")["dial"] == "4KR"
    assert _ship_view(theirs, "p1.1")["dial"] == "set"
    assert _ship_view(theirs, "p2.1")["dial"] is None
    text = json.dumps([theirs["ships"], theirs["log"]])
    assert "4KR" not in text and "3ER" not in text


def test_a_revealed_dial_is_visible_to_both():
    """RR: ACTIVATION PHASE - the revealed dial is placed faceup: both players see it."""
    game = start(REBELS, IMPERIALS, seed=3, poses={
        "p1.1": (100, 200, 0), "p1.2": (300, 200, 0), "p2.1": (500, 700, 180),
        "p2.2": (650, 700, 180), "p2.3": (800, 700, 180)})
    plan(game, {"p1.1": "2BB"})
    drive(game, at("perform_action", "p1.1"))
    assert _ship_view(game.view(2), "p1.1")["dial"] == "2BB"


def test_facedown_damage_is_hidden_from_everyone_faceup_is_shown():
    """RR: DAMAGE CARDS - the text of facedown damage cards can't be looked at: neither
    view names a facedown card (only their number); faceup cards are public."""
    game = start(REBELS, IMPERIALS, seed=4)
    ship = game.state.ships["p1.1"]
    ship.shields = 0

    def hurt(g: Game) -> None:
        suffer_damage(g, ship, hits=1, crits=1)

    inject(game, hurt)
    facedown = next(d.card for d in ship.damage if not d.faceup)
    faceup = next(d.card for d in ship.damage if d.faceup)
    for player in (1, 2):
        view = game.view(player)
        shown = _ship_view(view, "p1.1")
        assert shown["damage_facedown"] == 1
        assert shown["damage_faceup"] == [faceup]
        if facedown != faceup:
            assert facedown not in json.dumps(view)


def test_a_view_hides_the_opponents_pending_decision_options():
    """While one player decides, the other sees who decides and what kind of choice, not
    the options (a dial's options would say nothing secret, but answers may)."""
    game = start(REBELS, IMPERIALS, seed=3)
    d = game.decision
    other = 3 - d.player
    shown = game.view(other)["decision"]
    assert shown == {"player": d.player, "kind": d.kind, "ship": d.ship}
    assert game.view(d.player)["decision"]["options"]


def test_a_game_is_the_same_in_every_process():
    """A replay must reproduce anywhere: the same game played in processes with different
    string-hash seeds (Python's set and dict hashing) ends with the same hash."""
    import os
    import subprocess
    import sys

    script = (
        "from tallon.squads import build_squad\n"
        "from tallon.engine import Game, GameSetup\n"
        "from tallon.cards import CARDS\n"
        "from tallon.agents import RandomAgent, play\n"
        "r = build_squad('rebelalliance', [('bluesquadronescort', []), ('rebelscout', []),"
        " ('bluesquadronscout', [])])\n"
        "i = build_squad('galacticempire', [('omicrongrouppilot', []), ('nusquadronpilot', []),"
        " ('blacksquadronace', [])])\n"
        "g = Game(GameSetup((r, i), seed=5, cards=CARDS))\n"
        "play(g, (RandomAgent(1), RandomAgent(2)))\n"
        "print(g.state_hash())\n")
    hashes = set()
    for seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                             text=True, check=True)
        hashes.add(out.stdout.strip())
    assert len(hashes) == 1


def test_the_options_of_a_cards_ability_name_the_card():
    """Situation: End Phase; a stressed TIE Advanced has Electronic Baffle (may suffer 1
    damage to remove 1 red token); then, unstressed with Deuterium Power Cells, it is about
    to gain a focus token (may spend 1 charge to gain a stress token instead: a
    replacement). Expected: every option but "decline" names its card in ``info["card"]``
    (the title alone does not say whose ability it is), other facts kept (the token the
    cells would replace)."""
    from tallon.engine.queue import FireWindow
    from tallon.engine.rounds import EndPhase
    from tallon.scene import Scene, start_at
    from tests.cards.helpers import Give

    sc = Scene()
    tie = sc.ship("stormsquadronace", at=(400, 300, 0), upgrades=["electronicbaffle"],
                  tokens={"stress": 1})
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(FireWindow.of("end_phase"), EndPhase(), phase="end")
    decision = game.decision
    assert decision.kind == "use_ability"
    assert [(o.key, o.info) for o in decision.options] == [
        ("stress", {"card": "electronicbaffle"}), ("decline", None)]

    sc = Scene()
    tie = sc.ship("tempestsquadronpilot", at=(400, 300, 0), upgrades=["deuteriumpowercells"])
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    start_at(game, Give(tie, "focus", 1, applier=1), phase="activation")
    decision = game.decision
    assert decision.kind == "replacement"
    assert [(o.key, o.info) for o in decision.options] == [
        ("use", {"token": "focus", "card": "deuteriumpowercells"}), ("decline", None)]
