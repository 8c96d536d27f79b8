#!/usr/bin/env python3
"""Writes the PNG fixtures of MVVMPNGTests: small real PNG files and the pixels they hold.

    python3 scripts/make-png-fixtures.py

For each image NAME it writes, in Tests/MVVMPNGTests/Fixtures/:

- NAME.png, encoded here (standard library only: zlib and struct), with the row filters an
  encoder uses: one fixed filter type for every row, a filter type per row, or libpng's
  heuristic (per row, the filter whose output has the smallest sum of absolute values as
  signed bytes), computed from the raw rows as the PNG specification defines them;
- NAME.rgba, the pixels as the decoder must return them: width x height x 4 bytes, 8-bit
  RGBA, row by row, computed from the raw samples (not by decoding the PNG);

and manifest.json, listing every image with its width, height and what it exercises. The tests
decode each NAME.png and compare with NAME.rgba. The output is deterministic: running the
script again rewrites the same bytes.
"""
import json
import os
import struct
import zlib

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "MVVMPNGTests", "Fixtures")
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
NONE, SUB, UP, AVERAGE, PAETH = range(5)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(kind, row, above, bpp):
    """Row `row` filtered with filter type `kind`, given the raw row `above` (zeros for the first)."""
    out = bytearray(len(row))
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = above[i]
        c = above[i - bpp] if i >= bpp else 0
        predictor = (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]
        out[i] = (x - predictor) & 0xFF
    return bytes(out)


def heuristic(row, above, bpp):
    """libpng's choice: the filter type whose output has the smallest sum of |signed byte|."""
    def cost(kind):
        return sum(v if v < 128 else 256 - v for v in filter_row(kind, row, above, bpp))
    return min(range(5), key=cost)


def encode(width, height, color_type, rows, filters="heuristic", plte=None, trns=None,
           before_idat=(), after_idat=(), idat_size=None, level=9):
    """A PNG of `rows` (raw samples, one bytes per row). `filters`: "heuristic", a filter type
    for every row, or a list of one per row. `idat_size`: cut the zlib stream into IDAT chunks
    of that many bytes (with an empty IDAT chunk among them)."""
    bpp = CHANNELS[color_type]
    above = bytes(width * bpp)
    data = bytearray()
    for y, row in enumerate(rows):
        assert len(row) == width * bpp
        kind = heuristic(row, above, bpp) if filters == "heuristic" else (filters[y] if isinstance(filters, list) else filters)
        data += bytes([kind]) + filter_row(kind, row, above, bpp)
        above = row
    stream = zlib.compress(bytes(data), level)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))
    for kind, body in before_idat:
        out += chunk(kind, body)
    if plte is not None:
        out += chunk(b"PLTE", bytes(v for entry in plte for v in entry))
    if trns is not None:
        out += chunk(b"tRNS", trns)
    if idat_size is None:
        out += chunk(b"IDAT", stream)
    else:
        parts = [stream[i:i + idat_size] for i in range(0, len(stream), idat_size)]
        parts.insert(len(parts) // 2, b"")
        out += b"".join(chunk(b"IDAT", part) for part in parts)
    for kind, body in after_idat:
        out += chunk(kind, body)
    return out + chunk(b"IEND", b"")


def rgba(color_type, rows, width, plte=None, trns=None):
    """The RGBA bytes a decoder must return for these raw samples."""
    out = bytearray()
    bpp = CHANNELS[color_type]
    key = None
    if trns is not None and color_type in (0, 2):
        key = tuple(struct.unpack(">%dH" % (len(trns) // 2), trns))
    for row in rows:
        for x in range(width):
            s = row[x * bpp:(x + 1) * bpp]
            if color_type == 0:
                out += bytes([s[0]] * 3 + [0 if key == (s[0],) else 255])
            elif color_type == 2:
                out += bytes(list(s) + [0 if key == tuple(s) else 255])
            elif color_type == 3:
                alpha = trns[s[0]] if trns is not None and s[0] < len(trns) else 255
                out += bytes(list(plte[s[0]]) + [alpha])
            elif color_type == 4:
                out += bytes([s[0]] * 3 + [s[1]])
            else:
                out += bytes(s)
    return bytes(out)


def noise(seed):
    """A deterministic byte generator (an LCG), for pixels no filter predicts well."""
    state = seed
    while True:
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        yield (state >> 16) & 0xFF


def image(fn, width, height, bpp):
    return [bytes(v for x in range(width) for v in fn(x, y))[: width * bpp] for y in range(height)]


def avatar(x, y):
    """A 64 x 64 avatar: a face on a gradient background."""
    dx, dy = x - 31.5, y - 33.5
    background = (40 + y * 2, 90 + x, 160)
    if dx * dx + dy * dy > 26 * 26:
        return background
    for ex in (22.5, 40.5):  # eyes
        if (x - ex) ** 2 + (y - 26.5) ** 2 < 3.5 ** 2:
            return (30, 30, 40)
    r = (dx * dx + (y - 30) ** 2) ** 0.5
    if 13 <= r <= 16 and y > 36:  # smile
        return (150, 40, 50)
    shade = int(dx + dy) // 3
    return (235 - shade, 190 - shade, 150 - shade)


def fixtures():
    """(name, description, width, height, color type, rows, encode options)."""
    rnd = noise(7)
    grey = image(lambda x, y: [(x * 16 + y * 3) & 0xFF], 16, 8, 1)
    yield "grey", "8-bit grey, heuristic filters", 16, 8, 0, grey, {}
    yield "grey-1x1", "one grey pixel", 1, 1, 0, [b"\x80"], {}
    yield "grey-alpha", "8-bit grey + alpha", 8, 8, 4, image(lambda x, y: [x * 32, 255 - y * 36], 8, 8, 2), {}
    yield "rgb", "8-bit RGB gradient", 12, 10, 2, image(lambda x, y: [x * 21, y * 25, 128], 12, 10, 3), {}
    yield "rgba", "8-bit RGBA", 10, 10, 6, image(lambda x, y: [x * 25, y * 25, (x * y) & 0xFF, 255 - x * 10], 10, 10, 4), {}
    colors = [((i * 37) & 0xFF, (i * 91) & 0xFF, (i * 13) & 0xFF) for i in range(20)]
    yield ("palette", "palette of 20 colours", 16, 16, 3, image(lambda x, y: [(x + y) % 20], 16, 16, 1),
           {"plte": colors})
    yield ("palette-trns", "palette with tRNS alphas for its first 4 of 6 entries", 8, 8, 3,
           image(lambda x, y: [(x * 3 + y) % 6], 8, 8, 1), {"plte": colors[:6], "trns": bytes([0, 64, 128, 200])})
    full = [(i, 255 - i, (i * 7) & 0xFF) for i in range(256)]
    yield "palette-256", "a palette of 256 entries, each used", 16, 16, 3, image(lambda x, y: [y * 16 + x], 16, 16, 1), {"plte": full}
    yield ("grey-trns", "grey with a tRNS colour key (128 is transparent)", 16, 8, 0, grey, {"trns": struct.pack(">H", 128)})
    yield ("rgb-trns", "RGB with a tRNS colour key", 6, 6, 2, image(lambda x, y: [x * 40, y * 40, 0], 6, 6, 3),
           {"trns": struct.pack(">HHH", 80, 120, 0)})
    noisy = [bytes(next(rnd) for _ in range(9 * 4)) for _ in range(7)]
    for kind, name in enumerate(["none", "sub", "up", "average", "paeth"]):
        yield "filter-" + name, "RGBA, every row filtered with filter type %d (%s)" % (kind, name), 9, 7, 6, noisy, {"filters": kind}
    mixed = image(lambda x, y: [x * 30 + y, (x * y * 5) & 0xFF, 200 - y * 9], 7, 10, 3)
    yield "filters-mixed", "RGB, row y filtered with type y mod 5", 7, 10, 2, mixed, {"filters": [y % 5 for y in range(10)]}
    yield ("stored", "zlib level 0: stored (uncompressed) deflate blocks", 5, 5, 2,
           image(lambda x, y: [x * 50, y * 50, 77], 5, 5, 3), {"level": 0})
    yield ("idat-split", "RGB, the zlib stream cut into IDAT chunks of 10 bytes and an empty one", 20, 20, 2,
           image(lambda x, y: [x * 12, y * 12, (x ^ y) * 8], 20, 20, 3), {"idat_size": 10})
    text = [(b"tEXt", b"Comment\x00made by make-png-fixtures.py"), (b"gAMA", struct.pack(">I", 45455)),
            (b"pHYs", struct.pack(">IIB", 2835, 2835, 1)), (b"prVt", b"\x00\xff private ancillary chunk")]
    yield ("ancillary", "ancillary chunks (tEXt, gAMA, pHYs, a private one) before and after IDAT", 4, 4, 6,
           image(lambda x, y: [x * 60, y * 60, 9, 255], 4, 4, 4),
           {"before_idat": text, "after_idat": [(b"tIME", struct.pack(">HBBBBB", 2024, 5, 17, 12, 0, 0))]})
    yield "avatar-64", "a 64 x 64 RGB avatar, heuristic filters", 64, 64, 2, image(avatar, 64, 64, 3), {}


def main():
    os.makedirs(FIXTURES, exist_ok=True)
    manifest = []
    for name, description, width, height, color_type, rows, options in fixtures():
        png = encode(width, height, color_type, rows, **options)
        pixels = rgba(color_type, rows, width, options.get("plte"), options.get("trns"))
        assert len(pixels) == width * height * 4
        with open(os.path.join(FIXTURES, name + ".png"), "wb") as f:
            f.write(png)
        with open(os.path.join(FIXTURES, name + ".rgba"), "wb") as f:
            f.write(pixels)
        manifest.append({"name": name, "width": width, "height": height, "description": description})
    with open(os.path.join(FIXTURES, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    total = sum(os.path.getsize(os.path.join(FIXTURES, n)) for n in os.listdir(FIXTURES))
    print("wrote %d images to %s (%d bytes in all)" % (len(manifest), os.path.normpath(FIXTURES), total))


if __name__ == "__main__":
    main()
