#!/usr/bin/env python3
"""Checks the avatars mvvm-demo draws, as tmux shows them, for the tmux end-to-end test.

Usage: tmux capture-pane -e -N -p | avatar-cells.py list|detail COLOURS [--user ID:INITIAL:NAME]...

COLOURS is what the demo was started with: truecolor (COLORTERM=truecolor), palette (no
COLORTERM: the 256-colour palette) or none (NO_COLOR set).

list: the user list's rows (" XX ● Name  <userID.…@…>", XX the picture's 2 cells). Rows of users
whose id is divisible by 7 (no avatar), and every row with COLOURS none, start with the user's
initial (its name's first letter, upper-cased) and carry no colour; the others with 2 half
blocks (▀/▄) in colours of COLOURS (24-bit: 38;2 / 48;2; palette: 38;5 / 48;5), at least one with
a background. No initial is dim (dim: the picture still loading). No sequence of the other kind
of colour anywhere on the pane (none: no 38;2/38;5/48;2/48;5 at all). Each --user's row is on
screen, with that initial and that name.

detail: a user's detail screen: with colours, a picture of 16×8 half-block cells from column 1
in colours of COLOURS; with none, no half block anywhere.

Exits 0 when the pane is right, else 1 with what is wrong, and the lines concerned (their first
cells with their styles, in Tests/e2e/pane-cells.py's format, then their text) on standard error.
"""
import importlib.util
import os
import re
import sys

spec = importlib.util.spec_from_file_location("pane_cells", os.path.join(os.path.dirname(__file__), "pane-cells.py"))
pane_cells = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pane_cells)

HALF_BLOCKS = "▀▄"
ROW = re.compile(r"^ (.{1,2}?) {1,2}([●○]) (.+?)  <user(\d+)\.[^>]*>( …)?$")
KIND = {"truecolor": 2, "palette": 5}
# The kinds of colour sequence (38;2 24-bit, 38;5 palette) that must not be on the pane.
WRONG_KINDS = {"truecolor": {5}, "palette": {2}, "none": {2, 5}}


def wrong_sequence(capture, kinds):
    """The first SGR sequence in `capture` with a 38/48 colour of one of `kinds` (2, 5), or None."""
    for match in pane_cells.SGR.finditer(capture):
        codes = [int(code or 0) for code in re.split(r"[;:]", match.group(1))] if match.group(1) else [0]
        index = 0
        while index < len(codes):
            if codes[index] in (38, 48) and index + 1 < len(codes):
                if codes[index + 1] in kinds:
                    return match.group(0)
                index += 3 if codes[index + 1] == 5 else 5
            else:
                index += 1
    return None


def initial(name):
    """What the demo draws for a user without a picture (AvatarView.initial(of:))."""
    return next((character.upper() for character in name if character.isalpha()), "?")


def colour_problem(style, colours):
    """Why a half block's style is not in colours of `colours` (None when it is)."""
    style = dict(style)
    if "fg" not in style:
        return "no foreground colour"
    for key, code in (("fg", 38), ("bg", 48)):
        if key in style and style[key][:2] != (code, KIND[colours]):
            return f"{key} {style[key]}, not {code};{KIND[colours]}"
    return None


def check_list(lines, colours, users):
    problems, shown, rows, backgrounds = [], [], {}, 0
    for index, cells in enumerate(lines):
        text = "".join(character for character, _ in cells).rstrip()
        match = ROW.match(text)
        if not match:
            continue
        user_id, name = int(match.group(4)), match.group(3)
        rows[user_id] = (name, cells)
        picture = cells[1:3]
        if colours == "none" or user_id % 7 == 0:
            expected = initial(name)
            styles = [dict(style) for _, style in picture]
            if picture[0][0] != expected:
                problems.append(f"line {index}: user {user_id} ({name}) starts with {picture[0][0]!r}, not its initial {expected!r}")
            elif any(character in HALF_BLOCKS for character, _ in cells):
                problems.append(f"line {index}: user {user_id} ({name}) shows a half block")
            elif any("fg" in style or "bg" in style for style in styles):
                problems.append(f"line {index}: user {user_id}'s initial is in colour")
            elif 2 in styles[0]:
                problems.append(f"line {index}: user {user_id}'s initial is dim (its picture still loading)")
            else:
                continue
        else:
            blocks = "".join(character for character, _ in picture)
            if len(blocks) < 2 or any(character not in HALF_BLOCKS for character in blocks):
                problems.append(f"line {index}: user {user_id} ({name}) starts with {blocks!r}, not 2 half blocks")
            else:
                wrong = [colour_problem(style, colours) for _, style in picture]
                if any(wrong):
                    problems.append(f"line {index}: user {user_id}'s picture: {next(w for w in wrong if w)}")
                else:
                    backgrounds += sum("bg" in dict(style) for _, style in picture)
                    continue
        shown.append(cells)
    if len(rows) < 10:
        problems.insert(0, f"{len(rows)} user rows on the pane, not at least 10")
    if colours != "none" and rows and not backgrounds and not problems:
        problems.append("no half block with a background colour")
    for user in users:
        user_id, letter, name = user.split(":", 2)
        if int(user_id) not in rows:
            problems.append(f"no row for user {user_id}")
            continue
        row_name, cells = rows[int(user_id)]
        if row_name != name or cells[1][0] != letter:
            problems.append(f"user {user_id}'s row starts with {cells[1][0]!r} for {row_name!r}, not {letter!r} for {name!r}")
            shown.append(cells)
    return problems, shown


def check_detail(lines, colours):
    if colours == "none":
        shown = [cells for cells in lines if any(character in HALF_BLOCKS for character, _ in cells)]
        return ([f"{len(shown)} lines with half blocks"] if shown else []), shown
    picture = [index for index, cells in enumerate(lines)
               if len(cells) >= 17 and all(character in HALF_BLOCKS for character, _ in cells[1:17])
               and (len(cells) == 17 or cells[17][0] not in HALF_BLOCKS)]
    runs = [start for start in picture if all(start + offset in picture for offset in range(8))]
    if not runs:
        return [f"no 16×8 half-block picture from column 1 ({len(picture)} lines of 16 half blocks)"], []
    problems = []
    for index in range(runs[0], runs[0] + 8):
        wrong = [colour_problem(style, colours) for _, style in lines[index][1:17]]
        if any(wrong):
            problems.append(f"line {index} of the picture: {next(w for w in wrong if w)}")
    return problems, [lines[index] for index in range(runs[0], runs[0] + 8)] if problems else []


def main():
    screen, colours, users = sys.argv[1], sys.argv[2], []
    arguments = sys.argv[3:]
    while arguments:
        option, value, *arguments = arguments
        if option != "--user":
            sys.exit(f"usage: {sys.argv[0]} list|detail truecolor|palette|none [--user ID:INITIAL:NAME]...")
        users.append(value)
    capture = sys.stdin.read()
    lines = pane_cells.lines(capture)
    if screen == "list":
        problems, shown = check_list(lines, colours, users)
    else:
        problems, shown = check_detail(lines, colours)
    wrong = wrong_sequence(capture, WRONG_KINDS[colours])
    if wrong:
        problems.append(f"a colour sequence of the wrong kind for {colours}: {wrong!r}")
    if problems:
        print("; ".join(problems[:6]), file=sys.stderr)
        for cells in shown[:6]:   # the first cells with their styles, then the line's text
            rest = "".join(character for character, _ in cells[6:]).rstrip()
            print("  | " + pane_cells.show(cells[:6]) + (" …" + rest if rest else ""), file=sys.stderr)
        sys.exit(1)


main()
