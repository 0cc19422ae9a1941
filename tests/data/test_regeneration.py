"""The committed card data equals a fresh conversion of ../shared/data/xwing-data2.

Skipped on machines without ../shared/data: Tallon itself never needs it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT.parent / "shared" / "data" / "xwing-data2"
GENERATED = ROOT / "src" / "tallon" / "data" / "generated"

sys.path.insert(0, str(ROOT / "tools"))
import convert_cards  # noqa: E402


@pytest.mark.skipif(not (SOURCE / "data" / "manifest.json").exists(),
                    reason="../shared/data/xwing-data2 is not present")
def test_committed_data_matches_a_fresh_conversion():
    """Regenerating from the pinned source gives byte-identical files, and no other
    files lie in the generated directory."""
    texts = convert_cards.convert(SOURCE)
    committed = {path.name for path in GENERATED.glob("*.json")}
    assert committed == set(texts)
    stale = [name for name, text in texts.items()
             if (GENERATED / name).read_text(encoding="utf-8") != text]
    assert stale == [], f"regenerate with: python3 tools/convert_cards.py ({stale})"
