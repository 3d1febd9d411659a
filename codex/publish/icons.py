"""The site's home-screen icons, drawn at build time as PNG files with the standard library only.

A phone that installs the site shows these icons (web app manifest, apple-touch-icon). The picture is a twenty-sided
die seen from above (a cream hexagon with a brown triangle inside) on the site's brown, filling the whole square so
that the same file serves as a "maskable" icon: the die stays inside the central safe zone (80 % of the side).
"""

from __future__ import annotations

import functools
import math
import struct
import zlib

BACKGROUND = (0x5D, 0x40, 0x37)  # Material "brown 700", the colour of the site's header
DIE = (0xF5, 0xEB, 0xDC)  # cream
FACE = (0x8D, 0x6E, 0x63)  # Material "brown 400"

ICON_SIZES = (180, 192, 512)  # 180: apple-touch-icon; 192 and 512: the sizes a web app manifest needs


def _polygon(size: int, radius: float, start_degrees: float, sides: int) -> list[tuple[float, float]]:
    centre = size / 2
    return [
        (
            centre + radius * math.cos(math.radians(start_degrees + i * 360 / sides)),
            centre + radius * math.sin(math.radians(start_degrees + i * 360 / sides)),
        )
        for i in range(sides)
    ]


def _span(polygon: list[tuple[float, float]], y: float) -> tuple[float, float] | None:
    """Where the horizontal line at y enters and leaves a convex polygon, or None if it misses it."""
    xs = []
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 <= y < y2) or (y2 <= y < y1):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return (min(xs), max(xs)) if len(xs) >= 2 else None


@functools.cache
def icon_png(size: int) -> bytes:
    """The icon as a PNG of size × size pixels (RGB, no transparency, so phones draw no black corners)."""
    hexagon = _polygon(size, size * 0.36, -90, 6)
    triangle = _polygon(size, size * 0.24, -90, 3)
    rows = []
    for row in range(size):
        pixels = bytearray(bytes(BACKGROUND) * size)
        y = row + 0.5
        for shape, colour in ((hexagon, DIE), (triangle, FACE)):
            span = _span(shape, y)
            if span:
                start, end = max(0, round(span[0])), min(size, round(span[1]))
                if end > start:
                    pixels[3 * start : 3 * end] = bytes(colour) * (end - start)
        rows.append(b"\x00" + bytes(pixels))
    return _png(size, size, b"".join(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits per channel, RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
