"""Run the doctests of the drill and progress packages (pytest's doctest run covers trainer/rules only)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import trainer.drills
import trainer.progress

MODULES = [f"{pkg.__name__}.{m.name}" for pkg in (trainer.drills, trainer.progress)
           for m in pkgutil.iter_modules(pkg.__path__)] + ["trainer.drills", "trainer.progress"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
