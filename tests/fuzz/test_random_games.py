"""Fuzzing the engine: games between random agents and random legal squads of every card
the engine plays, with the invariants of the table and the state checked after every
answer, and every game replayed from its record.

Invariants: no two ships in play overlap; every ship and remote in play is inside the play
area; no count is negative and none exceeds its limit (tokens, shields, Force, charges);
removed ships are off the table; a remote never has tokens, and one in play is not
destroyed outside the Engagement Phase; fused objects are on the table with at most one
fuse; scenario features are wholly inside the play area or on the card of the one ship in
play that tows them (one each); the game ends; replaying the record reproduces the final
state. Four games in five are played in a standard scenario (by the seed), one without;
two in five are dealt an environment card; one in ten has a huge ship on each side; one in
ten is a first-edition game (random 100-point Rebel and Imperial squads, three in four in
one of the core set's missions).

And the idioms search and servers rely on, at sampled decisions: answering a clone (and
playing it on) leaves the original game unchanged; a game saved there - as its record and
as a full snapshot, through JSON - loads back and, given the same answers, ends in the
same state as the game itself.

The budget: ``TALLON_FUZZ_GAMES`` games (400 by default, what CI plays: about 2 minutes of
the test command's 10 on a 2-core machine; ``TALLON_FUZZ_GAMES=3000`` for a long run).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from tallon.agents import RandomAgent
from tallon.cards import CARDS
from tallon.cards.pool import random_squad
from tallon.cards.pool_1e import random_squad_1e
from tallon.engine import Game, GameSetup
from tallon.engine.environments import ENVIRONMENTS
from tallon.engine.features import towed_cache
from tallon.engine.missions_1e import MISSIONS_1E, mission_of
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.replace import Replaceable
from tallon.engine.scenarios import SCENARIOS, outside
from tallon.geometry.boxes import boxes_penetration
from tallon.geometry.constants import EPS
from tallon.squads import read_xws_file

GAMES = int(os.environ.get("TALLON_FUZZ_GAMES", "400"))
CHUNKS = 20
MAX_ANSWERS = 5000
#: every how many answers a clone is answered and played on
CLONE_EVERY = 40
#: every how many games the game is saved mid-way (record and snapshot) and reloaded
SAVE_EVERY = 5


#: Epic squads with a huge ship each (every tenth game plays them).
EPIC = Path(__file__).resolve().parent.parent / "lists" / "epic"
EPIC_PAIRS = (("croc-scum.json", "croc-seps.json"), ("cr90-rebels.json", "raider-empire.json"),
              ("republic-hyperspace-ring.json", "croc-seps.json"))


def first_edition(seed: int) -> bool:
    """Every tenth game (the fifth of ten) is a first-edition one (issue 21)."""
    return seed % 10 == 4


def squads_for(seed: int):
    """Two random legal squads of the cards the engine plays (starter pool included); every
    tenth game the two epic lists, a huge ship on each side; every tenth another two random
    first-edition squads (100 points), Rebels against Imperials."""
    if first_edition(seed):
        rng = random.Random(seed)
        return (random_squad_1e(rng, "rebel"), random_squad_1e(rng, "imperial"))
    if seed % 10 == 9:
        pair = EPIC_PAIRS[(seed // 10) % len(EPIC_PAIRS)]
        return tuple(read_xws_file(EPIC / name).squad for name in pair)
    rng = random.Random(seed)
    return (random_squad(rng), random_squad(rng))


def check_invariants(game: Game) -> None:
    s = game.state
    area = s.table().area
    live = [ship for ship in s.ships.values() if ship.in_play and not ship.remote]
    for remote in s.ships.values():
        if remote.remote:
            assert not remote.tokens, (remote.id, remote.tokens)
            if remote.in_play:
                assert area.contains_pieces(remote.body.overlap_pieces), remote.id
                assert not remote.destroyed or s.phase == "engagement", remote.id
    obstacles, devices = {o.id for o in s.obstacles}, {d.id for d in s.devices}
    # fuse markers lie on obstacles (one at most) and on bombs and mines in play
    assert all((o in obstacles and 0 < n <= 1) or (o in devices and n > 0)
               for o, n in s.fuses.items()), s.fuses
    for ship in s.ships.values():
        assert all(n > 0 for n in ship.tokens.values()), (ship.id, ship.tokens)
        assert 0 <= ship.shields <= ship.shield_limit, (ship.id, ship.shields)
        assert 0 <= ship.force <= max(ship.force_limit, 0), (ship.id, ship.force)
        for card, charge in ship.charges.items():
            assert 0 <= charge.active <= charge.limit, (ship.id, card, charge)
        if ship.removed:
            assert not ship.tokens and not ship.locks
    # a ship whose flight a card may still replace ("if you would flee ... instead") is
    # where the maneuver took it until the card's player answers
    waiting = [*game.stack, *((game.decision.resume,) if game.decision else ())]
    fleeing = {dict(step.facts)["ship"] for step in waiting
               if isinstance(step, Replaceable) and step.point == "flee"}
    for ship in live:
        assert ship.id in fleeing or area.contains_pieces(ship.body.overlap_pieces), \
            f"{ship.id} is off the table"
    # a ship in the middle of a maneuver (a choice of it pending: where a Tallon roll is
    # placed) is still at its start; a ship deploying from a carrier of its own size starts
    # where the carrier is (RR: DEPLOY: the template at the carrier's guides)
    moving = {step.ship_id for step in waiting if isinstance(step, ExecuteManeuver)}
    for k, a in enumerate(live):
        for b in live[k + 1:]:
            if a.id in moving or b.id in moving:
                continue
            depth = boxes_penetration(a.body.boxes, b.body.boxes)
            assert depth <= EPS, f"{a.id} and {b.id} overlap by {depth} mm"
    assert s.round <= s.last_round
    scanned = mission_of(game) is not None  # Dark Whispers: satellites on ships' cards
    carried = [f.carrier for f in s.features if f.carrier is not None]
    assert scanned or len(carried) == len(set(carried)), "a ship tows two supply caches"
    for feature in s.features:
        if feature.carrier is None:
            # a jettisoned cache is off the table until the opposing player places it
            assert feature.x is None or not outside(feature.x, feature.y), feature
        elif scanned:
            # a scanned satellite is on its scanner's card, which is in play
            assert s.ships[feature.carrier].in_play and feature.x is None, feature
        else:
            assert towed_cache(s.ships[feature.carrier]) == feature.id, feature
    for ship in s.ships.values():
        if towed_cache(ship) is not None:
            assert ship.in_play, f"{ship.id} left the table towing a supply cache"
    for attack in s.attacks:
        for pool in (attack.attack_dice, attack.defense_dice):
            assert pool is None or len(pool) <= 12, "a dice pool grew without bound"


def answer_a_clone(game: Game, rng: random.Random, answers: int = 25) -> None:
    """Answer a clone of ``game`` (and play it on a little): the original must not
    change (steps hold plain data, never the original's live objects)."""
    before = game.state_hash()
    clone = game.clone()
    for _ in range(answers):
        decision = clone.decision
        if decision is None:
            break
        clone.answer(rng.choice(decision.options).key)
    assert game.state_hash() == before, "answering a clone changed the original"


def play_checked(seed: int) -> tuple[Game, list[tuple[int, dict, dict]]]:
    """A checked game, and the saves made on the way: (answers given, record, snapshot),
    both through JSON."""
    scenario = (None, *SCENARIOS)[seed % (len(SCENARIOS) + 1)]
    environment = (None, None, None, *ENVIRONMENTS)[seed % (len(ENVIRONMENTS) + 3)]
    ruleset = "2.5"
    if first_edition(seed):  # a core-set mission in three games of four
        ruleset, environment = "1e", None
        scenario = (None, *MISSIONS_1E)[(seed // 10) % (len(MISSIONS_1E) + 1)]
    game = Game(GameSetup(squads_for(seed), seed=seed, cards=CARDS, scenario=scenario,
                          environment=environment, ruleset=ruleset), logging=False)
    agents = (RandomAgent(seed), RandomAgent(seed + 7919))
    probe = random.Random(seed)
    saves = []
    save_at = probe.randrange(20, 200) if seed % SAVE_EVERY == 0 else -1
    check_invariants(game)
    for n in range(MAX_ANSWERS):
        decision = game.decision
        if decision is None:
            break
        if n % CLONE_EVERY == CLONE_EVERY // 2:
            answer_a_clone(game, probe)
        if n == save_at:
            saves.append((n, json.loads(json.dumps(game.to_record())),
                          json.loads(json.dumps(game.save()))))
        game.answer(agents[decision.player - 1].choose({}, decision))
        check_invariants(game)
    assert game.over, f"seed {seed}: the game did not end within {MAX_ANSWERS} answers"
    return game, saves


def continue_saved(seed: int, game: Game, saves: list[tuple[int, dict, dict]]) -> None:
    """Each save, loaded (from the record by replay, from the snapshot directly) and given
    the rest of the game's answers, ends in the game's final state."""
    for given, record, snapshot in saves:
        for loaded in (Game.from_record(record, CARDS, logging=False),
                       Game.load(snapshot, CARDS)):
            for value in game.choices[given:]:
                loaded.answer(value)
            assert loaded.state_hash() == game.state_hash(), \
                f"seed {seed}: a game saved after {given} answers does not continue exactly"


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant_and_replay_exactly(chunk):
    """Each chunk plays its share of the seeded games; every game replays from its record
    to the same state hash, answering clones never changes the original, and games saved
    mid-way continue exactly."""
    per_chunk = max(1, GAMES // CHUNKS)
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        game, saves = play_checked(seed)
        replayed = Game.from_record(game.to_record(), CARDS, logging=False)
        assert replayed.state_hash() == game.state_hash(), f"seed {seed} does not replay"
        continue_saved(seed, game, saves)
