"""Generated bad input for the fuzz tests: the classes of bad value a user can type or hand
over, and well-formed documents (XWS squads, replay records, ban lists) cut up in the ways
files get damaged.

Every strategy draws ``(class name, value)``, so that a test can record which classes it
covered (``CLASSES`` lists them all; the issue's note reports their count).
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from hypothesis import strategies as st

from tallon.cards import CARDS
from tallon.cli.demo import default_squads
from tallon.engine import Game, GameSetup
from tallon.squads import to_xws

#: Bad values typed on the command line, by class.
TYPED: dict[str, list[str]] = {
    "empty text": ["", " ", "\t"],
    "not a number": ["abc", "1,5", "0x10", "one"],
    "NaN": ["nan", "NaN", "-nan"],
    "infinity": ["inf", "-inf", "Infinity", "1e999"],
    "huge number": ["1e308", "-1e308", "99999999999999999999999", "-99999999999999999999"],
    "negative number": ["-1", "-0.5", "-360.0001"],
    "fractional where whole": ["1.5", "0.0001", "2e0"],
    "zero": ["0", "-0", "0.0"],
    "very long text": ["x" * 400, "9" * 300, "focus," * 250],
    "non-ASCII text": ["üñí©ødé", "⚔", "Люк", "\u200b"],
    "control characters": ["a\nb", "\x1b[31mred", "tab\there"],
    "option-like value": ["--json", "-", "--", "-a"],
    "separators only": [",", "=", "@", ",,,", "a=", "=1", "@1,2,3", "x=small@"],
    "wrong field count": ["1,2", "1,2,3,4", "a=small@1", "a=small@1,2,3,4"],
    "unknown name": ["nosuch", "tie", "rebels", "lukeskywalkr", "xl"],
    "wrong case": ["SMALL", "Focus", "2n", "LEFT"],
}

#: Paths a user can name that are not the file wanted, by class (``{tmp}`` is the test's
#: working directory). The tests run as root in CI, so none of these is a place where a
#: write would succeed outside the test's directory.
PATHS: dict[str, list[str]] = {
    "missing file": ["{tmp}/missing.json", "missing/inner.json"],
    "missing directory": ["/proc/nonexistdir/x.svg", "{tmp}/no/such/dir/file.png"],
    "directory as file": ["{tmp}", "."],
    "file as directory": ["{tmp}/afile.txt/x", "{tmp}/afile.txt/y.svg"],
    "unwritable place": ["/proc/nope", "/proc/self/nope/x", "/sys/x.svg"],
    "device file": ["/dev/null"],
    "name too long": ["{tmp}/" + "x" * 300 + ".png", "y" * 300 + "/z.svg", "w" * 5000],
}

#: Paths only ever read (never given where a command writes).
READ_ONLY_PATHS: dict[str, list[str]] = {
    "system file": ["/etc/passwd", "/etc/hostname"],
    "unreadable special file": ["/proc/self/mem", "/dev/zero"],
}

#: How a well-formed document gets damaged, by class.
DAMAGE = (
    "empty file", "truncated", "bytes flipped", "not UTF-8", "wrong top-level type",
    "key removed", "value replaced", "deeply nested", "duplicated entries", "intact",
)

#: Odd JSON values put in place of a field's value.
ODD_VALUES: list[Any] = [None, -1, 0, 2**70, 1e308, -0.5, "", "x" * 500, [], {}, [None],
                         {"": None}, True, "NaN", "⚔", [[[[]]]]]

CLASSES = sorted({*TYPED, *PATHS, *READ_ONLY_PATHS, *DAMAGE, "unknown option",
                  "missing required value", "repeated option", "argument where none"}
                 - {"intact"})  # an intact document is the control, not bad input


@cache
def documents() -> dict[str, Any]:
    """A well-formed document of each kind a command reads."""
    squads = default_squads()
    game = Game(GameSetup(squads, seed=3, rounds=1, cards=CARDS), logging=False)
    from tallon.agents import RandomAgent, play

    play(game, (RandomAgent(1), RandomAgent(2)))
    midway = Game(GameSetup(squads, seed=5, rounds=2, cards=CARDS))
    while midway.state.round < 1:
        midway.answer(midway.decision.options[0].key)
    return {
        "xws": to_xws(squads[0]),
        "record": game.to_record(),
        "snapshot": json.loads(json.dumps(midway.save())),
        "lists": {"standard": {"banned": ["pilot:lukeskywalker"], "restricted": []}},
    }


def _paths_into(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indices) to a value inside ``value``."""
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths_into(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:8]):
            found += _paths_into(inner, (*prefix, index))
    return found


def _get(document: Any, path: tuple) -> Any:
    for step in path:
        document = document[step]
    return document


def _set(document: Any, path: tuple, new: Any, remove: bool = False) -> Any:
    if not path:
        return new
    parent = _get(document, path[:-1])
    if remove:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return document


@st.composite
def damaged(draw: st.DrawFn, kind: str) -> tuple[str, bytes]:
    """A document of ``kind`` damaged in one of the ways of :data:`DAMAGE`, as file bytes."""
    document = copy.deepcopy(documents()[kind])
    how = draw(st.sampled_from(DAMAGE))
    text = json.dumps(document)
    if how == "empty file":
        return how, b""
    if how == "truncated":
        return how, text.encode()[: draw(st.integers(0, len(text) - 1))]
    if how == "bytes flipped":
        data = bytearray(text.encode())
        for _ in range(draw(st.integers(1, 4))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return how, bytes(data)
    if how == "not UTF-8":
        return how, b"\xff\xfe" + text.encode("utf-16-le")[:200]
    if how == "wrong top-level type":
        return how, json.dumps(draw(st.sampled_from([[document], "text", 7, None]))).encode()
    if how == "deeply nested":
        return how, ("[" * 5000 + "]" * 5000).encode()
    if how == "duplicated entries":
        lists = [p for p in _paths_into(document) if isinstance(_get(document, p), list)]
        if lists:
            target = _get(document, draw(st.sampled_from(lists)))
            target.extend(copy.deepcopy(target))
        return how, json.dumps(document).encode()
    if how == "intact":
        return how, text.encode()
    paths = [p for p in _paths_into(document) if p]
    path = draw(st.sampled_from(paths))
    if how == "key removed":
        return how, json.dumps(_set(document, path, None, remove=True)).encode()
    odd = draw(st.sampled_from(ODD_VALUES))
    return how, json.dumps(_set(document, path, odd)).encode()
