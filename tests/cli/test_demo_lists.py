"""The XWS lists in tests/lists (bombs, mines, remotes, ion weapons; lists of every
faction) are legal and play whole games in `tallon demo`; their devices are used."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tallon.cards import CARDS
from tallon.engine import Game
from tests.cli.helpers import run

LISTS = Path(__file__).resolve().parent.parent / "lists"
#: (squad 1, squad 2, the kind of event the game must show: devices placed, a docked ship
#: deploying, words the log must contain, or nothing in particular)
PAIRS = [("rebel-y-wing-bombers.json", "scum-firespray-mines.json", "device"),
         ("separatist-droid-swarm.json", "rebel-y-wing-bombers.json", "device"),
         ("rebel-ghost-and-shuttle.json", "resistance-t-70-aces.json", "dock"),
         ("rebel-a-wing-aces.json", "resistance-t-70-aces.json", None),
         ("rebel-b-and-u-wings.json", "resistance-a-wing-swarm.json", None),
         ("rebel-y-wing-veterans.json", "resistance-falcon-and-escort.json", None),
         ("galactic-empire-defenders-and-bombers.json", "first-order-silencers.json",
          "device"),
         ("galactic-empire-inquisitors.json", "first-order-tie-fo-aces.json", None),
         ("galactic-empire-phantoms.json", "first-order-special-forces.json", None),
         ("galactic-empire-interceptor-aces.json", "first-order-whispers-and-bombers.json",
          None),
         ("galactic-empire-strikers-and-reaper.json", "rebel-a-wing-aces.json", None),
         ("scum-bounty-hunters.json", "republic-jedi.json", None),
         ("scum-y-wings-and-jumpmaster.json", "separatist-droid-bombers.json", "device"),
         ("scum-mining-guild.json", "separatist-tri-fighters.json", None),
         ("scum-m3a-swarm.json", "republic-clone-wings.json", None),
         ("scum-mandalorians.json", "separatist-magnaguards.json",
          "reveals Contraband Cybernetics"),
         ("scum-freighters.json", "republic-gunships-and-n-1s.json", None),
         ("republic-y-wings-and-v-wings.json", "separatist-grievous-and-nantex.json",
          "device"),
         ("scum-landos-falcon.json", "rebel-ghost-and-shuttle.json", "dock"),
         ("first-order-agent-tierny.json", "rebel-a-wing-aces.json", "is assigned brokentrust")]


#: The seed of a pair's game, where not 3: in seed 3's game of this pair (since the ace
#: counts what its bumps cost) the Separatists win in six rounds before "Matchstick" drops
#: his bomb; he drops it in seeds 1, 2, 4, 5 and 6.
SEEDS = {("republic-y-wings-and-v-wings.json", "separatist-grievous-and-nantex.json"): 4}


@pytest.mark.parametrize("first,second,shows", PAIRS)
def test_a_demo_game_with_the_lists_plays_to_the_end(first, second, shows, tmp_path):
    """Situation: two legal lists (bombs, mines, a remote or ion weapons; a carrier and
    its shuttle; Rebel and Resistance aces and their upgrades), played by the ace agents.
    Expected: the demo exits 0 with a finished game; its replay shows the devices placed
    or the docked ship deploying."""
    result = run("demo", "--squad1", str(LISTS / first), "--squad2", str(LISTS / second),
                 "--seed", str(SEEDS.get((first, second), 3)), "--json", "--out",
                 str(tmp_path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rounds"] >= 1 and data["winner"] in (1, 2, None)
    game = Game.from_record(json.loads((tmp_path / "replay.json").read_text()), CARDS)
    assert game.over
    if shows == "device":
        assert any(e["kind"] == "device" and (" drops " in e["text"] or
                                              " launches " in e["text"]) for e in game.log)
    if shows == "dock":
        assert any(e["kind"] == "dock" and " deploys " in e["text"] for e in game.log)
    if shows not in (None, "device", "dock"):
        assert any(shows in e["text"] for e in game.log), shows


def test_the_lists_are_legal():
    """Every list in tests/lists passes `tallon squad check`."""
    for path in sorted(LISTS.glob("*.json")):
        result = run("squad", "check", str(path))
        assert result.exit_code == 0, (path.name, result.output)
