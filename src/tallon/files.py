"""Reading and writing the files a user names, with errors that say which file and why.

Every file Tallon reads from outside (squads, replays, ban lists) goes through
:func:`read_text`, and every file it writes through :func:`write_file`: a write goes to a
temporary file beside the target and is renamed over it only when complete, so an
interrupted or failed run never leaves half a file behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any

#: The largest input file read: far beyond any squad, ban list or replay.
MAX_INPUT_BYTES = 64 * 2**20


class FileAccessError(Exception):
    """A file or directory that cannot be read or written; the message names it."""


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__


def read_text(path: str | Path) -> str:
    """The UTF-8 text of ``path``; :class:`FileAccessError` if it cannot be read as such.
    A pipe or device (``/dev/stdin``, a process substitution) is read too, up to
    :data:`MAX_INPUT_BYTES`."""
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_INPUT_BYTES + 1)
    except IsADirectoryError:
        raise FileAccessError(f"{path}: is a directory, not a file") from None
    except OSError as error:
        raise FileAccessError(f"{path}: cannot read: {_reason(error)}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise FileAccessError(f"{path}: larger than {MAX_INPUT_BYTES // 2**20} MB; not a "
                              "file Tallon reads")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileAccessError(f"{path}: not a UTF-8 text file (byte {error.start} is "
                          f"{data[error.start]:#04x})") from None


class JsonTextError(ValueError):
    """Text that is not usable JSON; the message says where it goes wrong."""


def parse_json(text: str | bytes) -> Any:
    """The JSON value of ``text``; :class:`JsonTextError` if it is not JSON (or nests
    deeper than Python can follow)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise JsonTextError(f"not JSON: {error.msg} (line {error.lineno}, column "
                            f"{error.colno})") from None
    except UnicodeDecodeError:
        raise JsonTextError("not JSON: not UTF-8 text") from None
    except RecursionError:
        raise JsonTextError("not usable JSON: nested too deeply") from None


def _kind(path: Path) -> str:
    """``missing``, ``directory``, ``file`` or ``other`` (a device, a pipe)."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return "missing"
    except NotADirectoryError:
        raise FileAccessError(f"{path}: a part of the path is a file, not a directory") \
            from None
    except OSError as error:
        raise FileAccessError(f"{path}: {_reason(error)}") from None
    return ("directory" if stat.S_ISDIR(mode) else "file" if stat.S_ISREG(mode)
            else "other")


def is_directory(path: str | Path) -> bool:
    """Whether ``path`` is a directory (False too when it can't even be looked at: a name
    too long, a file in the middle of the path)."""
    try:
        return _kind(Path(path)) == "directory"
    except FileAccessError:
        return False


def ensure_directory(path: str | Path) -> Path:
    """``path`` as a directory, created with its parents if missing."""
    target = Path(path)
    if _kind(target) not in ("missing", "directory"):
        raise FileAccessError(f"{path}: exists and is not a directory")
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileAccessError(f"{path}: cannot create the directory: {_reason(error)}") from None
    return target


def write_file(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` all at once: into a temporary file in the
    same directory, then renamed over ``path``."""
    target = Path(path)
    kind = _kind(target)
    if kind == "directory":
        raise FileAccessError(f"{path}: is a directory; give a file name")
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if kind == "other":
        # a device or pipe (/dev/stdout, /dev/null): written into, never replaced
        try:
            with open(target, "wb") as stream:
                stream.write(payload)
        except OSError as error:
            raise FileAccessError(f"{path}: cannot write: {_reason(error)}") from None
        return
    directory = target.parent
    if _kind(directory) != "directory":
        raise FileAccessError(f"{path}: cannot write: the directory {directory} does not exist")
    temporary = directory / f".{target.name}.{secrets.token_hex(4)}.part"
    try:
        # mode 0o666 less the umask: the permissions an ordinary open() gives a new file
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as error:
        raise FileAccessError(f"{path}: cannot write: {_reason(error)}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise FileAccessError(f"{path}: cannot write: {_reason(error)}") from None
        raise


__all__ = ["FileAccessError", "JsonTextError", "ensure_directory", "is_directory",
           "parse_json", "read_text", "write_file"]
