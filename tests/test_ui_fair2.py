"""Issue 37, item 7 in the app: Calling the game under a Baccarat casino file deals at the casino's table
(its Tie odds, Dragon Bonus paytable, vigorish and squeeze), and its questions are made on the casino's rules."""

from __future__ import annotations

from pathlib import Path

from tests.test_ui_casino_rules import started
from trainer.ui.baccarat.dealer_screen import BaccaratDealerScreen

RIVERSIDE = Path(__file__).resolve().parents[1] / "docs" / "casino-rules" / "riverside-baccarat.toml"


def test_calling_the_game_deals_at_the_casino_file_in_force(qtbot, trainee_ctx):
    """Catches: the dealer's screen building its round from the profile's name alone under a casino file."""
    window = started(qtbot, trainee_ctx)
    assert window.open_casino_rules(str(RIVERSIDE))
    assert trainee_ctx.game.id == "baccarat"
    dealer = window.show_screen("dealer")
    assert isinstance(dealer, BaccaratDealerScreen)
    digest = trainee_ctx.casino.digest
    dealer.new_round(seed=11)
    played = dealer.controller.round.round
    assert dealer.controller.round.spec.casino == digest
    assert (played.profile.tie_pays, played.profile.dragon_bonus, played.profile.squeeze) == (9, "C", True)
    assert all(t.question.casino == digest for t in dealer.controller.round.tasks)
    window._drop_casino_rules()
