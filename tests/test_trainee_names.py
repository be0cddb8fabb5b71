"""One trainee-name rule for every caller (issue 13): the store normalises and validates names
(:func:`trainer.progress.store.normal_name`); the CLI's ``name`` type and the app's create-trainee
paths (New trainee…, the welcome dialog) go through it."""

from __future__ import annotations

import argparse

import pytest

from trainer.cli.args import name as cli_name
from trainer.progress import ProgressStore
from trainer.progress.store import normal_name
from trainer.rules.errors import TrainerError

#: Names a store refuses: text-direction marks and isolates, control characters, bytes that were
#: not UTF-8, private use, unassigned, empty, too long.
BAD = ["Ann\u202eeeL", "\u2067Ann", "Ann\u200fLee", "Ann\u061c", "Ann\x00", "Ann\x1b[31m", "Ann\x7f",
       "Ann\udcff", "Ann\ue000", "Ann\u0378", "", "   ", "x" * 61,
       # invisible: a zero-width space, a lone soft hyphen, a joiner at the end, a BOM, a Hangul filler
       "Ann\u200b", "\u00ad", "An\u00adn", "Ann\u200d", "\ufeffAnn", "\u3164"]


@pytest.mark.parametrize("bad", BAD)
def test_the_store_refuses_unfit_names_with_the_name_escaped_on_one_line(tmp_path, bad):
    store = ProgressStore(tmp_path / "p.sqlite3")
    for action in (store.create_trainee, store.ensure_trainee, lambda n: store.rename_trainee("Ana", n)):
        store.create_trainee("Ana") if not store.trainees() else None
        with pytest.raises(TrainerError) as exc:
            action(bad)
        assert "\n" not in str(exc.value) and "\u202e" not in str(exc.value)
    assert [t.name for t in store.trainees()] == ["Ana"]
    with pytest.raises(argparse.ArgumentTypeError) as cli:
        cli_name(bad)
    assert str(cli.value) == str(exc.value)  # the CLI says what the store says
    store.close()


def test_names_are_kept_and_looked_up_with_spaces_collapsed(tmp_path):
    store = ProgressStore(tmp_path / "p.sqlite3")
    assert store.create_trainee("  Ann \t  Lee ").name == "Ann Lee" == normal_name("Ann  Lee") == cli_name(" Ann Lee")
    assert store.trainee("ann   lee").name == "Ann Lee"  # case and inner spaces do not matter
    with pytest.raises(TrainerError, match="already exists"):
        store.create_trainee("Ann  Lee")
    assert store.ensure_trainee("Ann\u00a0 Lee").name == "Ann Lee"  # a no-break space is a space
    with pytest.raises(TrainerError, match="unknown trainee"):
        store.trainee("Ann\u202eLee")
    assert [t.name for t in store.trainees()] == ["Ann Lee"]
    store.close()


def test_the_welcome_dialog_normalises_and_refuses_like_the_cli(qtbot, trainee_ctx):
    from trainer.ui.progress_link import shared_store
    from trainer.ui.welcome import WelcomeDialog

    dialog = WelcomeDialog(trainee_ctx)
    qtbot.addWidget(dialog)
    dialog.name.setText("Bo\u202e oB")
    assert not dialog._apply()
    assert "is not a trainee name" in dialog.error.text() and "\u202e" not in dialog.error.text()
    dialog.name.setText("ana")  # the existing trainee, whatever the case
    assert dialog._apply() and trainee_ctx.trainee == "Ana"
    dialog.name.setText("  Bo    Li ")
    assert dialog._apply() and trainee_ctx.trainee == "Bo Li"
    assert [t.name for t in shared_store(trainee_ctx).trainees()] == ["Ana", "Bo Li"]


def test_names_are_nfc_and_one_trainee_whatever_the_case_on_every_database(any_store):
    store = any_store
    assert store.create_trainee("O\u0308laf").name == "\u00d6laf"  # composed: one way to write it
    for same in ("ölaf", "ÖLAF", "o\u0308laf"):
        assert store.trainee(same).name == "Ölaf"
        with pytest.raises(TrainerError, match="already exists"):
            store.create_trainee(same)
    store.create_trainee("Strauß")
    assert store.ensure_trainee("STRAUSS").name == "Strauß"  # full case folding, here as on the server
    family = store.create_trainee("Ann \U0001f468\u200d\U0001f469")  # a joiner inside an emoji: kept
    assert family.name == "Ann \U0001f468\u200d\U0001f469"
    store.rename_trainee("Ölaf", "ÖLAF")  # a new case for the same trainee
    assert [t.name for t in store.trainees()].count("ÖLAF") == 1


def test_an_unknown_trainee_of_a_large_school_names_a_few_close_ones(pg_url, tmp_path):
    from trainer.progress.server import open_store

    with open_store(pg_url, data=tmp_path) as store:
        for n in range(40):
            store.create_trainee(f"Trainee {n:02}")
        store.create_trainee("Anna Smith")
        with pytest.raises(TrainerError) as exc:
            store.trainee("Ana Smith")
        message = str(exc.value)
        assert message.startswith("unknown trainee 'Ana Smith' (the closest of 41: Anna Smith")
        assert message.count("Trainee") <= 3 and "\n" not in message
