#!/usr/bin/env python3
"""Checks that every relative link in README.md and docs/*.md names a file or directory of the repository, and that
a #fragment pointing into a Markdown file names one of its headings. Usage: checks/links.py (from
anywhere); prints each broken link and exits 1 when there is one."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
link = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
fence = re.compile(r"^(```|~~~)")


def anchors(md):
    """The GitHub anchors of a Markdown file's headings."""
    out, inside = set(), False
    for line in md.read_text(encoding="utf-8").splitlines():
        if fence.match(line):
            inside = not inside
        elif not inside and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


def links(md):
    """The link targets of a Markdown file, outside fenced code blocks."""
    inside = False
    for number, line in enumerate(md.read_text(encoding="utf-8").splitlines(), 1):
        if fence.match(line):
            inside = not inside
        elif not inside:
            for target in link.findall(line):
                yield number, target


broken = []
for md in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
    for number, target in links(md):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue  # http:, https:, mailto: ...
        path, _, fragment = target.partition("#")
        dest = (md.parent / path).resolve() if path else md
        where = f"{md.relative_to(root)}:{number}: {target}"
        if not dest.exists():
            broken.append(f"{where}: no such file")
        elif fragment and dest.suffix == ".md" and fragment not in anchors(dest):
            broken.append(f"{where}: no heading #{fragment} in {dest.relative_to(root)}")
for b in broken:
    print(b)
sys.exit(1 if broken else 0)
