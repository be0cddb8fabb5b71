"""``paigow-trainer snapshot --style jung-quat --move 5 --out table.png``: render the table to a PNG.

Renders offscreen (no window opens): ``--screen scene`` draws the table alone; ``table`` (the
default), ``drills``, ``progress``, ``exam``, ``dealer`` and ``player`` draw the whole main window
showing that screen (``dealer``: a round from ``--seed``, after ``--move K`` of the trainee's actions).
``--move K`` shows the table after K moves of the delivery plan (0 = the woodpile just formed;
default: the end of the deal).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from trainer.cli.common import add_profile
from trainer.rules.errors import TrainerError

ORDER = 60

SCREEN_CHOICES = ("table", "scene", "drills", "progress", "exam", "dealer", "player", "class")
_SIZE = re.compile(r"^(\d{2,5})[x×X](\d{2,5})$")
MIN_SIZE, MAX_SIZE = 320, 7680


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("snapshot", help="render the table (or a screen) offscreen to a PNG",
                       description="Render the animated table at one move of a delivery style, or a whole "
                                   "screen of the app, to a PNG file. Nothing opens on screen.")
    p.add_argument("--style", default="house-way-right", metavar="S", help="delivery style (default house-way-right)")
    p.add_argument("--style2", metavar="S", help="a second style, dealt side by side on the same woodpile")
    p.add_argument("--seed", type=int, default=1, metavar="N", help="woodpile seed (default 1)")
    p.add_argument("--dice", metavar="N", help="the dice, e.g. 3,2,4, or a total 3-18 (default: rolled from the seed)")
    p.add_argument("--bank", metavar="SEAT", help="a player bank at seat1..seat6 (default: house bank)")
    p.add_argument("--move", type=int, metavar="K", help="table: moves of the plan done (0 = before the first; default: all); dealer: the "
                        "trainee's actions done; player: hands played; drills: a style animation after K moves")
    p.add_argument("--size", default="1920x1080", metavar="WxH", help="image size (default 1920x1080)")
    p.add_argument("--theme", default="light", choices=("light", "dark"))
    p.add_argument("--screen", default="table", choices=SCREEN_CHOICES,
                   help="scene = the table alone; the others = the main window showing that screen")
    p.add_argument("--faces", action="store_true", help="show every tile face up (the instructor's view)")
    p.add_argument("--no-prelude", action="store_true", help="start at the formed woodpile (no mixing)")
    p.add_argument("--demo", action="store_true", help="the table or dealer's-seat screen in demonstration mode")
    add_profile(p)
    p.add_argument("--out", required=True, metavar="FILE", help="the PNG to write")
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


def _check(args: argparse.Namespace) -> tuple[int, int]:
    """Validate everything before Qt starts, so a mistake costs one line and exit code 2."""
    from trainer.rules.paigow.delivery import check_style_name
    from trainer.rules.paigow.dice import Roll
    from trainer.rules.paigow.positions import Position
    from trainer.rules.paigow.profiles import profile_named

    size = parse_size(args.size)
    profile_named(args.profile)
    for style in filter(None, (args.style, args.style2)):
        check_style_name(style)
    if args.dice:
        Roll.parse(args.dice)
    if args.bank and not Position.parse(args.bank).is_seat:
        raise TrainerError(f"a bank sits at seat1..seat6, not {args.bank}")
    if args.move is not None and args.move < 0:
        raise TrainerError(f"--move must be 0 or more, not {args.move}")
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        raise TrainerError(f"--out must name a .png file, not '{args.out}'")
    if not out.parent.exists():
        raise TrainerError(f"folder {out.parent} does not exist")
    return size


def run(args: argparse.Namespace) -> int:
    size = _check(args)
    from trainer.ui.snapshot import render

    image = render(
        screen=args.screen, size=size, theme=args.theme, profile=args.profile, style=args.style,
        style2=args.style2, seed=args.seed, dice=args.dice, bank=args.bank, move=args.move, faces=args.faces,
        prelude=not args.no_prelude, demo=args.demo,
    )
    if not image.save(str(args.out), "PNG"):
        raise TrainerError(f"could not write {args.out}")
    print(f"wrote {args.out} ({size[0]}x{size[1]}, {args.screen}, {args.style}, {args.theme})")
    return 0
