"""What an aggregate says about a game, and what differs between two aggregates, with uncertainty.

`summarize` turns one aggregate into the measures a designer reads (win rate per seat with a
95% interval, scores, margins, length, lead changes, first-player advantage, decisions, and
the quality measures of docs/measures.md: drama, decisiveness, lead history, balance by seat
and team against the fair share).
`same_seeds` says how many games a variant changed at all, seed for seed.
`differences` lines a variant up against the base, measure by measure, each with its interval,
p-value and test; Holm's correction over all of a variant's tests decides what is reported as
a real difference and what as noise. Games of base and variant that share a seed are paired:
where a measure exists in both, the test is on the per-seed differences.
"""
from __future__ import annotations

from interpreter.analysis.aggregate import Aggregate
from interpreter.analysis.observe import SCALE, SCALED
from interpreter.analysis.quality import trend_lines
from interpreter.analysis.stats import (
    Difference, binomial_test_normal, bootstrap_means, chi_square_uniform, histogram_moments, histogram_quantile,
    holm, mean_interval, paired, two_proportions, wilson_interval)

NO_DIFFERENCE = "no significant difference"


def proportion(successes: int, trials: int) -> dict:
    low, high = wilson_interval(successes, trials)
    return {"count": successes, "of": trials, "rate": successes / trials if trials else 0.0,
            "low": low, "high": high}


def distribution(histogram: dict) -> dict:
    n, mean, variance = histogram_moments(histogram)
    if not n:
        return {"n": 0}
    return {"n": n, "mean": mean, "sd": variance ** 0.5, "min": min(histogram), "p10": histogram_quantile(histogram, 0.1),
            "median": histogram_quantile(histogram, 0.5), "p90": histogram_quantile(histogram, 0.9),
            "max": max(histogram)}


def fair_share(agg: Aggregate) -> float:
    """The win rate every seat would have if seats did not matter: wins handed out per seat."""
    if not agg.finished:
        return 0.0
    return sum(agg.seat_wins.values()) / agg.finished / agg.players


def summarize(agg: Aggregate) -> dict:
    """The measures of one run, as plain data (the JSON report holds exactly this)."""
    n = agg.finished
    share = fair_share(agg)
    seats = []
    for seat in range(agg.players):
        wins = agg.seat_wins.get(seat, 0)
        seats.append({"seat": seat, **proportion(wins, n), "p_fair": binomial_test_normal(wins, n, share),
                      "score": distribution(agg.scores.get(seat, {}))})
    first_won = agg.first_player_won.get(True, 0)
    first_n = sum(agg.first_player_won.values())
    decisions = sum(agg.branching.values())
    changed = sum(c for k, c in agg.lead_changes.items() if k > 0)
    return {
        "games": agg.games, "finished": agg.finished, "fair_share": share,
        "draws": proportion(agg.draws, n), "no_winner": agg.no_winner,
        "step_limit": proportion(agg.step_limit, agg.games), "crashed": proportion(agg.crashed, agg.games),
        "seats": seats,
        "first_player": {**proportion(first_won, first_n), "expected": share,
                         "p_fair": binomial_test_normal(first_won, first_n, share),
                         "seats": {str(k): v for k, v in sorted(agg.first_player.items())}},
        "margin": {**distribution(agg.margins), "undefined": agg.no_margin},
        "length": {"decisions": distribution(agg.decisions), "steps": distribution(agg.steps),
                   "rounds": distribution(agg.rounds),
                   "round_phase": agg.round_phases.most_common(1)[0][0] if agg.round_phases else None,
                   "phases": {name: distribution(h) for name, h in sorted(agg.phases.items())}},
        "lead": {"changes": distribution(agg.lead_changes),
                 "games_with_a_change": proportion(changed, sum(agg.lead_changes.values())),
                 "winner_led_before_last_round": proportion(agg.led_before_last.get(True, 0),
                                                            sum(agg.led_before_last.values()))},
        "decisions": {"total": decisions, "branching": distribution(agg.branching),
                      "forced": proportion(agg.branching.get(1, 0), decisions)},
        "timing": {"seconds": agg.timing["seconds"],
                   "games_per_second": agg.games / agg.timing["seconds"] if agg.timing["seconds"] else None,
                   "ms_per_decision": 1000 * agg.timing["seconds"] / decisions if decisions else None,
                   "agent_ms_per_decision": 1000 * agg.timing["agent_seconds"] / decisions if decisions else None},
        "balance": balance(agg),
        "quality": quality(agg),
        "failures": agg.failures,
    }


def balance(agg: Aggregate) -> dict:
    """Seats (and teams, when every game had the same number of them) against the fair share:
    Pearson's chi-square over all of them at once, and each one's binomial test with Holm's
    correction over the seats (or teams), so that 'unfair' names only what stays significant."""
    out = {"seats": _fairness([agg.seat_wins.get(s, 0) for s in range(agg.players)], agg.finished)}
    if len(agg.team_games) == 1:
        teams = next(iter(agg.team_games))
        if 1 < teams < agg.players:
            out["teams"] = _fairness([agg.team_wins.get(t, 0) for t in range(teams)], agg.team_games[teams])
    return out


def _fairness(wins: list[int], games: int) -> dict:
    share = sum(wins) / games / len(wins) if games else 0.0
    statistic, df, p = chi_square_uniform(wins)
    ps = [binomial_test_normal(w, games, share) for w in wins]
    unfair = holm(ps)
    rates = [w / games if games else 0.0 for w in wins]
    return {"fair_share": share, "chi_square": statistic, "df": df, "p": p,
            "spread": max(rates) - min(rates) if rates else 0.0,
            "each": [{**proportion(w, games), "p": p_one, "unfair": bad} for w, p_one, bad in zip(wins, ps, unfair)]}


def quality(agg: Aggregate) -> dict:
    """Drama, decisiveness, lead history, duration and branching (docs/measures.md)."""
    return {"winner_trailed": proportion(agg.winner_trailed.get(True, 0), sum(agg.winner_trailed.values())),
            "trailing_share": mean_interval(agg.trailing_share), "drama": mean_interval(agg.drama),
            "clear_at": mean_interval(agg.clear_at), "lead_changes": mean_interval(agg.lead_changes),
            "trend": trend_lines(agg.trend_sum, agg.trend_n, agg.players),
            "decisions": mean_interval(agg.decisions), "rounds": mean_interval(agg.rounds),
            "branching": mean_interval(agg.branching),
            "forced": proportion(agg.branching.get(1, 0), sum(agg.branching.values()))}


def _rate_rows(base: Aggregate, variant: Aggregate) -> list[tuple]:
    """(measure, group, paired key or None, Difference) for every rate."""
    rows = []
    for seat in range(base.players):
        rows.append((f"seat {seat} win rate", "seats", f"win:{seat}",
                     two_proportions(base.seat_wins.get(seat, 0), base.finished,
                                     variant.seat_wins.get(seat, 0), variant.finished)))
    pairs = [("first player win rate", "fairness", "first_won", base.first_player_won, variant.first_player_won),
             ("winner led before the last round", "lead", "led_before_last", base.led_before_last,
              variant.led_before_last)]
    for name, group, key, a, b in pairs:
        rows.append((name, group, key,
                     two_proportions(a.get(True, 0), sum(a.values()), b.get(True, 0), sum(b.values()))))
    changed = lambda agg: sum(c for k, c in agg.lead_changes.items() if k > 0)  # noqa: E731
    rows.append(("games with a lead change", "lead", "lead_changed",
                 two_proportions(changed(base), sum(base.lead_changes.values()),
                                 changed(variant), sum(variant.lead_changes.values()))))
    rows.append(("winner trailed", "quality", "winner_trailed",
                 two_proportions(base.winner_trailed.get(True, 0), sum(base.winner_trailed.values()),
                                 variant.winner_trailed.get(True, 0), sum(variant.winner_trailed.values()))))
    rows.append(("draw rate", "outcome", "draw",
                 two_proportions(base.draws, base.finished, variant.draws, variant.finished)))
    rows.append(("step-limit stops", "outcome", None,
                 two_proportions(base.step_limit, base.games, variant.step_limit, variant.games)))
    rows.append(("forced decisions", "decisions", None,
                 two_proportions(base.branching.get(1, 0), sum(base.branching.values()),
                                 variant.branching.get(1, 0), sum(variant.branching.values()))))
    return rows


def _mean_rows(base: Aggregate, variant: Aggregate, *, seed: int) -> list[tuple]:
    """(measure, group, paired key, Difference) for every mean."""
    pairs = [(f"seat {seat} mean score", "scores", f"score:{seat}", base.scores.get(seat, {}),
              variant.scores.get(seat, {})) for seat in range(base.players)]
    pairs += [("mean margin", "scores", "margin", base.margins, variant.margins),
              ("decisions per game", "length", "decisions", base.decisions, variant.decisions),
              ("rounds per game", "length", "rounds", base.rounds, variant.rounds),
              ("lead changes per game", "lead", "lead_changes", base.lead_changes, variant.lead_changes),
              ("drama", "quality", "drama", base.drama, variant.drama),
              ("share of rounds the winner trailed", "quality", "trailing_share", base.trailing_share,
               variant.trailing_share),
              ("winner clear at (share of game)", "quality", "clear_at", base.clear_at, variant.clear_at)]
    for name in sorted(set(base.phases) & set(variant.phases)):
        pairs.append((f"'{name}' phases per game", "length", f"phase:{name}", base.phases[name],
                      variant.phases[name]))
    return [(name, group, key, bootstrap_means(a, b, seed=seed + i))
            for i, (name, group, key, a, b) in enumerate(pairs)]


def _paired_or(difference: Difference, key: str | None, pairs: dict) -> Difference:
    """The paired test of the same measure when the games were paired seed for seed."""
    n = pairs.get(f"n|{key}", 0) if key else 0
    if n < 2:
        return difference
    scale = SCALE if key in SCALED else 1
    return paired(n, pairs[f"sum|{key}"] / scale, pairs[f"sq|{key}"] / scale ** 2, base=difference.base,
                  variant=difference.variant)


def differences(base: Aggregate, variant: Aggregate, *, pairs: dict | None = None, seed: int = 0) -> dict:
    """Every measure of the variant against the base; `verdict` is NO_DIFFERENCE when nothing
    stays significant at 5% after Holm's correction over the variant's tests.

    With `pairs` (the `pairing` sums over the same seeds), a measure that both games of a seed
    have is tested on the per-seed differences (paired z-test); the others, run against run:
    rates with a two-proportion z-test, means with a bootstrap interval."""
    pairs = pairs or {}
    rows = [(name, group, "rate", _paired_or(d, key, pairs)) for name, group, key, d in _rate_rows(base, variant)]
    rows += [(name, group, "mean", _paired_or(d, key, pairs))
             for name, group, key, d in _mean_rows(base, variant, seed=seed)]
    kept = holm([d.p for *_, d in rows])
    out = [{"measure": name, "group": group, "kind": kind, **d.to_dict(), "significant": keep}
           for (name, group, kind, d), keep in zip(rows, kept)]
    significant = [r["measure"] for r in out if r["significant"]]
    verdict = NO_DIFFERENCE if not significant else f"{len(significant)} significant difference" + \
        ("s" if len(significant) != 1 else "")
    return {"verdict": verdict, "significant": significant, "tests": len(out),
            "correction": "Holm, 5% over the variant's tests", "rows": out}


def same_seeds(counter: dict) -> dict:
    """How many of a variant's games played out differently from the base's game of the same
    seed (and how many had another winner): the share of games the rule change touched."""
    paired = counter.get("paired", 0)
    return {"paired": paired, "unpaired": counter.get("unpaired", 0),
            "changed": proportion(counter.get("changed", 0), paired),
            "winner_changed": proportion(counter.get("winner_changed", 0), paired)}
