"""The `cardrules` command: argument handling (main) and how diagnostics are printed (report)."""
