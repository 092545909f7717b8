#!/usr/bin/env python3
"""fpga_congestion.py -- where router2 runs out of wires, by RTL name
(scripts/fpga.sh writes it into the board's report when FPGA_HEATMAP=1;
docs/fpga/boards.md).

nextpnr's router2 with --router2-heatmap PREFIX writes, after each of its
iterations N, PREFIX_congestion_by_net_N.csv (one "net,overused wires"
line a net) and PREFIX_congestion_by_coordinate_N.csv (a row of overused
wires a device column).  A route that does not converge says only its
total overuse; this names what the overused wires carry and whether they
crowd one place or the whole device -- a local fix (a register copied
next to its loads, one block moved) against a design too dense for the
routing, which only fewer LUTs and nets fix.

    fpga_congestion.py PREFIX [TOP_N]

reads the last iteration's files and prints

    congestion_iter     N (router2's iteration the files are from)
    congestion_overuse  T (an overused wire counted for each net on it) over K nets
    congestion_generated P % on nets with only ABC's generated names
    congestion_spread   the hottest 10 % of 8x8-tile blocks hold H % of it
    congestion_net      W  NAME  (bits)      TOP_N lines, the most first

where a NAME is an RTL signal (its bits summed, hierarchy as dotted
instance names).  Exits 1 with a message when there are no files or a
coordinate row is not a row of counts, 2 on bad arguments.
"""
import glob
import os
import re
import sys

sys.dont_write_bytecode = True   # (no __pycache__ in the source tree)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpga_names import rtl_name  # noqa: E402  (the shared name forms)


def last_iter(prefix):
    """The highest N with both files written, or None."""
    best = None
    for path in glob.glob(glob.escape(prefix) + "_congestion_by_net_*.csv"):
        m = re.search(r"_(\d+)\.csv$", path)
        if not m:
            continue
        n = int(m.group(1))
        if os.path.exists("%s_congestion_by_coordinate_%d.csv" % (prefix, n)) and (best is None or n > best):
            best = n
    return best


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write("usage: fpga_congestion.py PREFIX [TOP_N]\n")
        return 2
    prefix = argv[1]
    if len(argv) == 3 and not argv[2].isdigit():
        sys.stderr.write("fpga_congestion: TOP_N must be a number (not '%s')\n" % argv[2])
        return 2
    top = int(argv[2]) if len(argv) == 3 else 12
    n = last_iter(prefix)
    if n is None:
        sys.stderr.write("fpga_congestion: no %s_congestion_by_*_N.csv (nextpnr --router2-heatmap %s)\n"
                         % (prefix, prefix))
        return 1
    total = 0
    nets = 0
    generated = 0
    groups = {}
    with open("%s_congestion_by_net_%d.csv" % (prefix, n)) as f:
        for line in f:
            net, _, v = line.strip().rpartition(",")
            if not net or not v.isdigit():
                continue
            w = int(v)
            if w == 0:
                continue
            total += w
            nets += 1
            name = rtl_name(net)
            if name is None:
                generated += w
                continue
            s = groups.setdefault(name, [0, 0])
            s[0] += w
            s[1] += 1
    grid = []
    cpath = "%s_congestion_by_coordinate_%d.csv" % (prefix, n)
    with open(cpath) as f:
        for i, line in enumerate(f, 1):
            cells = [c.strip() for c in line.strip().split(",") if c.strip() != ""]
            if not all(c.isdigit() for c in cells):
                sys.stderr.write("fpga_congestion: %s:%d: not a row of counts\n" % (cpath, i))
                return 1
            if cells:
                grid.append([int(c) for c in cells])
    blocks = []
    for x0 in range(0, len(grid), 8):
        width = max(len(r) for r in grid[x0:x0 + 8])
        for y0 in range(0, width, 8):
            blocks.append(sum(sum(r[y0:y0 + 8]) for r in grid[x0:x0 + 8]))
    blocks.sort(reverse=True)
    hot = blocks[:max(1, len(blocks) // 10)]
    grid_total = sum(blocks)
    print("congestion_iter     %d (router2's iteration the files are from)" % n)
    print("congestion_overuse  %d (an overused wire counted for each net on it) over %d nets" % (total, nets))
    print("congestion_generated %.0f %% on nets with only ABC's generated names"
          % (100.0 * generated / total if total else 0.0))
    print("congestion_spread   the hottest 10 %% of 8x8-tile blocks hold %.0f %% of it (%d blocks)"
          % (100.0 * sum(hot) / grid_total if grid_total else 0.0, len(blocks)))
    for name, (w, bits) in sorted(groups.items(), key=lambda kv: -kv[1][0])[:top]:
        print("congestion_net      %6d  %s (%d bit%s)" % (w, name, bits, "" if bits == 1 else "s"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
