"""The documentation's Python examples run, and print what the documentation says they
print (the python-chess way: examples are tests).

Each ```python block of a document listed here runs in order, in one namespace per
document. A comment line right after a line that prints (``# True chance_roll_dice 20``)
is the output the documentation promises: the printed lines must be those, in order. A
block starting with ``# file:`` is an excerpt of a module shown for reading, not run.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import re
import textwrap
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
RUN = ("engine.md", "abilities.md", "data.md", "geometry.md")


def blocks(name: str) -> list[str]:
    text = (DOCS / name).read_text(encoding="utf-8")
    found = [textwrap.dedent(b) for b in re.findall(r"```python\n(.*?)```", text, re.S)]
    return [b for b in found if not b.startswith("# file:")]


def promised(block: str) -> list[str]:
    """The output lines a block's comments promise (a comment after a printing line)."""
    lines = block.splitlines()
    return [line.strip()[2:] for before, line in itertools.pairwise(lines)
            if "print(" in before and line.strip().startswith("# ")]


@pytest.mark.parametrize("name", RUN)
def test_the_examples_of_a_document_run_and_print_what_it_says(name):
    """Situation: the document's examples, run in order. Expected: no error, and each
    print gives the line the document shows under it."""
    namespace: dict[str, object] = {}
    for k, block in enumerate(blocks(name)):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, f"{name} example {k + 1}", "exec"), namespace)
        assert out.getvalue().splitlines() == promised(block), f"{name} example {k + 1}"


def test_an_excerpt_is_not_run_and_a_promise_is_read():
    """The runner's own conventions: excerpts are skipped; promises follow prints."""
    assert promised('x = 1\nprint(x)\n# 1\n# not a promise\n') == ["1"]
