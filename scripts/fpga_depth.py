#!/usr/bin/env python3
"""fpga_depth.py -- logic levels of every register of a mapped netlist
(the timing budget before place and route; docs/fpga/boards.md, "Logic
levels").

fpga_path.py names the one longest path; closing timing needs all of the
paths over a budget, register by register.  This tool reads the Yosys
JSON netlist of a board (or of one module, scripts/area.sh) after
technology mapping and computes, for every net bit, the most logic levels
between it and a path's start:

  - a path starts at a sequential cell's output (a flip-flop's Q, a block
    RAM's or a LUT RAM's read data after the clock), at a module input or
    at a constant;
  - a LUT, a wide-function multiplexer (PFUMX, L6MUX21) or a multiplier
    is one level; a carry cell (CCU2C) is one level from its LUT inputs
    and none from its carry in (the carry chain's dedicated route is a
    fraction of a LUT and a general wire: a 32-bit adder is one level and
    its ripple, not sixteen);
  - a path ends at a sequential cell's input (a flip-flop's D, enable or
    reset, a RAM's address, data or enable) or at a module output.  A LUT
    RAM's read address (TRELLIS_DPR16X4 RAD) is combinational to its read
    data and counts one level, like a LUT;
  - any other cell -- a module left as a black box (scripts/area.sh
    synthesises a module with its children so), a PLL, an I/O buffer --
    is a boundary: its inputs end paths and its outputs start them, as a
    register's would (its insides are not in the netlist, and a level a
    cell through a chain of black boxes would add up nonsense).

Prints the budget's view of the netlist:

    levels_max: N
    levels_hist: <levels>:<endpoint bits> ...        (groups of 4 levels)
    over_budget: <endpoint bits over BUDGET> of <endpoint bits>
    boundaries: <cells> (<type> <count>, ...)         (when there are any)
    then one line a register (the RTL name the endpoint's cell drives),
    the worst first, down to the budget or the count asked for:
    <levels> <register> <- <start> (<waypoint> -> ...) [<n> bits over]
    (the count: the register's bits over the budget, where it has some)

    fpga_depth.py NETLIST.json TOP [--budget N] [--top K] [--trace REG | --cone REG]
                  [--models FILE] [--model OUT.json] [--board-top]

--trace REG prints the worst path into one register instead, a line a
named net with the levels there; with --cells, a line a cell along it
(its type, the net it drives and the names of its other inputs).
--cone REG prints every start of the register's logic instead (a
register, a RAM read, an input, a modelled child), the deepest first
(--top K of them): the most levels from it into the register and how
many of its bits are that deep -- the starts a cut has to take a level
off, where --trace names one path.

The hierarchical figure (scripts/area.sh, each module synthesised with
its children as black boxes).  --model OUT.json writes the module's
timing model, as a parent sees it through its ports (a hierarchical
timing abstraction, model_of): per output bit the levels from the
module's registers and RAM reads and from each input bit that reaches
it combinationally, per input bit the levels to the
registers and RAM ports it reaches inside, and that register's name.
--models FILE (lines "CELLTYPE MODEL.json": the children's models) then
prints the same report again, its summary lines prefixed with_children_,
with each modelled child not a boundary but its model: its outputs
start at their arrival from inside it or follow its inputs by the
model's levels, and its inputs end the paths that go on to its
registers, named u_child.REG, the child's levels added (an input that
reaches no register is no endpoint).  In that figure the module's
outputs are not endpoints (its parent counts the paths through them)
unless --board-top; with_children_unmodelled: names the black boxes
without a model (they still end and start paths).  The model written
is that of the figure with the children: a module's model holds its
children's paths too, so the models are built from the leaves up.

Levels are not nanoseconds; at an ECP5 -6 speed grade a level with its
routing costs about 1.0 to 1.5 ns at moderate density, so a 75 MHz clock
(13.3 ns) leaves about 8 to 10 levels.
"""
import json
import os
import sys
from collections import defaultdict

sys.dont_write_bytecode = True   # (no __pycache__ in the source tree)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpga_names import rtl_name  # noqa: E402  (the shared name forms)

# cell type -> (sequential inputs are endpoints only, combinational arcs)
# Combinational cells: every input to every output, unless listed.
SEQ = {"TRELLIS_FF", "DP16KD", "PDPW16KD", "TRELLIS_FF_C",
       "SB_DFF", "SB_RAM40_4K", "SB_SPRAM256KA"}
ZERO_IN = {("CCU2C", "CIN"), ("SB_CARRY", "CI")}   # carry in: no level
# the combinational cells a mapped netlist holds (Yosys' gate cells, "$_AND_"
# and the like, ABC9's LUTs and flowmap's "$lut" besides); any other cell is
# a boundary
COMB = {"LUT4", "LUT2", "INV", "CCU2C", "PFUMX", "L6MUX21", "MULT18X18D", "ALU54B",
        "SB_LUT4", "SB_CARRY", "SB_MAC16", "$lut"}
DPR_RD_IN = {"RAD0", "RAD1", "RAD2", "RAD3"}
DPR_OUT = {"DO0", "DO1", "DO2", "DO3"}


def is_comb(t):
    return t in COMB or t.startswith("$__ABC9_LUT") or (t.startswith("$_") and not is_seq(t))


def is_seq(t):
    return t in SEQ or t.startswith("SB_DFF") or t.startswith("$_DFF") or t.startswith("$_SDFF") \
        or t.startswith("$_DLATCH")


def selftest():
    """A netlist made up here, its levels known: q1 -> 3 LUTs -> q2 (3),
    q1 -> a LUT into a 4-cell carry chain -> a LUT -> q3 (3: the chain is
    one level, its steps free; 6 with --carry 1, each cell a level), q1 ->
    a LUT RAM's read address -> its data -> q4 (1), q1 -> a LUT -> a black
    box -> a LUT -> q5 (1: the box ends one path and starts the next; the
    LUT into it ends at 1 too), a second box fed by the first's output
    (no level through either), and q1 -> 2 of flowmap's $lut cells -> q6
    (2)."""
    def lut(i, o):
        return {"type": "LUT4", "port_directions": {"A": "input", "Z": "output"},
                "connections": {"A": [i], "Z": [o]}}

    def ff(d, q):
        return {"type": "TRELLIS_FF", "port_directions": {"DI": "input", "Q": "output"},
                "connections": {"DI": [d], "Q": [q]}}

    def flut(i, o):
        return {"type": "$lut", "port_directions": {"A": "input", "Y": "output"},
                "connections": {"A": [i], "Y": [o]}}

    def ccu(a, ci, s, co):
        return {"type": "CCU2C",
                "port_directions": {"A0": "input", "CIN": "input", "S0": "output", "COUT": "output"},
                "connections": {"A0": [a], "CIN": [ci], "S0": [s], "COUT": [co]}}
    cells = {"f1": ff(2, 10), "l1": lut(10, 11), "l2": lut(11, 12), "l3": lut(12, 13), "f2": ff(13, 14),
             "l4": lut(10, 20), "c1": ccu(20, "0", 30, 21), "c2": ccu(20, 21, 31, 22),
             "c3": ccu(20, 22, 32, 23), "c4": ccu(20, 23, 33, 24), "l5": lut(24, 25), "f3": ff(25, 26),
             "r1": {"type": "TRELLIS_DPR16X4",
                    "port_directions": {"RAD0": "input", "DI0": "input", "DO0": "output"},
                    "connections": {"RAD0": [10], "DI0": [2], "DO0": [40]}},
             "f4": ff(40, 41),
             "l6": lut(10, 50), "b1": {"type": "$paramod$0f\\wq_sub",
                                       "port_directions": {"I": "input", "O": "output"},
                                       "connections": {"I": [50], "O": [51]}},
             "b2": {"type": "$paramod$0f\\wq_sub", "port_directions": {"I": "input", "O": "output"},
                    "connections": {"I": [51], "O": [52]}},
             "l7": lut(52, 53), "f5": ff(53, 54),
             "m1": flut(10, 60), "m2": flut(60, 61), "f6": ff(61, 62)}
    names = {"q1": {"bits": [10], "hide_name": 0}, "q2": {"bits": [14], "hide_name": 0},
             "q3": {"bits": [26], "hide_name": 0}, "q4": {"bits": [41], "hide_name": 0},
             "mid": {"bits": [12], "hide_name": 0}, "q5": {"bits": [54], "hide_name": 0},
             "bi": {"bits": [50], "hide_name": 0}, "q6": {"bits": [62], "hide_name": 0}}
    nl = {"modules": {"t": {"ports": {"d": {"direction": "input", "bits": [2]}},
                            "cells": cells, "netnames": names}}}
    got = {}
    for carry in (0.0, 1.0):
        a = analyse(nl["modules"]["t"], 2, carry)
        got[carry] = {en: d for en, (d, _) in a["worst"].items()}
    want0 = {"q2": 3, "q3": 3, "q4": 1, "q1": 0, "q5": 1, "bi": 1, "q6": 2}
    want1 = {"q2": 3, "q3": 6, "q4": 1, "q1": 0, "q5": 1, "bi": 1, "q6": 2}
    # (over the budget of 2: q2's bit and q3's, one each)
    ok = all(got[0.0].get(k) == v for k, v in want0.items()) and \
        all(got[1.0].get(k) == v for k, v in want1.items()) and a["bound"] == {"wq_sub": 2} and \
        dict(a["over_by"]) == {"q2": 1, "q3": 1}
    if not ok:
        print(f"fpga_depth: selftest FAILED: {got}")
        return 1
    # --cells: q3's worst path cell by cell -- q1, the LUT, the chain's
    # last cell (its carry in the chain's, a side input), the LUT
    a = analyse(nl["modules"]["t"], 2, 0.0)
    cs = [(lv, n, t) for lv, _, n, t, _ in a["cells"](a["worst"]["q3"][1])]
    if cs != [(0, "q1", "start"), (1, None, "LUT4"), (2, None, "CCU2C"), (3, None, "LUT4")]:
        print(f"fpga_depth: selftest FAILED: --cells of q3: {cs}")
        return 1
    # two modules: a child wq_kid with a combinational path I -> 2 LUTs
    # -> O, a register r -> a LUT -> O2 and J -> 3 LUTs -> a register s;
    # its parent: q1 -> a LUT -> the child's I, its O -> a LUT -> q2 (4
    # levels with the child's path, 1 without), q1 -> 2 LUTs -> J (5 into
    # the child's s: 2 + 3) and I's second bit, which reaches nothing (O
    # is 4, not 5: the model is by bit), O2 -> a LUT -> q3 (2: 1 inside + 1)
    kid = {"ports": {"I": {"direction": "input", "bits": [2, 7]}, "J": {"direction": "input", "bits": [3]},
                     "O": {"direction": "output", "bits": [12]}, "O2": {"direction": "output", "bits": [21]}},
           "cells": {"k1": lut(2, 10), "k2": lut(10, 12), "kr": ff(3, 20), "k3": lut(20, 21),
                     "k4": lut(3, 30), "k5": lut(30, 31), "k6": lut(31, 32), "ks": ff(32, 33)},
           "netnames": {"r": {"bits": [20], "hide_name": 0}, "s": {"bits": [33], "hide_name": 0}}}
    km = analyse(kid, 2, 0.0, {}, outputs_end=False, want_model=True)["model"]
    want_km = {"outputs": {"O": [[None, {"I": [[0, 2]]}]], "O2": [[1, {}]]},
               "inputs": {"I": [None, None], "J": [[3, "s"]]}}
    kt = "$paramod$0f\\wq_kid"
    box = {"type": kt, "port_directions": {"I": "input", "J": "input", "O": "output", "O2": "output"},
           "connections": {"I": [62, 67], "J": [67], "O": [63], "O2": [68]}}
    par = {"ports": {"d": {"direction": "input", "bits": [60]}},
           "cells": {"p1": ff(60, 61), "p2": lut(61, 62), "u_kid": box, "p3": lut(63, 64), "p4": ff(64, 65),
                     "p5": lut(61, 66), "p6": lut(66, 67), "p7": lut(68, 69), "p8": ff(69, 70)},
           "netnames": {"q1": {"bits": [61], "hide_name": 0}, "q2": {"bits": [65], "hide_name": 0},
                        "q3": {"bits": [70], "hide_name": 0}, "ki": {"bits": [62], "hide_name": 0},
                        "kj": {"bits": [67], "hide_name": 0}}}
    own = {en: d for en, (d, _) in analyse(par, 2, 0.0)["worst"].items()}
    hier = {en: d for en, (d, _) in analyse(par, 2, 0.0, {kt: km}, outputs_end=False)["worst"].items()}
    want_own = {"q2": 1, "q3": 1, "ki": 1, "kj": 2}
    want_hier = {"q2": 4, "q3": 2, "u_kid.s": 5}
    # --cone: q3's logic starts at q1 alone (3 levels: the chain's
    # constant carry in is no start); the child's s is reached from q1 in
    # 5 (through J) and, of the parent's, only from q1
    cq3 = analyse(nl["modules"]["t"], 2, 0.0)["cone"]("q3")
    cs = analyse(par, 2, 0.0, {kt: km}, outputs_end=False)["cone"]("u_kid.s")
    ok = km == want_km and all(own.get(k) == v for k, v in want_own.items()) and \
        hier == {**want_hier, "q1": 0} and cq3 == {"q1": (3, 1)} and cs == {"q1": (5, 1)}
    print("fpga_depth: selftest " + ("ok" if ok else f"FAILED: model {km}, alone {own}, with the child {hier}, "
                                     f"cones {cq3} {cs}"))
    return 0 if ok else 1


def short_type(t):
    """A black box's module name: $paramod$HASH\\MOD or $paramod\\MOD\\P=V -> MOD."""
    if t.startswith("$paramod") and "\\" in t:
        return t.split("\\")[1]
    return t


def analyse(mod, budget, carry, models=None, outputs_end=True, want_model=False):
    """Levels of every endpoint bit of a module's netlist -> a dict:
    worst (register -> (levels, its worst bit)), hist, over, over_by
    (register -> its endpoint bits over the budget), total, loops,
    hot (net -> over-budget endpoint bits whose worst path runs through
    it), trail (bit -> the RTL names along its worst path).

    models (cell type -> a child's timing model, write_model's form): a
    black box with a model is not a boundary but its model's arcs: its
    output bits start at the model's arrival from inside the child and
    follow its inputs by the model's port-to-port levels, and its input
    bits end the paths that go on to the child's registers, with the
    model's levels from that input added (an input that reaches none is
    no endpoint: its paths end beyond the child's outputs).  outputs_end
    False leaves the module's outputs out of the endpoints (a parent
    counts the paths through them).  want_model adds "model": the
    module's own timing model (see model_of)."""
    # bit -> a readable name: the shortest public name of a net holding it
    bitname = {}
    for n, d in mod.get("netnames", {}).items():
        if d.get("hide_name", 0):
            continue
        nm = rtl_name(n)
        if nm is None:
            continue
        for b in d["bits"]:
            if isinstance(b, str):
                continue
            old = bitname.get(b)
            if old is None or len(nm) < len(old):
                bitname[b] = nm
    # combinational arcs: output bit -> [(input bit, levels)]; endpoints:
    # (bit, name, levels beyond it) -- sequential inputs (named by the
    # cell's output), module outputs, a modelled child's inputs (named by
    # the child's register they reach)
    drv = {}
    dtype = {}     # a bit driven by a cell of the netlist: the cell's type
    ends = []
    bound = defaultdict(int)
    unmodelled = defaultdict(int)
    models = models or {}
    for cn, c in mod.get("cells", {}).items():
        t = c["type"]
        dirs = c.get("port_directions", {})
        conn = c.get("connections", {})
        ins = [(p, b) for p, bs in conn.items() if dirs.get(p) == "input" for b in bs]
        outs = [(p, b) for p, bs in conn.items() if dirs.get(p) == "output" for b in bs]
        if is_seq(t):
            q = outs[0][1] if outs and isinstance(outs[0][1], int) else None
            for p, b in ins:
                if isinstance(b, int):
                    ends.append((b, q, 0))
            continue
        if t == "TRELLIS_DPR16X4":
            rd = [(b, 1) for p, b in ins if p in DPR_RD_IN]
            for p, b in ins:
                if p not in DPR_RD_IN and isinstance(b, int):
                    ends.append((b, None, 0))
            for p, b in outs:
                if p in DPR_OUT and isinstance(b, int):
                    drv[b] = rd
                    dtype[b] = t
            continue
        if not is_comb(t) and t in models:
            # a child with its timing model: arcs through it, endpoints
            # beyond its inputs
            m = models[t]
            st = "<" + short_type(t) + ">"
            for p, bs in conn.items():
                if dirs.get(p) == "output":
                    for k, b in enumerate(bs):
                        row = (m["outputs"].get(p) or [])
                        if not isinstance(b, int) or k >= len(row) or row[k] is None:
                            continue
                        inside, frm = row[k]
                        arcs = [(st, inside)] if inside is not None else []
                        for q, kl in frm.items():
                            qb = conn.get(q, [])
                            arcs += [(qb[j], lv) for j, lv in kl if j < len(qb)]
                        drv[b] = arcs
                        dtype[b] = st
                elif dirs.get(p) == "input":
                    row = m["inputs"].get(p) or []
                    for k, b in enumerate(bs):
                        if isinstance(b, int) and k < len(row) and row[k] is not None:
                            ends.append((b, f"{cn_name(cn)}.{row[k][1]}", row[k][0]))
            continue
        if not is_comb(t):
            # a boundary: its outputs start paths (no arcs), its inputs end them
            bound[short_type(t)] += 1
            if t.startswith("$paramod") or t.startswith("wq_"):
                unmodelled[short_type(t)] += 1
            for p, b in ins:
                if isinstance(b, int):
                    ends.append((b, None, 0))
            continue
        arcs = [(b, carry if (t, p) in ZERO_IN else 1) for p, b in ins]
        for p, b in outs:
            if isinstance(b, int):
                drv[b] = arcs
                dtype[b] = t
    inbits, inports, outbits = {}, [], []
    for pn, p in mod.get("ports", {}).items():
        if p["direction"] in ("output", "inout"):
            for k, b in enumerate(p["bits"]):
                outbits.append((pn, k, b))
                if isinstance(b, int) and outputs_end:
                    ends.append((b, "output " + pn, 0))
        if p["direction"] in ("input", "inout"):
            inports.append((pn, p["bits"]))
            for k, b in enumerate(p["bits"]):
                if isinstance(b, int):
                    inbits[b] = (pn, k)

    # depth of every driven bit (an iterative depth-first walk; an arc
    # that closes a combinational loop is cut and counted); order: the
    # bits as they are done, each after the bits it reads
    depth, pred = {}, {}
    order = []
    loops = 0
    for start in drv:
        if start in depth:
            continue
        stack = [(start, 0)]
        onstack = {start}
        while stack:
            b, i = stack[-1]
            arcs = drv[b]
            if i < len(arcs):
                stack[-1] = (b, i + 1)
                a = arcs[i][0]
                if isinstance(a, int) and a in drv and a not in depth:
                    if a in onstack:
                        loops += 1
                    else:
                        onstack.add(a)
                        stack.append((a, 0))
                continue
            best, bp = 0, None
            for a, lv in arcs:
                d = (depth.get(a, 0) if isinstance(a, int) else 0) + lv
                if d > best or bp is None:
                    best, bp = d, a
            depth[b], pred[b] = best, bp
            order.append(b)
            onstack.discard(b)
            stack.pop()

    def bits(b):
        """(levels, bit) of every bit on b's worst path, start first (a
        path from inside a modelled child starts at its "<child>" name)."""
        out, seen = [], set()
        while isinstance(b, int) and b not in seen:
            seen.add(b)
            out.append((depth.get(b, 0), b))
            b = pred.get(b)
        if isinstance(b, str) and b.startswith("<"):
            out.append((0, b))
        return out[::-1]

    def chain(b):
        """(levels, name or None) of every bit on b's worst path, start first."""
        return [(lv, bitname.get(x) if isinstance(x, int) else x) for lv, x in bits(b)]

    def cells(b):
        """(levels, bit, its name, its driver's type, the names of the
        driver's other inputs) along b's worst path, start first."""
        out = []
        for lv, x in bits(b):
            arcs = drv.get(x, []) if isinstance(x, int) else []
            side = sorted({bitname.get(a) or "?" for a, _ in arcs
                           if isinstance(a, int) and a != pred.get(x)})
            out.append((lv, x, bitname.get(x) if isinstance(x, int) else x,
                        dtype.get(x, "start"), side))
        return out


    def trail(b):
        """The RTL names along b's worst path, start first, repeats merged."""
        names = []
        for _, n in chain(b):
            if n and (not names or names[-1] != n):
                names.append(n)
        return names

    # each endpoint bit's register name: a modelled child's u_child.REG,
    # the name of the net a sequential cell drives, else its own net's
    ends = [(b, e if isinstance(e, str) else
             (bitname.get(e) if isinstance(e, int) else None) or bitname.get(b) or "?", extra)
            for b, e, extra in ends]
    worst, hist, hot, over_by = {}, defaultdict(int), defaultdict(int), defaultdict(int)
    total = over = 0
    for b, en, extra in ends:
        d = depth.get(b, 0) + extra
        total += 1
        hist[int(d) // 4 * 4] += 1
        if d > budget:
            over += 1
            over_by[en] += 1
            # (a net the worst paths of many bits share -- a stall, a
            # pipeline's enable -- is where one cut shortens them all)
            for n in set(trail(b)[1:-1]):
                hot[n] += 1
        if en not in worst or d > worst[en][0]:
            worst[en] = (d, b)
    def cone(en):
        """The starts of every path into endpoint en (all its bits): start
        name -> (the most levels from it to en, its bits there).  Levels
        run back from each endpoint bit along every arc (order has each
        driven bit after the bits it reads), not only the worst path's:
        what a cut has to take off, start by start."""
        req = {}
        for b, n, extra in ends:
            if n == en and req.get(b, -1) < extra:
                req[b] = extra
        for b in reversed(order):
            if b in req:
                for a, lv in drv[b]:
                    if req.get(a, -1) < req[b] + lv:
                        req[a] = req[b] + lv
        out = {}
        for a, lv in req.items():
            # (a driven bit is not a start; nor is a constant -- "0", "1",
            # "x" -- only a modelled child's "<child>")
            if isinstance(a, int) and a in drv or isinstance(a, str) and not a.startswith("<"):
                continue
            n = a if isinstance(a, str) else bitname.get(a) or "?"
            d, k = out.get(n, (-1, 0))
            out[n] = (lv, 1) if lv > d else (d, k + (lv == d))
        return out

    r = {"worst": worst, "hist": hist, "over": over, "over_by": over_by, "total": total,
         "loops": loops, "hot": hot, "trail": trail, "chain": chain, "cells": cells, "bound": bound,
         "unmodelled": unmodelled, "cone": cone}
    if want_model:
        r["model"] = model_of(drv, order, ends, inbits, inports, outbits)
    return r


def cn_name(cn):
    """A cell's instance name as the RTL spells it."""
    return rtl_name(cn) or cn.lstrip("\\")


def model_of(drv, order, ends, inbits, inports, outbits):
    """The module's timing model, as a parent sees it through its ports
    (a hierarchical timing abstraction):
      outputs: port -> per bit [inside, {input port: [[bit, levels], ...]}]
        -- the most levels to the bit from the module's registers and RAM
        reads (and its children's, through their models; None when no
        such path reaches it), and from each input bit that reaches it
        combinationally;
      inputs: port -> per bit [levels, endpoint] -- the most levels from
        the bit to a register or RAM port inside (the children's through
        their models), and that register's name; None when it reaches
        none (only outputs, or nothing)."""
    ins, frm = {}, {}
    empty = {}

    def merge(dst, src, lv):
        for q, v in src.items():
            if dst.get(q, -1) < v + lv:
                dst[q] = v + lv
    for b in order:
        i, f = None, {}
        for a, lv in drv[b]:
            if isinstance(a, int):
                if a in drv:
                    if a not in ins:
                        continue          # a cut loop's arc
                    ia, fa = ins[a], frm[a]
                elif a in inbits:
                    ia, fa = None, {a: 0}
                else:
                    ia, fa = 0, empty     # an unmodelled boundary's output
            elif a.startswith("<"):
                ia, fa = 0, empty         # from inside a child
            else:
                continue                  # a constant: no path starts there
            if ia is not None and (i is None or ia + lv > i):
                i = ia + lv
            merge(f, fa, lv)
        ins[b], frm[b] = i, (f or empty)
    def by_port(f):
        """{input bit: levels} -> {port: [[bit index, levels], ...]}"""
        r = defaultdict(list)
        for a, v in f.items():
            pn, k = inbits[a]
            r[pn].append([k, v])
        return {pn: sorted(kl) for pn, kl in r.items()}
    outputs = defaultdict(list)
    for pn, k, b in outbits:
        if isinstance(b, int) and b in drv:
            row = [ins[b], by_port(frm[b])] if b in ins else None
        elif isinstance(b, int) and b in inbits:
            row = [None, by_port({b: 0})]
        elif isinstance(b, int):
            row = [0, {}]
        else:
            row = None
        outputs[pn].append(row)
    # levels from each bit to the endpoints inside (not the outputs)
    fo = defaultdict(list)
    for b, arcs in drv.items():
        for a, lv in arcs:
            if isinstance(a, int):
                fo[a].append((b, lv))
    req = {}
    for b, nm, extra in ends:
        if nm.startswith("output "):
            continue
        if b not in req or extra > req[b][0]:
            req[b] = (extra, nm)

    def settle(b):
        r = req.get(b)
        for f, lv in fo.get(b, ()):
            rf = req.get(f)
            if rf is not None and (r is None or rf[0] + lv > r[0]):
                r = (rf[0] + lv, rf[1])
        if r is not None:
            req[b] = r
    for b in reversed(order):
        settle(b)
    inputs = {}
    for pn, bits in inports:
        row = []
        for b in bits:
            if isinstance(b, int):
                settle(b)
            r = req.get(b) if isinstance(b, int) else None
            row.append(list(r) if r is not None else None)
        inputs[pn] = row
    return {"outputs": dict(outputs), "inputs": inputs}


def find_register(a, reg):
    """The one endpoint register named reg (its full dotted name, or a
    name it ends with), or None with the reason on stderr."""
    hits = [en for en in a["worst"] if en == reg] or \
        [en for en in a["worst"] if en.endswith("." + reg)]
    if not hits:
        sys.stderr.write(f"fpga_depth: no register named {reg}\n")
        return None
    if len(hits) > 1:
        sys.stderr.write(f"fpga_depth: {reg} names {len(hits)} registers: "
                         + ", ".join(sorted(hits)[:8]) + "\n")
        return None
    return hits[0]


def print_trace(a, reg, verbose=False):
    """The worst path into the register named reg (its full dotted name,
    or a name it ends with): one line a named net along it, with the
    levels at that net, so a cut can be placed by level.  verbose: one
    line a cell along it instead -- its type, the net it drives (its
    name or ?) and the names of the cell's other inputs, which place the
    unnamed LUTs the mapper made."""
    en = find_register(a, reg)
    if en is None:
        return 1
    d, b = a["worst"][en]
    print(f"trace: {en} {d:.4g} levels")
    if verbose:
        for lv, _, n, t, side in a["cells"](b):
            more = f" [{', '.join(side[:8])}{', ...' if len(side) > 8 else ''}]" if side else ""
            print(f"{lv:6.4g} {short_type(t) if t != 'start' else t:10} {n or '?'}{more}")
        return 0
    last = None
    for lv, n in a["chain"](b):
        if n and n != last:
            print(f"{lv:6.4g} {n}")
            last = n
    return 0


def print_cone(a, reg, topk):
    """The starts of the logic into the register named reg (as
    print_trace finds it), the deepest first: one line a start (a
    register, a RAM read, an input, a modelled child), the most levels
    from it into reg and how many of its bits are that deep."""
    en = find_register(a, reg)
    if en is None:
        return 1
    c = a["cone"](en)
    print(f"cone: {en} {a['worst'][en][0]:.4g} levels, {len(c)} starts")
    for n, (lv, k) in sorted(c.items(), key=lambda x: (-x[1][0], x[0]))[:topk]:
        print(f"{lv:6.4g} {n}{f' [{k} bits]' if k > 1 else ''}")
    return 0


def load_models(path):
    """A models file: lines "CELLTYPE MODEL.json" (the children's timing
    models, written by --model) -> {cell type: model}."""
    models = {}
    with open(path) as f:
        for ln in f:
            w = ln.split()
            if len(w) == 2:
                with open(w[1]) as g:
                    models[w[0]] = json.load(g)
    return models


def print_report(a, budget, topk, pre=""):
    """The budget's view of one analysis: the summary lines (each name
    prefixed by pre) and the worst registers."""
    worst = a["worst"]
    if not worst:
        # (a module of combinational logic alone, its outputs its parent's)
        print(f"{pre}levels_max: 0")
        print(f"{pre}over_budget: 0 of 0 endpoint bits over {budget:.4g} levels")
        return
    hist = a["hist"]
    print(f"{pre}levels_max: {max(v[0] for v in worst.values()):.4g}")
    print(f"{pre}levels_hist: " + " ".join(f"{k}-{k + 3}:{hist[k]}" for k in sorted(hist)))
    print(f"{pre}over_budget: {a['over']} of {a['total']} endpoint bits over {budget:.4g} levels")
    if a["bound"]:
        bv = sorted(a["bound"].items(), key=lambda kv: (-kv[1], kv[0]))
        print(f"{pre}boundaries: {sum(a['bound'].values())} (" + ", ".join(f"{t} {c}" for t, c in bv) + ")")
    if a["loops"]:
        print(f"{pre}combinational_loops: {a['loops']} arcs cut")
    if a["hot"]:
        hv = sorted(a["hot"].items(), key=lambda kv: -kv[1])[:12]
        print(f"{pre}through: " + ", ".join(f"{n} {c}" for n, c in hv))
    rows = sorted(worst.items(), key=lambda kv: -kv[1][0])
    for k, (en, (d, b)) in enumerate(rows):
        if k >= topk or (d <= budget and k >= 10):
            break
        tr = a["trail"](b)
        st = tr[0] if tr else "?"
        mid = tr[1:-1] if len(tr) > 2 else []
        if len(mid) > 6:
            mid = mid[:3] + ["..."] + mid[-3:]
        nb = a["over_by"].get(en, 0)
        print(f"{d:6.4g} {en} <- {st}" + (f" ({' -> '.join(mid)})" if mid else "") +
              (f" [{nb} bits over]" if nb else ""))


def main(argv):
    args = argv[1:]
    if args == ["--selftest"]:
        return selftest()
    budget, topk, carry = 10, 40, 0.0
    board_top = "--board-top" in args
    if board_top:
        args.remove("--board-top")
    verbose = "--cells" in args
    if verbose:
        args.remove("--cells")
    vals = {}
    for opt, what in (("--models", "a file"), ("--model", "a file"),
                      ("--trace", "a register name"), ("--cone", "a register name")):
        if opt in args:
            i = args.index(opt)
            if i + 1 >= len(args):
                sys.stderr.write(f"fpga_depth: {opt} needs {what}\n")
                return 2
            vals[opt] = args[i + 1]
            del args[i:i + 2]
    models_path, model_out = vals.get("--models"), vals.get("--model")
    trace, cone = vals.get("--trace"), vals.get("--cone")
    for opt in ("--budget", "--top", "--carry"):
        if opt in args:
            i = args.index(opt)
            try:
                v = float(args[i + 1])
            except (IndexError, ValueError):
                sys.stderr.write(f"fpga_depth: {opt} needs a number\n")
                return 2
            if opt == "--budget":
                budget = v
            elif opt == "--top":
                topk = int(v)
            else:
                carry = v
            del args[i:i + 2]
    if len(args) != 2:
        sys.stderr.write("usage: fpga_depth.py NETLIST.json TOP [--budget N] [--top K] [--carry W]"
                         " [--trace REG [--cells] | --cone REG]\n"
                         "       fpga_depth.py --selftest\n")
        return 2
    path, top = args
    try:
        with open(path) as f:
            nl = json.load(f)
    except (OSError, ValueError) as e:
        sys.stderr.write(f"fpga_depth: {path}: {e}\n")
        return 1
    mod = nl.get("modules", {}).get(top)
    if mod is None:
        sys.stderr.write(f"fpga_depth: no module {top} in {path}\n")
        return 1
    models = None
    if models_path is not None:
        try:
            models = load_models(models_path)
        except (OSError, ValueError) as e:
            sys.stderr.write(f"fpga_depth: {models_path}: {e}\n")
            return 1
    if trace is not None or cone is not None:
        a = analyse(mod, budget, carry, models, outputs_end=models is None or board_top)
        return print_trace(a, trace, verbose) if trace is not None else print_cone(a, cone, topk)
    a = analyse(mod, budget, carry)
    print_report(a, budget, topk)
    if models is None and model_out is None:
        return 0
    # the figure with the children's paths (their timing models): the
    # module's inputs start at 0, its outputs are its parent's to count
    # (unless it is the board's top)
    h = analyse(mod, budget, carry, models or {}, outputs_end=board_top, want_model=True)
    if model_out is not None:
        with open(model_out, "w") as f:
            json.dump(h["model"], f, separators=(",", ":"))
    if models is not None:
        print("with_children:")
        if h["unmodelled"]:
            print("with_children_unmodelled: " + ", ".join(
                f"{t} {c}" for t, c in sorted(h["unmodelled"].items())))
        print_report(h, budget, topk, "with_children_")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
