"""Scenes on demand: put chosen ships on a table, in chosen poses, with chosen tokens,
and start the game at the step you want to study, with the dice you want rolled.

For judges who want a ruling measured, for card tests, and for developers::

    from tallon.scene import Scene

    sc = Scene(seed=1)
    wedge = sc.ship("wedgeantilles", at=(400, 300, 0), tokens={"focus": 1})
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(wedge, tie, dice=["hit", "hit", "focus"], defense=["evade"])
    game.decision          # the first decision of the attack (the attacker declares it)

The game is real: everything after the starting point runs through the engine's own
steps. Setting a scene changes the state directly (ships, poses, tokens, the damage deck),
as a judge would set up a table; nothing that setting it would trigger is resolved.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tallon.cards import CARDS
from tallon.data import load_cards
from tallon.dice import DieKind, Face
from tallon.engine.abilities import CardRegistry
from tallon.engine.action_bodies import turret_arcs_for
from tallon.engine.attack import Engage
from tallon.engine.chance import LoadedDice
from tallon.engine.decisions import Decision
from tallon.engine.devices import build_remote
from tallon.engine.game import Game, GameSetup
from tallon.engine.state import PLAYERS, ShipState, Token
from tallon.engine.steps import Step
from tallon.geometry import Arc, Obstacle, Pose
from tallon.squads import build_squad


# ----------------------------------------------------------------------------- dice
def faces(kind: DieKind, results: Iterable[str | Face]) -> list[tuple[DieKind, Face]]:
    """``["hit", "crit"]`` as scripted attack dice (or defense dice)."""
    found = []
    for result in results:
        face = result if isinstance(result, Face) else Face[str(result).upper()]
        if not kind.has_face(face):
            raise ValueError(f"a {kind.value} die has no {face.label} face")
        found.append((kind, face))
    return found


def load_dice(game: Game, attack: Iterable[str | Face] = (),
              defense: Iterable[str | Face] = (), *,
              then: Sequence[tuple[DieKind, Face]] = ()) -> LoadedDice:
    """The next attack dice rolled show ``attack``, then the defense dice ``defense``, then
    ``then`` (rerolls, further attacks: a list of ``(kind, face)``)."""
    script = faces(DieKind.ATTACK, attack) + faces(DieKind.DEFENSE, defense) + list(then)
    rng = LoadedDice(script, seed=game.state.rng.randrange(1 << 30))
    game.state.rng = rng
    return rng


# ---------------------------------------------------------------------------- steps
@dataclass(frozen=True)
class _Phase(Step):
    phase: str

    def run(self, game: Game) -> Decision | None:
        game.state.phase = self.phase
        return None


# ------------------------------------------------------------------------- the scene
@dataclass
class _Entry:
    player: int
    pilot: str
    upgrades: tuple[str, ...]
    at: tuple[float, float, float] | None
    tokens: dict[str, int]
    setup: dict[str, Any]


@dataclass
class Scene:
    """A table to set up. Ships get the ids ``p1.1, p1.2, ...`` and ``p2.1, ...`` in the
    order they are added; player 1 sits at y = 0, player 2 at y = 914.4. The
    game plays the card pool ``cards`` (Tallon's own by default)."""

    seed: int = 0
    factions: tuple[str | None, str | None] = (None, None)
    entries: list[_Entry] = field(default_factory=list)
    obstacles: list[tuple[str, float, float, float]] = field(default_factory=list)
    fuses: dict[str, int] = field(default_factory=dict)
    remotes: list[tuple[int, str, tuple[float, float, float]]] = field(default_factory=list)
    first_player: int = 1
    round: int = 1
    cards: CardRegistry = field(default=CARDS, repr=False)
    #: the ruleset played ("1e": pilots and upgrades are then first-edition play ids such
    #: as ``1e-xwing-lukeskywalker`` and ``1e-protontorpedoes``)
    ruleset: str = "2.5"

    def ship(self, pilot: str, player: int = 1, at: tuple[float, float, float] | None = None,
             upgrades: Iterable[str] = (), tokens: dict[str, int] | None = None,
             **setup: Any) -> str:
        """Add a ship; returns its id. ``setup`` sets state fields directly (``force=0``,
        ``shields=1``, ``charges={"elusive": 0}``, ``locks=["p2.1"]``, ``turret="left"``,
        ``stress=2`` and other token names also work there)."""
        _check_player(player)
        number = 1 + sum(1 for e in self.entries if e.player == player)
        self.entries.append(_Entry(player, pilot, tuple(upgrades), at, dict(tokens or {}),
                                   setup))
        return f"p{player}.{number}"

    def obstacle(self, outline: str, x: float, y: float, rotation: float = 0.0,
                 fuses: int = 0) -> str:
        """Add an obstacle (setup obstacles, or one cards place such as
        ``electrochaffcloud``, with ``fuses`` fuse markers); returns its id."""
        self.obstacles.append((outline, x, y, rotation))
        obstacle_id = f"obstacle-{len(self.obstacles)}"
        if fuses:
            self.fuses[obstacle_id] = fuses
        return obstacle_id

    def remote(self, card: str, player: int = 1, at: tuple[float, float, float] = (0, 0, 0)
               ) -> str:
        """Put the remote that upgrade ``card`` places (``discordmissiles``: a buzz droid
        swarm) on the table for ``player``, its tab's edge at ``at``; returns its id
        (``r1.1``, ``r1.2``, ... for player 1)."""
        _check_player(player)
        self.remotes.append((player, card, at))
        return f"r{player}.{sum(1 for p, _, _ in self.remotes if p == player)}"

    # ---------------------------------------------------------------------- building
    def game(self) -> Game:
        """The game after setup, with the scene arranged, at the start of round
        ``self.round``'s Planning Phase (the first dial decision)."""
        game = Game(GameSetup(squads=self._squads(), seed=self.seed, cards=self.cards,
                              ruleset=self.ruleset))
        while game.decision is not None and game.state.phase == "setup":
            d = game.decision
            game.answer(d.options[0].key)
        self._arrange(game)
        return game

    def at(self, *steps: Step, phase: str = "engagement") -> Game:
        """The game with the scene arranged, running ``steps`` (then stopping) in
        ``phase``: e.g. ``sc.at(Engage("p1.1"))``."""
        game = self.game()
        start_at(game, *steps, phase=phase)
        return game

    def attack(self, attacker: str, defender: str | None = None,
               dice: Iterable[str | Face] = (), defense: Iterable[str | Face] = (),
               weapon: str | None = None, then: Sequence[tuple[DieKind, Face]] = ()
               ) -> Game:
        """The game at ``attacker``'s engagement, with the dice loaded. With ``defender``
        the attack is declared against it (with ``weapon``, else the first weapon that can
        reach it), and the game waits at the attack's first decision."""
        game = self.at(Engage(attacker))
        load_dice(game, dice, defense, then=then)
        if defender is not None:
            declare(game, attacker, defender, weapon)
        return game

    def _squads(self) -> tuple[Any, Any]:
        db = load_cards()
        squads = []
        for player in PLAYERS:
            entries = [(e.pilot, list(e.upgrades)) for e in self.entries if e.player == player]
            if not entries:
                raise ValueError(f"player {player} has no ships in the scene")
            faction = self.factions[player - 1] or db.pilot(entries[0][0]).faction
            squads.append(build_squad(faction, entries, name=f"Scene player {player}"))
        return squads[0], squads[1]

    def _arrange(self, game: Game) -> None:
        s = game.state
        s.obstacles = [Obstacle(f"obstacle-{k + 1}", Pose(x, y, rot), outline)
                       for k, (outline, x, y, rot) in enumerate(self.obstacles)]
        s.fuses = dict(self.fuses)
        s.first_player = self.first_player
        s.round = self.round
        counters = dict.fromkeys(PLAYERS, 0)
        for entry in self.entries:
            counters[entry.player] += 1
            ship = s.ships[f"p{entry.player}.{counters[entry.player]}"]
            if entry.at is not None:
                s.set_pose(ship, Pose(*entry.at))
            set_tokens(ship, entry.tokens)
            _apply_setup(ship, entry.setup)
        for player, card, at in self.remotes:
            remote = build_remote(game, player, card)
            s.ships[remote.id] = remote
            s.set_pose(remote, Pose(*at))
        s.moved()


def _check_player(player: int) -> None:
    if player not in PLAYERS:
        raise ValueError(f"players are numbered 1 and 2, not {player!r}")


def _apply_setup(ship: ShipState, setup: dict[str, Any]) -> None:
    for name, value in setup.items():
        if name == "turret":
            ship.turret = turret_arcs_for(ship, Arc(value))
        elif name == "charges":
            for card, active in value.items():
                ship.charges[card].active = active
        elif name in Token._value2member_map_:
            ship.tokens[Token(name)] = int(value)
        elif name in ("cards", "conditions", "damage"):
            setattr(ship, name, tuple(value))  # immutable on the ship (see ShipState)
        elif hasattr(ship, name):
            setattr(ship, name, value)
        else:
            raise ValueError(f"a ship has no {name!r} to set")


def set_tokens(ship: ShipState, tokens: dict[str, int]) -> None:
    """Give the ship exactly these token counts (no effects triggered)."""
    for name, count in tokens.items():
        token = Token(name)
        if count:
            ship.tokens[token] = count
        else:
            ship.tokens.pop(token, None)


def start_at(game: Game, *steps: Step, phase: str = "engagement") -> None:
    """Drop what the game had scheduled and run ``steps`` from here (the game stops when
    they are done). For scenes: the state stays as it is."""
    game.pending = None
    game.stack = []
    game.push(_Phase(phase), *steps)
    game._advance()


def declare(game: Game, attacker: str, defender: str, weapon: str | None = None) -> None:
    """Answer the pending attack declaration: ``attacker`` attacks ``defender``."""
    d = game.decision
    if d is None or d.kind not in ("declare_attack", "bonus_attack") or d.ship != attacker:
        raise ValueError(f"the game is not waiting for {attacker} to declare an attack "
                         f"(it waits for {d.kind if d else 'nothing'})")
    for option in d.options:
        info = option.info
        if info is not None and info["defender"] == defender and (
                weapon is None or info["weapon"] == weapon):
            game.answer(option.key)
            return
    offered = ", ".join(o.label for o in d.options)
    raise ValueError(f"{attacker} can't attack {defender}"
                     + (f" with {weapon}" if weapon else "") + f"; offered: {offered}")


def stack_deck(game: Game, player: int, cards: Iterable[str]) -> None:
    """Put these damage cards on top of the player's deck, the first drawn first."""
    deck = game.state.player(player).deck
    wanted = list(cards)
    for card in wanted:
        if card not in deck:
            raise ValueError(f"no {card!r} left in player {player}'s damage deck")
        deck.remove(card)
    deck.extend(reversed(wanted))
