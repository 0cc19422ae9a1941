"""Values of the exact attack calculator, packed into one integer, and each player's order
over them.

Every value is an integer: the true value times ``8**T``, where ``T`` bounds the number of
die rolls, so chance nodes divide exactly by ``8**k``. The payoff, the uncanceled crits and
both players' spendable tokens left are packed into one integer (payoff in the high bits),
which expectations keep apart because each part is exact and has room to spare. Each phase
puts first the tokens of the player who decides most there, so that comparing two values for
that player is one XOR and one comparison.
"""

from __future__ import annotations

from tallon.dice.solver_keys import AT_ONCE, ScaleError


class PackedValues:
    """Packing values and ranking them for either player (``AttackSolver`` builds on it)."""

    def __init__(self, tokens_bound: int) -> None:
        """``tokens_bound``: more than any field may hold, scaled."""
        self._tokens_bound = tokens_bound
        # Room for a sum over all results of rolling 6 dice at once (weights add up to 8**6).
        self._shift = (tokens_bound << (3 * AT_ONCE + 3)).bit_length() + 1
        self._low = (1 << self._shift) - 1
        self._two_fields = (1 << (2 * self._shift)) - 1
        # XOR with this turns a defense-phase value into the defender's order, lowest best.
        self._defender_flip = self._low << self._shift
        self._checks: dict[int, int] = {}

    def _roll_check(self, bits: int) -> int:
        """Mask of the low ``bits`` bits of each packed part (must be 0 before dividing)."""
        check = self._checks.get(bits)
        if check is None:
            low = (1 << bits) - 1
            shift = self._shift
            check = self._checks[bits] = (
                (low << (3 * shift)) | (low << (2 * shift)) | (low << shift) | low
            )
        return check

    def _pack(self, payoff: int, crits: int, upper: int, lower: int) -> int:
        """One integer holding, from high to low bits: the payoff, the uncanceled crits, and
        two players' spendable tokens left (each scaled, each exact).

        The attack-dice phase puts the attacker's tokens upper, the defense-dice phase the
        defender's: each phase in the layout of the player who decides most there, whose
        order is then the plain order of the integers but for one field (_best_index,
        _best_indices). ``_attacker_layout`` turns one into the other."""
        if max(crits, upper, lower) > self._tokens_bound:
            raise ScaleError("more tokens left than the solver allowed for")  # pragma: no cover
        shift = self._shift
        return (payoff << (3 * shift)) | (crits << (2 * shift)) | (upper << shift) | lower

    def _attacker_layout(self, value: int) -> int:
        """A value of the defense-dice phase (defender's tokens upper) with the two tokens
        fields swapped, as the attack-dice phase keeps it."""
        shift = self._shift
        tokens = value & self._two_fields
        return value - tokens + ((tokens & self._low) << shift) + (tokens >> shift)

    def _best_index(self, attacker: bool, values: list[int]) -> int:
        """Index of the best of ``values`` for the attacker (higher payoff, more crits, more
        attacker tokens left, fewer defender tokens left) or the defender (lower payoff, fewer
        crits, more defender tokens left, fewer attacker tokens left); the first on ties."""
        best = 0
        best_rank = None
        for i, value in enumerate(values):
            # The fields in the order above, each turned so that more is better, as one
            # number. For the attacker only the last field turns: low - d_left in its place,
            # which is value ^ low since d_left <= low.
            rank = value ^ self._low if attacker else self._defender_rank(value)
            if best_rank is None or rank > best_rank:
                best, best_rank = i, rank
        return best

    def _defender_rank(self, value: int) -> int:
        """The defender's ``_best_index`` order as one number: minus the payoff and crits
        (the high part), then the defender's tokens left, then minus the attacker's."""
        shift, low = self._shift, self._low
        return (
            ((value & low) << shift)
            - ((value >> shift) & low)
            - ((value >> (2 * shift)) << (2 * shift))
        )

    def _best_indices(self, attacker: bool, vectors: list[tuple[int, ...]]) -> list[int]:
        """``_best_index`` for each entry (each (hits, crits) pair) of value vectors of the
        defense-dice phase (defender's tokens upper, see ``_pack``)."""
        if len(vectors) == 1:
            return [0] * len(vectors[0])
        if attacker:
            # Higher payoff and crits, then more attacker tokens left, then fewer defender
            # tokens left: the attacker's layout with the last field turned.
            low, layout = self._low, self._attacker_layout
            lowest_best = False
            ranks = [[layout(v) ^ low for v in vector] for vector in vectors]
        else:
            # Lower payoff and crits, then more defender tokens left, then fewer attacker
            # tokens left: the plain order with the defender's field turned, lowest best.
            flip = self._defender_flip
            lowest_best = True
            ranks = [[v ^ flip for v in vector] for vector in vectors]
        best = [0] * len(vectors[0])
        best_rank = ranks[0]
        for i in range(1, len(ranks)):
            # Most choices improve few entries, or none: find them in one pass.
            rank = ranks[i]
            pairs = zip(rank, best_rank, strict=True)
            better = ([j for j, (r, b) in enumerate(pairs) if r < b] if lowest_best else
                      [j for j, (r, b) in enumerate(pairs) if r > b])
            for j in better:
                best[j] = i
                best_rank[j] = rank[j]
        return best
