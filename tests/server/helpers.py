"""A real ``tallon serve`` on a free port, and a small JSON client over real HTTP."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tallon.cli.demo import default_squads
from tallon.squads import to_xws

SCRIPT = shutil.which("tallon", path=str(Path(sys.executable).parent)) or "tallon"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``tallon serve`` in its own process, keeping its games in the SQLite file
    ``database``, or at ``database_url`` (an SQLAlchemy URL, e.g. PostgreSQL's)."""

    def __init__(self, database: Path | None = None, *, database_url: str | None = None,
                 args: tuple[str, ...] = ()) -> None:
        self.database = database
        self.args = args
        self.database_url = database_url or f"sqlite:///{database}"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.process = subprocess.Popen(
            [SCRIPT, "serve", "--port", str(self.port), "--database",
             self.database_url, *self.args], stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/", timeout=1):
                    return self
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(self.process.stderr.read().decode()) from None  # type: ignore[union-attr]
                time.sleep(0.1)
        raise RuntimeError("the server did not start within 30 s")

    def kill(self) -> None:
        """SIGKILL: no chance to clean up, as a crash."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


def demo_xws() -> list[dict[str, Any]]:
    return [to_xws(squad) for squad in default_squads()]
