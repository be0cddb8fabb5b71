"""Calling the game: the trainee calls a whole Baccarat round at a table of simulated players.

The same screen as the Pai Gow dealer's seat (:class:`~trainer.ui.paigow.dealer_screen.DealerScreen`:
narration on the table, one action at a time, a wrong action stopped with the right one and its
section, timed, a summary of mistakes, demonstration mode), with Baccarat's round
(:class:`~trainer.drills.baccarat.dealer_round.RoundSpec` walked by
:class:`~trainer.drills.dealer_round.DealerRound`), its options and its table. A
click on a seat's number answers a question about a seat (who cuts, who is offered the shoe, who is
paid next).

Keys as on the dealer's seat: 1-9 choose; amounts end with Enter; Enter or Space goes on after a
mistake; Space skips the narration; N new round; D demonstration mode.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget

from trainer.drills.baccarat.dealer_round import IRREGULARITIES, MOMENTS, Played, RoundSpec, playable
from trainer.drills.dealer_round import DealerRound
from trainer.rules.baccarat.profiles import DECK_OPTIONS
from trainer.ui.baccarat import baccarat_profile, table_layout as L
from trainer.ui.baccarat.paytable import ChipAmounts, Paytable
from trainer.ui.baccarat.table_scene import BaccaratScene
from trainer.ui.baccarat.timeline import Timeline, layout_for, odds_lines, round_timeline
from trainer.ui.paigow.dealer_screen import RANDOM, DealerController, DealerScreen, dealt_ahead, remembered
from trainer.ui.paigow.table_view import TablePane

#: How the moments of a shoe read in the options bar.
MOMENT_LABELS = {"new-shoe": "new shoe", "in-play": "in play", "last-hand": "last hand"}


class BaccaratTable:
    """The frames of a played round: one timeline step per round step (see ``timeline``)."""

    def __init__(self, played: Played) -> None:
        self.profile = played.profile
        self.layout = layout_for(played.profile)
        self.odds = odds_lines(played.profile)
        self.timeline: Timeline = round_timeline(played.round, played.start, self.layout, played.opening)


_Round = dealt_ahead(DealerRound)
_playable = remembered(playable)


class BaccaratController(DealerController):
    """One round of calling the game: starts it, judges actions, says which table frame to show."""

    round_type = _Round
    first_options = {"players": 5, "moment": MOMENTS[0], "irregularity": None, "squeeze": None}

    def profile_name(self) -> str:
        return baccarat_profile(self.ctx).name

    def profile_options(self) -> dict[str, Any]:
        """A casino's Rules Submission in force: its table (odds, paytable, vigorish, squeeze) deals the round."""
        casino = baccarat_profile(self.ctx).casino_sha256
        return {"casino": casino} if casino else {}

    @staticmethod
    def spec_of(profile: str, seed: int, players: int | None = None, moment: str = "new-shoe",
                irregularity: str | None = None, vig_collection: str | None = None, squeeze: bool | None = None,
                ez: bool | None = None, decks: int | None = None, casino: str = "") -> RoundSpec:
        """The round nearest these options (``irregularity``: a 631a.15 case, ``RANDOM`` or None), at the
        table of ``casino``'s Rules Submission if given."""
        kind = random.Random(seed).choice(IRREGULARITIES) if irregularity == RANDOM else irregularity
        return _playable(RoundSpec(seed=seed, profile=profile, players=players, moment=moment, irregularity=kind,
                                   vig_collection=vig_collection, squeeze=squeeze, ez=ez, decks=decks, casino=casino))

    @staticmethod
    @remembered
    def table_of(spec: RoundSpec) -> BaccaratTable:
        return BaccaratTable(_Round.played(spec))

    def done_steps(self, index: int) -> int:
        """Round steps the table shows while task ``index`` is asked: those before its step."""
        assert self.round is not None
        tasks = self.round.tasks
        return tasks[index].step if index < len(tasks) else len(self.round.round.steps)

    def done_after(self, task) -> int:
        """A step is shown once all its actions are answered: two counts, an order and a payout, ... are
        asked before it shows (its words would give the next one away)."""
        assert self.round is not None
        tasks = self.round.tasks
        following = tasks.index(task) + 1
        return task.step if following < len(tasks) and tasks[following].step == task.step else task.step + 1

    def lit_while_asked(self, task) -> tuple[str, ...]:
        """What the question names and nothing else: the areas its step lights of a seat it names
        ("Seat 10's winning wager ..."), and a hand it names ("The Player's Hand shows ..."). A seat it
        asks for (whom to offer the shoe, which position is paid next) stays dark: it is the answer."""
        assert self.table is not None
        prompt = task.question.prompt
        steps = self.table.timeline.steps
        named = {f"seat{n}" for n in re.findall(r"\bSeat (\d+)", prompt)}
        step = steps[task.step].frame.highlight if task.step < len(steps) else ()
        seats = [key for key in step if key.split(".")[0] in named]
        hands = [hand for hand, title in L.HAND_TITLES.items() if title.lower() in prompt.lower()]
        return tuple(dict.fromkeys(seats + hands))

    def table_answer(self, tile_id: int | None, x: float, y: float) -> str | None:
        """A click on a seat's number answers a question whose choices are seats."""
        task = self.current
        if task is None or self.table is None:
            return None
        for key, cell in self.table.layout.cells.items():
            if "." not in key and _inside(cell, x, y) and f"Seat {key[4:]}" in task.question.choices:
                return f"Seat {key[4:]}"
        return None

    def snapshot_stop(self, move: int | None) -> int:
        """How many tasks to answer for a snapshot: ``move``, or up to the first payout."""
        assert self.round is not None
        tasks = self.round.tasks
        if move is not None:
            return max(0, min(move, len(tasks)))
        return next((i for i, t in enumerate(tasks) if t.skill == "bac-dealer-pay"), len(tasks) // 2)


def _inside(cell, x: float, y: float) -> bool:
    """Whether the scene point lies in a seat's number area (a ring sector of the oval)."""
    dx, dy = (x - L.CX) / L.RX, (L.CY - y) / L.RY
    f, a = math.hypot(dx, dy), math.degrees(math.atan2(dy, dx))
    return cell.f_in - 0.03 <= f <= cell.f_out + 0.03 and cell.a1 <= a <= cell.a2


class BaccaratDealerScreen(DealerScreen):
    """Calling the game: the options of a Baccarat round, its table, the dealer's actions."""

    controller_type = BaccaratController

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # the chips' amounts and the paytable in the answer column, after the answers: under the felt they
        # would take the height that keeps its cards 48 px tall at 1280x720 Projector
        self.chip_amounts, self.paytable = ChipAmounts(self.pane.scene, self), Paytable(self.pane.scene, self)
        for k, label in enumerate((self.chip_amounts, self.paytable), start=1):
            self.scrolled.layout().insertWidget(k, label)

    def _option_widgets(self) -> list[tuple[str, QWidget]]:
        self.players = QSpinBox()
        self.players.setRange(1, 7)
        self.players.setValue(self.controller.first_options["players"])
        self.players.setAccessibleName("Players")
        self.moment = _combo("When", [(MOMENT_LABELS[m], m) for m in MOMENTS])
        self.irregularity = _combo("Irregularity", [("none", None), ("random", RANDOM)]
                                   + [(k.replace("-", " "), k) for k in IRREGULARITIES])
        self.variant = _combo("Table", [("profile's", {}), ("vig at payout", {"vig_collection": "at-payout"}),
                                        ("vig marker", {"vig_collection": "deferred"}), ("EZ Baccarat", {"ez": True})])
        self.variant.setToolTip("The vigorish collected at payout (631a.13(d)(1)) or marked with a marker button "
                                "(631a.13(d)(2)), or an EZ Baccarat table: no vigorish (631a.1)")
        self.decks = _combo("Decks", [("profile's", None)] + [(str(n), n) for n in DECK_OPTIONS])
        self.decks.setToolTip("Decks in the shoe: six to eight (631a.3(a))")
        self.squeeze = QCheckBox("Squeeze")
        self.squeeze.setToolTip("The players with the highest wagers turn the cards (631a.9(d))")
        return [("Players", self.players), ("Shoe", self.moment), ("Irregularity", self.irregularity),
                ("", self.variant), ("Decks", self.decks), ("", self.squeeze)]

    def round_options(self) -> dict[str, Any]:
        return {"players": self.players.value(), "moment": self.moment.currentData(),
                "irregularity": self.irregularity.currentData(), "squeeze": self.squeeze.isChecked() or None,
                "decks": self.decks.currentData(), **self.variant.currentData()}

    def profile_changed(self) -> None:
        self.new_round()

    def _make_pane(self) -> TablePane:
        return TablePane(self.theme, self, scene=BaccaratScene(self.theme))

    def round_heading(self, spec: RoundSpec) -> str:
        return f"Round {spec.seed} · {MOMENT_LABELS[spec.moment]}" + (f" · {spec.decks} decks" if spec.decks else "")

    def show_round(self, dealt) -> None:
        table = self.controller.table
        self.pane.scene.set_table(table.layout, table.odds)
        super().show_round(dealt)


def _combo(name: str, items: list[tuple[str, Any]]) -> QComboBox:
    box = QComboBox()
    box.setAccessibleName(name)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # no name cut ("EZ Baccar", issue 29)
    for label, value in items:
        box.addItem(label, value)
    return box


def create_screen(ctx) -> QWidget:
    """The calling-the-game screen (see ``trainer.ui.screens``)."""
    return BaccaratDealerScreen(ctx)


deal_ahead = BaccaratController.deal_ahead
