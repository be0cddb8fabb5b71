"""The Table screen's Qt parts with no trainer code: the least any PySide6 start of that screen waits for.

A main window with the app's menu bar, screen toolbar, options bar, a fitted graphics view of the table
(felt, 32 tiles, ten spots, six seats, labels) under the Fusion style, a palette and a style sheet, and the
caption and transport bar: the widget and item types the app's first paint builds, fewer of them and
plainer (no engine, no theme, no plan). ``bench_startup`` times it beside the bare window and the app
(issue 15): the app can only be slower than this. It prints its first paint as ``BARE`` does, then leaves.
"""

import os
import time

from PySide6.QtCore import QEvent, QObject, QPropertyAnimation, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPalette, QPen, QRadialGradient
from PySide6.QtWidgets import (
    QApplication, QCheckBox, QComboBox, QFrame, QGraphicsObject, QGraphicsScene, QGraphicsView, QHBoxLayout, QLabel,
    QMainWindow, QPushButton, QSlider, QSpinBox, QStackedWidget, QStyle, QToolBar, QToolButton, QVBoxLayout, QWidget,
)

WIDTH, HEIGHT = 1600, 900


class Item(QGraphicsObject):
    """A tile's back, a dashed spot or a numbered seat."""

    def __init__(self, x: float, y: float, w: float, h: float, kind: str) -> None:
        super().__init__()
        self.rect, self.kind = QRectF(x, y, w, h), kind

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect.adjusted(-2, -2, 2, 2)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.kind == "tile":
            path = QPainterPath()
            path.addRoundedRect(self.rect, 6, 6)
            shade = QLinearGradient(self.rect.topLeft(), self.rect.bottomRight())
            shade.setColorAt(0, QColor("#20201f"))
            shade.setColorAt(1, QColor("#151515"))
            p.fillPath(path, QBrush(shade))
            p.setPen(QPen(QColor("#3b3b3b"), 1.5))
            p.drawPath(path)
        elif self.kind == "spot":
            p.setPen(QPen(QColor("#e9f3ea"), 2, Qt.PenStyle.DashLine))
            p.setBrush(QColor("#217a4f"))
            p.drawRoundedRect(self.rect, 4, 4)
        else:
            p.setPen(QPen(QColor("#ffffff"), 3))
            p.setBrush(QColor("#1a6f45"))
            p.drawEllipse(self.rect)
            font = QFont()
            font.setPixelSize(40)
            font.setBold(True)
            p.setFont(font)
            p.drawText(self.rect, Qt.AlignmentFlag.AlignCenter, self.kind)


class Felt(QGraphicsObject):
    """The half-round table with its rail."""

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF(0, 0, WIDTH, HEIGHT)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        glow = QRadialGradient(WIDTH / 2, HEIGHT * 0.7, WIDTH / 2)
        glow.setColorAt(0, QColor("#1a6f45"))
        glow.setColorAt(1, QColor("#155c39"))
        path = QPainterPath()
        path.moveTo(20, HEIGHT - 20)
        path.arcTo(QRectF(20, 20, WIDTH - 40, 2 * HEIGHT - 80), 180, -180)
        path.closeSubpath()
        p.setPen(QPen(QColor("#5a3a22"), 20))
        p.setBrush(QBrush(glow))
        p.drawPath(path)


class View(QGraphicsView):
    """The whole table, fitted, never scrolled (as the app's table view)."""

    def __init__(self, scene: QGraphicsScene) -> None:
        super().__init__(scene)
        scene.setParent(self)  # the view does not own its scene: without a parent Python would delete it
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)


def table() -> QGraphicsView:
    scene = QGraphicsScene(0, 0, WIDTH, HEIGHT)
    scene.addItem(Felt())
    for i in range(32):
        scene.addItem(Item(680 + 32 * (i % 8), 330 + 64 * (i // 8), 28, 60, "tile"))
    for i in range(10):
        scene.addItem(Item(200 + 120 * i, 300 + 60 * (i % 3), 110, 70, "spot"))
    for i in range(6):
        scene.addItem(Item(180 + 230 * i, 180 + 40 * abs(i - 2.5), 56, 56, str(6 - i)))
    for i, text in enumerate(("WOODPILE", "DEAD HAND", "DEALER")):
        scene.addText(text).setPos(500 + 300 * i, 720)
    QPropertyAnimation(scene.items()[0], b"pos", scene)
    return View(scene)


def options(row: QHBoxLayout) -> None:
    style = QComboBox()
    style.addItems([f"{i}. Delivery style {i}" for i in range(1, 11)])
    row.addWidget(QLabel("Style"))
    row.addWidget(style)
    row.addWidget(QLabel("Dice"))
    for value in (1, 1, 6, 1):
        spin = QSpinBox()
        spin.setRange(1, 6)
        spin.setValue(value)
        row.addWidget(spin)
    for text in ("random", "Mix && stack", "Faces", "Side by side"):
        row.addWidget(QCheckBox(text))
    bank = QComboBox()
    bank.addItems(["House", "Seat 1"])
    for widget in (QPushButton("New"), bank, QPushButton("Demonstration")):
        row.addWidget(widget)
    row.addStretch(1)


def transport(row: QHBoxLayout, style: QStyle) -> None:
    for symbol in ("SP_MediaSkipBackward", "SP_MediaSeekBackward", "SP_MediaPlay", "SP_MediaSeekForward",
                   "SP_MediaSkipForward", "SP_BrowserReload"):
        button = QToolButton()
        button.setIcon(style.standardIcon(getattr(QStyle.StandardPixmap, symbol)))
        row.addWidget(button)
    speed = QComboBox()
    speed.addItems(["0.25×", "0.5×", "1×", "2×", "4×"])
    row.addWidget(QLabel("Speed"))
    row.addWidget(speed)
    row.addWidget(QSlider(Qt.Orientation.Horizontal), 1)
    row.addWidget(QLabel("0 / 18"))
    row.addWidget(QToolButton(text="Keys"))


def window(app: QApplication) -> tuple[QMainWindow, QGraphicsView]:
    win = QMainWindow()
    win.setWindowTitle("floor")
    for title in ("File", "View", "Game", "Profile", "Help"):
        win.menuBar().addMenu(title).addAction(f"{title}…")
    bar = QToolBar()
    bar.setMovable(False)
    win.addToolBar(bar)
    for text in ("Table", "Drills", "Progress", "Exam", "Dealer's seat", "Player's seat", "Rule book", "Class"):
        bar.addAction(text).setCheckable(True)
    stack, page = QStackedWidget(), QWidget()
    win.setCentralWidget(stack)
    stack.addWidget(page)
    column = QVBoxLayout(page)
    column.addLayout(row := QHBoxLayout())
    options(row)
    column.addWidget(view := table(), 1)
    column.addWidget(QLabel("Delivery style  ·  step 0 of 18"))
    column.addWidget(QLabel("Ready: press Play (or Space to step)."))
    column.addLayout(row := QHBoxLayout())
    transport(row, app.style())
    win.statusBar().showMessage("Pennsylvania, 58 Pa. Code ch. 621a (2019)")
    win.resize(1280, 800)
    return win, view


class FirstPaint(QObject):
    """Prints the wall-clock time of the watched widget's first paint, then leaves (as ``BARE``)."""

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            QTimer.singleShot(0, self.done)
        return False

    @staticmethod
    def done() -> None:
        print(f"first-paint {time.time():.6f}", flush=True)
        os._exit(0)


def main() -> None:
    app = QApplication([])
    app.setStyle("Fusion")
    palette = QPalette()
    for role, colour in ((QPalette.ColorRole.Window, "#f3f1ea"), (QPalette.ColorRole.Base, "#ffffff"),
                         (QPalette.ColorRole.Text, "#1d1d1b"), (QPalette.ColorRole.Button, "#e6e3d9")):
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)
    app.setStyleSheet("QCheckBox::indicator { width: 15px; height: 15px; border: 2px solid #1d1d1b; "
                      "border-radius: 3px; } QCheckBox::indicator:checked { background: #1f6f4a; }")
    win, view = window(app)
    watcher = FirstPaint()
    view.viewport().installEventFilter(watcher)
    win.show()
    app.exec()


if __name__ == "__main__":
    main()
