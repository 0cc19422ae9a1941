#!/usr/bin/env python3
"""The strength table of the AI levels: each pair of levels plays mirrored squads (the
same ready-made squad on both sides, sides swapped every game) through the simulator,
and the first level's win rate is printed with its 95% Wilson interval (a draw is not a
win), with the wins, draws and losses.

Usage:
    python tools/ai_strength.py [--pairs ace:random,ace:simple,master:ace]
                                [--games 100] [--first 0] [--workers 2] [--seed 13]
                                [--think 300]
                                [--squads "Rebel X-wing aces,Scum Fang fighters"] [--json]

``--games`` is per squad: the default four squads (4 to 6 ships each, four factions) at
100 games make 400 games per pair. ``--first N`` plays each squad's games N to
N + games - 1: a game's seed depends on the run's seed and its number alone, so with
agents whose budget is work (the default) two runs ``--games 50`` and ``--games 50
--first 50`` play exactly the games of one run ``--games 100``, and their counts add up.
"""

from __future__ import annotations

import argparse
import json
import time

from tallon.agents.levels import parse_think
from tallon.sim import Matchup, describe, load_squad, run_games, summarize, wilson_interval

SQUADS = ("Rebel X-wing aces", "Scum Fang fighters", "First Order TIE/fo wing",
          "Republic V-19 wing")


def strength(first: str, second: str, squads: list[str], games: range, workers: int,
             seed: int, think: str | None) -> dict[str, object]:
    """``first`` against ``second`` over the mirrored ``squads``, the games numbered
    ``games`` of each."""
    wins = draws = losses = 0
    per_squad = {}
    started = time.perf_counter()
    budget = None if think is None else parse_think(think)
    for name in squads:
        squad = load_squad(name)
        matchup = Matchup((squad.xws, squad.xws), (first, second), seed, think=budget)
        summary = summarize(run_games(matchup, games, workers=workers),
                            squads=[describe(squad)] * 2, agents=(first, second), seed=seed,
                            rounds_limit=matchup.rounds, think=budget)
        won, lost = summary["wins"]
        drawn = summary["draws"]
        per_squad[name] = {"wins": won, "draws": drawn, "losses": lost}
        wins, draws, losses = wins + won, draws + drawn, losses + lost
    played = wins + draws + losses
    low, high = wilson_interval(wins, played)
    return {"pair": f"{first} v {second}", "games": played, "wins": wins, "draws": draws,
            "losses": losses, "win_rate": wins / played, "ci95": [low, high],
            "squads": per_squad, "seconds": round(time.perf_counter() - started, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default="ace:random,ace:simple,master:ace")
    parser.add_argument("--games", type=int, default=100, help="games per squad")
    parser.add_argument("--first", type=int, default=0,
                        help="the number of each squad's first game (a run in parts)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--think", default=None,
                        help="a searching level's budget per decision: imagined decisions "
                        "(e.g. 200) or seconds (e.g. 0.2s); default the level's own")
    parser.add_argument("--squads", default=",".join(SQUADS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    squads = [s.strip() for s in args.squads.split(",") if s.strip()]
    games = range(args.first, args.first + args.games)
    rows = [strength(*pair.split(":"), squads, games, args.workers, args.seed,
                     args.think) for pair in args.pairs.split(",")]
    if args.json:
        print(json.dumps(rows))
        return
    print(f"mirrored squads: {', '.join(squads)}; games {games.start} to {games.stop - 1} "
          "of each, sides swapped")
    print(f"{'pair':18} {'games':>6} {'W-D-L':>12} {'wins':>7}  {'95% interval':>15}")
    for row in rows:
        low, high = row["ci95"]  # type: ignore[misc]
        print(f"{row['pair']:18} {row['games']:>6} "
              f"{row['wins']}-{row['draws']}-{row['losses']:<4} "
              f"{row['win_rate']:>7.1%}  {low:>6.1%} - {high:.1%}")


if __name__ == "__main__":
    main()
