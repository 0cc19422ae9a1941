"""Firefox for the browser tests, driven over WebDriver BiDi (the W3C protocol Firefox
speaks natively), with a small client of our own on the ``websockets`` package.

Playwright drives only its own patched Firefox, which cannot be downloaded on the
machines Tallon is built on; Debian's ``firefox-esr`` speaks BiDi out of the box, so the
tests start it headless with ``--remote-debugging-port`` and talk to it directly. Clicks
and drags are real input (``input.performActions``), not DOM calls.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.server.helpers import free_port


def firefox_path() -> str | None:
    return (os.environ.get("TALLON_FIREFOX") or shutil.which("firefox-esr")
            or shutil.which("firefox"))


class BidiError(RuntimeError):
    pass


class Firefox:
    """A headless Firefox with one browsing context (tab)."""

    def __init__(self, executable: str) -> None:
        self.profile = Path(tempfile.mkdtemp(prefix="tallon-firefox-"))
        self.port = free_port()
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-remote", "--profile", str(self.profile),
             f"--remote-debugging-port={self.port}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        self.socket = self._connect()
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        self.call("session.new", {"capabilities": {}})
        self.call("session.subscribe", {"events": ["log.entryAdded"]})
        self.context = self.call("browsingContext.getTree", {})["contexts"][0]["context"]
        self.call("browsingContext.setViewport", {
            "context": self.context, "viewport": {"width": 1400, "height": 1000}})

    def _connect(self) -> ClientConnection:
        deadline = time.monotonic() + 30
        while True:
            try:
                return connect(f"ws://127.0.0.1:{self.port}/session", max_size=None,
                               open_timeout=5)
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise BidiError("Firefox did not start its WebDriver BiDi server") from None
                time.sleep(0.2)

    def call(self, method: str, params: dict[str, Any]) -> Any:
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=60))
            if message.get("type") == "event":
                self.events.append(message)
            elif message.get("id") == self.next_id:
                if message.get("type") == "error":
                    raise BidiError(f"{method}: {message.get('error')}: "
                                    f"{message.get('message')}")
                return message["result"]

    # ----------------------------------------------------------------- the page
    def goto(self, url: str) -> None:
        self.call("browsingContext.navigate",
                  {"context": self.context, "url": url, "wait": "complete"})

    def evaluate(self, expression: str) -> Any:
        """The JSON value of ``expression`` (a promise is awaited)."""
        found = self.call("script.evaluate", {
            "expression": f"(async () => JSON.stringify(await ({expression})))()",
            "target": {"context": self.context}, "awaitPromise": True})
        if found["type"] == "exception":
            raise BidiError(found["exceptionDetails"]["text"])
        value = found["result"].get("value")
        return None if value is None else json.loads(value)

    def wait_for(self, expression: str, timeout: float = 20.0) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise BidiError(f"timed out waiting for {expression}")
            time.sleep(0.05)

    def _pointer(self, actions: list[dict[str, Any]]) -> None:
        self.call("input.performActions", {"context": self.context, "actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
             "actions": actions}]})

    def click_at(self, x: float, y: float) -> None:
        self._pointer([{"type": "pointerMove", "x": round(x), "y": round(y)},
                       {"type": "pointerDown", "button": 0},
                       {"type": "pointerUp", "button": 0}])

    def click(self, selector: str) -> None:
        """A real mouse click in the middle of the first element ``selector`` finds."""
        box = self.wait_for(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " if (!e) return null; e.scrollIntoView({block: 'center'});"
            " const r = e.getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        self.click_at(box[0], box[1])

    def type_into(self, selector: str, text: str) -> None:
        self.evaluate(f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                      f" e.value = {json.dumps(text)};"
                      " e.dispatchEvent(new Event('input', {bubbles: true})); })()")

    def errors(self) -> list[str]:
        """The JavaScript errors the page logged."""
        return [event["params"].get("text", "") for event in self.events
                if event.get("method") == "log.entryAdded"
                and event["params"].get("level") == "error"]

    def close(self) -> None:
        with contextlib.suppress(BidiError, OSError, TimeoutError):
            self.call("session.end", {})  # closing anyway
        self.socket.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
