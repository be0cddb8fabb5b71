# Sourced by scripts/run: before the app starts on Linux's X11 (xcb), name the system libraries that
# Qt's xcb platform plugin cannot find, and the apt line that installs them, instead of Qt's abort
# ("Could not load the Qt platform plugin "xcb"..."). What the plugin needs is read from the plugin
# itself (ldd), so the list follows the PySide6 installed.
# Usage: check_qt_libs PYTHON (the interpreter whose PySide6 runs the app); returns 1 if any is missing.

# The Debian/Ubuntu package of a library's soname: libxcb-icccm.so.4 -> libxcb-icccm4,
# libxkbcommon-x11.so.0 -> libxkbcommon-x11-0, libEGL.so.1 -> libegl1.
qt_lib_package() {
    local base="${1%%.so.*}" version="${1##*.so.}"
    version="${version%%.*}"
    case "$base" in *[0-9]) base="$base-" ;; esac
    printf '%s%s\n' "$(printf '%s' "$base" | tr '[:upper:]' '[:lower:]')" "$version"
}

check_qt_libs() {
    local python="$1" plugins missing lib packages=""
    [ "$(uname -s)" = Linux ] || return 0
    case "${QT_QPA_PLATFORM:-}" in
        "") [ -z "${WAYLAND_DISPLAY:-}" ] || return 0 ;;  # (a Wayland session: Qt picks its own plugin)
        xcb*) ;;
        *) return 0 ;;
    esac
    command -v ldd >/dev/null 2>&1 || return 0
    plugins="$("$python" -c 'from PySide6.QtCore import QLibraryInfo as L; print(L.path(L.LibraryPath.PluginsPath))' 2>/dev/null)" || return 0
    [ -f "$plugins/platforms/libqxcb.so" ] || return 0
    missing="$(ldd "$plugins/platforms/libqxcb.so" 2>/dev/null | awk '/=> not found/ {print $1}' | sort -u)"
    [ -n "$missing" ] || return 0
    for lib in $missing; do
        packages="$packages $(qt_lib_package "$lib")"
    done
    {
        echo "paigow-trainer: error: this PC lacks system libraries that Qt needs to open a window:"
        echo "  missing:$(printf ' %s' $missing)"
        echo "  install them with: sudo apt-get install -y$packages"
        echo "  (README.md, \"Set-up on a bare Linux PC\", lists the whole set)"
    } >&2
    return 1
}
