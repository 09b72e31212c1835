"""Named variants from Python (issue 34): a sweep over two variants of lucb beside lil-ucb
gives frames, reports and a figure legend labelled by variant, each variant with its own
block's keys, and its rows are those of `cpex sweep` on the same pipeline."""
import xml.etree.ElementTree as ET

import cpex


def pipeline():
    return cpex.Pipeline(environment={"plugin": "gaussian", "means": [0.5, 0.4, 0.3, 0.2]},
                         oracle={"plugin": "top-k", "k": 1},
                         algorithm={"plugin": "lucb", "lucb@wide": {"delta": 0.2},
                                    "lucb@tight": {"delta": 0.01}},
                         run={"repetitions": 4, "seed": 3},
                         sweep={"algorithm.plugin": ["lucb@wide", "lucb@tight", "lil-ucb"]}, check=False)


def test_variants_label_frames_reports_and_legends(tmp_path):
    frame = cpex.sweep(pipeline(), out=tmp_path / "v.db")
    assert sorted(frame["algorithm"].unique()) == ["lil-ucb", "lucb@tight", "lucb@wide"]
    deltas = frame.groupby("algorithm")["resolved.delta"].first()
    assert deltas["lucb@wide"] == 0.2 and deltas["lucb@tight"] == 0.01
    report = cpex.report(tmp_path / "v.db")
    assert sorted(report["algorithm"]) == ["lil-ucb", "lucb@tight", "lucb@wide"]
    figure = tmp_path / "v.svg"
    cpex.plot(frame, x="algorithm", y="error-rate", file=str(figure))
    texts = ["".join(t.itertext()) for t in ET.parse(figure).getroot().iter("{http://www.w3.org/2000/svg}text")]
    for name in ("lil-ucb", "lucb@tight", "lucb@wide"):
        assert texts.count(name) >= 2, (name, texts)  # an x category and a legend entry
    # The store is that of `cpex sweep` on the same text: the variants resume it as done.
    again = cpex.sweep(pipeline(), out=tmp_path / "v.db")
    assert len(again) == len(frame) == 12


def test_variant_blocks_through_with_axes_and_python_axes_win(tmp_path):
    # A pipeline holding variant blocks is made and checked without its sweep (an unused
    # block is only a warning); the axis comes afterwards through with_axes / sweep(axes=).
    plain = cpex.Pipeline(environment={"plugin": "gaussian", "means": [0.5, 0.4, 0.3, 0.2]},
                          oracle={"plugin": "top-k", "k": 1},
                          algorithm={"plugin": "lucb", "lucb@wide": {"delta": 0.2}, "lucb@tight": {"delta": 0.01}},
                          run={"repetitions": 2, "seed": 3})
    frame = cpex.sweep(plain, axes={"algorithm.plugin": ["lucb@wide", "lucb@tight"]})
    assert sorted(frame["algorithm"].unique()) == ["lucb@tight", "lucb@wide"]
    # A file's own axis over the same key is replaced by the Python one (not "swept twice").
    path = tmp_path / "swept.ini"
    path.write_text(plain.text + "[sweep]\naxis = algorithm.plugin = lucb@wide, lil-ucb\naxis = algorithm.lucb@wide.delta = 0.2, 0.1\n")
    frame = cpex.sweep(cpex.Pipeline.from_file(path), axes={"algorithm.plugin": ["lucb@tight", "lil-ucb"]})
    assert sorted(frame["algorithm"].unique()) == ["lil-ucb", "lucb@tight"]
    assert len(frame) == 2 * 2 * 2  # the file's other axis stays


def test_mixed_sweep_skips_what_does_not_fit_and_strict_refuses():
    """A sweep whose algorithm axis holds kl-lucb (top-k only) on a threshold problem runs the
    others and marks kl-lucb's point skipped; strict=True refuses it, as --strict does."""
    p = cpex.Pipeline(environment={"plugin": "bernoulli", "means": [0.2, 0.4, 0.6, 0.8]},
                      oracle={"plugin": "threshold", "tau": 0.5},
                      algorithm={"plugin": "track-and-stop", "delta": 0.1},
                      run={"repetitions": 3, "seed": 4, "max-samples": 200000},
                      sweep={"algorithm.plugin": ["track-and-stop", "kl-lucb"]})
    frame = cpex.sweep(p, threads=1)
    assert sorted(frame["algorithm"].unique()) == ["track-and-stop"]
    assert len(frame) == 3
    points = frame.attrs["summary"]["points"]
    assert [point.get("status") for point in points].count("skipped") == 1
    try:
        cpex.sweep(p, threads=1, strict=True)
    except cpex.ConfigError as error:
        assert "kl-lucb" in str(error) and "needs" in str(error)
    else:
        raise AssertionError("strict=True ran a sweep holding a pair that does not fit")
