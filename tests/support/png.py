"""Read an 8-bit RGB or RGBA PNG into pixels (the app icons' tests; no imaging library needed)."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Image:
    width: int
    height: int
    channels: int  # 3 (RGB) or 4 (RGBA)
    data: bytes  # rows of pixels, top first

    def pixel(self, x: int, y: int) -> tuple[int, ...]:
        start = (y * self.width + x) * self.channels
        return tuple(self.data[start:start + self.channels])


def size(png: bytes) -> tuple[int, int]:
    """Width and height from the header alone."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", png[16:24])


def read(png: bytes) -> Image:
    """Every pixel of an 8-bit, non-interlaced RGB or RGBA PNG."""
    width, height = size(png)
    depth, colour, _, _, interlace = png[24:29]
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"only 8-bit RGB or RGBA, not interlaced (depth {depth}, colour type {colour})")
    pos, chunks = 8, []
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            chunks.append(png[pos + 8:pos + 8 + length])
        pos += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    out = bytearray()
    previous = bytearray(stride)
    for y in range(height):
        kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + up) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        out += row
        previous = row
    return Image(width, height, channels, bytes(out))
