"""The Progress screen's charts (pyqtgraph): accuracy and answer time over the days, and the heat map.

Imported when the "Over time" or "Heat map" tab is first shown: pyqtgraph and numpy are the
largest part of the app's memory and of the Progress screen's first opening (bench_startup.py).
"""

from __future__ import annotations

import math
from datetime import datetime, timezone

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QHBoxLayout, QLabel, QRadioButton, QVBoxLayout, QWidget

from trainer.drills import all_skills, by_game, item_title
from trainer.progress import DayPoint, HeatMap
from trainer.ui.scaling import set_font
from trainer.ui.widgets.labels import make_label
from trainer.ui.report import skill_title
from trainer.ui.scaling import base_pt
from trainer.ui.theme import Theme

pg.setConfigOptions(antialias=False, useOpenGL=False)

#: Distinct line colours (Okabe-Ito and Tableau), one per skill in registry order.
SERIES_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#7f7f7f", "#bcbd22",
                  "#17becf", "#9467bd", "#8c564b", "#e377c2", "#1f77b4", "#2ca02c")


def day_timestamp(day: str) -> float:
    """``YYYY-MM-DD`` (UTC) as a POSIX timestamp at noon, for the date axis."""
    return datetime.fromisoformat(day).replace(hour=12, tzinfo=timezone.utc).timestamp()


def grouped_labels(skills) -> list[tuple[str, str]]:
    """(skill, label) in game order; with more than one game each label names its game first."""
    groups = by_game(skills)
    return [(s, f"{game} · {skill_title(s)}" if len(groups) > 1 else skill_title(s))
            for game, ids in groups for s in ids]


class TrendCharts(QWidget):
    """Accuracy and median answer time per skill per day, one line per skill (pyqtgraph).

    Curves are made once per skill and then only given new data (no removing and re-adding items,
    which with pyqtgraph means many signal emits).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.accuracy = pg.PlotWidget(axisItems={"bottom": pg.DateAxisItem(orientation="bottom")})
        self.time = pg.PlotWidget(axisItems={"bottom": pg.DateAxisItem(orientation="bottom")})
        self.accuracy.setLabel("left", "Accuracy (%)")
        self.time.setLabel("left", "Median answer time (s)")
        for plot in (self.accuracy, self.time):
            plot.showGrid(x=True, y=True, alpha=0.3)
            plot.setMenuEnabled(False)
            plot.setMouseEnabled(x=False, y=False)
            plot.hideButtons()
        self.legend = self.accuracy.addLegend(offset=(10, 5))
        self.time.setXLink(self.accuracy)
        self.curves: dict[str, tuple[pg.PlotDataItem, pg.PlotDataItem]] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.accuracy, 1)
        layout.addWidget(self.time, 1)

    def _curves(self, skill: str) -> tuple[pg.PlotDataItem, pg.PlotDataItem]:
        if skill not in self.curves:
            known = [s.id for s in all_skills()]
            index = known.index(skill) if skill in known else len(known) + len(self.curves)
            colour = SERIES_COLOURS[index % len(SERIES_COLOURS)]
            # more skills than colours: the second round of colours is dashed with square marks
            again = index >= len(SERIES_COLOURS)
            line = Qt.PenStyle.DashLine if again else Qt.PenStyle.SolidLine
            style = dict(pen=pg.mkPen(colour, width=3, style=line), symbol="s" if again else "o", symbolSize=10,
                         symbolBrush=colour, symbolPen=None)
            self.curves[skill] = (self.accuracy.plot([], [], **style), self.time.plot([], [], **style))
        return self.curves[skill]

    def show_series(self, points: list[DayPoint]) -> None:
        by_skill: dict[str, list[DayPoint]] = {}
        for p in points:
            by_skill.setdefault(p.skill, []).append(p)
        self.legend.clear()
        for skill in set(self.curves) - set(by_skill):
            for curve in self.curves[skill]:
                curve.setData([], [])
        for skill, label in grouped_labels(by_skill):
            series = by_skill[skill]
            acc, ms = self._curves(skill)
            x = [day_timestamp(p.day) for p in series]
            acc.setData(x, [100 * p.accuracy for p in series])
            ms.setData(x, [p.median_ms / 1000 for p in series])
            self.legend.addItem(acc, label)
        self.accuracy.setYRange(0, 105, padding=0)
        if points:
            days = [day_timestamp(p.day) for p in points]
            # at least a week shown, so the axis reads in days even for a single day's point
            pad = max(43200, (7 * 86400 - (max(days) - min(days))) / 2)
            self.accuracy.setXRange(min(days) - pad, max(days) + pad, padding=0.02)
            self.time.enableAutoRange(axis="y")

    def series(self, skill: str) -> tuple[list[float], list[float], list[float]]:
        """(x, accuracy %, median s) as drawn for ``skill`` (for tests and checks)."""
        acc, ms = self.curves[skill]
        x, y = acc.getData()
        return list(x if x is not None else []), list(y if y is not None else []), \
            list(ms.getData()[1] if ms.getData()[1] is not None else [])

    def set_theme(self, theme: Theme) -> None:
        for plot in (self.accuracy, self.time):
            style_plot(plot, theme)
        self.legend.setLabelTextColor(theme.text)
        size = f"{base_pt():.1f}pt"  # the text size (View → Text size), for the labels shown too
        self.legend.setLabelTextSize(size)
        for _, label in self.legend.items:
            label.setText(label.text, size=size)
        background = pg.mkColor(theme.base)
        background.setAlpha(220)
        self.legend.setBrush(pg.mkBrush(background))
        self.legend.setPen(pg.mkPen(theme.text))
        self.legend.update()


def style_plot(plot: pg.PlotWidget, theme: Theme) -> None:
    """Background, axes and labels of a plot in the theme's colours, with readable tick labels."""
    plot.setBackground(theme.base)
    font = plot.font()
    font.setPointSizeF(font.pointSizeF() * 1.2)
    for name in ("left", "bottom"):
        axis = plot.getAxis(name)
        axis.setTextPen(theme.text)
        axis.setPen(theme.text)
        axis.setTickFont(font)
        axis.label.setFont(font)
        axis.label.setDefaultTextColor(pg.mkColor(theme.text))


#: Red (0%) through amber to green (100%): accuracy colours readable on a projector.
HEAT_COLOURS = pg.ColorMap([0.0, 0.5, 1.0], ["#c62828", "#f9a825", "#2e7d32"])


def with_gaps(cells: np.ndarray, size: int = 24, gap: int = 1) -> np.ndarray:
    """Each cell drawn as ``size`` x ``size`` pixels with a blank (NaN) border, so cells stay apart."""
    big = np.kron(cells, np.ones((size, size)))
    for axis in (0, 1):
        edge = np.arange(big.shape[axis]) % size
        blank = (edge < gap) | (edge >= size - gap)
        if axis == 0:
            big[blank, :] = np.nan
        else:
            big[:, blank] = np.nan
    return big


#: Room (pixels) between two column names on the heat map's x axis.
LABEL_GAP = 12


def thinned(names: list[str], per_column: float, font: QFont) -> tuple[list[tuple[float, str]], list[tuple[float, str]]]:
    """The x ticks of columns ``per_column`` pixels wide: every k-th name, k the smallest step at
    which no two names shown overlap, and a bare tick for the columns in between (a column's tick at
    its middle, ``j + 0.5``): columns 1000 px wide name every date, columns 10 px wide one in ten or fewer.
    """
    widest = max((QFontMetricsF(font).horizontalAdvance(n) for n in names), default=0.0)
    step = max(1, math.ceil((widest + LABEL_GAP) / per_column)) if per_column > 0 else max(1, len(names))
    named = [(j + 0.5, n) for j, n in enumerate(names) if j % step == 0]
    bare = [(j + 0.5, "") for j in range(len(names)) if j % step]
    return named, bare


class HeatMapView(QWidget):
    """Skill x item (or x day) accuracy, as an image with a colour bar; blank = not practised."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.by_item = QRadioButton("By &item")
        self.by_day = QRadioButton("By &day")
        self.by_item.setChecked(True)
        for b in (self.by_item, self.by_day):
            set_font(b, 1.2)
        self.plot = pg.PlotWidget()
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.invertY(True)
        self.image = pg.ImageItem(axisOrder="row-major")
        self.image.setColorMap(HEAT_COLOURS)
        self.plot.addItem(self.image)
        self.bar = pg.ColorBarItem(values=(0, 100), colorMap=HEAT_COLOURS, interactive=False, label="Accuracy %")
        self.bar.setImageItem(self.image, insert_in=self.plot.getPlotItem())
        self.matrix: HeatMap | None = None
        self.columns: list[str] = []
        self.plot.getViewBox().sigResized.connect(lambda _: self._name_columns())
        self.empty = make_label("No answers yet.", 1.4)
        row = QHBoxLayout()
        row.addWidget(QLabel("Columns:"))
        row.addWidget(self.by_item)
        row.addWidget(self.by_day)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.empty)
        layout.addWidget(self.plot, 1)

    @property
    def by(self) -> str:
        return "day" if self.by_day.isChecked() else "item"

    def show_matrix(self, matrix: HeatMap) -> None:
        self.matrix = matrix
        has_data = bool(matrix.rows and matrix.columns)
        self.empty.setVisible(not has_data)
        self.plot.setVisible(has_data)
        if not has_data:
            self.image.clear()
            self.columns = []
            return
        labels = grouped_labels(matrix.rows)  # the rows in game order
        where = {skill: i for i, skill in enumerate(matrix.rows)}
        data = np.array([[np.nan if a is None else 100 * a for a in matrix.accuracy[where[s]]] for s, _ in labels],
                        dtype=float)
        self.image.setImage(with_gaps(data), levels=(0, 100), autoLevels=False)
        self.image.setRect(0, 0, len(matrix.columns), len(matrix.rows))
        self.plot.getAxis("left").setTicks([[(i + 0.5, label) for i, (_, label) in enumerate(labels)]])
        self.columns = [item_title(c) if matrix.by == "item" else c for c in matrix.columns]
        self.plot.setXRange(0, len(matrix.columns), padding=0.02)
        self.plot.setYRange(0, len(matrix.rows), padding=0.02)
        self._name_columns()

    def _name_columns(self) -> None:
        """Name as many columns as fit side by side at this width and text size (the others get a bare
        tick), so no two names overlap (issue 29: "the heat map's x labels overlap")."""
        if not self.columns:
            return
        view = self.plot.getViewBox()
        low, high = view.viewRange()[0]
        axis = self.plot.getAxis("bottom")
        axis.setTicks(list(thinned(self.columns, view.width() / (high - low), axis.style["tickFont"] or axis.font())))

    def set_theme(self, theme: Theme) -> None:
        style_plot(self.plot, theme)
        self._name_columns()  # the tick font follows the text size
