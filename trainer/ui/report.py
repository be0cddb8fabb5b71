"""Printable reports: an exam's result (or a trainee's practice record) as a PDF, drawn with Qt.

:func:`exam_report` and :func:`trainee_report` gather what the engine already decided (scores,
expected answers, citations) into a :class:`Report`; :func:`write_pdf` draws it on A4 pages with
``QPdfWriter`` (no other dependency) and :func:`render_pages` draws the very same pages on images,
to look at or to show on screen. Layout is in points (1/72 inch): the painter is scaled to the
device's resolution, so PDF and image pages break at the same places.

>>> from trainer.drills.exam import ExamSpec, build_exam, grade
>>> exam = build_exam(ExamSpec(seed=7, skills=("tile-compare", "vigorish"), count=4))
>>> report = exam_report("Ana", grade(exam, [q.answer for q in exam.questions[:3]] + [None]).to_dict(),
...                      when="2024-05-01T12:00:00+00:00")
>>> report.summary[0], len(report.wrong), report.wrong[0].given
('Score: 3 of 4 (75%) — not passed (pass mark 80%)', 1, '(no answer)')
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from trainer.rules.errors import TrainerError
from trainer.paths import write_file
from trainer.drills.games import games, profile_named
from trainer.drills.exam import casino_title

#: A4 in points, and the page margin.
PAGE_W, PAGE_H, MARGIN = 595.0, 842.0, 48.0

_INK, _GREY, _RED, _GREEN, _CITE, _RULE = "#111111", "#555555", "#b00020", "#1b6e2f", "#7a4d00", "#bbbbbb"


@dataclass(frozen=True)
class WrongAnswer:
    """One wrong (or unanswered) question, with the correct answer and where the rule is written."""

    number: int | None
    skill: str
    prompt: str
    given: str
    expected: str
    citations: tuple[str, ...]
    explanation: str = ""
    mistake: str = ""
    when: str = ""


@dataclass(frozen=True)
class Report:
    """Everything a report page shows, as text: the drawing decides nothing."""

    title: str
    trainee: str
    date: str
    profile: str
    summary: tuple[str, ...]
    skill_header: tuple[str, ...]
    skill_rows: tuple[tuple[str, ...], ...]
    wrong: tuple[WrongAnswer, ...]
    wrong_title: str = "Wrong answers"
    extra_tables: tuple[tuple[str, tuple[str, ...], tuple[tuple[str, ...], ...]], ...] = field(default=())
    #: What ``trainee`` names: a trainee, or a class (the instructor's class report).
    who: str = "Trainee"
    #: The first table's title (default: by the report's kind).
    table_title: str = ""


def skill_title(skill: str) -> str:
    """A skill's title; an id the registry does not know (an old record) as it is."""
    from trainer.drills import skill_named

    try:
        return skill_named(skill).title
    except TrainerError:
        return skill


def _worded(w: WrongAnswer, profile: str) -> WrongAnswer:
    """A wrong answer as printed: each citation with its section's title, readings and internal
    names in words (a trainee reads no internal id)."""
    from trainer.drills.text import plain_words
    from trainer.rulebook.citations import refs

    def say(text: str) -> str:
        return plain_words(text, profile)

    return replace(w, prompt=say(w.prompt), given=say(w.given), expected=say(w.expected),
                   explanation=say(w.explanation), citations=tuple(r.words for r in refs(w.citations, profile)))


def _profile_title(name: str) -> str:
    try:
        return f"{name} — {profile_named(name).title}"
    except TrainerError:
        return name


def _profiles_title(names: Iterable[str]) -> str:
    """The profiles a record was made under, in the games' order (an unknown name last)."""
    used = set(names)
    known = [n for g in games() for n in g.profiles.names() if n in used]
    return "; ".join(_profile_title(n) for n in known + sorted(used - set(known)))


def grouped_rows(rows: Mapping[str, tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    """Table rows by skill id, each game's under its title (a one-cell row, drawn bold across)."""
    from trainer.drills import by_game

    return tuple(row for game, skills in by_game(rows) for row in ((game,), *(rows[s] for s in skills)))


def _date(when: str | None) -> str:
    moment = datetime.fromisoformat(when) if when else datetime.now(timezone.utc)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def _percent(correct: int, total: int) -> str:
    return f"{100 * correct / total:.0f}%" if total else "—"


def _minutes(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    from trainer.drills.clock import elapsed_seconds

    m, s = divmod(elapsed_seconds(seconds), 60)  # (as the exam screen: whole seconds elapsed)
    return f"{m} min {s:02d} s"


def exam_report(trainee: str, result: Mapping[str, Any], when: str | None = None,
                practice: Sequence[Any] = ()) -> Report:
    """A report of one exam result (``ExamResult.to_dict()``, or a row of ``ProgressStore.exams``).

    ``practice``: the trainee's ``SkillStats``, added as a second table when given.
    """
    spec = result["spec"]
    limit = spec.get("time_limit_s")
    verdict = "passed" if result["passed"] else "not passed"
    summary = (
        f"Score: {result['score']} of {result['total']} ({result['percent']:.0f}%) — {verdict} "
        f"(pass mark {spec.get('pass_percent', 80)}%)",
        f"Time used: {_minutes(result.get('elapsed_s'))}"
        + (f" of {_minutes(limit)}" if limit else " (no time limit)")
        + (" — the time limit was reached" if result.get("timed_out") else ""),
        f"Exam seed {spec['seed']}, {spec['count']} questions on: "
        + ", ".join(skill_title(s) for s in spec["skills"]),
    )
    rows = grouped_rows({skill: (skill_title(skill), str(v["correct"]), str(v["total"]),
                                 _percent(v["correct"], v["total"])) for skill, v in result["by_skill"].items()})
    wrong = tuple(_worded(WrongAnswer(q["index"] + 1, skill_title(q["skill"]), q["prompt"],
                                      q["given"] or "(no answer)", q["expected"], tuple(q["citations"]),
                                      q.get("explanation", ""),
                                      "" if q.get("mistake") == "unanswered" else q.get("mistake", "")),
                          spec["profile"])
                  for q in result["questions"] if not q["correct"])
    extra = (("Practice record", _PRACTICE_HEADER, practice_rows(practice)),) if practice else ()
    casino = casino_title(spec.get("casino"))
    return Report("Exam report", trainee, _date(when or result.get("finished_utc")),
                  _profile_title(spec["profile"]) + (f", at {casino}" if casino else ""),
                  summary, ("Skill", "Correct", "Questions", "Score"), rows, wrong, extra_tables=extra)


_PRACTICE_HEADER = ("Skill", "Answered", "Correct", "Accuracy", "Median time")


def practice_rows(stats: Iterable[Any]) -> tuple[tuple[str, ...], ...]:
    """Table rows of ``SkillStats`` practised, under each game's title."""
    return grouped_rows({s.skill: (s.title, str(s.answered), str(s.correct),
                                   "—" if s.accuracy is None else f"{s.accuracy:.0%}",
                                   "—" if s.median_ms is None else f"{s.median_ms / 1000:.1f} s")
                         for s in stats if s.answered})


def practice_report(trainee: str, stats: Sequence[Any], wrong_records: Sequence[Any], profiles: Iterable[str],
                    limit: int = 100) -> Report:
    """A trainee's practice record: per-skill table and the most recent wrong answers (``AnswerRecord``,
    oldest first as the store lists them; the report lists the newest first). ``profiles``: those
    the trainee answered under."""
    from trainer.drills.answers import expected_text
    from trainer.drills.model import Question

    recent = list(wrong_records)[-limit:][::-1]
    wrong = []
    for r in recent:
        q = Question.from_dict(r.question)
        wrong.append(_worded(WrongAnswer(None, skill_title(r.skill), q.prompt, r.answer, expected_text(q),
                                         q.citations, q.explanation, when=_date(r.ts_utc)), q.profile))
    answered = sum(s.answered for s in stats)
    correct = sum(s.correct for s in stats)
    summary = (f"Answers recorded: {answered}, correct {correct} ({_percent(correct, answered)})",
               "No exam taken yet: this report shows the practice record.")
    return Report("Practice report", trainee, _date(None), _profiles_title(profiles), summary, _PRACTICE_HEADER,
                  practice_rows(stats), tuple(wrong), wrong_title=f"Most recent wrong answers (up to {limit})")


def trainee_report(store: Any, trainee: str, exam_id: int | None = None) -> Report:
    """The report for ``trainee``: their exam (``exam_id``, default the latest) with the practice
    record, or the practice record alone when they took no exam."""
    name = store.trainee(trainee).name
    exams = store.exams(name)
    stats = store.skill_stats(name)
    if exam_id is not None:
        chosen = [e for e in exams if e["id"] == exam_id]
        if not chosen:
            ids = ", ".join(str(e["id"]) for e in exams) or "none"
            raise TrainerError(f"{name} has no exam {exam_id} (exams: {ids})")
        return exam_report(name, chosen[0], practice=stats)
    if exams:
        return exam_report(name, exams[-1], practice=stats)
    records = store.answers(name)
    profiles = {r.profile for r in records} or {games()[0].default_profile}
    return practice_report(name, stats, [r for r in records if not r.correct], profiles)


# --- drawing ----------------------------------------------------------------------------------------


class _Page:
    """Draws blocks in points; ``measure`` mode only returns heights (the first, paginating pass)."""

    def __init__(self, painter) -> None:
        self.p = painter
        self.width = PAGE_W - 2 * MARGIN

    def font(self, size: int, bold: bool = False, italic: bool = False):
        from PySide6.QtGui import QFont

        font = QFont("DejaVu Sans")
        font.setStyleHint(QFont.StyleHint.SansSerif)
        font.setPixelSize(size)  # pixels of the scaled painter = points
        font.setBold(bold)
        font.setItalic(italic)
        return font

    def text(self, y: float, text: str, size: int = 10, colour: str = _INK, bold: bool = False,
             italic: bool = False, x: float = 0.0, width: float | None = None, draw: bool = True,
             align: str = "left") -> float:
        """Wrapped text at ``y``; returns its height."""
        from PySide6.QtCore import QRectF, Qt
        from PySide6.QtGui import QColor

        self.p.setFont(self.font(size, bold, italic))
        flags = Qt.TextFlag.TextWordWrap | {"left": Qt.AlignmentFlag.AlignLeft,
                                            "right": Qt.AlignmentFlag.AlignRight}[align]
        rect = QRectF(MARGIN + x, y, width if width is not None else self.width - x, 10_000)
        bound = self.p.boundingRect(rect, flags, text)
        if draw:
            self.p.setPen(QColor(colour))
            self.p.drawText(rect, flags, text)
        return bound.height()

    def rule(self, y: float, colour: str = _RULE, draw: bool = True) -> float:
        from PySide6.QtCore import QPointF
        from PySide6.QtGui import QColor, QPen

        if draw:
            self.p.setPen(QPen(QColor(colour), 0.6))
            self.p.drawLine(QPointF(MARGIN, y), QPointF(MARGIN + self.width, y))
        return 6.0


def _columns(header: Sequence[str]) -> list[tuple[float, float, str]]:
    """(x, width, alignment) per column: the first column takes the rest of the line."""
    numeric = 74.0
    first = PAGE_W - 2 * MARGIN - numeric * (len(header) - 1)
    cols = [(0.0, first - 8, "left")]
    cols += [(first + i * numeric, numeric, "right") for i in range(len(header) - 1)]
    return cols


def _row(page: _Page, y: float, cells: Sequence[str], bold: bool, draw: bool, header: Sequence[str]) -> float:
    height = 0.0
    for (x, width, align), cell in zip(_columns(header), cells):
        height = max(height, page.text(y, cell, 10, bold=bold, x=x, width=width, draw=draw, align=align))
    return height + 3


def _header_row(page: _Page, y: float, header: Sequence[str], draw: bool) -> float:
    height = _row(page, y, header, True, draw, header)
    return height + page.rule(y + height, draw=draw)


def _blocks(report: Report) -> list:
    """The report as a list of blocks: ``(keep_with_next, draw(page, y, draw) -> height)``."""
    blocks: list = []

    def add(fn, keep: bool = False) -> None:
        blocks.append((keep, fn))

    add(lambda pg, y, d: pg.text(y, report.title, 20, bold=True, draw=d) + 4)
    meta = f"{report.who}: {report.trainee}     Date: {report.date}" + (f"\nProfile: {report.profile}"
                                                                      if report.profile else "")
    add(lambda pg, y, d: pg.text(y, meta, 11, draw=d) + 6)
    for line in report.summary:
        add(lambda pg, y, d, line=line: pg.text(y, line, 11, bold=line is report.summary[0], draw=d) + 3)
    first = report.table_title or ("Score per skill" if report.title == "Exam report" else "Per skill")
    tables = ((first, report.skill_header, report.skill_rows),) + report.extra_tables
    for title, header, rows in tables:
        add(lambda pg, y, d, t=title: 10 + pg.text(y + 10, t, 14, bold=True, draw=d) + 4, keep=True)
        add(lambda pg, y, d, h=header: _header_row(pg, y, h, d), keep=True)
        for row in rows or (("(none)",) + ("",) * (len(header) - 1),):
            add(lambda pg, y, d, r=row, h=header: _row(pg, y, r, len(r) == 1, d, h), keep=len(row) == 1)
    if not report.wrong_title:  # a chart, not a record: no wrong answers to list
        return blocks
    title = f"{report.wrong_title}: {len(report.wrong)}" if report.wrong else f"{report.wrong_title}: none"
    add(lambda pg, y, d: 12 + pg.text(y + 12, title, 14, bold=True, draw=d) + 4, keep=bool(report.wrong))
    for w in report.wrong:
        add(lambda pg, y, d, w=w: _wrong(pg, y, w, d))
    return blocks


def _wrong(page: _Page, y: float, w: WrongAnswer, draw: bool) -> float:
    start = y
    head = " · ".join(part for part in (f"Question {w.number}" if w.number else "", w.skill, w.when) if part)
    y += page.text(y, head, 10, colour=_GREY, bold=True, draw=draw)
    y += page.text(y, w.prompt, 11, draw=draw) + 2
    given = f"Answered: {w.given}" + (f" — {w.mistake}" if w.mistake else "")
    y += page.text(y, given, 11, colour=_RED, x=12, draw=draw)
    y += page.text(y, f"Correct answer: {w.expected}", 11, colour=_GREEN, bold=True, x=12, draw=draw)
    y += page.text(y, f"Citation: {' · '.join(w.citations)}", 10, colour=_CITE, bold=True, x=12, draw=draw)
    if w.explanation:
        y += page.text(y, w.explanation, 9, colour=_GREY, italic=True, x=12, draw=draw)
    y += 4
    y += page.rule(y, draw=draw)
    return y - start


def _paginate(page: _Page, blocks: list) -> list[list[tuple[float, Any]]]:
    top, bottom = MARGIN + 18, PAGE_H - MARGIN - 18
    pages: list[list[tuple[float, Any]]] = [[]]
    y = top
    heights = [fn(page, 0.0, False) for _, fn in blocks]
    for i, ((keep, fn), h) in enumerate(zip(blocks, heights)):
        need, j = h, i
        while blocks[j][0] and j + 1 < len(blocks):  # a title keeps with its header, which keeps with a row
            j += 1
            need += heights[j]
        if y + need > bottom and pages[-1]:
            pages.append([])
            y = top
        pages[-1].append((y, fn))
        y += h
    return pages


def _draw_page(page: _Page, report: Report, blocks: list[tuple[float, Any]], number: int, count: int) -> None:
    header = f"Pai Gow Dealer Trainer · {report.title} · {report.trainee}"
    page.text(MARGIN - 16, header, 8, colour=_GREY)
    page.text(PAGE_H - MARGIN + 4, f"Page {number} of {count}", 8, colour=_GREY, align="right")
    for y, fn in blocks:
        fn(page, y, True)


def _paint_all(report: Report, painter, new_page) -> int:
    page = _Page(painter)
    pages = _paginate(page, _blocks(report))
    for n, blocks in enumerate(pages, start=1):
        if n > 1:
            new_page()
        _draw_page(page, report, blocks, n, len(pages))
    return len(pages)


def _need_gui() -> None:
    """A report can be drawn from the command line: start a headless application if there is none
    (a QApplication, so that widgets may still be made in the same process)."""
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _need_gui.app = QApplication([])  # type: ignore[attr-defined]


def write_pdf(report: Report, path: Path | str, resolution: int = 300) -> int:
    """Write ``report`` as an A4 PDF at ``path``; returns the number of pages.

    The PDF is drawn in memory and written whole or not at all (:func:`trainer.paths.write_file`):
    a path that cannot be written, or a full disk, is a one-line ``TrainerError`` and leaves no file.
    """
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
    from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

    _need_gui()
    out = Path(path)
    if not out.parent.is_dir():
        raise TrainerError(f"cannot write {out}: folder {out.parent} does not exist")
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(0, 0, 0, 0)))
    writer.setResolution(resolution)
    writer.setTitle(f"{report.title}: {report.trainee}")
    writer.setCreator("Pai Gow Dealer Trainer")
    painter = QPainter()
    if not painter.begin(writer):
        raise TrainerError(f"cannot write {out}")
    painter.scale(resolution / 72, resolution / 72)
    try:
        pages = _paint_all(report, painter, writer.newPage)
    finally:
        painter.end()
    buffer.close()
    write_file(out, data.data())
    return pages


def render_pages(report: Report, dpi: int = 110) -> list:
    """The report's pages as white ``QImage`` s at ``dpi`` (the same layout as the PDF)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter

    _need_gui()
    size = (round(PAGE_W / 72 * dpi), round(PAGE_H / 72 * dpi))
    images: list = []
    painters: list = []

    def start() -> QPainter:
        image = QImage(*size, QImage.Format.Format_RGB32)
        image.fill(Qt.GlobalColor.white)
        image.setDotsPerMeterX(round(dpi / 0.0254))
        image.setDotsPerMeterY(round(dpi / 0.0254))
        images.append(image)
        if painters:
            painters[-1].end()
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.scale(dpi / 72, dpi / 72)
        painters.append(painter)
        return painter

    first = start()

    class _Switch:
        """Forwards drawing to the current page's painter."""

        def __getattr__(self, name: str) -> Any:
            return getattr(painters[-1], name)

    _paint_all(report, _Switch(), start)
    painters[-1].end()
    del first
    return images


def pdf_page_count(path: Path | str) -> int:
    """Pages of a PDF written by Qt (counts its page objects)."""
    import re

    data = Path(path).read_bytes()
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))
