#!/usr/bin/env python3
"""Rewrite every documentation code block marked `<!-- snippet: PATH#NAME -->` from its region.

A region is the lines of a Swift file between `// snippet: NAME` and `// snippet end`, without
their common indentation. The blocks take the fence's indentation. Tests/DocumentationTests/
SnippetCheckTests.swift checks the same thing in `swift test`; run this to fix what it reports:

    python3 scripts/sync-snippets.py          # rewrites the Markdown files in place
    python3 scripts/sync-snippets.py --check  # exit 1 if a file would change
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^\s*<!--\s*snippet:\s*([^#\s]+)#(\S+)\s*-->\s*$")


def markdown_files():
    files = [ROOT / "README.md", ROOT / "Examples" / "README.md"]
    files += sorted((ROOT / "docs").rglob("*.md"))
    files += sorted(ROOT.glob("Sources/*/*.docc/**/*.md"))
    return [f for f in files if f.exists()]


def region(path, name):
    lines = (ROOT / path).read_text().split("\n")
    body, inside = [], False
    for line in lines:
        stripped = line.strip()
        if stripped == f"// snippet: {name}":
            inside = True
        elif inside and stripped == "// snippet end":
            break
        elif inside:
            body.append(line)
    else:
        if not inside:
            sys.exit(f"error: {path} has no region `// snippet: {name}`")
    indent = min((len(l) - len(l.lstrip(" ")) for l in body if l.strip()), default=0)
    return ["" if not l.strip() else l[indent:] for l in body]


def sync(text):
    lines = text.split("\n")
    out, i = [], 0
    while i < len(lines):
        out.append(lines[i])
        match = MARKER.match(lines[i])
        if match and i + 1 < len(lines) and lines[i + 1].strip() == "```swift":
            fence = lines[i + 1]
            pad = " " * (len(fence) - len(fence.lstrip(" ")))
            out.append(fence)
            end = i + 2
            while end < len(lines) and not lines[end].lstrip(" ").startswith("```"):
                end += 1
            out += [pad + l if l else "" for l in region(match.group(1), match.group(2))]
            i = end
            continue
        i += 1
    return "\n".join(out)


def main():
    check = "--check" in sys.argv[1:]
    changed = []
    for path in markdown_files():
        old = path.read_text()
        new = sync(old)
        if new != old:
            changed.append(path.relative_to(ROOT))
            if not check:
                path.write_text(new)
    for path in changed:
        print(("would change: " if check else "updated: ") + str(path))
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
