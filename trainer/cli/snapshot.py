"""``paigow-trainer snapshot --style jung-quat --move 5 --out table.png``: render the table to a PNG.

Renders offscreen (no window opens): ``--screen scene`` draws the table alone; ``table`` (the
default), ``drills``, ``progress``, ``exam``, ``dealer`` and ``player`` draw the whole main window
showing that screen (``dealer``: a round from ``--seed``, after ``--move K`` of the trainee's actions).
``--move K`` shows the table after K moves of the delivery plan (0 = the woodpile just formed;
default: the end of the deal). ``--game baccarat`` renders Baccarat's screens (``table``: a new shoe
from ``--seed`` after K steps; ``dealer``: calling the game; ``scene``), under its profiles.
"""

from __future__ import annotations

import argparse
import re
import signal
from pathlib import Path

from trainer.cli import quit_interrupted
from trainer.cli.args import MAX_SCREEN_SEED, integer, screen_seed
from trainer.cli.common import add_profile, add_progress, progress_bar
from trainer.paths import write_file
from trainer.rules.errors import TrainerError

ORDER = 60

#: Screens that --move applies to; the others show no sequence of moves.
MOVE_SCREENS = ("table", "scene", "drills", "dealer", "player", "learn")
#: A deal or a round has far fewer moves; the player's seat plays a whole hand per move (~20 ms each).
MAX_MOVE, MAX_PLAYER_HANDS = 5000, 50  # (a whole Baccarat shoe runs to about 1,500 steps)
_SIZE = re.compile(r"^(\d{2,5})[x×X](\d{2,5})$")
MIN_SIZE, MAX_SIZE = 320, 7680


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("snapshot", help="render the table (or a screen) offscreen to a PNG",
                       description="Render the animated table at one move of a delivery style, or a whole "
                                   "screen of the app, to a PNG file. Nothing opens on screen.")
    p.add_argument("--style", default="house-way-right", metavar="S", help="delivery style (default house-way-right)")
    p.add_argument("--style2", metavar="S", help="a second style, dealt side by side on the same woodpile")
    p.add_argument("--seed", type=screen_seed, default=1, metavar="N",
                   help=f"woodpile or shoe seed, 0 to {MAX_SCREEN_SEED} as in the app (default 1)")
    p.add_argument("--dice", metavar="N", help="the dice, e.g. 3,2,4, or a total 3-18 (default: rolled from the seed)")
    p.add_argument("--bank", metavar="SEAT", help="a player bank at seat1..seat6 (default: house bank)")
    p.add_argument("--move", type=integer(0, MAX_MOVE), metavar="K", help="table: moves of the plan done (0 = before the first; default: all); dealer: the "
                        "trainee's actions done; player: hands played; drills: a style animation after K moves; learn: the K-th page "
                        "(past the last page: the first page's flashcard, its answer shown)")
    p.add_argument("--size", default="1920x1080", metavar="WxH", help="image size (default 1920x1080)")
    p.add_argument("--theme", default="light", choices=("light", "dark"))
    p.add_argument("--screen", default="table", metavar="S",
                   help="scene = the table alone; table, drills, learn, progress, exam, dealer, player (Pai Gow), "
                        "rulebook = the main window showing that screen")
    p.add_argument("--game", metavar="G", help="paigow or baccarat (default: the profile's game, else paigow)")
    p.add_argument("--text-size", default="normal", choices=("normal", "large", "projector"),
                   help="View → Text size (default normal; projector: for a classroom)")
    p.add_argument("--faces", action="store_true", help="show every tile face up (the instructor's view)")
    p.add_argument("--no-prelude", action="store_true", help="start at the formed woodpile (no mixing)")
    p.add_argument("--whole-shoe", action="store_true",
                   help="Baccarat's table: the shoe dealt to its end (the cover card, last hand, change of decks)")
    p.add_argument("--vig-marker", action="store_true",
                   help="Baccarat's table: vigorish marked in the commission box (631a.13(d)(2))")
    p.add_argument("--demo", action="store_true", help="the table or dealer's-seat screen in demonstration mode")
    p.add_argument("--skill", metavar="ID", help="drills: a question of this skill (a skill id, e.g. house-way) from --seed; a skill "
                        "of the other game is asked under that game's default profile")
    p.add_argument("--review", action="store_true",
                   help="drills: the review that ends a sample session (of --skill, else what to practise next)")
    p.add_argument("--present", action="store_true",
                   help="the presenter window (View → Present on) showing --screen, at --size: what the class sees")
    add_profile(p, any_game=True)  # default: the game's default profile
    p.add_argument("--casino-rules", metavar="FILE", help="a casino's Rules Submission file in force (File → Casino rules…)")
    p.add_argument("--out", required=True, metavar="FILE", help="the PNG to write")
    add_progress(p)
    p.set_defaults(run=run)


def parse_size(text: str) -> tuple[int, int]:
    """``1920x1080`` -> (1920, 1080); anything else is a one-line :class:`TrainerError`."""
    m = _SIZE.match(text.strip())
    if not m:
        raise TrainerError(f"size '{text}' is not WIDTHxHEIGHT, e.g. 1920x1080")
    w, h = int(m.group(1)), int(m.group(2))
    if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE // 2 <= h <= MAX_SIZE):
        raise TrainerError(f"size {w}x{h} is out of range ({MIN_SIZE}x{MIN_SIZE // 2} to {MAX_SIZE}x{MAX_SIZE})")
    return w, h


def game_and_profile(game: str | None, profile: str | None) -> tuple[str, str]:
    """The game and the profile to render: either may be given; a profile of another game is an error."""
    from trainer.drills.games import game_named, game_of_profile, games

    chosen = game_named(game) if game else game_of_profile(profile) if profile else games()[0]
    name = profile or chosen.default_profile
    if game_of_profile(name).id != chosen.id:
        raise TrainerError(f"profile {name} is not a {chosen.title} profile (choose from: "
                           f"{', '.join(chosen.profiles.names())})")
    return chosen.id, name


def _check(args: argparse.Namespace) -> tuple[int, int]:
    """Validate everything before Qt starts, so a mistake costs one line and exit code 2."""
    from trainer.rules.paigow.delivery import check_style_name
    from trainer.rules.paigow.dice import Roll
    from trainer.rules.paigow.positions import Position
    from trainer.ui.screens import find_screen

    size = parse_size(args.size)
    args.game, args.profile = game_and_profile(args.game, args.profile)
    if args.screen != "scene":
        find_screen(args.screen, args.game)
    elif args.present:
        raise TrainerError("--present shows a screen of the app (e.g. --screen table), not --screen scene")
    for style in filter(None, (args.style, args.style2)):
        check_style_name(style)
    if args.dice:  # as the table screen reads it: 3;2;4 or 3 2 4 is 3,2,4
        roll = Roll.parse(args.dice)
        args.dice = ",".join(map(str, roll.dice)) if roll.dice else str(roll.total)
    if args.bank and not Position.parse(args.bank).is_seat:
        raise TrainerError(f"a bank sits at seat1..seat6, not {args.bank}")
    if args.move is not None and args.screen not in MOVE_SCREENS:
        raise TrainerError(f"--move goes with --screen {', '.join(MOVE_SCREENS)}, not {args.screen}")
    shoe_options = [f"--{o.replace('_', '-')}" for o in ("whole_shoe", "vig_marker") if getattr(args, o)]
    if shoe_options and (args.game, args.screen) != ("baccarat", "table"):
        raise TrainerError(f"{' and '.join(shoe_options)} go with --game baccarat --screen table")
    _check_drill_flags(args)
    if args.screen == "player" and (args.move or 0) > MAX_PLAYER_HANDS:
        raise TrainerError(f"--move on the player's seat is the hands played: 0 to {MAX_PLAYER_HANDS}, not {args.move}")
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        raise TrainerError(f"--out must name a .png file, not '{args.out}'")
    if not out.parent.exists():
        raise TrainerError(f"folder {out.parent} does not exist")
    return size


def _check_drill_flags(args: argparse.Namespace) -> None:
    """--skill and --review show the Drills screen; the skill must exist and be offered by its game's profile."""
    from trainer.drills.registry import check_offered, profile_in_game, skill_named

    for flag, given in (("--skill", args.skill is not None), ("--review", args.review)):
        if given and args.screen != "drills":
            raise TrainerError(f"{flag} goes with --screen drills, not {args.screen}")
    if args.review and args.move is not None:
        raise TrainerError("--review shows a session's review, not a question: leave out --move")
    if args.skill is not None:
        skill = skill_named(args.skill)
        check_offered(skill, profile_in_game(skill, args.profile))
        if args.move is not None and skill.id != "style-animation":
            raise TrainerError(f"--move goes with a style animation, not --skill {skill.id}")


def run(args: argparse.Namespace) -> int:
    size = _check(args)
    # Ctrl+C while Qt renders: one line and out, without tearing down half-built widgets
    before = signal.signal(signal.SIGINT, quit_interrupted)
    try:
        image = _render(args, size)
    finally:
        signal.signal(signal.SIGINT, before)
    write_file(args.out, png_bytes(image))
    print(f"wrote {args.out} ({size[0]}x{size[1]}, {args.game} {args.screen}, {args.profile}, {args.theme})")
    return 0


def png_bytes(image) -> bytes:
    """``image`` (a ``QImage``) as PNG, in memory: written to the disk whole or not at all."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise TrainerError("could not make the picture (is the size too large?)")
    buffer.close()
    return data.data()


def _render(args: argparse.Namespace, size: tuple[int, int]):
    from trainer.ui.snapshot import render

    # the player's seat plays --move whole hands (seconds for 50): a progress bar for them
    hands = (args.move or 0) if args.screen == "player" else 0
    with progress_bar(args, hands, "hands") as bar:
        return render(
            screen=args.screen, game=args.game, size=size, theme=args.theme, profile=args.profile, style=args.style,
            style2=args.style2, seed=args.seed, dice=args.dice, bank=args.bank, move=args.move, faces=args.faces,
            prelude=not args.no_prelude, demo=args.demo, text_size=args.text_size,
            tick=bar.update if hands else None, casino_rules=args.casino_rules, present=args.present,
            table_options={o: True for o in ("whole_shoe", "vig_marker") if getattr(args, o)},
            skill=args.skill, review=args.review,
        )
