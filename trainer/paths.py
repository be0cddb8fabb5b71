"""Where the trainer keeps its files: platformdirs folders, overridable by environment variables.

``PAIGOW_TRAINER_DATA_DIR`` (progress database, exports) and ``PAIGOW_TRAINER_CONFIG_DIR`` (window
state, preferences) let tests and classroom set-ups point elsewhere (an empty value counts as unset,
as is usual for environment variables). A folder that cannot be used (a file, under a file,
read-only, an empty path) is a ``TrainerError`` naming the folder and the reason.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from trainer.rules.errors import TrainerError

APP_NAME = "paigow-trainer"


def data_dir() -> Path:
    """The user data folder (created if missing)."""
    return _folder("PAIGOW_TRAINER_DATA_DIR", "user_data_dir", "data folder")


def config_dir() -> Path:
    """The user configuration folder (created if missing)."""
    return _folder("PAIGOW_TRAINER_CONFIG_DIR", "user_config_dir", "settings folder")


def _folder(env: str, kind: str, what: str) -> Path:
    override = os.environ.get(env)
    if override:
        return usable_folder(override, what)
    import platformdirs

    return usable_folder(getattr(platformdirs, kind)(APP_NAME, appauthor=False), what)


def usable_folder(folder: Path | str, what: str = "data folder") -> Path:
    """``folder``, created if missing; a ``TrainerError`` if it cannot hold the trainer's files.

    >>> usable_folder("")
    Traceback (most recent call last):
    ...
    trainer.rules.errors.TrainerError: the data folder is empty: give a folder's path
    """
    if not str(folder).strip():
        raise TrainerError(f"the {what} is empty: give a folder's path")
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        if path.is_symlink() and not path.exists():
            raise TrainerError(f"the {what} {path} is a link to {os.readlink(path)}, which does not exist") from None
        raise TrainerError(f"the {what} {path} is a file, not a folder") from None
    except OSError as exc:
        raise TrainerError(f"the {what} {path} cannot be created: {os_reason(exc, path)}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise TrainerError(f"the {what} {path} is read-only: make it writable or choose another folder")
    return path


def os_reason(exc: OSError, path: Path) -> str:
    """Why an operation on ``path`` failed, in plain words (one line, no errno numbers)."""
    if exc.errno == errno.ENOTDIR:
        blocker = next((p for p in (path, *path.parents) if p.is_file()), None)
        return f"{blocker} is a file, not a folder" if blocker else "part of the path is not a folder"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "permission denied (read-only)"
    if exc.errno == errno.ENOENT:
        return f"files cannot be created in {path.parent}" if path.parent.is_dir() else \
            f"the folder {path.parent} does not exist"
    if exc.errno == errno.EISDIR:
        return f"{path} is a folder"
    return (exc.strerror or type(exc).__name__).lower()


def read_regular(path: Path, limit: int, what: str) -> bytes:
    """At most ``limit + 1`` bytes of ``path`` if it is a regular file (``what`` names it in
    messages): a FIFO would block and a device (``/dev/zero``) never end, so both are refused
    without reading; the caller tells "more than ``limit``" by the length."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise TrainerError(f"no such file: {path}") from None
    except OSError as exc:
        raise TrainerError(f"cannot read {path}: {(exc.strerror or str(exc)).lower()}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise TrainerError(f"{path} is a folder: give {what}")
        raise TrainerError(f"{path} is not a regular file (a pipe or a device): give {what}")
    with os.fdopen(fd, "rb") as f:
        try:
            return f.read(limit + 1)
        except OSError as exc:
            raise TrainerError(f"cannot read {path}: {(exc.strerror or str(exc)).lower()}") from None
