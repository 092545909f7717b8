#!/usr/bin/env python3
"""fpga_rtl_path.py -- which RTL signals lie between two registers of a
board, in its flattened coarse-grain netlist (docs/fpga/boards.md,
"Logic levels").

fpga_depth.py counts LUT levels in the mapped netlist, but inside ABC's
LUTs the RTL's names are gone: a path reads "<register> <- <start>" with
nothing between, and its start is whichever name the start flip-flop's Q
net carries.  Before technology mapping (the board's synthesis stopped
after `proc; flatten`) every cell is still an RTL operator with its
names: this tool finds, between a register and the registers (or memory
reads) whose names start with a prefix, the path with the most cells,
and prints it cell by cell.  Cells are not LUT levels (a 32-bit compare
is one cell), so it says which signals a deep path runs through, not how
deep it maps.

    fpga_rtl_path.py --netlist SYNTH.cmd OUT.json
        write OUT.json, the coarse netlist of the board whose synthesis
        command scripts/fpga.sh wrote (build/fpga/ecp5/synth.cmd): its
        commands up to `flatten`, then opt and write_json (about 90 s)
    fpga_rtl_path.py COARSE.json DST SRC [--top TOP]
        the path into register DST (the name its Q net carries, as
        fpga_depth.py prints it) from a register or memory read whose name
        starts with SRC (SRC "MEM:NAME": a read of memory NAME, whatever
        its output's name); TOP defaults to the module with the most cells
        (the flattened board)
    fpga_rtl_path.py --selftest

Prints "cells N into DST PORT", then one line a cell from DST's input
back to the start: <cells from the start> <cell type> <the net's name>.
"none" when no such path exists (the two are not connected within a
cycle).  A memory read without a clock ($memrd, CLK_ENABLE 0) is
combinational, its address to its data; a flip-flop or a memory write
ends a path.
"""
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True   # (no __pycache__ in the source tree)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpga_names import rtl_name  # noqa: E402

sys.setrecursionlimit(1000000)
FF = ('$dff', '$dffe', '$sdff', '$sdffe', '$sdffce', '$adff', '$adffe',
      '$dffsr', '$aldff', '$memwr', '$memwr_v2')


def clocked_read(c):
    """A memory read with a clock (a block RAM's), which starts paths."""
    if not c['type'].startswith('$memrd'):
        return False
    v = str(c.get('parameters', {}).get('CLK_ENABLE', '0'))
    return '1' in v


def net_names(m):
    """Each bit's name: an RTL name before a generated ($) one, the
    shortest of each kind."""
    names = {}
    for n, v in m['netnames'].items():
        for i, b in enumerate(v['bits']):
            if isinstance(b, int):
                pri = (n.startswith('$'), len(n))
                if b not in names or pri < names[b][0]:
                    names[b] = (pri, n if len(v['bits']) == 1 else "%s[%d]" % (n, i))
    return {b: n for b, (p, n) in names.items()}


def find_path(m, dst, src):
    names = net_names(m)
    drv = {}
    for c in m['cells'].values():
        for p, d in c.get('port_directions', {}).items():
            if d == 'output':
                for b in c['connections'][p]:
                    if isinstance(b, int):
                        drv[b] = c

    def base(b):
        return re.sub(r'\[\d+\]$', '', names.get(b, ''))

    def is_src(b):
        c = drv.get(b)
        if c is None:
            return False
        if src.startswith('MEM:'):
            return (c['type'].startswith('$memrd') and
                    src[4:] in str(c.get('parameters', {}).get('MEMID', '')))
        start = c['type'] in FF or c['type'].startswith('$memrd')
        return start and names.get(b, '').startswith(src)

    memo = {}

    def best(b):
        # the most cells from a start to bit b: (cells, previous bit), or
        # None when no start reaches it
        if b in memo:
            return memo[b]
        memo[b] = None
        c = drv.get(b)
        if c is None:
            return None
        if is_src(b):
            memo[b] = (0, None)
            return memo[b]
        if c['type'] in FF or clocked_read(c):
            return None
        r = None
        for p, d in c['port_directions'].items():
            if d != 'input':
                continue
            for ib in c['connections'][p]:
                if isinstance(ib, int):
                    x = best(ib)
                    if x is not None and (r is None or x[0] + 1 > r[0]):
                        r = (x[0] + 1, ib)
        memo[b] = r
        return r

    res = None
    for c in m['cells'].values():
        if c['type'] not in FF or c['type'].startswith('$memwr'):
            continue
        q = [b for b in c['connections'].get('Q', []) if isinstance(b, int)]
        if not q or base(q[0]) != dst:
            continue
        for p, d in c['port_directions'].items():
            if d != 'input' or p in ('CLK',):
                continue
            for b in c['connections'][p]:
                if isinstance(b, int):
                    x = best(b)
                    if x is not None and (res is None or x[0] > res[0]):
                        res = (x[0], b, p)
    if res is None:
        return None
    n, b, p = res
    lines = []
    while b is not None:
        r = memo.get(b)
        c = drv.get(b)
        lines.append((r[0] if r else 0, c['type'] if c else 'input', names.get(b, '?')))
        b = r[1] if r else None
    return n, p, lines


def pretty(name):
    """A generated name as its instance (fpga_names.rtl_name) and RTL line:
    '$flatten\\u_a.\\u_b.$and$rtl/x.v:12$7_Y' reads 'u_a.u_b: rtl/x.v:12'; a
    process's ('$procmux', '$0\\r') the instance and its register."""
    if not name.startswith('$'):
        return name
    where = rtl_name(name) or ''
    line = re.search(r'(rtl/[^$:]+\.v:\d+)', name)
    reg = re.search(r'\$0\\([A-Za-z_][A-Za-z0-9_]*)', name)
    what = (line.group(1) if line else ('%s (next value)' % reg.group(1)) if reg else
            "a process's select" if '$procmux' in name else name.split('$')[-1])
    return '%s: %s' % (where, what) if where else what


def top_module(d, want):
    if want:
        return d['modules'][want]
    # (the flattened board: the module with the most cells; the cell
    # library's models beside it are small)
    return max(d['modules'].values(), key=lambda m: len(m.get('cells', {})))


def netlist(cmd_file, out):
    """The board's synthesis command cut after `flatten`, the coarse
    netlist written as JSON."""
    cmds = [c.strip() for c in open(cmd_file).read().split(';')]
    if 'flatten' not in cmds:
        sys.exit("fpga_rtl_path: no flatten in %s" % cmd_file)
    cut = cmds[:cmds.index('flatten') + 1]
    # (the ECP5 cell library's LUT RAM models have processes, which
    # write_json refuses; none is instantiated before mapping)
    cut += ['opt_clean', 'opt_expr', 'opt_clean', 'delete =DPR16X4C =TRELLIS_DPR16X4',
            'write_json %s' % out]
    r = subprocess.run(['yosys', '-q', '-p', '; '.join(cut)])
    if r.returncode != 0:
        print("fpga_rtl_path: yosys failed (exit %d)" % r.returncode, file=sys.stderr)
    return r.returncode


def selftest():
    # a -> (and with b) -> mux(sel=c) -> q; a and c registers, b a memory read
    def cell(t, ins, outs, params=None):
        conns, dirs = {}, {}
        for p, bits in ins.items():
            conns[p] = bits
            dirs[p] = 'input'
        for p, bits in outs.items():
            conns[p] = bits
            dirs[p] = 'output'
        return {'type': t, 'connections': conns, 'port_directions': dirs,
                'parameters': params or {}}
    m = {'netnames': {'a': {'bits': [2]}, 'b': {'bits': [3]}, 'c': {'bits': [4]},
                      'ab': {'bits': [5]}, 'q_d': {'bits': [6]}, 'q': {'bits': [7]},
                      'x': {'bits': [8]}},
         'cells': {
             'ra': cell('$dff', {'D': [7], 'CLK': [9]}, {'Q': [2]}),
             'rc': cell('$dff', {'D': [2], 'CLK': [9]}, {'Q': [4]}),
             'mb': cell('$memrd', {'ADDR': [4], 'EN': ['1']}, {'DATA': [3]},
                        {'MEMID': '\\\\mem_b', 'CLK_ENABLE': '0'}),
             'g1': cell('$and', {'A': [2], 'B': [3]}, {'Y': [5]}),
             'g2': cell('$mux', {'A': [5], 'B': [2], 'S': [4]}, {'Y': [6]}),
             'rq': cell('$dff', {'D': [6], 'CLK': [9]}, {'Q': [7]}),
             'rx': cell('$dff', {'D': [8], 'CLK': [9]}, {'Q': [8]}),
         }}
    ok = True
    r = find_path(m, 'q', 'a')
    ok &= r is not None and r[0] == 2 and [t for _, t, _ in r[2]] == ['$mux', '$and', '$dff']
    # through the memory read (address c -> data b): three cells from c
    r = find_path(m, 'q', 'c')
    ok &= r is not None and r[0] == 3 and r[2][-1][2] == 'c'
    # a memory read as the start
    r = find_path(m, 'q', 'MEM:mem_b')
    ok &= r is not None and r[0] == 2 and r[2][-1][1] == '$memrd'
    # not connected
    ok &= find_path(m, 'q', 'x') is None
    print("fpga_rtl_path: selftest %s" % ("ok" if ok else "FAILED"))
    return 0 if ok else 1


def main(argv):
    if argv[1:2] == ['--selftest']:
        return selftest()
    if argv[1:2] == ['--netlist'] and len(argv) == 4:
        return netlist(argv[2], argv[3])
    args = [a for a in argv[1:] if not a.startswith('--')]
    top = None
    if '--top' in argv:
        top = argv[argv.index('--top') + 1]
        args.remove(top)
    if len(args) != 3:
        sys.exit(__doc__)
    d = json.load(open(args[0]))
    r = find_path(top_module(d, top), args[1], args[2])
    if r is None:
        print("none")
        return 0
    n, p, lines = r
    print("cells %d into %s %s" % (n, args[1], p))
    for k, t, name in lines:
        print("  %3d %-12s %s" % (k, t, pretty(name)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
