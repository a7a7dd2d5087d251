"""The package imports in one direction: each layer only from itself and the layers below, and
no module imports, even inside a function, one that imports it back (docs/architecture.md)."""
from __future__ import annotations

import ast
import functools
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "interpreter"

# Low to high. A name stands for a module or a package and everything in it.
LAYERS = [
    ("interpreter", "interpreter.errors", "interpreter.limits", "interpreter.kinds"),
    ("interpreter.shipped", "interpreter.decisions"),
    ("interpreter.primitives",),
    ("interpreter.cache",),
    ("interpreter.language",),
    ("interpreter.engine",),
    ("interpreter.compile",),
    ("interpreter.agents",),
    ("interpreter.terminal",),
    ("interpreter.logs",),
    ("interpreter.rl",),
    ("interpreter.analysis",),
    ("interpreter.explain",),
    ("interpreter.lsp",),
    ("interpreter.web",),
    ("interpreter.cli",),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(text: str, name: str, package: str, modules: set[str]) -> set[str]:
    """The project's modules that module `name` (of `package`) imports anywhere in its text,
    at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            # `from package import module` is an import of the module; of the package, for a name
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        else:
            continue
        found.update(t for t in targets if t in modules and t != name)
    return found


def layer_of(module: str) -> int:
    """The layer of the longest name in LAYERS that is the module or a package holding it."""
    best, depth = None, -1
    for index, names in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and name.count(".") > depth:
                best, depth = index, name.count(".")
    assert best is not None, f"{module} is in no layer of tests/test_architecture.py"
    return best


@functools.lru_cache(maxsize=1)
def graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: imports(path.read_text(encoding="utf-8"), name,
                          name if path.name == "__init__.py" else name.rpartition(".")[0], set(paths))
            for name, path in paths.items()}


def test_every_import_points_down_or_sideways():
    """GIVEN every module of the package WHEN its imports are read THEN none reaches a higher layer."""
    upward = sorted(f"{module} imports {target}" for module, targets in graph().items()
                    for target in targets if layer_of(target) > layer_of(module))
    assert upward == []


def test_no_import_cycle():
    """GIVEN the import graph of all modules WHEN it is sorted THEN no module imports itself back."""
    try:
        tuple(TopologicalSorter(graph()).static_order())
    except CycleError as exc:
        raise AssertionError(f"import cycle: {' -> '.join(exc.args[1])}") from None


def test_the_checks_see_an_upward_import_and_a_cycle():
    """GIVEN an engine module that imports the compile stage inside a function, relatively
    WHEN its imports are read THEN the import is found, and it points up; and a two-module
    circle is a cycle."""
    modules = set(graph())
    found = imports("def f():\n    from ..compile import unit\n", "interpreter.engine.game", "interpreter.engine", modules)
    assert found == {"interpreter.compile.unit"}
    assert layer_of("interpreter.compile.unit") > layer_of("interpreter.engine.game")
    try:
        tuple(TopologicalSorter({"a": {"b"}, "b": {"a"}}).static_order())
    except CycleError:
        pass
    else:
        raise AssertionError("a cycle was not found")


# Packages held to small classes (issue 29): a class over this many lines is split by job.
SMALL_CLASSES = ("compile",)
MAX_CLASS_LINES = 400


def long_classes(text: str, name: str, limit: int) -> list[str]:
    """The classes of a module's text longer than `limit` lines, each as 'module.Class (n lines)'."""
    return [f"{name}.{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > limit]


def test_no_class_of_the_compile_stage_is_over_400_lines():
    """GIVEN the modules of the compile stage WHEN their classes are measured THEN none is longer
    than 400 lines (the expression compiler's analysis and emission, the flow compiler and the
    step kinds it hands its context to, and the ruleset builder are each split by job)."""
    found = [entry for package in SMALL_CLASSES for path in sorted((PACKAGE / package).rglob("*.py"))
             for entry in long_classes(path.read_text(encoding="utf-8"), module_name(path), MAX_CLASS_LINES)]
    assert found == []


def test_the_class_measure_sees_a_long_class():
    """GIVEN a class of 5 lines WHEN measured against 4 and 5 THEN it is too long only for 4."""
    text = "class A:\n    x = 1\n    y = 2\n    z = 3\n    w = 4\n"
    assert long_classes(text, "m", 4) == ["m.A (5 lines)"]
    assert long_classes(text, "m", 5) == []
