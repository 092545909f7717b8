"""fpga_names.py -- a mapped netlist's net names as the RTL's names
(imported by fpga_path.py, fpga_depth.py, fpga_timing.py and
fpga_congestion.py, which read the same nets in the forms their tools
write; docs/fpga/boards.md).

The forms, and what each becomes:

  u_a.b[3], \\u_a.b[3]          a public name (the JSON's netnames, ltp's and
                                nextpnr's with a backslash): u_a.b
  \\a.b.c[3] [127] (via ...)    ltp's: its bit after a space, its note: a.b.c
  rdat_SB_DFFE_Q_30_D_SB_LUT4_O_I3
                                a net Yosys named after the cell it drives
                                or is driven by: the name before the
                                cell's type (rdat)
  $\\a.b.mem$rdreg[0]$q[1]      a RAM's read register Yosys split out:
                                "a.b.mem (read register)"
  a.b.q_addr.2.1$DPRAM_COMB3    a LUT RAM's cell as nextpnr names it (the
                                RAM's slice of bits, its half): "a.b.q_addr
                                (LUT RAM)"
  $abc$1$flatten\\u_a.\\u_b.$0$lookahead\\c_live$104085[31:0]$104093
                                a generated name that keeps its origin
                                after flatten: u_a.u_b.c_live
  $abc$7$x.A, $techmap..., $auto...
                                generated, no origin: None
  1'1, 32'x                     a constant (ltp's): None

path_names(names) -> a path's names in the order the path meets them,
each once: a path's nets (and the cells of its ends) as rtl_name reads
them, None for the unnamed, become the "a -> b -> c" a report prints (a
carry chain over a counter that several nets name would repeat them).

Run it to check the forms: python3 scripts/fpga_names.py --selftest
"""
import re
import sys

CELL_SUFFIX = re.compile(r"_(SB|TRELLIS|LUT4|CCU2C|DP16KD|MULT18X18D|PFUMX|L6MUX21)_.*$")
FLATTEN = re.compile(r"flatten((?:\\[A-Za-z_][\w.\\$]*?)+)\$")


def rtl_name(net):
    """A net name in any of the forms above -> the RTL's dotted name
    without a bit index, or None for a generated name."""
    if not net:
        return None
    n = net.strip()
    n = re.sub(r"\s*\(via .*\)$", "", n)
    n = re.sub(r"\s*\[\d+\]$", "", n)
    n = re.sub(r"\[\d+(:\d+)?\]$", "", n)
    m = re.match(r"^\$\\?(.*?)\$rdreg", n)
    if m:
        return m.group(1) + " (read register)"
    m = re.match(r"^\\?([A-Za-z_][^$]*?)(\.\d+)*\$DPRAM", n)
    if m:
        return m.group(1) + " (LUT RAM)"
    if re.match(r"^\d+'[01xz]+$", n):
        return None
    if not n.startswith("$"):
        return CELL_SUFFIX.sub("", n.lstrip("\\")) or None
    m = FLATTEN.search(n)
    if not m:
        return None
    parts = [p for p in re.split(r"\\|\.", m.group(1)) if p and not p.startswith("$")]
    tail = re.search(r"\\([A-Za-z_]\w*)\$\d+", n)
    if tail and (not parts or parts[-1] != tail.group(1)):
        parts.append(tail.group(1))
    return ".".join(parts) or None


def path_names(names):
    out = []
    for n in names:
        if n and n not in out:
            out.append(n)
    return out


def selftest():
    cases = [
        ("u_core.u_top.q_rem[3]", "u_core.u_top.q_rem"),
        ("\\u_a.b[3]", "u_a.b"),
        ("\\a.b.c[3] [127]", "a.b.c"),
        ("\\a.b.c [5] (via \\a.b.d)", "a.b.c"),
        ("\\rdat_SB_DFFE_Q_30_D_SB_LUT4_O_I3", "rdat"),
        ("cnt_TRELLIS_FF_Q_DI", "cnt"),
        ("$\\u.mem$rdreg[0]$q[1]", "u.mem (read register)"),
        ("u_a.u_lsu.q_addr.2.1$DPRAM_COMB3", "u_a.u_lsu.q_addr (LUT RAM)"),
        ("\\u.q$DPRAM_SLICE", "u.q (LUT RAM)"),
        ("$abc$1$flatten\\u_a.\\u_b.$0$lookahead\\c_live$104085[31:0]$104093", "u_a.u_b.c_live"),
        ("$abc$7$x.A[2]", None),
        ("1'1", None),
        ("32'x", None),
        ("$techmap$1$auto$x", None),
        ("", None),
        (None, None),
    ]
    bad = [(i, rtl_name(i), w) for i, w in cases if rtl_name(i) != w]
    # a path through a counter's nets, named twice over, and unnamed cells
    pn = path_names(["u.o_cycles", None, "u.cycles", "u.perf", "u.cycles", None, "u.perf", "u.end"])
    if pn != ["u.o_cycles", "u.cycles", "u.perf", "u.end"]:
        bad.append(("path_names", pn, ["u.o_cycles", "u.cycles", "u.perf", "u.end"]))
    for i, g, w in bad:
        print(f"fpga_names: {i!r} -> {g!r}, not {w!r}")
    print("fpga_names: selftest " + ("ok" if not bad else "FAILED"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(selftest() if sys.argv[1:] == ["--selftest"] else 2)
