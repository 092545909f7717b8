#!/usr/bin/env python3
# rtlil_same.py -- whether two RTLIL files hold the same design up to the
# numbering of Yosys' internal names (scripts/area.sh: a module's tree
# extracted again from a new elaboration of the board).
#
# Yosys numbers its internal names ($procmux$1234, $ternary$f.v:12$567,
# $auto$...$89) with a counter that runs over the whole elaboration, so an
# edit to one module renumbers the names of every module elaborated after
# it although their logic is the same.  This compares the two files with
# each such number replaced by its order of first appearance in its file:
# equal means equal text up to a renaming of those names, which maps to
# the same netlist.
#
# Usage: rtlil_same.py A.il B.il   (exit 0: the same; 1: not; 2: an error)
# Self-test: rtlil_same.py --selftest
import re
import sys

# a '$' and digits that end a name or come before its '_' suffix
# ($and$f.v:3$12_Y): not a parameter hash ($paramod$3f97dd...), whose
# digits run on into letters; and the file's next free number, autoidx
NUM = re.compile(r'\$([0-9]+)(?![0-9A-Za-z])')
AUTOIDX = re.compile(r'^autoidx [0-9]+$', re.M)


def normal(text):
    seen = {}

    def ren(m):
        return '$#%d' % seen.setdefault(m.group(1), len(seen))
    return NUM.sub(ren, AUTOIDX.sub('autoidx', text))


def same(a, b):
    return normal(a) == normal(b)


def selftest():
    a = 'autoidx 90\ncell $mux $ternary$x.v:3$12\n  connect \\Y $procmux$40_Y\nend\nwire $12\n'
    b = 'autoidx 77\ncell $mux $ternary$x.v:3$7\n  connect \\Y $procmux$41_Y\nend\nwire $7\n'
    c = 'autoidx 77\ncell $mux $ternary$x.v:3$7\n  connect \\Y $procmux$7_Y\nend\nwire $7\n'
    assert same(a, b)
    assert not same(a, c)              # two names become one: not a renaming
    assert not same(a, a.replace('x.v:3', 'x.v:4'))
    assert normal('$paramod$3f97dd\\m') == '$paramod$3f97dd\\m'
    print('rtlil_same: selftest ok')


def main(argv):
    if argv[1:] == ['--selftest']:
        selftest()
        return 0
    if len(argv) != 3:
        print('usage: rtlil_same.py A.il B.il | --selftest', file=sys.stderr)
        return 2
    try:
        with open(argv[1]) as fa, open(argv[2]) as fb:
            return 0 if same(fa.read(), fb.read()) else 1
    except OSError as e:
        print('rtlil_same: %s' % e, file=sys.stderr)
        return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
