"""How long `cardrules lsp` takes to check Black Card again after a one-character change.

    python benchmarks/lsp_recheck.py [--changes 20] [--ruleset rulesets/black-card.yaml]

Starts the server as an editor does (over stdio), opens the ruleset, then changes one digit
of it again and again; each time measures, at the client, from sending the change to
receiving the diagnostics it caused (the server waits `SETTLE`, 20 ms, for more changes, then
checks the whole ruleset: YAML, schema, names, types, code), and,
in this process, the same check as the server runs it (`Checker.check`), in wall-clock and in
processor time (on a shared machine the first includes waiting for a core). The aim (issue 31):
at most 150 ms.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types as L
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parent.parent


def edits(text: str, count: int) -> list[str]:
    """`count` versions of the text, each one digit away from the one before."""
    anchor = text.index("stack: 100") + len("stack: 10")
    return [text[:anchor] + str(i % 10) + text[anchor + 1:] for i in range(1, count + 1)]


async def over_stdio(path: Path, versions: list[str]) -> list[float]:
    client = LanguageClient("lsp-recheck-bench", "1")
    arrived: asyncio.Queue = asyncio.Queue()

    @client.feature(L.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _published(params: L.PublishDiagnosticsParams) -> None:
        arrived.put_nowait((time.perf_counter(), params))

    await client.start_io(sys.executable, "-m", "interpreter.cli.main", "lsp")
    await client.initialize_async(L.InitializeParams(capabilities=L.ClientCapabilities()))
    client.initialized(L.InitializedParams())
    uri = path.resolve().as_uri()
    client.text_document_did_open(L.DidOpenTextDocumentParams(
        L.TextDocumentItem(uri, "yaml", 1, path.read_text(encoding="utf-8"))))
    await arrived.get()
    times = []
    for version, text in enumerate(versions, start=2):
        sent = time.perf_counter()
        client.text_document_did_change(L.DidChangeTextDocumentParams(
            L.VersionedTextDocumentIdentifier(version=version, uri=uri),
            [L.TextDocumentContentChangeWholeDocument(text)]))
        received, params = await arrived.get()
        assert params.uri == uri and not [d for d in params.diagnostics if d.severity == L.DiagnosticSeverity.Error]
        times.append(received - sent)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return times


def in_process(path: Path, versions: list[str]) -> tuple[list[float], list[float]]:
    from interpreter.lsp.checking import Checker
    checker = Checker()
    resolved = path.resolve()
    checker.check(resolved, {resolved: path.read_text(encoding="utf-8")})
    times, cpu = [], []
    for text in versions:
        start, start_cpu = time.perf_counter(), time.process_time()
        ruleset, _ = checker.check(resolved, {resolved: text})
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        assert ruleset is not None
    return times, cpu


def show(label: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    print(f"{label:<34} median {statistics.median(ms):6.1f} ms   min {ms[0]:6.1f}   max {ms[-1]:6.1f}   "
          f"({len(ms)} changes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--ruleset", type=Path, default=ROOT / "rulesets" / "black-card.yaml")
    args = parser.parse_args()
    versions = edits(args.ruleset.read_text(encoding="utf-8"), args.changes)
    show("server, change -> diagnostics", asyncio.run(over_stdio(args.ruleset, versions)))
    wall, cpu = in_process(args.ruleset, versions)
    show("check as the server runs it", wall)
    show("  the same, processor time", cpu)     # what a busy machine's other work does not add


if __name__ == "__main__":
    main()
