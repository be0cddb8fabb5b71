"""Where the trainer keeps its files: platformdirs folders, overridable by environment variables.

``PAIGOW_TRAINER_DATA_DIR`` (progress database, exports) and ``PAIGOW_TRAINER_CONFIG_DIR`` (window
state, preferences) let tests and classroom set-ups point elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "paigow-trainer"


def data_dir() -> Path:
    """The user data folder (created if missing)."""
    return _folder("PAIGOW_TRAINER_DATA_DIR", "user_data_dir")


def config_dir() -> Path:
    """The user configuration folder (created if missing)."""
    return _folder("PAIGOW_TRAINER_CONFIG_DIR", "user_config_dir")


def _folder(env: str, kind: str) -> Path:
    override = os.environ.get(env)
    if override:
        path = Path(override)
    else:
        import platformdirs

        path = Path(getattr(platformdirs, kind)(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
