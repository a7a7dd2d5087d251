"""Statistics for comparing runs of games: intervals and tests that need nothing but the standard library.

Everything here works from counts and histograms (value -> how many games), which is what a
streaming aggregate keeps, so no list of every game is ever needed. A bootstrap uses numpy when
it is installed (it comes with the `report` extra); without it a Welch interval stands in, and
each result says which test it used.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054        # the standard normal quantile for a two-sided 95% interval
BOOTSTRAP_SAMPLES = 2000


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def two_sided_p(z: float) -> float:
    return max(0.0, min(1.0, 2.0 * (1.0 - normal_cdf(abs(z)))))


def wilson_interval(successes: int, trials: int, *, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: sound near 0 and 1 and for small samples."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def binomial_test_normal(successes: int, trials: int, expected: float) -> float:
    """Two-sided p-value that a proportion equals `expected` (normal approximation with continuity)."""
    if trials == 0 or expected <= 0 or expected >= 1:
        return 1.0
    mean = trials * expected
    sd = math.sqrt(trials * expected * (1 - expected))
    gap = max(0.0, abs(successes - mean) - 0.5)
    return two_sided_p(gap / sd)


@dataclass(frozen=True)
class Difference:
    """A variant's value minus the base's, its 95% interval, a p-value and the test that gave them."""
    base: float
    variant: float
    delta: float
    low: float
    high: float
    p: float
    test: str

    @property
    def significant(self) -> bool:
        return self.p < 0.05

    def to_dict(self) -> dict:
        return {"base": self.base, "variant": self.variant, "delta": self.delta, "low": self.low,
                "high": self.high, "p": self.p, "test": self.test}


def two_proportions(x1: int, n1: int, x2: int, n2: int) -> Difference:
    """Compare proportions x1/n1 (base) and x2/n2 (variant): pooled two-proportion z-test,
    Newcombe's hybrid score interval for the difference (built from the Wilson intervals)."""
    p1 = x1 / n1 if n1 else 0.0
    p2 = x2 / n2 if n2 else 0.0
    if not n1 or not n2:
        return Difference(p1, p2, p2 - p1, -1.0, 1.0, 1.0, "two-proportion z-test")
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p = 1.0 if se == 0 else two_sided_p((p2 - p1) / se)
    l1, u1 = wilson_interval(x1, n1)
    l2, u2 = wilson_interval(x2, n2)
    delta = p2 - p1
    low = delta - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = delta + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return Difference(p1, p2, delta, low, high, p, "two-proportion z-test")


def histogram_moments(histogram: dict) -> tuple[int, float, float]:
    """(count, mean, sample variance) of a histogram {value: count}."""
    n = sum(histogram.values())
    if n == 0:
        return 0, 0.0, 0.0
    mean = sum(v * c for v, c in histogram.items()) / n
    if n < 2:
        return n, mean, 0.0
    variance = sum(c * (v - mean) ** 2 for v, c in histogram.items()) / (n - 1)
    return n, mean, variance


def welch(h1: dict, h2: dict) -> Difference:
    """Difference of means with Welch's standard error (normal approximation: runs hold many games)."""
    n1, m1, v1 = histogram_moments(h1)
    n2, m2, v2 = histogram_moments(h2)
    if not n1 or not n2:
        return Difference(m1, m2, m2 - m1, float("-inf"), float("inf"), 1.0, "Welch test")
    se = math.sqrt(v1 / n1 + v2 / n2)
    delta = m2 - m1
    p = (1.0 if delta == 0 else 0.0) if se == 0 else two_sided_p(delta / se)
    return Difference(m1, m2, delta, delta - Z95 * se, delta + Z95 * se, p, "Welch test")


def bootstrap_means(h1: dict, h2: dict, *, samples: int = BOOTSTRAP_SAMPLES, seed: int = 0) -> Difference:
    """Difference of means with a percentile bootstrap interval, resampling each histogram.

    Resampling n games from a histogram is one multinomial draw of its counts, so this costs
    `samples` draws over the distinct values, not over the games. The p-value is the share of
    resampled differences on the other side of zero, doubled. Without numpy: `welch`.
    """
    try:
        import numpy as np
    except ImportError:
        return welch(h1, h2)
    n1, m1, _ = histogram_moments(h1)
    n2, m2, _ = histogram_moments(h2)
    if not n1 or not n2:
        return welch(h1, h2)
    rng = np.random.default_rng(seed)
    means = []
    for histogram, n in ((h1, n1), (h2, n2)):
        values = np.array(sorted(histogram), dtype=float)
        counts = np.array([histogram[v] for v in sorted(histogram)], dtype=float)
        draws = rng.multinomial(n, counts / counts.sum(), size=samples)
        means.append(draws @ values / n)
    deltas = means[1] - means[0]
    delta = m2 - m1
    low, high = (float(x) for x in np.quantile(deltas, [0.025, 0.975]))
    if delta == 0 and low == high == 0:
        p = 1.0
    else:
        below = float(np.mean(deltas <= 0))
        above = float(np.mean(deltas >= 0))
        p = min(1.0, 2 * min(below, above))
    return Difference(m1, m2, delta, low, high, p, "bootstrap (percentile)")


def paired(n: int, total: float, squares: float, *, base: float, variant: float) -> Difference:
    """Mean of per-seed differences (variant minus base) with a normal interval and z-test, from
    their count, sum and sum of squares. Games shared by both sides cancel out, so a change that
    touches few games is seen far sooner than by comparing the two runs as independent samples."""
    if n < 2:
        return Difference(base, variant, variant - base, float("-inf"), float("inf"), 1.0, "paired z-test")
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    se = math.sqrt(variance / n)
    p = (1.0 if mean == 0 else 0.0) if se == 0 else two_sided_p(mean / se)
    return Difference(base, variant, mean, mean - Z95 * se, mean + Z95 * se, p, "paired z-test")


def holm(p_values: list[float], *, alpha: float = 0.05) -> list[bool]:
    """Holm's step-down correction: which of several tests stay significant when run together."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    keep = [False] * len(p_values)
    for rank, index in enumerate(order):
        if p_values[index] > alpha / (len(p_values) - rank):
            break
        keep[index] = True
    return keep


def histogram_quantile(histogram: dict, q: float) -> float:
    """The q-quantile (nearest rank) of a histogram {value: count}."""
    n = sum(histogram.values())
    if n == 0:
        return 0.0
    target = max(1, math.ceil(q * n))
    running = 0
    for value in sorted(histogram):
        running += histogram[value]
        if running >= target:
            return value
    return max(histogram)



def mean_interval(histogram: dict) -> dict:
    """The mean of a histogram with a normal 95% interval (mean ± 1.96 standard errors)."""
    n, mean, variance = histogram_moments(histogram)
    if not n:
        return {"n": 0}
    half = Z95 * math.sqrt(variance / n) if n > 1 else float("inf")
    return {"n": n, "mean": mean, "low": mean - half, "high": mean + half}


def chi_square_uniform(counts: list[int]) -> tuple[float, int, float]:
    """Pearson's goodness-of-fit test that every category is equally likely: (statistic,
    degrees of freedom, p-value). Win counts of seats against the fair share."""
    total, k = sum(counts), len(counts)
    if k < 2 or total == 0:
        return 0.0, max(0, k - 1), 1.0
    expected = total / k
    statistic = sum((c - expected) ** 2 for c in counts) / expected
    return statistic, k - 1, chi_square_sf(statistic, k - 1)


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with `df` degrees of freedom: the regularized upper
    incomplete gamma function Q(df/2, x/2), by its series below a + 1 and its continued
    fraction above (Numerical Recipes, 6.2)."""
    if x <= 0:
        return 1.0
    a, z = df / 2.0, x / 2.0
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1:
        term = total = 1.0 / a
        for n in range(1, 1000):
            term *= z / (a + n)
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, min(1.0, 1.0 - total * math.exp(log_front)))
    tiny = 1e-300
    b = z + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return max(0.0, min(1.0, math.exp(log_front) * h))
