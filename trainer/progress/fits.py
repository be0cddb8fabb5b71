"""The school's fitted FSRS parameters on its database (table ``fsrs_fits``, schema version 14).

Every fit an instructor keeps is one row (``trainer.progress.fitting`` makes them); the newest row is
the school's: the scheduler reviews every card with its parameters (``scheduling.review``), and with
FSRS's default parameters where the database has none. Below the cards and the fitting, which both
read it; no fsrs import here.
"""

from __future__ import annotations

import json
import math
import sqlite3
from dataclasses import dataclass
from typing import Any

#: FSRS 6 has 21 parameters (weights); a stored list of another length is not used.
PARAMETER_COUNT = 21


@dataclass(frozen=True)
class StoredFit:
    """One fit as the database keeps it: when, on which class's answers, how many, the log-loss with the
    default parameters (``before``) and the fitted ones (``after``), the fit's seconds and the parameters."""

    fitted_utc: str
    class_name: str
    reviews: int
    before: float
    after: float
    seconds: float
    parameters: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"fitted_utc": self.fitted_utc, "class": self.class_name, "reviews": self.reviews,
                "log_loss_before": self.before, "log_loss_after": self.after, "seconds": round(self.seconds, 2),
                "parameters": list(self.parameters)}


def describe(fit: StoredFit, kept: bool | None = None) -> str:
    """The fit's figures in a sentence (``kept``: whether the scheduler now uses it; None: not said).

    >>> describe(StoredFit("2026-11-29T02:00:00.000+00:00", "Morning", 2431, 0.41234, 0.37711, 61.0, ()), True)
    'FSRS fitted to 2,431 answers of Morning on 2026-11-29: log-loss 0.4123 with the default parameters, 0.3771 fitted; kept: the scheduler uses them'
    """
    said = "" if kept is None else ("; kept: the scheduler uses them" if kept else
                                    "; not kept: they predict no better than the default")
    return (f"FSRS fitted to {fit.reviews:,} answers of {fit.class_name} on {fit.fitted_utc[:10]}: log-loss "
            f"{fit.before:.4f} with the default parameters, {fit.after:.4f} fitted{said}")


def _parameters(text: str) -> tuple[float, ...] | None:
    """The parameters of a stored JSON list, or None if it is damaged (wrong length, not numbers)."""
    try:
        values = tuple(float(x) for x in json.loads(text))
    except (ValueError, TypeError):
        return None
    return values if len(values) == PARAMETER_COUNT and all(math.isfinite(v) for v in values) else None


def latest(conn: sqlite3.Connection) -> StoredFit | None:
    """The school's fit (the newest kept), or None: the default parameters (none kept, or it is damaged)."""
    row = conn.execute("SELECT fitted_utc, class_name, reviews, log_loss_before, log_loss_after, seconds, "
                       "parameters FROM fsrs_fits ORDER BY id DESC LIMIT 1").fetchone()
    parameters = _parameters(row[6]) if row else None
    if parameters is None:
        return None
    return StoredFit(row[0], row[1], int(row[2]), float(row[3]), float(row[4]), float(row[5]), parameters)


def parameters(conn: sqlite3.Connection) -> tuple[float, ...] | None:
    """The parameters the scheduler uses on this database: the school's fitted ones, or None (FSRS's default)."""
    found = latest(conn)
    return found.parameters if found else None


def keep(conn: sqlite3.Connection, fit: StoredFit) -> None:
    """Make ``fit`` the school's (inside the caller's transaction)."""
    conn.execute("INSERT INTO fsrs_fits (fitted_utc, class_name, reviews, log_loss_before, log_loss_after, seconds, "
                 "parameters) VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (fit.fitted_utc, fit.class_name, fit.reviews, fit.before, fit.after, fit.seconds,
                  json.dumps(list(fit.parameters))))
