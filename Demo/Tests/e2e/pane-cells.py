#!/usr/bin/env python3
"""Reads `tmux capture-pane -e -N -p` from standard input (-N: without it, tmux drops trailing
spaces even when they are drawn inverse) and prints each line's cells with the style they are
drawn in (SGR state folded: bold, dim, inverse, colours), trailing unstyled
spaces dropped: two captures print the same exactly when they show the same cells, whatever
order of escape sequences tmux chose to write them in. tmux writes a style change only where
the style changes, also across lines: the state carries from one line to the next.

Also a module (Tests/e2e/avatar-cells.py loads it): lines() parses a capture, show() prints a line."""
import re
import sys

SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def apply(state, parameters):
    codes = [int(code or 0) for code in re.split(r"[;:]", parameters)] if parameters else [0]
    index = 0
    while index < len(codes):
        code = codes[index]
        if code == 0:
            state.clear()
        elif code in (38, 48) and index + 1 < len(codes):
            width = 3 if codes[index + 1] == 5 else 5
            state["fg" if code == 38 else "bg"] = tuple(codes[index:index + width])
            index += width - 1
        elif code in (39, 49):
            state.pop("fg" if code == 39 else "bg", None)
        elif 30 <= code <= 37 or 90 <= code <= 97:
            state["fg"] = code
        elif 40 <= code <= 47 or 100 <= code <= 107:
            state["bg"] = code
        elif code in (22, 23, 24, 25, 27, 28, 29):
            state.pop({22: 1, 23: 3, 24: 4, 25: 5, 27: 7, 28: 8, 29: 9}[code], None)
            if code == 22:
                state.pop(2, None)
        else:
            state[code] = True
        index += 1


def lines(capture):
    """The lines of `capture`, each a list of its cells: (character, style), the style a sorted
    tuple of (attribute, value) pairs ("fg"/"bg" with the SGR codes, e.g. ("fg", (38, 2, r, g, b));
    an attribute's SGR number with True), trailing unstyled spaces dropped."""
    state, result = {}, []
    for line in capture.split("\n"):
        cells, position = [], 0
        for match in SGR.finditer(line + "\x1b[999m"):
            for character in line[position:match.start()]:
                cells.append((character, tuple(sorted(state.items(), key=str))))
            if match.group(1) != "999":
                apply(state, match.group(1))
            position = match.end()
        while cells and cells[-1][0] == " " and not cells[-1][1]:
            cells.pop()
        result.append(cells)
    return result


def show(cells):
    """One line's cells as this script prints them: each character, then its style if any."""
    return "".join(f"{character}{list(style) if style else ''}" for character, style in cells)


if __name__ == "__main__":
    for cells in lines(sys.stdin.read()):
        print(show(cells))
