"""Build hook: the wheel carries the repository's grammar/, schemas/ and rulesets/ folders as
`interpreter/_shipped/...`, where `interpreter.shipped` finds them. The repository keeps one copy;
an editable install reads them in place."""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SHIPPED = ("grammar", "schemas", "rulesets")


class BuildWithShippedData(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for folder in SHIPPED:
            for source in sorted((ROOT / folder).rglob("*")):
                if source.is_file() and "__pycache__" not in source.parts:
                    target = Path(self.build_lib) / "interpreter" / "_shipped" / source.relative_to(ROOT)
                    self.mkpath(str(target.parent))
                    self.copy_file(str(source), str(target))


setup(cmdclass={"build_py": BuildWithShippedData})
