"""Build hook: the wheel carries the repository's grammar/, schemas/ and rulesets/ folders, and
the rules page that `cardrules info` quotes, as `interpreter/_shipped/...`, where
`interpreter.shipped` finds them. The repository keeps one copy; an editable install reads them
in place."""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SHIPPED = ("grammar", "schemas", "rulesets")
SHIPPED_FILES = ("docs/rules.md",)      # docs/ holds more, which the package does not need


class BuildWithShippedData(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        files = [ROOT / name for name in SHIPPED_FILES]
        for folder in SHIPPED:
            files += [p for p in sorted((ROOT / folder).rglob("*")) if p.is_file() and "__pycache__" not in p.parts]
        for source in files:
            target = Path(self.build_lib) / "interpreter" / "_shipped" / source.relative_to(ROOT)
            self.mkpath(str(target.parent))
            self.copy_file(str(source), str(target))


setup(cmdclass={"build_py": BuildWithShippedData})
