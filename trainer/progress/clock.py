"""Times in the progress store: aware UTC datetimes, stored as ISO-8601 text that sorts as time."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def iso(when: datetime) -> str:
    """UTC ISO-8601 text with milliseconds, e.g. ``2024-05-01T12:00:00.000+00:00`` (sorts as text)."""
    return when.astimezone(timezone.utc).isoformat(timespec="milliseconds")


def parse_iso(text: str) -> datetime:
    when = datetime.fromisoformat(text)
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


#: The local hour a trainee's day starts (Anki's "next day starts at"): a card due before the next one is due
#: today, and the daily new-item cap counts from it.
DAY_STARTS = 4


def day_start(now: datetime) -> datetime:
    """When the trainee's day containing ``now`` began (:data:`DAY_STARTS` o'clock local time)."""
    local = now.astimezone()
    start = local.replace(hour=DAY_STARTS, minute=0, second=0, microsecond=0)
    return start if start <= local else start - timedelta(days=1)


def due_by(now: datetime) -> datetime:
    """Cards due before this are due today: the start of the trainee's next day."""
    return day_start(now) + timedelta(days=1)
