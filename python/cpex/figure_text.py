#!/usr/bin/env python3
"""Overlapping text in an SVG figure drawn by plot.py (svg.fonttype "none": every text is a
<text> element with its position, font size, anchor and rotation): each text's box is
measured in the figures' font with matplotlib's metrics, and two boxes that intersect by
more than a tolerance are an overlap. Used by the figure tests and on the seed figures:

    python3 figure_text.py FIGURE.svg ...     # prints each overlap; exit 1 if any

A mathtext label (10^4: a translated group whose <text> holds a <tspan> per run of
glyphs) is one box around its runs."""
import math
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
TOLERANCE = 0.5  # points of intersection ignored in each direction (antialiasing)


def _width(text, size):
    import matplotlib.font_manager
    import matplotlib.textpath
    properties = matplotlib.font_manager.FontProperties(size=size)
    width, _, _ = matplotlib.textpath.text_to_path.get_text_width_height_descent(
        text, properties, ismath=False)
    return width


def _size(style):
    match = re.search(r"font:\s*(?:[a-z]+\s+)*([0-9.]+)px", style) or \
        re.search(r"font-size:\s*([0-9.]+)px", style)
    return float(match.group(1)) if match else 10.0


def _anchor(style):
    match = re.search(r"text-anchor:\s*(start|middle|end)", style)
    return {"start": 0.0, "middle": 0.5, "end": 1.0}[match.group(1) if match else "start"]


def _rotation(transform):
    """(angle in degrees, centre x, centre y) of the transform's rotate(a [cx cy])."""
    match = re.search(r"rotate\(\s*(-?[0-9.e+-]+)(?:[ ,]+(-?[0-9.e+-]+)[ ,]+(-?[0-9.e+-]+))?", transform or "")
    if not match:
        return 0.0, 0.0, 0.0
    return float(match.group(1)), float(match.group(2) or 0), float(match.group(3) or 0)


class TextBox:
    """A text's box: the corners (x, y) of a rectangle, turned with the text."""

    def __init__(self, text, corners):
        self.text, self.corners = text, corners

    def _axes(self):
        (x0, y0), (x1, y1), (x2, y2) = self.corners[:3]
        return [(x1 - x0, y1 - y0), (x2 - x0, y2 - y0)]

    def overlaps(self, other, tolerance=TOLERANCE):
        """Separating axes: the boxes overlap when their shadows on each box's two edge
        directions overlap by more than `tolerance`."""
        for ax, ay in self._axes() + other._axes():
            length = math.hypot(ax, ay)
            if length == 0:
                return False
            a = [(x * ax + y * ay) / length for x, y in self.corners]
            b = [(x * ax + y * ay) / length for x, y in other.corners]
            if min(max(a), max(b)) - max(min(a), min(b)) <= tolerance:
                return False
        return True

    def __repr__(self):
        xs, ys = [c[0] for c in self.corners], [c[1] for c in self.corners]
        return "%r at (%.1f, %.1f)-(%.1f, %.1f)" % (self.text, min(xs), min(ys), max(xs), max(ys))


def _translation(transform):
    match = re.search(r"translate\(\s*(-?[0-9.e+-]+)[ ,]+(-?[0-9.e+-]+)", transform or "")
    return (float(match.group(1)), float(match.group(2))) if match else (0.0, 0.0)


def _pieces(element):
    """(text, x, y, size, anchor) of a <text>'s runs: itself, or its <tspan>s (mathtext,
    positioned glyph by glyph: the run starts at its first x)."""
    style = element.get("style", "")
    spans = element.findall(SVG + "tspan")
    if not spans:
        return [("".join(element.itertext()).strip(), float(element.get("x", 0)),
                 float(element.get("y", 0)), _size(style), _anchor(style))]
    runs = []
    for span in spans:
        xs = (span.get("x") or "0").split()
        runs.append(((span.text or "").strip(), float(xs[0]), float((span.get("y") or "0").split()[0]),
                     _size(span.get("style", "") or style), _anchor(style)))
    return runs


def text_boxes(path):
    """A TextBox per non-empty <text> of the SVG at `path`, in SVG units (points)."""
    root = ET.parse(path).getroot()
    parents = {child: parent for parent in root.iter() for child in parent}
    boxes = []
    for element in root.iter(SVG + "text"):
        parent = parents.get(element)
        transform = (element.get("transform") or "") + " " + \
            (parent.get("transform") or "" if parent is not None else "")
        tx, ty = _translation(transform)
        degrees, rx, ry = _rotation(transform)
        angle = math.radians(degrees)
        left, right, top, bottom, words = [], [], [], [], []
        for text, x, y, size, anchor in _pieces(element):
            if text:
                width = _width(text, size)
                # Around the baseline point: anchored horizontally, ascent 0.76 em above
                # and descent 0.24 em below.
                left.append(x - anchor * width)
                right.append(x + (1 - anchor) * width)
                top.append(y - 0.76 * size)
                bottom.append(y + 0.24 * size)
                words.append(text)
        if not words:
            continue
        corners = []  # turned about the rotation's centre, then translated
        for cx, cy in ((min(left), min(top)), (max(right), min(top)), (min(left), max(bottom)),
                       (max(right), max(bottom))):
            dx, dy = cx - rx, cy - ry
            corners.append((tx + rx + dx * math.cos(angle) - dy * math.sin(angle),
                            ty + ry + dx * math.sin(angle) + dy * math.cos(angle)))
        boxes.append(TextBox(" ".join(words), corners))
    return boxes


def overlaps(path):
    """Pairs of TextBoxes of the SVG that overlap."""
    boxes = text_boxes(path)
    return [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a.overlaps(b)]


def main(paths):
    found = 0
    for path in paths:
        for a, b in overlaps(path):
            print("%s: %r overlaps %r" % (path, a, b))
            found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
