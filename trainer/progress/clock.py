"""Times in the progress store: aware UTC datetimes, stored as ISO-8601 text that sorts as time."""

from __future__ import annotations

from datetime import datetime, timezone


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def iso(when: datetime) -> str:
    """UTC ISO-8601 text with milliseconds, e.g. ``2024-05-01T12:00:00.000+00:00`` (sorts as text)."""
    return when.astimezone(timezone.utc).isoformat(timespec="milliseconds")


def parse_iso(text: str) -> datetime:
    when = datetime.fromisoformat(text)
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)
