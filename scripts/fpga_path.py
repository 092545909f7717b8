#!/usr/bin/env python3
"""fpga_path.py -- the longest logic path of a board's flattened netlist,
by name (scripts/fpga.sh writes it into the board's report; docs/fpga/boards.md).

Place and route takes an hour on the ECP5 board and says which path limits
the clock only at its end.  The longest chain of cells from one register
(or RAM port) to the next is known right after synthesis: Yosys' `ltp`
over the netlist with the sequential cells deleted (their outputs start a
path, their inputs end one).  It counts cells, not nanoseconds (a carry
cell and a LUT count alike, routing not at all), so it names the path to
look at first rather than the one the router ends up reporting.

    fpga_path.py NETLIST.json TOP CELLTYPE...   (the sequential cell types)

prints one line,
    <cells> cells: <start> -> <waypoint> -> ... -> <end>
where the names are the RTL's registers and wires the path runs through
(hierarchy as dotted instance names), consecutive repeats merged.  Cells
whose outputs have only ABC's generated names are counted, not named.
Exits 0 with "none" when the netlist has no combinational path.
"""
import re
import subprocess
import sys
import tempfile
import os


def clean(name):
    """An ltp net name -> the RTL's dotted name, or None for a generated one."""
    name = name.strip()
    # drop the bit index ltp appends: "\a.b.c[3] [127]" / "... (via ...)"
    name = re.sub(r"\s*\(via .*\)$", "", name)
    name = re.sub(r"\s*\[\d+\]$", "", name)
    name = re.sub(r"\[\d+(:\d+)?\]$", "", name)
    if name.startswith("\\"):
        # a net Yosys named after the cell it drives or is driven by
        # ("rdat_SB_DFFE_Q_30_D_SB_LUT4_O_I3"): the RTL name before it
        return re.sub(r"_(SB|TRELLIS|LUT4|CCU2C|DP16KD|MULT18X18D|PFUMX|L6MUX21)_.*$", "", name[1:])
    # a generated name that keeps its RTL origin after "flatten":
    # "$abc$1$flatten\u_a.\u_b.$0$lookahead\c_live$104085[31:0]$104093"
    m = re.search(r"flatten((?:\\[A-Za-z_][\w.\\$]*?)+)\$", name)
    if m:
        parts = [p for p in re.split(r"\\|\.", m.group(1)) if p and not p.startswith("$")]
        tail = re.search(r"\\([A-Za-z_]\w*)\$\d+", name)
        if tail and (not parts or parts[-1] != tail.group(1)):
            parts.append(tail.group(1))
        return ".".join(parts) if parts else None
    return None


def main():
    if len(sys.argv) < 3:
        sys.stderr.write("usage: fpga_path.py NETLIST.json TOP [CELLTYPE...]\n")
        return 2
    netlist, top, seq = sys.argv[1], sys.argv[2], sys.argv[3:]
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "ltp.txt")
        cut = "delete " + " ".join("t:" + t for t in seq) + "; " if seq else ""
        script = f"read_json {netlist}; hierarchy -top {top}; {cut}tee -q -o {out} ltp"
        r = subprocess.run(["yosys", "-q", "-p", script],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0 or not os.path.exists(out):
            sys.stderr.write("fpga_path: yosys ltp failed: " + r.stderr[-2000:] + "\n")
            return 1
        lines = open(out).read().splitlines()
    length, names = None, []
    for ln in lines:
        m = re.match(r"Longest topological path in \S+ \(length=(\d+)\)", ln.strip())
        if m:
            length = int(m.group(1))
            continue
        m = re.match(r"\s*\d+: (.*)$", ln)
        if m and length is not None:
            n = clean(m.group(1))
            if n and (not names or names[-1] != n):
                names.append(n)
    if length is None:
        print("none")
        return 0
    print(f"{length} cells: " + " -> ".join(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
