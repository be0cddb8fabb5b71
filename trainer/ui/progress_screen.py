"""The Progress screen: trainees, their record per skill, what to practise next, charts and a heat map.

Everything shown comes from :class:`trainer.progress.ProgressStore` (statistics recomputed from the
answer log); the screen only lays it out. Trainees are created, switched, renamed, deleted (after a
confirmation), exported and imported here.

Keys: Ctrl+N new trainee, F2 rename, Delete delete, Ctrl+E export, Ctrl+I import; Alt+S / Alt+O /
Alt+H switch between the skills table, the charts over time and the heat map. Enter (or a
double-click) on an entry of "What to practise next" asks to practise that skill
(``practiseRequested``; the main window opens the Drills screen on it).
"""

from __future__ import annotations

import importlib
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QFileDialog, QHeaderView, QInputDialog, QLabel, QListWidget,
    QListWidgetItem, QMessageBox, QPushButton, QSplitter, QTableWidget, QTableWidgetItem, QTabWidget,
    QVBoxLayout, QWidget,
)

from trainer.drills import by_game, item_title, offered_skills
from trainer.progress import HeatMap
from trainer.progress.transfer import load_export
from trainer.rules.errors import TrainerError
from trainer.ui.scaling import refresh_fonts, set_font
from trainer.ui.widgets.labels import heading_item, make_label
from trainer.ui.widgets.screen import Screen
from trainer.ui.flow_layout import FlowLayout, group
from trainer.ui.progress_link import (
    adopt_saved_trainee, ask_new_trainee, current_trainee, instructor_allows, shared_store, switch_to,
)
from trainer.ui.report import skill_title
from trainer.ui.theme import Theme

if TYPE_CHECKING:
    from trainer.ui.progress_charts import HeatMapView, TrendCharts

SKILL_COLUMNS = ("Skill", "Answered", "Correct", "Accuracy", "Median time", "Last practised", "Next due")
#: Entries of "What to practise next", shared among the games.
NEXT_UP = 12
REASONS = {"due": "due now", "new": "never practised", "weak": "weakest recall"}


def local_time(iso: str | None, now: datetime | None = None) -> str:
    """A stored UTC time for people: ``due now`` when past, else the local day and time (``23 Nov 09:30``;
    another year: ``14 Feb 2027``), short enough for the skills table at 1280 px."""
    if not iso:
        return "—"
    when = datetime.fromisoformat(iso)
    if now is not None and when <= now:
        return "due now"
    local = when.astimezone()
    return local.strftime("%d %b %H:%M" if local.year == datetime.now().year else "%d %b %Y")


class SkillTable(QTableWidget):
    """Per-skill counts, accuracy, median time, last answer and next due."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(SKILL_COLUMNS), parent)
        self.setHorizontalHeaderLabels(SKILL_COLUMNS)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setAlternatingRowColors(True)
        self.verticalHeader().hide()
        header = self.horizontalHeader()
        # every column as wide as its contents, the skill's name whole (a stretched first column got
        # what the others left: "Skil" at Projector), the room left over to the last
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.setAccessibleName("Skills")
        set_font(self, 1.3)
        set_font(header, 1.2, bold=True)

    def show_stats(self, rows: list[tuple[str, ...]]) -> None:
        """One row per skill; a one-cell row is a game's heading, across the table."""
        self.clearSpans()
        self.setRowCount(len(rows))
        for r, row in enumerate(rows):
            if len(row) == 1:
                self.setItem(r, 0, heading_item(row[0]))
                self.setSpan(r, 0, 1, len(SKILL_COLUMNS))
                continue
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                item.setToolTip(text)  # a long skill name is elided at 1280 px
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.setItem(r, c, item)


class ProgressScreen(Screen):
    """Trainee bar; tabs with the skills table and next-up list, the charts, the heat map."""

    #: A skill id the trainee chose to practise (an activated "what to practise next" entry).
    practiseRequested = Signal(str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setObjectName("progress-screen")
        self.store = shared_store(ctx)
        adopt_saved_trainee(ctx)
        self._build()
        self._wire()
        self.restyle()
        self.say(self.store.notice or "")
        self.refresh()
        # refreshed just now: shown in this same turn (its first open) it need not refresh again (issue 42)
        self._fresh = True
        QTimer.singleShot(0, self, lambda: setattr(self, "_fresh", False))

    def _build(self) -> None:
        self.trainee_box = QComboBox()
        self.trainee_box.setAccessibleName("Trainee")
        self.trainee_box.setMinimumContentsLength(16)
        label = QLabel("&Trainee:")
        label.setBuddy(self.trainee_box)
        self.new_button = QPushButton("New…  (Ctrl+N)")
        self.rename_button = QPushButton("Rename…  (F2)")
        self.delete_button = QPushButton("Delete…  (Del)")
        self.export_button = QPushButton("Export…  (Ctrl+E)")
        self.import_button = QPushButton("Import…  (Ctrl+I)")
        bar = FlowLayout()  # wraps rather than widen the window at a large text size
        for w in (label, self.trainee_box, self.new_button, self.rename_button, self.delete_button,
                  self.export_button, self.import_button):
            set_font(w, 1.3, bold=w is self.trainee_box)
        for w in (group(label, self.trainee_box), self.new_button, self.rename_button, self.delete_button,
                  self.export_button, self.import_button):
            bar.addWidget(w)
        self.message = QLabel()
        self.message.hide()
        self.message.setObjectName("progress-message")
        self.message.setWordWrap(True)
        set_font(self.message, 1.2)

        self.table = SkillTable()
        self.next_list = QListWidget()
        self.next_list.setAccessibleName("What to practise next (Enter or double-click to practise)")
        self.next_list.setWordWrap(True)
        set_font(self.next_list, 1.3)
        next_title = make_label("What to practise next", 1.4, bold=True)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        next_help = make_label("Double-click or Enter: practise it now", 1.1, wrap=True)
        side_layout.addWidget(next_title)
        side_layout.addWidget(self.next_list, 1)
        side_layout.addWidget(next_help)
        split = QSplitter()
        split.addWidget(self.table)
        split.addWidget(side)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 1)

        # the charts (pyqtgraph) are made when their tab is first shown: the screen opens on the table
        self._charts: TrendCharts | None = None
        self._heat: HeatMapView | None = None
        self.charts_page, self.heat_page = QWidget(), QWidget()
        for page in (self.charts_page, self.heat_page):
            QVBoxLayout(page).setContentsMargins(0, 0, 0, 0)
        self.tabs = QTabWidget()
        self.tabs.addTab(split, "&Skills")
        self.tabs.addTab(self.charts_page, "&Over time")
        self.tabs.addTab(self.heat_page, "Heat &map")  # (Alt+H: the Help menu)
        self.tabs.tabBar().installEventFilter(self)  # the pointer on the tabs: pyqtgraph loads meanwhile
        self._prefetched = False

        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)

    def _wire(self) -> None:
        self.trainee_box.activated.connect(lambda _: self.switch(self.trainee_box.currentText()))
        self.new_button.clicked.connect(self.new_trainee)
        self.rename_button.clicked.connect(self.rename_trainee)
        self.delete_button.clicked.connect(self.delete_trainee)
        self.export_button.clicked.connect(self.export_trainee)
        self.import_button.clicked.connect(self.import_trainee)
        self.tabs.currentChanged.connect(self._tab_shown)
        self.next_list.itemActivated.connect(self._practise)
        for key, slot in (("Ctrl+N", self.new_trainee), ("F2", self.rename_trainee), ("Del", self.delete_trainee),
                          ("Ctrl+E", self.export_trainee), ("Ctrl+I", self.import_trainee)):
            QShortcut(QKeySequence(key), self, slot, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.ctx.traineeChanged.connect(lambda _: self.refresh())
        self.ctx.profileChanged.connect(lambda _: self._profile_changed())

    def theme_changed(self, theme: Theme) -> None:
        for chart in (self._charts, self._heat):
            if chart is not None:
                chart.set_theme(theme)

    # -- the charts' tabs --------------------------------------------------------------------------------
    @property
    def charts(self) -> TrendCharts:
        """The "Over time" tab's charts (made on first use)."""
        if self._charts is None:
            from trainer.ui.progress_charts import TrendCharts

            self._charts = TrendCharts()
            self._add_chart(self.charts_page, self._charts)
        return self._charts

    @property
    def heat(self) -> HeatMapView:
        """The "Heat map" tab's map (made on first use)."""
        if self._heat is None:
            from trainer.ui.progress_charts import HeatMapView

            self._heat = HeatMapView()
            self._heat.by_day.toggled.connect(lambda _: self.refresh())
            self._add_chart(self.heat_page, self._heat)
        return self._heat

    def _add_chart(self, page: QWidget, chart: QWidget) -> None:
        page.layout().addWidget(chart)
        chart.set_theme(self.theme)
        self._refresh_charts()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.Enter and watched is self.tabs.tabBar() and not self._prefetched:
            from trainer.ui import warm_up

            self._prefetched = True  # the charts' module (pyqtgraph) imported while the hand moves to a tab
            warm_up.in_background(lambda: importlib.import_module("trainer.ui.progress_charts"), "charts")
        return super().eventFilter(watched, event)

    def _tab_shown(self, index: int) -> None:
        page = self.tabs.widget(index)
        if page is self.charts_page:
            self.charts  # noqa: B018 (made now)
        elif page is self.heat_page:
            self.heat  # noqa: B018 (made now)

    def _refresh_charts(self) -> None:
        """The charts made so far, for the current trainee."""
        name = self.trainee
        if self._charts is not None:
            self._charts.show_series(self.store.daily_series(name) if name else [])
        if self._heat is not None:
            by = self._heat.by
            self._heat.show_matrix(self.store.heatmap(name, by=by) if name else HeatMap(by, (), (), (), ()))

    # -- showing ---------------------------------------------------------------------------------------
    @property
    def trainee(self) -> str:
        return current_trainee(self.ctx)

    def refresh(self) -> None:
        """Reload everything for the current trainee from the store."""
        name = self.trainee
        self.trainee_box.blockSignals(True)
        self.trainee_box.clear()
        self.trainee_box.addItems([t.name for t in self.store.trainees()])
        self.trainee_box.setCurrentIndex(self.trainee_box.findText(name))
        self.trainee_box.blockSignals(False)
        for button in (self.rename_button, self.delete_button, self.export_button):
            button.setEnabled(bool(name))
        if not name:
            self.table.show_stats([])
            self.next_list.clear()
            self.next_list.addItem("Create a trainee to start (Ctrl+N).")
            self._refresh_charts()
            return
        self.table.show_stats(self.skill_rows(name))
        self.show_next(name)
        self._refresh_charts()
        refresh_fonts(self.table)

    def show_next(self, name: str) -> None:
        """What to practise next, each game's under its title (this profile's skills for its game, the
        others' under their default profile): the list shares its length among the games."""
        self.next_list.clear()
        groups = by_game(s.id for s in offered_skills(self.ctx.profile))
        for game, skills in groups:
            self.next_list.addItem(heading_item(game, QListWidgetItem))
            for d in self.store.next_up(name, skills, limit=NEXT_UP // len(groups)):
                item = f" — {item_title(d.item)}" if d.item else ""
                entry = QListWidgetItem(f"{skill_title(d.skill)}{item}  ({REASONS.get(d.reason, d.reason)})")
                entry.setData(Qt.ItemDataRole.UserRole, d.skill)
                entry.setToolTip("Enter or double-click: practise this skill now")
                self.next_list.addItem(entry)

    def skill_rows(self, name: str) -> list[tuple[str, ...]]:
        """Table rows under each game's title (a one-cell row): every skill offered (this profile's for
        its game, the others' under their default profile), then any other skill the trainee answered."""
        stats = {s.skill: s for s in self.store.skill_stats(name)}
        now = datetime.now(timezone.utc)
        rows: list[tuple[str, ...]] = []
        for game, skills in by_game([s.id for s in offered_skills(self.ctx.profile)] + list(stats)):
            rows.append((game,))
            rows += [self._skill_row(skill, stats.get(skill), now) for skill in skills]
        return rows

    @staticmethod
    def _skill_row(skill: str, s, now: datetime) -> tuple[str, ...]:
        if s is None:
            return (skill_title(skill), "0", "0", "—", "—", "—", "new")
        return (s.title, str(s.answered), str(s.correct), "—" if s.accuracy is None else f"{s.accuracy:.0%}",
                "—" if s.median_ms is None else f"{s.median_ms / 1000:.1f} s",
                local_time(s.last_utc), local_time(s.next_due_utc, now))

    def _practise(self, item: QListWidgetItem) -> None:
        skill = item.data(Qt.ItemDataRole.UserRole)
        if skill:  # not the "create a trainee" line
            self.practiseRequested.emit(skill)

    def _profile_changed(self) -> None:
        # hidden behind another screen of a shown window: its next show refreshes it (issue 42: a switch
        # of game does not wait for it on another screen's open)
        if self.isVisible() or not self.window().isVisible():
            self.refresh()

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        if not self._fresh:
            self.refresh()  # answers given on the Drills or Exam screen since last time

    # -- trainees ------------------------------------------------------------------------------------
    def _try(self, action, done: str = "") -> bool:
        try:
            action()
        except (TrainerError, OSError) as exc:
            self.say(f"⚠ {exc}")
            return False
        self.say(done)
        return True

    def say(self, text: str) -> None:
        """A one-line message under the trainee bar (hidden when empty)."""
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def switch(self, name: str) -> None:
        if name and self._try(lambda: switch_to(self.ctx, name), f"Now training: {name}"):
            self.refresh()

    def new_trainee(self) -> None:
        name = ask_new_trainee(self.ctx, self)
        if name:
            self.say(f"Created {name}.")
            self.refresh()

    def rename_trainee(self) -> None:
        old = self.trainee
        if not old:
            return
        new, ok = QInputDialog.getText(self, "Rename trainee", f"New name for {old}:", text=old)
        if not ok or not new.strip() or new.strip() == old or not instructor_allows(self.ctx, self, f"rename {old}", old):
            return

        def rename() -> None:
            renamed = self.store.rename_trainee(old, new)
            switch_to(self.ctx, renamed.name)

        if self._try(rename, f"Renamed {old} to {new.strip()}."):
            self.refresh()

    def delete_trainee(self) -> None:
        name = self.trainee
        if not name:
            return
        answer = QMessageBox.question(
            self, "Delete trainee", f"Delete {name} and all of their progress? This cannot be undone.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
        if answer != QMessageBox.StandardButton.Yes or not instructor_allows(self.ctx, self, f"delete {name}", name):
            return
        if self._try(lambda: self.store.delete_trainee(name, confirm=True), f"Deleted {name}."):
            others = self.store.trainees()
            if others:
                switch_to(self.ctx, others[0].name)
            else:
                self.ctx.set_trainee("")
            self.refresh()

    def export_trainee(self) -> None:
        name = self.trainee
        if not name:
            return
        suggested = str(Path.home() / f"{name}-progress.json")
        path, _ = QFileDialog.getSaveFileName(self, f"Export {name}'s progress", suggested, "Progress (*.json)")
        if path:
            self._try(lambda: self.store.export_trainee(name, path), f"Exported {name} to {path}.")

    def import_trainee(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import a trainee's progress", str(Path.home()),
                                              "Progress (*.json)")
        if not path:
            return
        try:
            name = load_export(Path(path)).name
        except TrainerError as exc:
            self.say(f"⚠ {exc}")
            return
        kwargs: dict = {}
        if name.casefold() in (t.name.casefold() for t in self.store.trainees()):
            choice = QMessageBox.question(
                self, "Import", f"A trainee called {name} already exists. Replace their progress with the "
                f"file's? (No: import under another name.)",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if choice == QMessageBox.StandardButton.Yes:
                if not instructor_allows(self.ctx, self, f"replace {name}'s progress", name):
                    return
                kwargs["replace"] = True
            elif choice == QMessageBox.StandardButton.No:
                other, ok = QInputDialog.getText(self, "Import", "Import under the name:", text=f"{name} (2)")
                if not ok or not other.strip():
                    return
                kwargs["name"] = other
            else:
                return
        imported: list = []
        if self._try(lambda: imported.append(self.store.import_trainee(path, **kwargs))):
            self.say(f"Imported {imported[0].name} from {path}.")
            switch_to(self.ctx, imported[0].name)
            self.refresh()


def create_screen(ctx) -> QWidget:
    """The Progress screen (see ``trainer.ui.screens``)."""
    return ProgressScreen(ctx)
