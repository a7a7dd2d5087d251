"""`cardrules explain`: the rules sheet of a ruleset, in words, and what a variant changes."""
from __future__ import annotations

import glob
import html.parser
import inspect
import re

import pytest

from interpreter.cli.main import main
from interpreter.explain import render as R
from interpreter.explain.phrases import Names, Phraser
from interpreter.explain.sheet import explain
from interpreter.explain.source import read
from interpreter.explain.templates import BUILTIN_PHRASES, EFFECT_PHRASES
from interpreter.language.builtins import BUILTINS
from interpreter.language.effects import EFFECTS

FILES = sorted(glob.glob("rulesets/*.yaml") + glob.glob("examples/*.yaml"))


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _walk(raw):
    stack = [raw]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _declared(path: str) -> dict[str, set[str]]:
    """What a sheet must name: every option, zone, phase and choice of the ruleset as written."""
    checked = read(path)
    merged = checked.merged
    raws = [merged["flow"].value] + [loc.value for s in ("procedures", "triggers", "abilities")
                                     for loc in merged[s].values()]
    steps = [step for raw in raws for step in _walk(raw)]
    choices = set()
    for step in steps:
        if "choose" not in step:
            continue
        prompt = step.get("prompt")
        if isinstance(prompt, str):
            choices.add(prompt.split("{")[0].strip())       # the words before any value in it
        choices.update(str(a) for a in (step.get("actions") or {}))
    return {"option": set(checked.ruleset.options), "zone": {z.name for z in checked.ruleset.zones},
            "phase": {str(s["phase"]) for s in steps if "phase" in s}, "choice": choices - {""}}


@pytest.mark.parametrize("path", FILES)
def test_every_ruleset_and_example_gets_a_sheet_in_every_format(capsys, path):
    """GIVEN a shipped ruleset or an example
    WHEN `cardrules explain` writes it as Markdown, HTML and text
    THEN each succeeds, is headed by the game's name, and has the steps of play."""
    outputs = {}
    for fmt in R.FORMATS:
        code, out, err = run(capsys, "explain", path, "--format", fmt)
        assert code == 0, err
        outputs[fmt] = out
    assert outputs["markdown"].startswith("# ") and "## How to play" in outputs["markdown"]
    assert outputs["html"].startswith("<!DOCTYPE html>") and "<ol>" in outputs["html"]
    assert "How to play\n-----------" in outputs["text"] and "`" not in outputs["text"]


@pytest.mark.parametrize("path", FILES)
def test_each_sheet_names_every_option_zone_phase_and_choice(path):
    """GIVEN a ruleset's options, zones, phases and choices (prompts and actions) as written
    WHEN its sheet is built with the default options
    THEN the sheet's words name every one of them."""
    words = explain(path).text()
    missing = {kind: sorted(n for n in names if n not in words) for kind, names in _declared(path).items()}
    assert not any(missing.values()), missing


def test_diff_of_black_maria_against_hearts_names_what_black_maria_changes(capsys):
    """GIVEN Black Maria, which extends Hearts (docs/rules.md §2)
    WHEN `cardrules explain black-maria --diff hearts` runs
    THEN it names the options it adds and removes, the spade penalties, the pass to the right,
    the rules of play it drops, the deck and the deals constraint."""
    code, out, err = run(capsys, "explain", "black-maria", "--diff", "hearts", "--format", "text")
    assert code == 0, err
    assert "Added: moon_rule" in out and "Added: deals" in out and "Removed: moon" in out
    assert "K♠" in out and "A♠" in out                       # the spade honours are penalties
    assert "1 seat to the right" in out                      # passed to the right, every hand
    assert "No longer:" in out and "Hearts may not be led until broken" in out
    assert "take out 2♣, 2♦, 2♥, 2♠" in out                   # six players: the 2♥ goes
    assert "deals mod the number of players is 0" in out
    assert "Now cites D-28" in out
    for same in ("Zones", "Players"):                        # what it keeps is not listed
        assert f"\n{same}\n" not in out


def test_diff_of_a_set_only_variant_names_the_option_and_the_steps_it_turns_on(capsys):
    """GIVEN the moon-rule example, which only sets moon_rule on Black Maria
    WHEN it is explained with --diff black-maria
    THEN the option's new value and the scoring step it switches on are named, nothing else."""
    code, out, _ = run(capsys, "explain", "examples/black-maria-moon.yaml", "--diff", "black-maria")
    assert code == 0
    assert "Changed: `moon_rule`" in out and "Value: false → true" in out
    assert "2 × moon points" in out
    assert "## Cards" not in out and "## Zones" not in out


def test_a_ruleset_against_itself_has_no_changes(capsys):
    code, out, _ = run(capsys, "explain", "hearts", "--diff", "hearts", "--format", "text")
    assert code == 0 and "has the same rules as Hearts" in out


def test_options_choose_what_the_sheet_says(capsys):
    """GIVEN Hearts, whose scoring depends on its options
    WHEN it is explained with the moon rule off and spot hearts on
    THEN the option table shows the values, the moon steps are gone and hearts score their rank."""
    _, default, _ = run(capsys, "explain", "hearts", "--format", "text")
    code, chosen, _ = run(capsys, "explain", "hearts", "--format", "text", "-o", "moon=off", "-o", "spot_hearts=true")
    assert code == 0
    assert "shot moon (p) for some p" in default and "shot moon (p) for some p" not in chosen
    assert "c's rank if c's suit is hearts" in chosen and "c's rank if" not in default


def test_an_invalid_ruleset_or_option_is_reported_not_explained(capsys, tmp_path):
    """GIVEN a ruleset with an error, and a valid one with an unknown option
    WHEN each is explained
    THEN exit code 1 with the checker's file:line:col message, and no sheet."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("version: 1\nname: Bad\nextends: hearts\nfunctions:\n  led_suit: \"first(trik).suit\"\n")
    code, out, err = run(capsys, "explain", str(bad))
    assert code == 1 and out == ""
    assert "bad.yaml:5:" in err and "trik" in err
    code, out, err = run(capsys, "explain", "hearts", "-o", "mooon=off")
    assert code == 1 and "unknown option 'mooon'" in err and out == ""


def test_html_escapes_what_a_ruleset_writes(tmp_path, capsys):
    """GIVEN a variant whose name, description and zone text hold markup
    WHEN it is explained as HTML
    THEN the markup is text on the page, never an element, and the page loads nothing."""
    variant = tmp_path / "x.yaml"
    variant.write_text("version: 1\nname: \"<script>alert(1)</script>\"\nextends: hearts\n"
                       "description: \"a <b>bold</b> & <img src=x onerror=alert(2)>\"\n"
                       "zones:\n  trick: {owner: game, visibility: public, description: \"</td><script>x</script>\"}\n")
    code, out, err = run(capsys, "explain", str(variant), "--format", "html")
    assert code == 0, err
    tags = []

    class Tags(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            tags.append((tag, attrs))
    Tags().feed(out)
    assert not any(tag in ("script", "img", "b", "link", "iframe") for tag, _ in tags)
    assert not any(attrs for tag, attrs in tags if tag not in ("html", "meta", "article"))
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    _, md, _ = run(capsys, "explain", str(variant))
    assert "\\<script\\>" in md and not re.search(r"(?<!\\)<", md)    # every < escaped in Markdown


def test_expressions_read_as_phrases_and_clean_infix():
    """GIVEN expressions of the kinds rulesets use
    WHEN they are written as phrases
    THEN builtins and comparisons read as words, other operators as infix, known values fold."""
    names = Names(options={"spot": False, "target": 100}, zones={"trick", "hand"},
                  variables={"hearts_broken": "hearts broken"},
                  functions={"led_suit": ([], "first(trick).suit"), "never": (["c"], "true")},
                  cards={"QS": "Q♠"})
    p = Phraser(names)
    cases = {
        "not empty(trick)": "`trick` is not empty",
        "players.all(q, empty(q.hand))": "q's `hand` is empty for every q in the players",
        "c == card('QS') ? (spot ? 25 : 13) : 0": "13 if c is Q♠, otherwise 0",
        "never(c) and hearts_broken": "hearts broken",
        "a * (b + 2) % 4 - -3": "a × (b + 2) mod 4 − -3",
        "c.suit != led_suit": "c's suit is not led suit",
        "trick.max_by(c, c.rank).last_holder": "the last player to hold the c in `trick` with the highest rank",
        "x.score >= target": "x's score is at least `target`",
        "size(trick) + 0": "the number of cards in `trick`",
        "offset(p, 2)": "the player 2 seats to the left of p",
    }
    for text, phrase in cases.items():
        assert p.expression(text).text == phrase, text
    assert p.statements("x.score += 2; move(trick, x.hand); shuffle(trick)") == [
        "add 2 to x's score", "move `trick` to x's `hand`", "shuffle `trick`"]
    assert p.template("you must follow {led_suit}") == "you must follow led suit"


def test_phrase_templates_name_registered_builtins_and_effects_with_their_arity():
    """GIVEN the phrase templates of builtins and effects
    THEN each names a registered one and uses only the arguments its signature has."""
    for table, registry in ((BUILTIN_PHRASES, BUILTINS), (EFFECT_PHRASES, EFFECTS)):
        for name, template in table.items():
            assert name in registry, name
            texts = template if isinstance(template, tuple) else (template,)
            for text in filter(None, texts):
                used = {int(i) for i in re.findall(r"\{(\d)\}", text)}
                assert used <= set(range(len(registry[name].params))), (name, text)


def test_the_cli_lists_and_documents_the_command(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "explain" in out
    code, out, _ = run(capsys, "explain", "--help")
    assert code == 0 and "--diff" in out and "--format" in out
    assert inspect.getdoc(R)


def test_info_names_the_command_that_writes_the_rules(capsys):
    """GIVEN `cardrules info` of a game with an option set
    THEN it names the `cardrules explain` command for the same game and option, which runs."""
    code, out, _ = run(capsys, "info", "hearts", "-o", "moon=off")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("rules for players:"))
    assert line.startswith("rules for players: cardrules explain hearts -o moon=off ")
    code, sheet, _ = run(capsys, "explain", "hearts", "-o", "moon=off")
    assert code == 0 and "| `moon` | off |" in sheet


def test_every_form_of_the_grammar_has_its_phrase():
    """GIVEN every named alternative of the expression grammar
    THEN the phrase writer has a form for it (none falls back to the bare tokens)."""
    from interpreter.shipped import grammar_file
    names = set(re.findall(r"->\s*(\w+)", grammar_file().read_text(encoding="utf-8")))
    statements = {"assign", "add_assign", "sub_assign", "effect", "target_name", "target_attr"}
    missing = [n for n in names - statements if not hasattr(Phraser, "n_" + n.rstrip("_"))]
    assert not missing and names >= statements


def test_the_markdown_nests_as_a_markdown_reader_reads_it(capsys):
    """GIVEN Black Card's sheet in Markdown, whose steps nest six deep and number past 9
    WHEN a CommonMark reader (markdown-it, which rich already brings) turns it into HTML
    THEN the steps are lists inside lists, and the tables are tables."""
    markdown_it = pytest.importorskip("markdown_it")
    code, out, _ = run(capsys, "explain", "black-card")
    assert code == 0
    # (its CommonMark preset stops at 20 levels of nested tags; a sheet's steps go deeper)
    page = markdown_it.MarkdownIt("commonmark", {"maxNesting": 100}).enable("table").render(out)
    assert re.search(r"<ol>\s*<li>[^<]*<ol>\s*<li>[^<]*<ol>", page)
    assert "<li>Do “muck folded” (see the procedures).</li>" in page        # the 11th step of a round, in its list
    assert re.search(r"is not leader, one after another:\s*<ol>\s*<li>If q's odd:", page)   # inside step 10
    assert page.count("<table>") >= 4
