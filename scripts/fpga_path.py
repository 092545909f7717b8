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
(hierarchy as dotted instance names), each name once (fpga_names'
path_names).  Cells whose outputs have only ABC's generated names are
counted, not named.
Exits 0 with "none" when the netlist has no combinational path.
"""
import re
import subprocess
import sys
import tempfile
import os

sys.dont_write_bytecode = True   # (no __pycache__ in the source tree)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpga_names import path_names, rtl_name  # noqa: E402  (the shared name forms)


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
            names.append(rtl_name(m.group(1)))
    if length is None:
        print("none")
        return 0
    print(f"{length} cells: " + " -> ".join(path_names(names)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
