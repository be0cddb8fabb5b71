"""The screens' bar at 1024x768 Projector (issue 40): every screen of the game in sight on the bar
(short titles where the full ones do not fit), none in the bar's overflow menu; full titles where they fit."""

from __future__ import annotations

import pytest

from tests.test_ui_fit import _settle, sized_window  # noqa: F401 - a fixture
from trainer.ui.screens import screens_for

CASES = [("projector", (1024, 768)), ("projector", (1280, 720)), ("normal", (1024, 768)), ("normal", (1920, 1080))]


def _buttons(window, game: str):
    bar = window.nav
    return {spec: bar.widgetForAction(window.screen_actions[spec.key]) for spec in screens_for(game)}


@pytest.mark.parametrize("text_size,size", CASES, ids=lambda c: str(c))
@pytest.mark.parametrize("game,profile", [("paigow", "pa-2019"), ("baccarat", "pa-631a")])
def test_every_screen_is_on_the_bar(qtbot, sized_window, text_size, size, game, profile):
    window = sized_window(text_size, size, profile)
    _settle(window, size)
    bar = window.nav
    for spec, button in _buttons(window, game).items():
        assert button.isVisible(), spec.key
        assert 0 <= button.x() and button.geometry().right() < bar.width(), spec.key
        assert button.text() in (spec.title, spec.short), spec.key
        assert window.screen_actions[spec.key].text() == spec.title  # the View menu keeps the full title
    full = [spec for spec, button in _buttons(window, game).items() if button.text() == spec.title]
    if size == (1920, 1080):
        assert len(full) == len(_buttons(window, game))  # the full titles where they fit


def test_the_titles_grow_back_with_the_window(qtbot, sized_window):
    window = sized_window("projector", (1024, 768), "pa-2019")
    _settle(window, (1024, 768))
    assert window.nav.widgetForAction(window.screen_actions["dealer"]).text() == "Dealer"
    _settle(window, (1600, 900))
    assert window.nav.widgetForAction(window.screen_actions["dealer"]).text() == "Dealer's seat"
