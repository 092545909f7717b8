#!/usr/bin/env python3
"""area_table.py -- docs/fpga/boards.md's "Resources by module" table from
one whole `make area` run (scripts/area.sh's area.txt).

The table's figures are a run's, the last column ("with its arrays in
flip-flops": measurements of other forms of a module, made by hand) is
the page's: this tool rewrites every row's figures from the run, keeps
each module's last column, drops the rows of modules the run does not
have, adds a row for each module the page does not have (an inline unit
after its parent, noted "(mapped inside `PARENT`, counted there)"; any
other at the end), and writes the total row as the sum of the rows (an
inline unit's figures are in its parent's and stay out of it).  So the
page holds one run, whole, and the sum is the rows'.

Usage: python3 scripts/area_table.py [AREA_TXT] [--doc PAGE] [--check]
  AREA_TXT  default build/reports/area.txt (a run of every module)
  --doc     default docs/fpga/boards.md
  --check   do not write: exit 1 when the page's table is not this run's
  --selftest
Prints the modules added and dropped, and the total.
"""
import re
import sys

LINE = re.compile(
    r"^(?P<m>[A-Za-z0-9_]+): (?P<lut>\d+) (?P<ff>\d+) (?P<bram>\d+) (?P<mult>\d+) "
    r"\(x(?P<inst>\d+); DPR16X4 (?P<dpr>\d+); levels (?P<lv>\d+) \(with children: (?P<lvc>\d+)\);"
    r"[^;]*;[^;]*(?:; inline in (?P<parent>[A-Za-z0-9_]+))?\)\s*$")
HEAD = "**Resources by module.**"


def grp(n):
    """A figure with thin groups of three, as the page writes them."""
    s = str(n)
    out = []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    out.insert(0, s)
    return " ".join(out)


def parse_run(text):
    mods = {}
    order = []
    for line in text.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        d = m.groupdict()
        for k in ("lut", "ff", "bram", "mult", "inst", "dpr", "lv", "lvc"):
            d[k] = int(d[k])
        mods[d["m"]] = d
        order.append(d["m"])
    return mods, order


def row(d, note):
    inl = d["parent"] is not None
    lut = "(%s)" % grp(d["lut"]) if inl else grp(d["lut"])
    ff = "(%s)" % grp(d["ff"]) if inl else grp(d["ff"])
    return "| `%s` | %d | %s | %s | %s | %s | %s | %d (%d) | %s |" % (
        d["m"], d["inst"], lut, ff, grp(d["dpr"]), grp(d["bram"]), grp(d["mult"]),
        d["lv"], d["lvc"], note)


def rebuild(doc, mods, order):
    """The page with its table rebuilt; (page, added, dropped, total)."""
    i = doc.index(HEAD)
    lines = doc[i:].split("\n")
    start = next(k for k, l in enumerate(lines) if l.startswith("| module |"))
    k = start + 2
    old = []
    while lines[k].startswith("| `"):
        cells = [c.strip() for c in lines[k].strip().strip("|").split("|")]
        old.append((cells[0].strip("`"), cells[-1]))
        k += 1
    if not lines[k].startswith("| total"):
        raise SystemExit("area_table: no total row after the table's rows")
    notes = dict(old)
    names = [m for m, _ in old if m in mods]
    dropped = [m for m, _ in old if m not in mods]
    added = [m for m in order if m not in notes]
    for m in added:
        p = mods[m]["parent"]
        if p is not None and p in names:
            j = names.index(p) + 1
            while j < len(names) and mods[names[j]]["parent"] == p:
                j += 1
            names.insert(j, m)
            notes[m] = "(mapped inside `%s`, counted there)" % p
        else:
            names.append(m)
            notes[m] = ""
    tot = [0, 0, 0, 0, 0]
    for m in names:
        d = mods[m]
        if d["parent"] is None:
            for n, key in enumerate(("lut", "ff", "dpr", "bram", "mult")):
                tot[n] += d[key] * d["inst"]
    body = [row(mods[m], notes[m]) for m in names]
    total = "| total (the board, an upper bound) | | %s | %s | %s | %s | %s | | |" % tuple(
        grp(t) for t in tot)
    new = lines[:start + 2] + body + [total] + lines[k + 1:]
    return doc[:i] + "\n".join(new), added, dropped, tot


def selftest():
    run = ("wq_a: 100 10 0 0 (x1; DPR16X4 2; levels 5 (with children: 9); over 8: 0 (with children: 3); 4 s)\n"
           "wq_b: 1234 5 1 0 (x2; DPR16X4 0; levels 3 (with children: 3); over 8: 0 (with children: 0); 2 s)\n"
           "wq_c: 7 0 0 0 (x1; DPR16X4 0; levels 2 (with children: 0); over 8: 0 (with children: 0); 1 s; inline in wq_a)\n"
           "total: 2568 20 2 0\n")
    doc = ("x\n" + HEAD + " words\n\n| module | instances | LUT4 | FF | DPR16X4 | DP16KD | MULT18X18D | levels (with children) | other |\n"
           "|---|---|---|---|---|---|---|---|---|\n"
           "| `wq_b` | 2 | 1 | 1 | 0 | 0 | 0 | 1 (1) | kept note |\n"
           "| `wq_gone` | 1 | 1 | 1 | 0 | 0 | 0 | 1 (1) |  |\n"
           "| `wq_a` | 1 | 1 | 1 | 0 | 0 | 0 | 1 (1) |  |\n"
           "| total (the board, an upper bound) | | 3 | 3 | 0 | 0 | 0 | | |\n\nafter\n")
    mods, order = parse_run(run)
    page, added, dropped, tot = rebuild(doc, mods, order)
    want = ("| `wq_b` | 2 | 1 234 | 5 | 0 | 1 | 0 | 3 (3) | kept note |\n"
            "| `wq_a` | 1 | 100 | 10 | 2 | 0 | 0 | 5 (9) |  |\n"
            "| `wq_c` | 1 | (7) | (0) | 0 | 0 | 0 | 2 (0) | (mapped inside `wq_a`, counted there) |\n"
            "| total (the board, an upper bound) | | 2 568 | 20 | 2 | 2 | 0 | | |\n\nafter\n")
    ok = page.endswith(want) and added == ["wq_c"] and dropped == ["wq_gone"] and tot[0] == 2568
    print("area_table: selftest %s" % ("ok" if ok else "FAILED:\n" + page))
    return 0 if ok else 1


def main(argv):
    if "--selftest" in argv:
        return selftest()
    doc_path = "docs/fpga/boards.md"
    check = False
    args = []
    it = iter(argv)
    for a in it:
        if a == "--doc":
            doc_path = next(it)
        elif a == "--check":
            check = True
        else:
            args.append(a)
    run_path = args[0] if args else "build/reports/area.txt"
    try:
        run = open(run_path).read()
    except OSError as e:
        print("area_table: %s (run make area first)" % e, file=sys.stderr)
        return 1
    mods, order = parse_run(run)
    if not mods:
        print("area_table: no module lines in %s" % run_path, file=sys.stderr)
        return 1
    doc = open(doc_path).read()
    page, added, dropped, tot = rebuild(doc, mods, order)
    print("area_table: %d modules; added %s; dropped %s; total %s LUT4, %s FF, %s DPR16X4, "
          "%s DP16KD, %s MULT18X18D" % ((len(mods), ", ".join(added) or "none",
                                         ", ".join(dropped) or "none") + tuple(grp(t) for t in tot)))
    if check:
        if page != doc:
            print("area_table: %s's table is not %s's run" % (doc_path, run_path), file=sys.stderr)
            return 1
        return 0
    if page != doc:
        open(doc_path, "w").write(page)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
