"""cpex.Pipeline: a pipeline file, or the same sections given as dicts. A pipeline made
from dicts is written as the INI text a file with those sections would hold, and read by
the same C++ reader, so its validation and its error messages (naming the section and the
key) are those of `cpex run` on that file; `set=` works like `--set`."""
import numbers
import os

from ._errors import ConfigError
from . import _native

# The name that errors and results give a pipeline made from dicts.
IN_MEMORY_NAME = "cpex.Pipeline"


def value_text(value, where):
    """A Python value as the text of a pipeline file: lists as `a, b, c`, booleans as
    yes / no, reals in their shortest round-trip form."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":  # numpy's too
        return "yes" if value else "no"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return repr(float(value))
    if isinstance(value, str):
        if "\n" in value or "\r" in value:
            raise ConfigError("%s: a value must be one line, got %r" % (where, value))
        return value
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    try:
        items = list(value)
    except TypeError:
        raise ConfigError("%s: cannot write a %s as a pipeline value" % (where, type(value).__name__)) from None
    return ", ".join(value_text(v, where) for v in items)


def _key_text(key, where):
    key = str(key)
    if not key or any(c in key for c in "=[]\n\r#") or key != key.strip():
        raise ConfigError("%s: %r is not a valid key" % (where, key))
    return key


def section_text(name, values):
    """`[name]` and its keys; a dict value becomes the block `[name.KEY]` (keys that apply
    only when the section's plugin is KEY)."""
    if not isinstance(values, dict):
        raise ConfigError("[%s]: expected a dict of key: value, got %s" % (name, type(values).__name__))
    lines, blocks = ["[%s]" % name], []
    for key, value in values.items():
        key = _key_text(key, "[%s]" % name)
        if isinstance(value, dict):
            blocks.append(section_text("%s.%s" % (name, key), value))
        else:
            lines.append("%s = %s" % (key, value_text(value, "[%s] %s" % (name, key))))
    return "\n".join(lines) + "\n" + "".join(blocks)


def axes_text(axes):
    """Sweep axes as `axis = ...` lines: {"section.key": [v1, v2]} or, zipped,
    {("environment.n", "oracle.k"): [(10, 5), (20, 10)]}. Values holding commas (lists)
    are separated by '|'."""
    if not isinstance(axes, dict):
        raise ConfigError("axes: expected a dict of 'section.key': [values], got %s" % type(axes).__name__)
    lines = []
    for keys, values in axes.items():
        keys = [keys] if isinstance(keys, str) else list(keys)
        where = "axis %s" % " & ".join(map(str, keys))
        if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
            raise ConfigError("%s: expected a list of values, got %r" % (where, values))
        texts = []
        for value in values:
            parts = [value] if len(keys) == 1 else list(value)
            if len(parts) != len(keys):
                raise ConfigError("%s: the value %r does not have %d parts" % (where, value, len(keys)))
            texts.append(";".join(value_text(v, where) for v in parts))
        separator = " | " if any("," in t or "|" in t for t in texts) else ", "
        lines.append("axis = %s = %s" % (" & ".join(_key_text(k, "axes") for k in keys), separator.join(texts)))
    return "".join(line + "\n" for line in lines)


def override_texts(overrides):
    """`set=` as --set assignments: a dict {"section.key": value} or "k=v" strings."""
    if overrides is None:
        return []
    if isinstance(overrides, str):
        overrides = [overrides]
    if isinstance(overrides, dict):
        return ["%s=%s" % (_key_text(k, "set"), value_text(v, "set %s" % k)) for k, v in overrides.items()]
    return [str(o) for o in overrides]


def _without_axes(text, keys):
    """INI text without the [sweep] section's `axis = ...` lines that sweep any of `keys`."""
    lines, section = [], None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            section = stripped[1:-1].strip()
        elif section == "sweep" and stripped.split("=", 1)[0].strip() == "axis" and "=" in stripped:
            rest = stripped.split("=", 1)[1]
            swept = {k.strip() for k in rest.split("=", 1)[0].split("&")}
            if swept & set(keys):
                continue
        lines.append(line)
    return "\n".join(lines) + "\n"


class Pipeline:
    """A pipeline: the sections of a pipeline file.

        p = cpex.Pipeline(environment={"plugin": "gaussian", "means": [0.5, 0.4, 0.3]},
                          oracle={"plugin": "top-k", "k": 1},
                          algorithm={"plugin": "lucb", "delta": 0.05},
                          run={"repetitions": 200, "seed": 7})
        p = cpex.Pipeline.from_file("pipelines/quickstart.ini", set={"algorithm.delta": 0.01})

    Further sections (a second oracle role such as `dks`) are keyword arguments too;
    `sections={"algorithm.lucb": {...}}` adds any section by name, and a dict value inside
    a section is a plugin block (`algorithm={"plugin": "lucb", "lucb": {"delta": 0.01}}`
    is `[algorithm.lucb] delta = 0.01`). `sweep={"algorithm.delta": [0.1, 0.01]}` adds
    sweep axes. `set=` overrides keys as `--set` does (narrowing a swept key's axis).
    The pipeline is checked when made (every point assembled, as before the first run of
    `cpex sweep`), unless `check=False`."""

    def __init__(self, environment=None, oracle=None, algorithm=None, run=None, *, sweep=None,
                 sections=None, set=None, check=True, name=IN_MEMORY_NAME, **more_sections):
        named = [("environment", environment), ("oracle", oracle), ("algorithm", algorithm), ("run", run)]
        named += list(more_sections.items()) + list((sections or {}).items())
        text = "".join(section_text(n, v) for n, v in named if v is not None)
        if sweep:
            text += "[sweep]\n" + axes_text(sweep)
        self._init(str(name), text, False, False, override_texts(set), check)

    @classmethod
    def from_file(cls, path, set=None, check=True):
        """The pipeline file at `path` (read when used, as `cpex run PATH` would) with
        `set=` overrides ({"section.key": value}, as --set section.key=value)."""
        self = cls.__new__(cls)
        self._init(os.fspath(path), "", True, True, override_texts(set), check)
        return self

    @classmethod
    def from_text(cls, text, name=IN_MEMORY_NAME, set=None, check=True):
        """A pipeline from INI text (relative data paths are taken from the working
        directory, or from the directory of `name` when it names a file)."""
        self = cls.__new__(cls)
        self._init(str(name), str(text), False, False, override_texts(set), check)
        return self

    def _init(self, path, text, read_file, on_disk, overrides, check):
        self._path, self._text, self._read_file, self._on_disk = path, text, read_file, on_disk
        self._overrides = list(overrides)
        if check:
            self.check()

    def _source(self):
        return self._path, self._text, self._read_file, self._on_disk

    def override(self, set):
        """A copy with more overrides ({"section.key": value}); later ones win."""
        copy = Pipeline.__new__(Pipeline)
        copy._init(self._path, self._text, self._read_file, self._on_disk,
                   self._overrides + override_texts(set), False)
        return copy

    def with_axes(self, axes):
        """A copy with more sweep axes ({"section.key": [values]}); an axis of the file over
        one of the same keys is replaced by the given one."""
        if not axes:
            return self
        text = _native.core().read_pipeline_file(self._path) if self._read_file else self._text
        given = {k for keys in axes for k in ((keys,) if isinstance(keys, str) else keys)}
        copy = Pipeline.__new__(Pipeline)
        copy._init(self._path, _without_axes(text, given).rstrip("\n") + "\n[sweep]\n" + axes_text(axes), False,
                   self._on_disk, self._overrides, False)
        return copy

    def check(self):
        """Assembles and probes every point (as before the first run); raises a
        cpex.ConfigError naming the culprit. Returns {"points", "repetitions", "axes"}."""
        path, text, read_file, on_disk = self._source()
        return _native.core().check(path, text, read_file, on_disk, self._overrides)

    @property
    def name(self):
        """The file's path, or the name of a pipeline made in memory."""
        return self._path

    @property
    def overrides(self):
        return list(self._overrides)

    @property
    def text(self):
        """The pipeline after overrides as INI text (what a results store records)."""
        path, text, read_file, on_disk = self._source()
        return _native.core().pipeline_text(path, text, read_file, on_disk, self._overrides)

    def __repr__(self):
        try:
            body = self.text
        except Exception as e:  # a broken pipeline still prints
            body = "(%s)" % e
        return "cpex.Pipeline(%r)\n%s" % (self._path, body)
