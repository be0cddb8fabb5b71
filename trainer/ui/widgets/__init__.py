"""Answer widgets, one module each (the chip tray; drill_widgets.py is being split into this package)."""
