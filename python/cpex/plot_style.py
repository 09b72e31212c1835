"""The one style of every CPEx figure (plot.py): a fixed colour and marker per algorithm
plugin name (a table for the built-in plugins, a stable hash into colours no built-in
plugin has for any other name, distinct within a figure), the
line style of a plugin's variants, the default axis labels of common keys, and readable
tick labels. No matplotlib import here: plot.py passes what it needs."""
import math
import zlib

# Fifteen colours: matplotlib's tab10 without its red (which marks capped points), black,
# and five dark tones of tab20b (for the fixed-budget algorithms, drawn beside the Best-K
# ones); and the markers they are paired with.
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
           "#bcbd22", "#17becf", "#000000", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173")
MARKERS = ("o", "s", "D", "^", "v", "<", ">", "p", "h", "*")
CAPPED_COLOR = "#d62728"
# Colours of plugins outside the table (a user's, or one newer than the table): none of
# them is a built-in's or the capped red, so such a plugin is never mistaken for a
# built-in one. tab20's light tones (without the light red) and three dark ones.
OTHER_PALETTE = ("#aec7e8", "#ffbb78", "#98df8a", "#c5b0d5", "#c49c94", "#f7b6d2", "#c7c7c7",
                 "#dbdb8d", "#9edae5", "#b15928", "#01665e", "#8e0152")

# Built-in plugins: (colour index, marker). Algorithms that share figures (one family)
# have different colours; no two plugins share both colour and marker.
PLUGINS = {
    # Best-K / best-arm (seed 004)
    "lucb": (0, "o"), "lil-ucb": (1, "s"), "lil-lucb": (2, "D"), "lucb-pp": (3, "^"),
    "lil-rand-lucb": (4, "v"), "lil-clucb": (5, "<"), "top-two": (7, "p"), "track-and-stop": (8, "h"),
    # fixed budget
    "successive-rejects": (10, "s"), "sequential-halving": (11, "D"), "sar": (12, "^"),
    "ugape": (13, "v"), "csar": (14, "p"), "uniform": (6, "o"), "rage": (9, "*"),
    # linear (seed 002)
    "lingape": (0, "D"), "xy-static": (1, "^"), "xy-oracle": (2, "v"), "xy-adaptive": (3, "s"),
    # full bandit (seeds 000, 001)
    "saqm": (0, "^"), "sa-foa": (1, "v"), "sa-exhaustive": (2, "s"), "icb": (3, "D"),
    "me-full": (4, "o"), "lucb-full": (5, "s"), "clucb-full": (7, "D"), "clucb-qm": (8, "o"),
    "clucb-ex": (6, "p"), "osa-greedy": (9, "o"),
    # CPE-L and CPE-CS (seed 003)
    "clucb": (2, "o"), "coci": (9, "p"), "coci-uniform": (1, "h"),
    # linear and transductive samplers
    "lingame": (1, "<"), "lazy-track-and-stop": (2, "h"), "fw-sampling": (3, "v"), "peace": (4, "D"),
    # the GLR samplers of the identification problems
    "game": (5, "o"), "oracle-weights": (14, "o"), "best-challenger": (12, "s"),
    "sticky-track-and-stop": (13, "o"), "ts-explore": (10, "o"), "peps": (11, "o"),
}
# Plugins drawn together in the reproductions: each family's colours are all different.
FAMILIES = (
    ("lucb", "lil-ucb", "lil-lucb", "lucb-pp", "lil-rand-lucb", "lil-clucb", "top-two", "track-and-stop"),
    ("successive-rejects", "sequential-halving", "sar", "ugape", "csar", "uniform", "rage",
     "lucb", "lil-ucb", "lil-lucb", "lucb-pp", "lil-rand-lucb", "lil-clucb", "top-two", "track-and-stop"),
    ("lingape", "xy-static", "xy-oracle", "xy-adaptive", "rage"),
    ("saqm", "sa-foa", "sa-exhaustive", "icb", "me-full", "lucb-full", "clucb-full", "clucb-qm",
     "clucb-ex", "osa-greedy"),
    ("coci", "clucb", "lil-clucb", "lucb", "csar"),
    ("coci", "coci-uniform"),
    ("lingame", "lazy-track-and-stop", "fw-sampling", "top-two", "rage", "lingape", "peace"),
    ("track-and-stop", "top-two", "game", "fw-sampling", "oracle-weights", "best-challenger", "uniform",
     "sticky-track-and-stop", "ts-explore", "peps"),
)
LINESTYLES = ("-", "--", ":", "-.")
# Hatches of the variants of one plugin in bar figures (the first, the plugin's own, none).
HATCHES = ("", "//", "..", "xx", "\\\\", "++", "--", "oo")
# Tones of a plugin's colour for its variants: 0 the colour, < 0 towards black, > 0 towards
# white (by that fraction).
SHADES = (0.0, -0.4, 0.45, -0.65, 0.7, -0.2, 0.25, -0.8)

# Axis and legend text of common keys; --label KEY=TEXT adds or replaces.
DEFAULT_LABELS = {
    "environment.n": "number of arms n",
    "environment.arms": "number of arms K",
    "environment.k": "size of the answer k",
    "environment.d": "dimension d",
    "environment.gap": "gap Δ",
    "environment.alpha": "α",
    "environment.sigma": "noise σ",
    "run.budget": "budget T",
    "algorithm.delta": "confidence δ",
    "resolved.delta": "confidence δ",
    "algorithm.epsilon": "ε",
    "algorithm": "algorithm",
    "resolved.preset": "preset",
    "resolved.selection": "selection",
    "resolved.confidence": "confidence",
}
DELTA_KEYS = ("resolved.delta", "algorithm.delta", "delta")


def plugin_style(name, taken=()):
    """(colour, marker) of a plugin name: the table's, else one of OTHER_PALETTE chosen by
    a stable hash (crc32, so the same in every process and on every machine). `taken`:
    colours other plugins of the same figure already have; a hashed colour among them moves
    on to the next free one, so that the figure's other plugins differ in colour (while
    there are colours left)."""
    if name in PLUGINS:
        colour, marker = PLUGINS[name]
        return PALETTE[colour], marker
    h = zlib.crc32(name.encode("utf-8"))
    marker = MARKERS[(h // len(OTHER_PALETTE)) % len(MARKERS)]
    for step in range(len(OTHER_PALETTE)):
        colour = OTHER_PALETTE[(h + step) % len(OTHER_PALETTE)]
        if colour not in taken:
            return colour, marker
    return OTHER_PALETTE[h % len(OTHER_PALETTE)], marker


def figure_styles(plugins):
    """plugin_style of each plugin name of one figure: the table's plugins first, then the
    others in sorted order, each avoiding the colours given before it."""
    styles = {}
    for name in sorted(set(plugins), key=lambda n: (n not in PLUGINS, n)):
        styles[name] = plugin_style(name, [c for c, _ in styles.values()])
    return styles


def shade(colour, index):
    """The tone of `colour` ("#rrggbb") for a plugin's `index`-th variant (SHADES): the colour
    itself for the first, then darker and lighter tones; a very dark colour (black) only
    lighter ones, so that every tone differs."""
    f = SHADES[index % len(SHADES)]
    rgb = [int(colour[i:i + 2], 16) / 255.0 for i in (1, 3, 5)]
    if f < 0 and 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] < 0.25:
        f = -f
    mixed = [c * (1 + f) if f < 0 else c + (1 - c) * f for c in rgb]
    return "#%02x%02x%02x" % tuple(int(round(255 * c)) for c in mixed)


def variant_marker(marker, index):
    """The marker of a plugin's `index`-th variant: the plugin's own first, then the other
    markers in turn."""
    if index == 0:
        return marker
    others = [m for m in MARKERS if m != marker]
    return others[(index - 1) % len(others)]


def variant_style(colour, marker, index):
    """(colour, marker, line style, filled, hatch) of a plugin's `index`-th variant: every
    variant differs from the others in tone, marker, line style and hatch."""
    return (shade(colour, index), variant_marker(marker, index), LINESTYLES[index % len(LINESTYLES)],
            index % 2 == 0, HATCHES[index % len(HATCHES)])


def plugin_of(name):
    """The plugin a series label names: the label itself, NAME of a named variant
    NAME@LABEL, or its first word when that is a built-in plugin (e.g. "lingape (ratio)")."""
    if name in PLUGINS:
        return name
    if "@" in name and " " not in name:
        return name.split("@", 1)[0]
    head = name.replace("(", " ").split(" ")[0].strip(",")
    return head if head in PLUGINS else name


def label_of(key, labels):
    return labels.get(key) or DEFAULT_LABELS.get(key) or key


def short_label(key, labels):
    """Panel titles: a given label, else the key without its section."""
    if key in labels:
        return labels[key]
    if key.startswith(("environment.", "oracle.", "resolved.", "run.", "algorithm.")):
        return key.rsplit(".", 1)[-1]
    return key


def plain_range(values):
    """True when every value is 0 or 0.01 <= |v| < 10^4: an axis whose ticks are all such
    is labelled plainly, any other in m×10^e (one format per axis)."""
    return all(v == 0 or 0.01 <= abs(v) < 1e4 for v in values)


def number_text(x, plain=None):
    """A tick label: plain with 4 significant digits for 0.01 <= |x| < 10^4 (no exponent
    for 20, 500 or 1000),
    else m×10^e in mathtext, with the mantissa left out when it is 1. `plain` True or False
    forces one form (the axis' own: plain_range of its ticks)."""
    if x == 0:
        return "0"
    if plain or (plain is None and 0.01 <= abs(x) < 1e4):
        return "%.4g" % x
    exponent = int(math.floor(math.log10(abs(x)) + 1e-9))
    mantissa = x / 10 ** exponent
    if abs(mantissa - round(mantissa)) < 1e-6:
        mantissa = round(mantissa)
    if mantissa == 1:
        return r"$10^{%d}$" % exponent
    return r"$%g\times10^{%d}$" % (mantissa, exponent)


def log_ticks(low, high):
    """Major ticks of a log axis spanning [low, high] (positive): powers of ten, with 2 and
    5 times them when the range covers less than two decades (always two or more ticks
    inside the range when low < high)."""
    if not (low > 0 and high > 0):
        return []
    lo, hi = math.floor(math.log10(low)), math.ceil(math.log10(high))
    decades = math.log10(high) - math.log10(low)
    step = max(1, int(math.ceil((hi - lo) / 8.0)))
    if decades < 0.5:
        subs = (1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9)
    elif decades < 2:
        subs = (1, 2, 5)
    else:
        subs = (1,)
    ticks = [m * 10.0 ** e for e in range(lo, hi + 1, step if subs == (1,) else 1) for m in subs]
    inside = [t for t in ticks if low * (1 - 1e-9) <= t <= high * (1 + 1e-9)]
    return inside if len(inside) >= 2 else ticks


def dodge_offsets(xs, count, log):
    """Offsets for `count` series sharing x values `xs` (numbers), evenly spaced in the
    axis' scale (log10 units on a log axis, where each offset is a factor): together a
    quarter of the smallest gap between distinct x, and at most 4% of the axis' span (x
    values decades apart keep their series close: δ = 0.01 stays within 0.01 × 10^±0.08)."""
    values = sorted({math.log10(x) if log else x for x in xs if (x > 0 or not log)})
    if count < 2 or len(values) < 1:
        return [1.0 if log else 0.0] * max(count, 1)
    gaps = [b - a for a, b in zip(values, values[1:]) if b > a]
    gap = min(gaps) if gaps else (0.3 if log else max(abs(values[0]), 1.0))
    width = 0.25 * gap
    if len(values) > 1:
        width = min(width, 0.04 * (values[-1] - values[0]))
    steps = [(i - (count - 1) / 2.0) * width / (count - 1) for i in range(count)]
    return [10 ** s for s in steps] if log else steps
