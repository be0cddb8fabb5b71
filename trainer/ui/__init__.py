"""The PySide6 application: renders the engine's decisions and collects input; decides no rule."""
