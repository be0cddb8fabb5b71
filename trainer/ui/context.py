"""State shared by every screen: the jurisdiction profile, the trainee, the theme, the RNG seed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from trainer.paths import data_dir
from trainer.rules.paigow.profiles import DEFAULT_PROFILE, Profile, profile_named


class AppContext(QObject):
    """Screens read the current choices here and listen to the change signals."""

    profileChanged = Signal(object)
    themeChanged = Signal(str)
    traineeChanged = Signal(str)

    def __init__(self, profile: str = DEFAULT_PROFILE, theme: str = "light", trainee: str = "",
                 seed: int | None = None, data: Path | None = None) -> None:
        super().__init__()
        self._profile = profile_named(profile)
        self._theme = theme
        self._trainee = trainee
        self.seed = seed
        self.data_dir = data or data_dir()
        #: The progress database URL from the app's settings (None: the progress file in ``data_dir``).
        self.database: str | None = None

    @property
    def profile(self) -> Profile:
        return self._profile

    def set_profile(self, name: str) -> None:
        self._profile = profile_named(name)
        self.profileChanged.emit(self._profile)

    @property
    def theme(self) -> str:
        return self._theme

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        self.themeChanged.emit(theme)

    @property
    def trainee(self) -> str:
        return self._trainee

    def set_trainee(self, name: str) -> None:
        self._trainee = name
        self.traineeChanged.emit(name)
