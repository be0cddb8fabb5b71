"""Where the trainer keeps its files: platformdirs folders, overridable by environment variables.

``PAIGOW_TRAINER_DATA_DIR`` (progress database, exports, and beside them the app's settings) and
``PAIGOW_TRAINER_CONFIG_DIR`` (the settings elsewhere) let tests and classroom set-ups point elsewhere (an empty value counts as unset,
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


def settings_dir() -> Path:
    """Where the app's settings file lives (welcome seen, text size, window, presenter): beside the
    progress file, so a trainee PC's data folder (``PAIGOW_TRAINER_DATA_DIR``) carries its own and a
    fresh one starts with the welcome and Normal text (issue 40); ``PAIGOW_TRAINER_CONFIG_DIR`` puts
    them elsewhere."""
    if os.environ.get("PAIGOW_TRAINER_CONFIG_DIR"):
        return config_dir()
    return data_dir()


def legacy_settings_dir() -> Path | None:
    """The user config folder where settings lived before they moved beside the progress file, when
    the settings are now in the user's own data folder (no folder chosen by the environment): the
    same OS account's choices, kept. None otherwise."""
    if os.environ.get("PAIGOW_TRAINER_CONFIG_DIR") or os.environ.get("PAIGOW_TRAINER_DATA_DIR"):
        return None
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


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


def write_file(path: Path | str, data: bytes | str) -> Path:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all; returns the path.

    Every command that writes a file (a report, a CSV, a picture, an export) writes through here:
    into a hidden temporary file in the same folder, flushed to the disk and its size checked, then
    renamed over ``path`` (a rename within a folder is atomic). A full disk, a file size limit, a
    missing or read-only folder is a ``TrainerError`` naming the file and the reason, and leaves no
    file behind (and an older ``path`` as it was). A device or a pipe that exists (``/dev/stdout``)
    is written to directly: it cannot be replaced, and its errors are reported the same way.
    """
    if not str(path).strip():
        raise TrainerError("no file given: name the file to write")
    out = Path(path)
    body = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = out.stat().st_mode
    except OSError:
        mode = 0
    if stat.S_ISDIR(mode):
        raise TrainerError(f"cannot write {out}: it is a folder (give a file's name)")
    if mode and not stat.S_ISREG(mode):  # a pipe no program reads from is an error, never a wait
        _write_all(out, out, body, os.O_WRONLY | (os.O_NONBLOCK if stat.S_ISFIFO(mode) else 0))
        return out
    try:
        target = out.resolve() if out.is_symlink() else out  # a link stays a link to the new file
    except (RuntimeError, OSError):  # (Python 3.11 reports a loop as a RuntimeError)
        raise TrainerError(f"cannot write {out}: it is a link that leads back to itself (a loop)") from None
    tmp = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        _write_all(tmp, out, body, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
        os.replace(tmp, target)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):  # the rename
            raise TrainerError(f"cannot write {out}: {os_reason(exc, out)}") from None
        raise
    return out


def _write_all(path: Path, shown: Path, body: bytes, flags: int) -> None:
    """Write ``body`` to ``path`` opened with ``flags``, flushed to the disk and its size checked; an
    ``OSError`` becomes a one-line ``TrainerError`` about ``shown`` (the file the user named)."""
    try:
        fd = os.open(path, flags, 0o644)
        if flags & os.O_NONBLOCK:  # opened (a reader is there): now write as to any file
            os.set_blocking(fd, True)
        try:
            view = memoryview(body)
            while view:
                written = os.write(fd, view)
                if written <= 0:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                view = view[written:]
            if stat.S_ISREG(os.fstat(fd).st_mode):
                os.fsync(fd)  # a full disk can refuse the data only now (delayed allocation, NFS)
                if os.fstat(fd).st_size != len(body):
                    raise OSError(errno.EIO, "the file's size on disk is not what was written")
        finally:
            os.close(fd)
    except OSError as exc:
        raise TrainerError(f"cannot write {shown}: {os_reason(exc, shown)}") from None


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
    if exc.errno == errno.ENXIO:
        return "it is a pipe that no program reads from"
    if exc.errno == errno.ELOOP:
        return "it is a link that leads back to itself (a loop)"
    if exc.errno == errno.EISDIR:
        return f"{path} is a folder"
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full (free some space and try again)"
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
