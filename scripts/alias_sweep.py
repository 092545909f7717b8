#!/usr/bin/env python3
"""alias_sweep.py -- the alias pass against the unoptimised kernel on random
loops (docs/compiler.md "Alias metadata").

For every seed, a kernel whose row loop mixes loads and stores through three
pointer arguments at offsets x..x+3, read-modify-writes, stores whose index
depends on loaded data, running values carried from iteration to iteration
and temporaries; `wq run` launches it through the OpenCL runtime (whose
buffers are disjoint, so the pass applies) with --alias=on and --alias=off,
and every buffer must come out the same.  Each work-item owns its rows, so
the result does not depend on scheduling.

Usage: python3 scripts/alias_sweep.py --seeds A..B [--wq build/bin/wq]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

OPS = ["+", "-", "*", "^", "&", "|"]


def expr(r, leaves, depth=0):
    if depth > 2 or r.random() < 0.35:
        return r.choice(leaves)()
    if r.random() < 0.15:
        return "(%s >> %d)" % (expr(r, leaves, depth + 1), r.randrange(1, 9))
    return "(%s %s %s)" % (expr(r, leaves, depth + 1), r.choice(OPS), expr(r, leaves, depth + 1))


def kernel(seed):
    r = random.Random(seed)
    carried = ["s%d" % i for i in range(r.randrange(0, 3))]
    temps = []
    lines = []

    def leaves():
        ls = [lambda: "a[base + x + %du]" % r.randrange(0, 4),
              lambda: "b[base + x + %du]" % r.randrange(0, 4),
              lambda: "c[base + x]",
              lambda: "c[(a[base + x] & 63u)]",
              lambda: "x",
              lambda: "%du" % r.randrange(0, 1 << 16)]
        ls += [(lambda v=v: v) for v in carried + temps]
        return ls

    for _ in range(r.randrange(1, 7)):
        k = r.randrange(7)
        if k == 0:
            lines.append("a[base + x + %du] = %s;" % (r.randrange(0, 4), expr(r, leaves())))
        elif k == 1:
            lines.append("b[base + x + %du] = %s;" % (r.randrange(0, 4), expr(r, leaves())))
        elif k == 2:
            lines.append("%s[base + x] %s= %s;" % (r.choice("ab"), r.choice(["+", "^", "|"]),
                                                  expr(r, leaves())))
        elif k == 3 and carried:
            v = r.choice(carried)
            lines.append("%s = %s * %du + %s;" % (v, v, r.randrange(1, 9), expr(r, leaves())))
        elif k == 4:
            t = "t%d" % len(temps)
            lines.append("uint %s = %s;" % (t, expr(r, leaves())))
            temps.append(t)
        elif k == 5:
            # a bin of the row's own slack, chosen by the data
            lines.append("%s[base + n + 4u + (%s & 3u)] += 1u;" % (r.choice("ab"), expr(r, leaves())))
        else:
            lines.append("b[base + x] = a[base + x + %du] + %s;" % (r.randrange(0, 4), expr(r, leaves())))
    ty = r.choice(["uint", "int"])
    start = r.choice(["0", "1", "2"])
    body = "\n        ".join(lines)
    init = "".join("    uint %s = %du;\n" % (v, r.randrange(0, 100)) for v in carried)
    tail = "".join("    a[base + n + 4u] ^= %s;\n" % v for v in carried)
    return ("__kernel void k(__global uint *a, __global uint *b, __global const uint *c, uint n)\n"
            "{\n"
            "    uint row = get_global_id(0);\n"
            "    uint base = row * (n + 8u);\n"
            "%s"
            "    for (%s x = %s; x < (%s)n; x++) {\n"
            "        %s\n"
            "    }\n"
            "%s"
            "}\n") % (init, ty, start, ty, body, tail)


def run(wq, path, n, alias):
    rows = 8
    words = rows * (n + 8)
    cmd = [wq, "run", path, "--global", str(rows), "--alias=" + alias,
           "--arg", "buf:u32:%d=rand:1" % words, "--arg", "buf:u32:%d=rand:2" % words,
           "--arg", "buf:u32:%d=rand:3" % (words + 64), "--arg", "u32:%d" % n]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    out = [l for l in p.stdout.splitlines() if not l.startswith(("kernel:", "warp instructions:", "launch "))]
    return p.returncode, "\n".join(out), p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", required=True)
    ap.add_argument("--wq", default="build/bin/wq")
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.seeds.split(".."))
    fails = 0
    unrolled = 0
    with tempfile.TemporaryDirectory() as d:
        for s in range(lo, hi + 1):
            path = os.path.join(d, "k%d.cl" % s)
            with open(path, "w") as f:
                f.write(kernel(s))
            n = random.Random(s * 7919).randrange(0, 14)
            rc1, o1, raw1 = run(a.wq, path, n, "on")
            rc0, o0, raw0 = run(a.wq, path, n, "off")
            ex = subprocess.run([a.wq, "cc", path, "--region=0:0x10000:4096", "--region=1:0x20000:4096",
                                 "--region=2:0x30000:4096", "--explain"], capture_output=True, text=True)
            unrolled += ex.stderr.count("unrolled by 4")
            if rc1 or rc0 or o1 != o0:
                fails += 1
                keep = "build/tests/alias_sweep_fail_%d.cl" % s
                os.makedirs(os.path.dirname(keep), exist_ok=True)
                with open(keep, "w") as f:
                    f.write(kernel(s))
                print("alias_sweep: FAIL: seed %d (n %d, exit %d/%d), kept as %s" % (s, n, rc1, rc0, keep))
                print(raw1[-1500:] if rc1 else raw0[-1500:] if rc0 else "outputs differ")
                if fails >= 3:
                    break
    print("alias_sweep: seeds %d..%d: %d loops unrolled, %d failed" % (lo, hi, unrolled, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
