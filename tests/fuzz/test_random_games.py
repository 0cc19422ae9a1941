"""Fuzzing the engine: 1,000 games between random agents and random legal squads of every
card the engine plays, with the invariants of the table and the state checked after every
answer, and every game replayed from its record.

Invariants: no two ships in play overlap; every ship and remote in play is inside the play
area; no count is negative and none exceeds its limit (tokens, shields, Force, charges);
removed ships are off the table; a remote never has tokens, and one in play is not
destroyed outside the Engagement Phase; fused objects are on the table with at most one
fuse; the game ends; replaying the record reproduces the final state.
"""

from __future__ import annotations

import random

import pytest

from tallon.agents import RandomAgent
from tallon.cards import CARDS
from tallon.cards.pool import random_squad
from tallon.engine import Game, GameSetup
from tallon.geometry.boxes import boxes_penetration
from tallon.geometry.constants import EPS

GAMES = 1000
CHUNKS = 20
MAX_ANSWERS = 5000

def squads_for(seed: int):
    """Two random legal squads of the cards the engine plays (starter pool included)."""
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
    on_table = {o.id for o in s.obstacles}
    assert all(o in on_table and 0 < n <= 1 for o, n in s.fuses.items()), s.fuses
    for ship in s.ships.values():
        assert all(n > 0 for n in ship.tokens.values()), (ship.id, ship.tokens)
        assert 0 <= ship.shields <= ship.shield_limit, (ship.id, ship.shields)
        assert 0 <= ship.force <= max(ship.force_limit, 0), (ship.id, ship.force)
        for card, charge in ship.charges.items():
            assert 0 <= charge.active <= charge.limit, (ship.id, card, charge)
        if ship.removed:
            assert not ship.tokens and not ship.locks
    for ship in live:
        assert area.contains_pieces(ship.body.overlap_pieces), f"{ship.id} is off the table"
    for k, a in enumerate(live):
        for b in live[k + 1:]:
            depth = boxes_penetration(a.body.boxes, b.body.boxes)
            assert depth <= EPS, f"{a.id} and {b.id} overlap by {depth} mm"
    assert s.round <= s.last_round
    for attack in s.attacks:
        for pool in (attack.attack_dice, attack.defense_dice):
            assert pool is None or len(pool) <= 12, "a dice pool grew without bound"


def play_checked(seed: int) -> Game:
    game = Game(GameSetup(squads_for(seed), seed=seed, cards=CARDS), logging=False)
    agents = (RandomAgent(seed), RandomAgent(seed + 7919))
    check_invariants(game)
    for _ in range(MAX_ANSWERS):
        decision = game.decision
        if decision is None:
            break
        game.answer(agents[decision.player].choose({}, decision))
        check_invariants(game)
    assert game.over, f"seed {seed}: the game did not end within {MAX_ANSWERS} answers"
    return game


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant_and_replay_exactly(chunk):
    """Each chunk plays 50 seeded games; every game replays from its record to the same
    state hash."""
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        game = play_checked(seed)
        replayed = Game.from_record(game.to_record(), CARDS, logging=False)
        assert replayed.state_hash() == game.state_hash(), f"seed {seed} does not replay"
