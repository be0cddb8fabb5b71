"""``./scripts/run`` on a bare Linux PC (issue 40, item 10): before the app starts on X11 it names the
system libraries that Qt's xcb plugin cannot find and the apt line that installs them, instead of
Qt's abort; the README's set-up lists every one of them in one apt line."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("ldd") is None,
                                reason="the check is for Linux's X11")


def bash(script: str, **env: str) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")} | env
    return subprocess.run(["bash", "-c", f". scripts/_qt_libs.sh; {script}"], cwd=ROOT, env=full,
                          capture_output=True, text=True, timeout=60)


def xcb_plugin() -> Path:
    from PySide6.QtCore import QLibraryInfo

    return Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms" / "libqxcb.so"


def linked(path: Path) -> dict[str, bool]:
    """Every library ``path`` loads (with Qt's own XcbQpa's), and whether the system has it."""
    out = subprocess.run(["ldd", str(path)], capture_output=True, text=True, check=True).stdout
    return {m[0]: m[1] != "not found" for m in re.findall(r"^\s*(\S+\.so\S*) => (not found|\S+)", out, re.M)}


def test_each_library_is_named_by_its_debian_package():
    names = {"libxcb-cursor.so.0": "libxcb-cursor0", "libxcb-icccm.so.4": "libxcb-icccm4",
             "libxkbcommon-x11.so.0": "libxkbcommon-x11-0", "libEGL.so.1": "libegl1", "libGL.so.1": "libgl1",
             "libdbus-1.so.3": "libdbus-1-3", "libX11-xcb.so.1": "libx11-xcb1",
             "libxcb-render-util.so.0": "libxcb-render-util0", "libfontconfig.so.1.12.0": "libfontconfig1"}
    got = bash("; ".join(f"qt_lib_package {lib}" for lib in names)).stdout.split()
    assert got == list(names.values())


def test_the_readme_apt_line_installs_every_system_library_qt_draws_with():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = re.search(r"sudo apt-get install -y ((?:[^`]|\\\n)+?)\n```", readme).group(1)
    listed = set(line.replace("\\", " ").split())
    wanted = [lib for lib in linked(xcb_plugin()) if re.match(r"lib(xcb-|xkbcommon-x11|EGL|GL\.|fontconfig|dbus|X11-xcb)", lib)]
    assert "libxcb-cursor.so.0" in wanted
    packages = bash("; ".join(f"qt_lib_package {lib}" for lib in wanted)).stdout.split()
    assert not set(packages) - listed, "the README's apt line misses some"


def test_the_check_names_what_is_missing_and_the_apt_line(tmp_path):
    missing = sorted(lib for lib, there in linked(xcb_plugin()).items() if not there)
    result = bash(f"check_qt_libs {sys.executable}", DISPLAY=":0")
    if not missing:
        assert result.returncode == 0 and result.stderr == ""
        return
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert lines[0].startswith("paigow-trainer: error:") and "Qt needs" in lines[0]
    assert lines[1].split()[1:] == missing
    packages = bash("; ".join(f"qt_lib_package {lib}" for lib in missing)).stdout.split()
    assert lines[2].strip() == "install them with: sudo apt-get install -y " + " ".join(packages)
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("env", [{"QT_QPA_PLATFORM": "offscreen"}, {"WAYLAND_DISPLAY": "wayland-0"}])
def test_no_check_where_qt_does_not_use_xcb(env):
    result = bash(f"check_qt_libs {sys.executable}", **env)
    assert result.returncode == 0 and result.stderr == ""
