#!/usr/bin/env python3
"""fpga_sinks.py -- where an ECP5 netlist's logic sites go, by the register
or RAM each one feeds (scripts/fpga.sh ecp5 appends this to
build/reports/fpga_ecp5.txt; docs/fpga/boards.md, "Where the sites go").

Reads the Yosys JSON netlist synth_ecp5 wrote (flattened) and charges every
site the packer counts as TRELLIS_COMB to a sink:

  LUT4       1 site   to the nearest sink its output reaches, walking
                      forward through LUT4 / CCU2C / PFUMX / L6MUX21
  CCU2C      2 sites  (its two LUT4 halves) likewise
  DPR16X4    6 sites  to the RAM it is part of (its four LUT4 sites hold
                      the 64 bits; the slice carrying its write port gives
                      up two more), named by the memory's cell name

A sink is a flip-flop (named by the register its Q net belongs to), a
block RAM, a multiplier, a LUT RAM's write data or address, or a top-level
output.  "Nearest" is breadth first: a LUT that feeds several registers is
charged once, to the one the fewest cells away (the first met on a tie), so
a wide result multiplexer lands on the register it loads, and an operand
path shared by two units on the one that is closer.  The figures answer
"which datapath is big", not a partition exact to the LUT.

A register's name is the deepest public name of its Q net whose last part
is not an input port (i_*): a register driving a child's input is named
where it is declared.

Usage: python3 scripts/fpga_sinks.py NETLIST.json TOP [N]
         N  sinks and instances listed (default 25)
       python3 scripts/fpga_sinks.py --selftest
Prints the sites by instance (the sink's instance path), then by sink.
"""
import collections
import json
import os
import re
import sys

sys.dont_write_bytecode = True   # (no __pycache__ in the source tree)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpga_names import rtl_name  # noqa: E402  (the shared name forms)

# the cells a site's charge walks through; anything else (a flip-flop, a
# RAM, a multiplier: fpga_depth.py walks through the last, a site's owner
# stops at it) is a sink
COMB = {'LUT4', 'CCU2C', 'PFUMX', 'L6MUX21'}
WEIGHT = {'LUT4': 1, 'CCU2C': 2, 'TRELLIS_DPR16X4': 6}


def public_names(mod):
    """net bit -> the name it is charged by (see the module's doc)"""
    def rank(n):
        last = n.split('.')[-1]
        return (not last.startswith('i_'), n.count('.'), -len(n))
    name = {}
    for n, v in mod['netnames'].items():
        if n.startswith('$'):
            continue
        for b in v['bits']:
            if isinstance(b, int) and (b not in name or rank(n) > rank(name[b])):
                name[b] = n
    return name


def charge(mod):
    """(sites by sink, total sites): every LUT4, CCU2C and DPR16X4"""
    cells = mod['cells']
    name = public_names(mod)
    loads = collections.defaultdict(list)
    outs = {}
    for cn, c in cells.items():
        dirs = c.get('port_directions', {})
        o = []
        for p, bits in c['connections'].items():
            for b in bits:
                if not isinstance(b, int):
                    continue
                if dirs.get(p) == 'output':
                    o.append(b)
                else:
                    loads[b].append(cn)
        outs[cn] = o
    port_out = {}
    for pn, p in mod.get('ports', {}).items():
        if p['direction'] == 'output':
            for b in p['bits']:
                if isinstance(b, int):
                    port_out[b] = pn

    def ram_name(cn):
        # (a RAM's cells are its name and the slice of bits, .N.N)
        base = re.sub(r'(\.\d+)+$', '', cn)
        return rtl_name(base) or base

    def sink_name(cn):
        c = cells[cn]
        if c['type'] == 'TRELLIS_FF':
            q = [b for b in c['connections'].get('Q', []) if isinstance(b, int)]
            n = rtl_name(name.get(q[0])) if q else None
            return n or '(unnamed flip-flop)'
        return ram_name(cn)

    def nearest(cn):
        seen, front = {cn}, [cn]
        while front:
            nxt = []
            for x in front:
                for b in outs[x]:
                    if b in port_out:
                        return 'port ' + port_out[b]
                    for ld in loads[b]:
                        if ld in seen:
                            continue
                        seen.add(ld)
                        if cells[ld]['type'] in COMB:
                            nxt.append(ld)
                        else:
                            return sink_name(ld)
            front = nxt
        return '(no sink)'

    by_sink = collections.Counter()
    for cn, c in cells.items():
        w = WEIGHT.get(c['type'])
        if w is None:
            continue
        s = ram_name(cn) if c['type'] == 'TRELLIS_DPR16X4' else nearest(cn)
        by_sink[s] += w
    return by_sink, sum(by_sink.values())


def instance(sink):
    if sink.startswith(('port ', '(')):
        return sink
    return '.'.join(sink.split('.')[:-1]) or '(top)'


def report(by_sink, total, n, top):
    by_inst = collections.Counter()
    for s, w in by_sink.items():
        by_inst[instance(s)] += w
    pre = re.compile(r'^u_core\.u_top\.g_core\.u_sched\.')
    lines = [f'sites: {total} (LUT4 1, CCU2C 2, DPR16X4 6; {top}), each charged to the nearest register or RAM it feeds',
             f'the {n} instances with the most:']
    for i, w in by_inst.most_common(n):
        lines.append(f'  {w:6d} {100.0 * w / max(total, 1):5.1f}%  {pre.sub("core.", i)}')
    lines.append(f'the {n} sinks with the most:')
    for s, w in by_sink.most_common(n):
        lines.append(f'  {w:6d} {100.0 * w / max(total, 1):5.1f}%  {pre.sub("core.", s)}')
    return '\n'.join(lines)


def selftest():
    """a netlist by hand: two LUTs in a chain and a carry into register
    u_a.r, one LUT into RAM u_b.mem's DPR16X4s (two cells), one LUT to a
    top-level output, a flip-flop named where it is declared"""
    def lut(a, z):
        return {'type': 'LUT4', 'port_directions': {'A': 'input', 'Z': 'output'},
                'connections': {'A': [a], 'Z': [z]}}
    cells = {
        'l1': lut(2, 10), 'l2': lut(10, 11),
        'c1': {'type': 'CCU2C', 'port_directions': {'A0': 'input', 'S0': 'output'},
               'connections': {'A0': [2], 'S0': [12]}},
        'l3': lut(12, 13),
        'ff': {'type': 'TRELLIS_FF', 'port_directions': {'DI': 'input', 'Q': 'output'},
               'connections': {'DI': [11], 'Q': [20]}},
        'ff2': {'type': 'TRELLIS_FF', 'port_directions': {'DI': 'input', 'Q': 'output'},
                'connections': {'DI': [13], 'Q': [21]}},
        'l4': lut(2, 14),
        'u_b.mem.0.0': {'type': 'TRELLIS_DPR16X4', 'port_directions': {'DI': 'input', 'DO': 'output'},
                        'connections': {'DI': [14], 'DO': [30]}},
        'u_b.mem.0.1': {'type': 'TRELLIS_DPR16X4', 'port_directions': {'DI': 'input', 'DO': 'output'},
                        'connections': {'DI': [14], 'DO': [31]}},
        'l5': lut(2, 15),
    }
    mod = {'cells': cells,
           'ports': {'o': {'direction': 'output', 'bits': [15]}},
           'netnames': {'u_a.r': {'bits': [20]}, 'u_a.u_c.i_x': {'bits': [20]},
                        'u_a.s': {'bits': [21]}, '$x': {'bits': [10]}}}
    by_sink, total = charge(mod)
    want = {'u_a.r': 2, 'u_a.s': 3, 'u_b.mem': 13, 'port o': 1}
    if dict(by_sink) != want or total != 19:
        sys.exit(f'fpga_sinks selftest: got {dict(by_sink)} total {total}, want {want} total 19')
    r = report(by_sink, total, 2, 't')
    if '      13  68.4%  u_b.mem' not in r or 'the 2 instances' not in r:
        sys.exit('fpga_sinks selftest: report:\n' + r)
    print('fpga_sinks: selftest ok')


def main():
    if len(sys.argv) == 2 and sys.argv[1] == '--selftest':
        selftest()
        return
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    top = sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 25
    try:
        with open(sys.argv[1]) as f:
            mod = json.load(f)['modules'][top]
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f'fpga_sinks: {sys.argv[1]}: no module {top} ({e})')
    by_sink, total = charge(mod)
    print(report(by_sink, total, n, top))


if __name__ == '__main__':
    main()
