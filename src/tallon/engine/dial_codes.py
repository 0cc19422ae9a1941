"""Dial codes (RR: DIAL, RR: DIFFICULTY): a maneuver's colour read from its code, and the
code with another colour. Read, not parsed into a Maneuver: a huge ship's [0 bank] is no
standard maneuver (RR: APPENDIX: HUGE SHIPS)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from tallon.geometry import Maneuver

if TYPE_CHECKING:
    from tallon.engine.state import ShipState

STRESS_MANEUVER = "2FW"
DIFFICULTY_NAMES = {"R": "red", "W": "white", "B": "blue", "P": "purple"}


@cache
def difficulty_of(code: str) -> str:
    """The colour of a maneuver code (``"2TR"``: red; no letter: white); asked at every
    dial, execution and window, so remembered per code."""
    # read, not parsed: a huge ship's [0 bank] is no standard maneuver
    _, _, letter = _code_parts(code)
    return DIFFICULTY_NAMES[letter] if letter else "white"


def with_difficulty(code: str, colour: str) -> str:
    """The maneuver ``code`` with its difficulty changed to ``colour``."""
    speed, bearing, _ = _code_parts(code)
    return f"{speed}{bearing}{ {v: k for k, v in DIFFICULTY_NAMES.items()}[colour]}"


@cache
def _code_parts(code: str) -> tuple[str, str, str]:
    """(speed, bearing letter, difficulty letter or "") of a dial code."""
    text = code.replace(" ", "")
    if len(text) not in (2, 3) or not text[0].isdigit() or (
            len(text) == 3 and text[2].upper() not in DIFFICULTY_NAMES):
        Maneuver.parse(code)  # says what is wrong with it
        raise ValueError(f"not a maneuver code: {code!r}")
    return text[0], text[1].upper(), text[2].upper() if len(text) == 3 else ""


def dial_options(ship: ShipState, stressed: bool | None = None, exclude_red: bool = True
                 ) -> list[str]:
    """The maneuvers a ship may set: its dial, without red maneuvers while it is stressed
    (rulebook: a stressed ship cannot set red maneuvers; ``exclude_red=False``: the
    ruleset lets it, Ruleset.stressed_dial_excludes_red); ``stressed`` overrides whether
    it is (as it was when a dial was set)."""
    codes = list(ship.dial)
    # a huge ship may (RR: APPENDIX: HUGE SHIPS - RED MANEUVERS: paid with energy)
    if exclude_red and (ship.stressed if stressed is None else stressed) and not ship.huge:
        codes = [c for c in codes if difficulty_of(c) != "red"]
    return codes or list(ship.dial)
