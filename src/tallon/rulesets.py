"""The rulesets Tallon knows, named in one place.

``RULESETS`` is every ruleset whose cards and squads Tallon reads; ``PLAYED_RULESETS`` those
its rules engine plays. The first edition ("1e", issue 21) has its card data
(:mod:`tallon.data.cards_1e`) and squad checking (:mod:`tallon.squads.legality_1e`); its
rules engine is not written yet, so a game refuses it with :func:`ruleset_problem`'s
message. docs/first-edition.md lists what exists and what does not.
"""

from __future__ import annotations

RULESETS: tuple[str, ...] = ("2.5", "1e")
PLAYED_RULESETS: tuple[str, ...] = ("2.5",)
DEFAULT_RULESET = "2.5"


def ruleset_problem(ruleset: object, *, play: bool = True) -> str | None:
    """Why ``ruleset`` cannot be used (``play``: for a game, not only cards and squads),
    or None when it can."""
    if ruleset not in RULESETS:
        return f"unknown ruleset {ruleset!r}; known rulesets: {', '.join(RULESETS)}"
    if play and ruleset not in PLAYED_RULESETS:
        return (f"the {ruleset} rules engine is not implemented yet: Tallon reads its cards "
                f"and checks its squads (tallon squad check FILE --ruleset {ruleset}), but "
                f"games play {', '.join(PLAYED_RULESETS)} only")
    return None
