#!/usr/bin/env python3
"""fpga_timing.py -- nextpnr's critical path, summarised (scripts/fpga.sh
writes it into the board's report; docs/fpga/boards.md, "Logic levels").

nextpnr's --report JSON holds, for each clock, the critical path as a
list of segments (clock to Q, logic, routing, setup), each with its delay
and the cells and net it joins.  This prints the clock's path in a form a
reader can hold next to fpga_depth.py's levels:

    path_ns: <total> (logic <ns>, routing <ns>; <cells> cells, <carry> in carry chains)
    path: <start net> -> ... -> <end>   (the RTL names along it, each once)

    fpga_timing.py REPORT.json [CLOCK-NET]

Without CLOCK-NET the first clock-to-same-clock path is taken.  Exits 0
with "path_ns: none" when the report has no path (an unconstrained or
empty design), 1 when the file cannot be read.
"""
import json
import os
import sys

sys.dont_write_bytecode = True   # (no __pycache__ in the source tree)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpga_names import path_names, rtl_name  # noqa: E402  (the shared name forms)


def short(name, keep=3):
    """The last `keep` components of a dotted hierarchical name."""
    p = name.split(".")
    return ".".join(p[-keep:])


def summarise(rep, want):
    """The report's path for clock `want` (any clock's when None) ->
    (total, logic, routing, cells, carry cells, from, to, names) or None."""
    pick = None
    for p in rep.get("critical_paths", []):
        fr, to = p.get("from", ""), p.get("to", "")
        if want and want not in fr and want not in to:
            continue
        if fr == to or pick is None:
            pick = p
            if fr == to:
                break
    if not pick or not pick.get("path"):
        return None
    total = logic = route = 0.0
    cells = carry = 0
    names = []
    for seg in pick["path"]:
        d = float(seg.get("delay", 0.0))
        total += d
        t = seg.get("type", "")
        # the named nets, and the start's and the end's cells when they
        # have an RTL name (a register's, a LUT RAM's: the end of a path
        # into a RAM's write has no named net before it)
        n = rtl_name(seg.get("net")) if t == "routing" else \
            rtl_name(seg.get("from", {}).get("cell")) if t == "clk-to-q" else \
            rtl_name(seg.get("to", {}).get("cell")) if t == "setup" else None
        names.append(n)
        if t == "routing":
            route += d
        else:
            logic += d
            if t == "logic":
                cells += 1
                # (a carry chain's step: into its carry in, out of its
                # carry out -- CCU2C's CIN / COUT, a slice's FCI / FCO)
                ports = (str(seg.get("from", {}).get("port", "")), str(seg.get("to", {}).get("port", "")))
                if ports[0] in ("CIN", "FCI") or ports[1] in ("COUT", "FCO"):
                    carry += 1
    return total, logic, route, cells, carry, pick.get("from", "?"), pick.get("to", "?"), path_names(names)


def selftest():
    """A report made up here: clk-to-q 0.5, a LUT 0.4, a carry step 0.1,
    routing 1.0 + 2.0 on nets q and u.mid (a Yosys public name), setup 0.2
    into a LUT RAM -> 4.2 ns, logic 1.2, routing 3.0, 2 cells, 1 a carry
    step, path q -> u.mid -> u.ram (LUT RAM) (the start's generated cell
    name left out)."""
    rep = {"critical_paths": [
        {"from": "posedge other", "to": "posedge other", "path": [{"type": "logic", "delay": 9.0}]},
        {"from": "posedge clk", "to": "posedge clk", "path": [
            {"type": "clk-to-q", "delay": 0.5, "from": {"cell": "$auto$ff.cc:266:slice$5"}},
            {"type": "routing", "delay": 1.0, "net": "q[3]"},
            {"type": "logic", "delay": 0.4, "from": {"port": "A"}, "to": {"port": "F"}},
            {"type": "routing", "delay": 2.0, "net": "\\u.mid_TRELLIS_FF_Q_DI"},
            {"type": "logic", "delay": 0.1, "from": {"port": "FCI"}, "to": {"port": "FCO"}},
            {"type": "setup", "delay": 0.2, "to": {"cell": "u.ram.1$DPRAM_COMB0"}}]}]}
    r = summarise(rep, "clk")
    ok = r is not None and abs(r[0] - 4.2) < 1e-9 and abs(r[1] - 1.2) < 1e-9 and \
        abs(r[2] - 3.0) < 1e-9 and r[3:5] == (2, 1) and r[7] == ["q", "u.mid", "u.ram (LUT RAM)"] and \
        summarise({"critical_paths": []}, None) is None
    print("fpga_timing: selftest " + ("ok" if ok else f"FAILED: {r}"))
    return 0 if ok else 1


def main(argv):
    if argv[1:] == ["--selftest"]:
        return selftest()
    if len(argv) < 2:
        sys.stderr.write("usage: fpga_timing.py REPORT.json [CLOCK-NET]\n")
        return 2
    try:
        with open(argv[1]) as f:
            rep = json.load(f)
    except (OSError, ValueError) as e:
        sys.stderr.write(f"fpga_timing: {argv[1]}: {e}\n")
        return 1
    want = argv[2] if len(argv) > 2 else None
    r = summarise(rep, want)
    if r is None:
        print("path_ns: none")
        return 0
    total, logic, route, cells, carry, fr, to, names = r
    print(f"path_ns: {total:.1f} (logic {logic:.1f}, routing {route:.1f}; "
          f"{cells} cells, {carry} in carry chains; {fr} -> {to})")
    if len(names) > 10:
        names = names[:5] + ["..."] + names[-4:]
    print("path: " + (" -> ".join(short(n) for n in names) if names else "(generated names only)"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
