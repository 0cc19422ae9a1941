#!/usr/bin/env python3
"""Bootstrap and run Tallon on a machine that has nothing but Python 3.11+.

    python3 run.py demo [ARGS]     the main job (``tallon demo``)
    python3 run.py serve [ARGS]    the game server: play in the browser (``tallon serve``)
    python3 run.py test [ARGS]     the whole test suite: ruff, then pytest (installs
                                   Debian's chromium and firefox-esr for the browser
                                   tests when they are missing and this is root)
    python3 run.py tallon ARGS     any ``tallon`` command

On first use (and whenever pyproject.toml changes) this creates a virtual
environment at ``.venv`` and installs Tallon into it, editable, with its
development tools, so that ``.venv/bin/tallon`` exists afterwards.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".tallon-install-stamp"
MIN_PYTHON = (3, 11)


def _say(message: str) -> None:
    print(f"[run.py] {message}", file=sys.stderr, flush=True)


def _install_fingerprint() -> str:
    # Reinstall when the declared dependencies change, not on every run.
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_environment() -> None:
    if sys.version_info < MIN_PYTHON:
        sys.exit(f"Tallon needs Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer; "
                 f"this is {sys.version.split()[0]}.")
    python = BIN / "python"
    if not python.exists():
        _say(f"creating a virtual environment in {VENV} ...")
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    fingerprint = _install_fingerprint()
    if STAMP.exists() and STAMP.read_text() == fingerprint and (BIN / "tallon").exists():
        return
    _say("installing Tallon and its tools into .venv (first run only; needs network) ...")
    pip = [str(python), "-m", "pip", "--disable-pip-version-check", "-q"]
    steps = [
        [*pip, "install", "--upgrade", "pip"],
        [*pip, "install", "-e", f"{ROOT}[dev]"],
    ]
    for step in steps:
        result = subprocess.run(step, cwd=ROOT)
        if result.returncode != 0:
            sys.exit(f"[run.py] installation failed: {' '.join(step)} (exit {result.returncode})")
    STAMP.write_text(fingerprint)
    _say("environment ready.")


#: the browsers the browser tests drive, as Debian packages and their commands
BROWSERS = {"chromium": ("chromium",), "firefox-esr": ("firefox-esr", "firefox")}


def ensure_browsers() -> None:
    """The browser tests drive Debian's chromium (with Playwright, whose own browser
    download cannot work here) and firefox-esr (over WebDriver BiDi): install them when
    they are missing and this user may (root with apt-get)."""
    missing = [package for package, commands in BROWSERS.items()
               if not any(shutil.which(command) for command in commands)]
    if not missing:
        return
    if os.name != "posix" or os.geteuid() != 0 or not shutil.which("apt-get"):
        _say(f"{' and '.join(missing)} not installed and cannot be installed from here "
             "(needs root and apt-get): the browser tests will be skipped, or fail under "
             f"CI=true. Install with: sudo apt-get install -y {' '.join(missing)}")
        return
    _say(f"installing Debian's {' and '.join(missing)} for the browser tests "
         "(first run only) ...")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for step in (["apt-get", "update", "-qq"],
                 ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing]):
        if subprocess.run(step, env=env, stdout=subprocess.DEVNULL).returncode != 0:
            _say(f"could not install {' '.join(missing)} ({' '.join(step)} failed); the "
                 "browser tests will be skipped, or fail under CI=true")
            return


def _run(argv: list[str]) -> int:
    # Python caches each module's compiled bytecode beside its source (in __pycache__,
    # which git ignores) unless PYTHONDONTWRITEBYTECODE is set; with it set, every process
    # compiles Tallon's ~1,000 modules afresh, ~1.5-2.5 s a process on a slow machine, and
    # the tests start hundreds of processes (test workers, simulator workers, servers, the
    # command line): so Tallon's own processes keep the cache whatever the shell says
    env = {key: value for key, value in os.environ.items()
           if key != "PYTHONDONTWRITEBYTECODE"}
    return subprocess.run(argv, cwd=ROOT, env=env).returncode


def run_tests(extra: list[str]) -> int:
    code = _run([str(BIN / "ruff"), "check", "src", "tests", "tools", "run.py"])
    if code != 0:
        _say("ruff found problems (see above).")
        return code
    workers = os.environ.get("TALLON_TEST_WORKERS", "auto")
    # worksteal: an idle worker takes queued tests from a busy one, so a few long tests
    # (the fuzz's game chunks, the browser games) queued on one worker do not leave the
    # other idle at the end
    return _run([str(BIN / "python"), "-m", "pytest", "-n", workers, "--dist", "worksteal",
                 *extra])


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help", "help"}:
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    ensure_environment()
    if command == "test":
        ensure_browsers()
        return run_tests(rest)
    if command in ("demo", "serve"):
        return _run([str(BIN / "tallon"), command, *rest])
    if command == "tallon":
        return _run([str(BIN / "tallon"), *rest])
    print(f"unknown command {command!r}; try: demo, serve, test, tallon", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
