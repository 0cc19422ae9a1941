"""The attacker's game in the lean tokens-only solver (``tallon.dice.solver_tokens``),
compiled once per ship and number of attack dice.

Where the attacker's choices and its lock's reroll lead from each roll of n attack dice -
its positions, the rerolls valued one die at a time, down to the ends (hits | crits << 4 |
its tokens << 8) - depends on its tokens and n alone, never on the defender, a value or a
choice: ``attack_graph`` compiles it into flat lists of node numbers, kept on the ship's
``TokenSide`` like the move tables it closes over. A solve then walks those lists instead of
recursing through positions: the ranks of the ends (from the defender's subgame), each
choice's best and each reroll's expectation with children before parents, then the masses
down the choices made (``AttackGraph.play``). The game is the recursive one's: the same
positions, the same options in the same order (stopping first, then each ability's, depth
first), the first best on ties.

Nodes are numbered by kind, children always below their parents: the ends, then the
attacker's picks among the ends its focus results reach (``choices``), then the rerolls
(``conv``: focus results may still change; ``inert``: they count as blanks), then the
positions where the lock can still reroll (``decisions``); within a kind, in the order the
walk from the rolls made them, which puts children first.

A node's rank is its value as in ``solver_values`` - expected damage, crits, attacker tokens
left, defender tokens left, one packed integer - with the last field complemented (``^ low``),
so that the attacker's best is the largest integer. Complementing commutes with the
expectation of a reroll (the fields never carry), so ranks are valued directly.
"""

from __future__ import annotations

from operator import itemgetter

from tallon.dice.abilities.base import Role
from tallon.dice.abilities.tokens import LOCK
from tallon.dice.faces import DieKind
from tallon.dice.packed import BITS, LIMIT
from tallon.dice.solver_tokens_sides import (
    ATTACK_ROLLS,
    ATTACK_SPLIT,
    ATTACKER_SLOTS,
    CANCELED,
    CONVERTS,
    DICE_AT,
    DROP_FOCUS,
    FOCUS_AT,
    GRAPH_HOLDERS,
    HIT_AT,
    ONE_ATTACK_DIE,
    ONE_DIE,
    ONE_INERT_DIE,
    POOL_MASK,
    TOKEN_SHIFT,
    TokenSide,
    option_keys,
    reachable,
    tokens_left,
)

_LOCK_AT = BITS * ATTACKER_SLOTS[LOCK]
(_W_BLANK, _), (_W_FOCUS, _), (_W_HIT, _), (_W_CRIT, _) = ONE_ATTACK_DIE
_W_NO_FOCUS = ONE_INERT_DIE[0][0]
"""One attack die's weights (out of 8): blank, focus, hit, crit; focus as a blank."""
_END, _CHOICE, _CONV, _INERT, _DECISION = range(5)
MOST_GRAPHS = 128
"""Compiled games kept, all sides together (``GRAPH_HOLDERS``)."""


class AttackGraph:
    """The attacker's game from the rolls of n attack dice (the module docstring)."""

    __slots__ = ("choices", "compared", "conv", "decision_base", "decisions", "end_keys",
                 "end_left", "end_outs", "end_pairs", "inert", "lefts", "pairs", "roots",
                 "size", "totals")

    def __init__(self, end_keys: list[int], choices: list[tuple[int, ...]],
                 conv: list[tuple[int, ...]], inert: list[tuple[int, ...]],
                 decisions: list[tuple[int, ...]], roots: dict[int, int],
                 compared: set[int]) -> None:
        self.end_keys = tuple(end_keys)
        self.end_pairs = tuple(key & 0xFF for key in end_keys)
        self.end_left = tuple(tokens_left(key >> 8) for key in end_keys)
        self.lefts = tuple(set(self.end_left))
        # For the outcomes: the attacker's tokens as placed in one, hits | crits, the total,
        # and without reinforce the outcome (without the defender's tokens) after e evades.
        self.end_outs = tuple(
            ((key >> 8) << 24, key & 0xFF, (key & LIMIT) + ((key >> BITS) & LIMIT),
             tuple(canceled | ((key >> 8) << 24) for canceled in CANCELED[key & 0xFF]))
            for key in end_keys
        )
        self.pairs = tuple(dict.fromkeys(self.end_pairs))
        self.totals = tuple(dict.fromkeys((p & LIMIT) + (p >> BITS) for p in self.pairs))
        # Only ends that are some node's children need a rank (a roll may end where it
        # stands, nothing to choose).
        self.compared = tuple(dict.fromkeys(self.end_pairs[end] for end in sorted(compared)))
        # itemgetter reads all of a node's children in one call.
        self.choices = tuple((children, itemgetter(*children)) for children in choices)
        self.conv, self.inert = tuple(conv), tuple(inert)
        self.decisions = tuple((children, itemgetter(*children)) for children in decisions)
        self.decision_base = len(end_keys) + len(choices) + len(conv) + len(inert)
        self.size = self.decision_base + len(decisions)
        self.roots = tuple(roots.items())

    @property
    def chooses(self) -> bool:
        """Whether the attacker has any choice to make (else the ends need no values)."""
        return bool(self.choices or self.decisions)

    def play(self, ranks: list[int]) -> list[int]:
        """Where the attack dice end under the attacker's play, given the ranks of the ends
        (``ranks``, in ``end_keys`` order, those of ``compared`` pairs at least; extended here
        with every node's): the mass out of 8**(2n) of each end, in ``end_keys`` order (and
        then of other nodes)."""
        append = ranks.append
        picks = []
        keep = picks.append
        for children, get in self.choices:
            values = get(ranks)
            best = max(values)
            append(best)
            keep(children[values.index(best)])
        for blank, focus, hit, crit in self.conv:
            append((_W_BLANK * ranks[blank] + _W_FOCUS * ranks[focus] + _W_HIT * ranks[hit]
                    + _W_CRIT * ranks[crit]) >> 3)
        for blank, hit, crit in self.inert:
            append((_W_NO_FOCUS * ranks[blank] + _W_HIT * ranks[hit] + _W_CRIT * ranks[crit])
                   >> 3)
        for children, get in self.decisions:
            values = get(ranks)
            best = max(values)
            append(best)
            keep(children[values.index(best)])
        return self._masses(picks)

    def _masses(self, picks: list[int]) -> list[int]:
        """The masses down the choices made (``picks``: the choices', then the decisions'
        children picked), parents before children; masses are multiples of 8**n until the
        rerolls, one die each, are done."""
        first = len(self.end_keys)
        if self.size == first + len(self.choices):  # no reroll: a root is an end or a pick
            ends = [0] * first
            for node, m in self.roots:
                ends[node if node < first else picks[node - first]] += m
            return ends
        mass = [0] * self.size
        for node, m in self.roots:
            mass[node] = m
        node = self.size
        for pick in reversed(picks[len(self.choices):]):
            node -= 1
            m = mass[node]
            if m:
                mass[pick] += m
        for blank, hit, crit in reversed(self.inert):
            node -= 1
            m = mass[node] >> 3
            if m:
                mass[blank] += _W_NO_FOCUS * m
                mass[hit] += _W_HIT * m
                mass[crit] += _W_CRIT * m
        for blank, focus, hit, crit in reversed(self.conv):
            node -= 1
            m = mass[node] >> 3
            if m:
                mass[blank] += _W_BLANK * m
                mass[focus] += _W_FOCUS * m
                mass[hit] += _W_HIT * m
                mass[crit] += _W_CRIT * m
        for node, pick in enumerate(picks[:len(self.choices)], first):
            m = mass[node]
            if m:
                mass[pick] += m
        return mass


def attack_graph(side: TokenSide, n: int) -> AttackGraph:
    """The compiled game of the attacker ``side`` rolling ``n`` dice (kept in ``side.graphs``:
    it depends on the side's tokens and n alone)."""
    found = side.graphs.get(n)
    if found is None:
        if len(GRAPH_HOLDERS) >= MOST_GRAPHS:
            for holder in GRAPH_HOLDERS:
                holder.graphs.clear()
            GRAPH_HOLDERS.clear()
        found = side.graphs[n] = _Builder(side).build(n)
        GRAPH_HOLDERS.append(side)
    return found


class _Builder:
    """Walks the attacker's positions from every roll as ``solver_tokens`` used to recurse
    through them. A node is first named ``number << 3 | kind``, its number among its kind's
    in the order made - children first, so that order is one where children come first -
    and renumbered at the end, once the size of each kind is known."""

    def __init__(self, side: TokenSide) -> None:
        self.side = side
        self.ends: dict[int, int] = {}
        self.kinds: list[list[list[int]]] = [[] for _ in range(_DECISION + 1)]
        self.known: dict[int, int] = {}
        """Rerolls and decisions by key (a reroll's has the CHANCE flag)."""
        self.children: set[int] = set()
        """The ends that are some node's children: those a solve ranks."""
        self.picks: dict[int, int] = {}
        """The attacker's picks among ends by focus key << 8 | hits | crits << 4."""

    def build(self, n: int) -> AttackGraph:
        side, start = self.side, self.side.start
        roots: dict[int, int] = {}
        if not side.abilities or not start:
            for mass, pair, _ in ATTACK_SPLIT[n]:
                node = self.end(pair | (start << 8), child=False)
                roots[node] = roots.get(node, 0) + mass
        elif not (start >> _LOCK_AT) & LIMIT:
            # Without focus results no token effect has anything to change.
            for mass, pair, focus in ATTACK_SPLIT[n]:
                node = (self.best_end(focus, start) if focus
                        else self.end(pair | (start << 8), child=False))
                roots[node] = roots.get(node, 0) + mass
        else:
            paid, shift = start << TOKEN_SHIFT, 3 * n
            for weight, pool in ATTACK_ROLLS[n]:
                node = self.known.get(pool | paid)
                if node is None:
                    node = self.decide(pool | paid)
                roots[node] = roots.get(node, 0) + (weight << shift)
        bases = [len(self.ends)]
        for nodes in self.kinds[_CHOICE:]:
            bases.append(bases[-1] + len(nodes))
        bases = [0, *bases[:-1]]

        def renumber(kind: int) -> list[tuple[int, ...]]:
            return [tuple([bases[node & 7] + (node >> 3) for node in children])
                    for children in self.kinds[kind]]

        return AttackGraph(list(self.ends), renumber(_CHOICE), renumber(_CONV),
                           renumber(_INERT), renumber(_DECISION),
                           {bases[node & 7] + (node >> 3): mass for node, mass in roots.items()},
                           self.children)

    def end(self, key: int, child: bool = True) -> int:
        """An end (hits | crits << 4 | tokens << 8), a node's child or (not ``child``) where a
        roll stands."""
        found = self.ends.get(key)
        if found is None:
            found = self.ends[key] = len(self.ends)
        if child:
            self.children.add(found)
        return found << 3  # | _END

    def _add(self, kind: int, children: list[int]) -> int:
        nodes = self.kinds[kind]
        nodes.append(children)
        return ((len(nodes) - 1) << 3) | kind

    def best_end(self, pool: int, tokens: int) -> int:
        """The attacker's pick among the ends its focus results reach (no lock left)."""
        pair = (pool >> HIT_AT) & 0xFF
        key = (pool & (LIMIT << FOCUS_AT)) | (tokens << TOKEN_SHIFT)
        node = self.picks.get((key << 8) | pair)
        if node is None:
            ends = self.side.reach.get(key)
            if ends is None:
                ends = reachable(self.side, Role.ATTACKER, DieKind.ATTACK, HIT_AT, key)
            if len(ends) == 1:
                node = self.end(pair | (tokens << 8))
            else:
                node = self._add(_CHOICE, [self.end(pair + end) for end in ends])
            self.picks[(key << 8) | pair] = node
        return node

    def chance(self, key: int) -> int:
        """A reroll (dice kept | tokens | dice to roll << DICE_AT | CHANCE) not yet walked, one
        die at a time; with none left to roll, the attacker's best end there."""
        if key & (LIMIT << DICE_AT):
            child, known = key - ONE_DIE, self.known
            converts = key & CONVERTS
            children = []
            for _, add in ONE_ATTACK_DIE if converts else ONE_INERT_DIE:
                found = known.get(child + add)
                children.append(self.chance(child + add) if found is None else found)
            nodes = self.kinds[_CONV if converts else _INERT]
            nodes.append(children)
            node = ((len(nodes) - 1) << 3) | (_CONV if converts else _INERT)
        else:
            pool, tokens = key & POOL_MASK, (key >> TOKEN_SHIFT) & 0xFFFF
            if key & CONVERTS:
                node = self.best_end(pool, tokens)
            else:  # nothing left to change the dice with
                node = self.end(((pool >> HIT_AT) & 0xFF) | (tokens << 8))
        self.known[key] = node
        return node

    def decide(self, key: int) -> int:
        """A position not yet walked where the attacker holding its lock modifies its dice
        (RR: ATTACK step 2b): stopping first, then each option of each ability."""
        side, known = self.side, self.known
        pool, tokens = key & POOL_MASK, key >> TOKEN_SHIFT
        children = [self.end(((pool >> HIT_AT) & 0xFF) | (tokens << 8))]
        for index, (_, _, shift) in enumerate(side.abilities):
            if not (tokens >> shift) & LIMIT:
                continue
            paid = (tokens - (1 << shift)) << TOKEN_SHIFT
            parts = side.options.get(pool | (index << TOKEN_SHIFT))
            if parts is None:
                parts = option_keys(side, index, pool)
            lock = shift == _LOCK_AT  # the lock's reroll: nothing rerolls after it
            # Focus results are blanks to an attacker left with nothing to change them.
            mask = -1 if not lock or paid & CONVERTS else DROP_FOCUS
            follow = self.chance if lock else self.decide
            for part in parts:
                found = known.get((part & mask) | paid)
                children.append(follow((part & mask) | paid) if found is None else found)
        node = children[0] if len(children) == 1 else self._add(_DECISION, children)
        self.known[key] = node
        return node
