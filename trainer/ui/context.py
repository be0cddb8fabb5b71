"""State shared by every screen: the game and its profile, the trainee, the theme, the RNG seed.

The profile is any game's (``trainer.drills.games``); the game in play is the current profile's.
Each game remembers its last profile, so switching games and back keeps the choice. A screen of
one game gets :meth:`AppContext.for_game`: the same context seen from that game, whose ``profile``
is always that game's and whose ``profileChanged`` only fires for it, so a hidden Pai Gow screen
never receives a Baccarat profile.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from trainer.paths import data_dir

if TYPE_CHECKING:
    from trainer.drills.games import Game


class AppContext(QObject):
    """Screens read the current choices here and listen to the change signals."""

    profileChanged = Signal(object)
    gameChanged = Signal(object)
    #: The casino's Rules Submission in force changed (the loaded file's rules, or None).
    casinoChanged = Signal(object)
    themeChanged = Signal(str)
    traineeChanged = Signal(str)
    #: A citation link was activated: open the rule book at this ``rulebook:`` link.
    ruleRequested = Signal(str)

    def __init__(self, profile: str | None = None, theme: str = "light", trainee: str = "",
                 seed: int | None = None, data: Path | None = None) -> None:
        super().__init__()
        #: The profile asked for (None: the first game's default); looked up on first use, so the
        #: window paints before the games' registry is imported (bench_startup.py).
        self.profile_name = profile
        self._game = ""
        self._profiles: dict[str, Any] = {}
        self._views: dict[str, GameView] = {}
        self._theme = theme
        self._trainee = trainee
        self.seed = seed
        self.data_dir = data or data_dir()
        #: The progress database URL from the app's settings (None: the progress file in ``data_dir``).
        self.database: str | None = None
        #: The casino's Rules Submission in force (``trainer.rules.casino.load_casino``), or None: its
        #: amended profile is its game's profile until another profile is chosen.
        self.casino: Any = None
        #: The app's settings (a QSettings, set by the main window) for the choices a screen remembers
        #: between sessions (``trainer.ui.typed_totals``; Baccarat's table: whole shoe, speed); None (a
        #: screen made alone): nothing is remembered.
        self.settings: Any = None

    # -- the game and its profile
    def _ready(self) -> None:
        if not self._game:
            from trainer.drills.games import first_game, game_of_profile, profile_named
            from trainer.rules.errors import UnknownNameError

            try:
                first = profile_named(self.profile_name or first_game().default_profile)
            except UnknownNameError:  # a profile remembered by an older version
                first = profile_named(first_game().default_profile)
            self._game = game_of_profile(first).id
            self._profiles[self._game] = first
            self.profile_name = first.name

    @property
    def game(self) -> Game:
        from trainer.drills.games import game_named

        self._ready()
        return game_named(self._game)

    @property
    def profile(self) -> Any:
        self._ready()
        return self._profiles[self._game]

    def profile_of(self, game: str) -> Any:
        """``game``'s profile: the last one chosen, else its default."""
        from trainer.drills.games import game_named, profile_named

        self._ready()
        return self._profiles.get(game) or profile_named(game_named(game).default_profile)

    def set_profile(self, name: str) -> None:
        """Choose any game's profile; the game follows it (``gameChanged`` when it is another game)."""
        from trainer.drills.games import profile_named

        self._ready()
        self._use(profile_named(name))

    def set_casino(self, casino: Any) -> None:
        """Train on a casino's rules: its amended profile (house way, choices) becomes its game's profile."""
        self._ready()
        self.casino = casino
        self._use(casino.profile)
        self.casinoChanged.emit(casino)

    def _use(self, profile: Any) -> None:
        from trainer.drills.games import game_of_profile

        game = game_of_profile(profile).id
        casino = self.casino
        if casino is not None and profile is not casino.profile and game_of_profile(casino.profile).id == game:
            self.casino = None  # another profile of the casino's game: the regulation's rules again
            self.casinoChanged.emit(None)
        self._profiles[game] = profile
        self.profile_name = profile.name
        switched, self._game = game != self._game, game
        if switched:
            self.gameChanged.emit(self.game)
        self.profileChanged.emit(profile)

    def set_game(self, game: str) -> None:
        """Switch to ``game`` with its last profile (a casino's, if it was)."""
        self._ready()
        self._use(self.profile_of(game))

    def for_game(self, game: str) -> GameView:
        """This context as ``game``'s screens see it."""
        from trainer.drills.games import game_named

        if game not in self._views:
            self._views[game] = GameView(self, game_named(game).id)
        return self._views[game]

    # -- look and trainee
    @property
    def theme(self) -> str:
        return self._theme

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        self.themeChanged.emit(theme)

    @property
    def trainee(self) -> str:
        return self._trainee

    def open_rule(self, link: str) -> None:
        """Ask the main window to show the rule book at ``link`` (from a citation link)."""
        self.ruleRequested.emit(link)

    def set_trainee(self, name: str) -> None:
        self._trainee = name
        self.traineeChanged.emit(name)


class GameView(QObject):
    """The application context seen from one game's screens: its ``profile`` is that game's last
    profile and ``profileChanged`` fires for that game's profiles only; everything else (theme,
    trainee, seed, data folder, their signals and setters) is the shared context's."""

    profileChanged = Signal(object)

    def __init__(self, ctx: AppContext, game: str) -> None:
        super().__init__(ctx)
        self._ctx, self._game = ctx, game
        self.themeChanged, self.traineeChanged, self.gameChanged = ctx.themeChanged, ctx.traineeChanged, ctx.gameChanged
        ctx.profileChanged.connect(self._forward)

    @property
    def profile(self) -> Any:
        return self._ctx.profile_of(self._game)

    def _forward(self, profile: Any) -> None:
        from trainer.drills.games import game_of_profile

        if game_of_profile(profile).id == self._game:
            self.profileChanged.emit(profile)

    def __getattr__(self, name: str) -> Any:  # theme, trainee, seed, data_dir, set_theme, set_trainee, ...
        return getattr(self._ctx, name)
