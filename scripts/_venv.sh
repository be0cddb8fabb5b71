# Sourced by scripts/run and scripts/test: make .venv and install the trainer into it, but only when
# the project's dependencies changed since the last install (a stamp of pyproject.toml's hash and the
# extras in .venv), so later launches start at once and work with no network.
# Usage: ensure_venv "" (the app) or ensure_venv "[test]" (with the test tools).
ensure_venv() {
    local extras="$1" stamp want
    [ -x .venv/bin/python ] || python3 -m venv .venv >/dev/null 2>&1 || python3 -m venv --without-pip .venv
    stamp=".venv/.installed${extras:+-test}"
    want="$( (sha256sum pyproject.toml 2>/dev/null || shasum -a 256 pyproject.toml) | cut -d' ' -f1) ${extras}"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        echo "Installing the trainer's dependencies into .venv (once per change of pyproject.toml)…" >&2
        .venv/bin/python -m pip install -q --disable-pip-version-check -e ".${extras}"
        printf '%s\n' "$want" > "$stamp"
    fi
}
