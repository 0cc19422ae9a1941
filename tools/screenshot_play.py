#!/usr/bin/env python3
"""Take the game page's screenshot for the README and docs/server.md.

    .venv/bin/python tools/screenshot_play.py [--out docs/img/play.png] [--seed 4]

Starts ``tallon serve`` on a free port with a throwaway database, starts a game against
the simple AI from the lobby, answers by clicks through the setup and a few rounds, then,
at a dial decision, hovers an enemy ship (its range bands and arcs show) and selects a
maneuver (its template and end position show) before taking the picture. Needs chromium
(Debian's package; ``TALLON_CHROMIUM`` names another) and Playwright.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path  # noqa: E402
from tests.browser.pages import click_an_answer, start_from_lobby, wait_for_turn  # noqa: E402
from tests.server.helpers import Server  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "img" / "play.png"))
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2,
                        help="rounds to play before the picture (default 2)")
    args = parser.parse_args(argv)
    browser_path = chromium_path()
    if browser_path is None:
        print("chromium is not installed (apt-get install -y chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = Server(Path(folder) / "games.db").start()
        try:
            browser = playwright.chromium.launch(executable_path=browser_path,
                                                 args=CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": 1500, "height": 1000})
            start_from_lobby(page, server.base, None, ("human", "ai:simple"), args.seed)
            page.wait_for_url("**/play#game=*")
            rng = random.Random(args.seed)
            while True:
                kind = wait_for_turn(page)
                status = page.inner_text("#status")
                if kind == "over":
                    print("the game ended before the picture", file=sys.stderr)
                    return 1
                if kind == "set_dial" and status.startswith(f"Round {args.rounds + 1}"):
                    break
                click_an_answer(page, rng)
            enemy = page.locator("#board g.ship[data-ship^='p2.']").first
            enemy.hover()
            page.locator("#decision .dial-grid button[data-value]").nth(2).click()
            page.wait_for_selector("#overlay polygon")
            enemy.hover()
            page.wait_for_timeout(300)
            page.screenshot(path=args.out)
            browser.close()
        finally:
            server.stop()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
