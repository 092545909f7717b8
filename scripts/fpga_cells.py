#!/usr/bin/env python3
"""fpga_cells.py -- where an iCE40 netlist's logic cells go (scripts/fpga.sh
ice40 appends this to build/reports/fpga_ice40.txt; docs/fpga/boards.md).

Reads the Yosys JSON netlist synth_ice40 wrote (flattened) and attributes
its SB_LUT4, SB_CARRY and SB_DFF* cells to the module instance and the
register they belong to, by the names Yosys kept for their output nets.

An iCE40 logic cell holds one LUT4, its carry and one flip-flop whose D input
is that LUT's output (and the LUT drives nothing else).  A flip-flop loaded
from anything else (another flip-flop, a block RAM, a LUT with other loads)
takes a logic cell of its own: those are the "lone" flip-flops, counted per
register, the cells a move into block RAM would save.

Usage: python3 scripts/fpga_cells.py NETLIST.json TOP [N]
    N  the registers listed with the most lone flip-flops (default 12)
"""
import collections
import json
import re
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    top = sys.argv[2]
    nshow = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    with open(sys.argv[1]) as f:
        mod = json.load(f)['modules'][top]
    cells = mod['cells']

    # a net bit's name: the shortest public name that carries it
    name = {}
    for n, v in mod['netnames'].items():
        for b in v['bits']:
            if not isinstance(b, int):
                continue
            if b not in name or (name[b].startswith('$') and not n.startswith('$')) \
                    or (n.startswith('$') == name[b].startswith('$') and len(n) < len(name[b])):
                name[b] = n
    driver, loads = {}, collections.Counter()
    for cn, c in cells.items():
        for p, bits in c['connections'].items():
            out = c['port_directions'][p] == 'output'
            for b in bits:
                if isinstance(b, int):
                    if out:
                        driver[b] = c['type']
                    else:
                        loads[b] += 1

    def inst(n):   # the instance path of a net name: u_*/g_* components
        parts = n.replace('$flatten\\', '').replace('\\', '').split('.')
        return '.'.join(p for p in parts[:-1] if p.startswith(('u_', 'g_'))) or top

    lut, carry, ff, lone = (collections.Counter() for _ in range(4))
    lone_reg = collections.Counter()
    for cn, c in cells.items():
        t, conn = c['type'], c['connections']
        if t == 'SB_LUT4':
            lut[inst(name.get(conn['O'][0], cn))] += 1
        elif t == 'SB_CARRY':
            carry[inst(name.get(conn['CO'][0], cn))] += 1
        elif t.startswith('SB_DFF'):
            q, d = conn['Q'][0], conn['D'][0]
            qn = name.get(q, cn)
            ff[inst(qn)] += 1
            if driver.get(d) != 'SB_LUT4' or loads[d] > 1:
                lone[inst(qn)] += 1
                lone_reg[re.sub(r'\[\d+\]$', '', qn.replace('\\', ''))] += 1

    print('cells by instance (LUT4 / CARRY / DFF / lone DFF), by output net names:')
    for i in sorted(set(lut) | set(ff) | set(carry), key=lambda k: -(lut[k] + ff[k])):
        print(f'  {lut[i]:5d} {carry[i]:5d} {ff[i]:5d} {lone[i]:5d}  {i}')
    print(f'lone flip-flops (a logic cell each): {sum(lone.values())}; '
          f'the {nshow} registers with the most:')
    for r, n in lone_reg.most_common(nshow):
        print(f'  {n:5d}  {r}')


if __name__ == '__main__':
    main()
