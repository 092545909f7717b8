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

--relations: the buffers behind the arguments relate at random instead --
each of b and c its own buffer (disjoint), or a sub-buffer of an earlier
argument's buffer (`wq run --arg view:`) that is the same region or
overlaps it partially -- and --gen clgen takes the kernels of the OpenCL C
generator (`wq gen cl`, docs/model/gen.md) in place of the loops, each
pointer argument after the first related to an earlier one at random.
With a relation other than disjoint one work-item runs (the kernels'
work-items would race on the shared bytes), so the outputs are defined.

Usage: python3 scripts/alias_sweep.py --seeds A..B [--relations] [--gen loops|clgen]
                                      [--wq build/bin/wq]
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


WORDS = 256                         # each buffer of the relations mode, in words
ALIGN = 128                         # sub-buffer origins: CL_DEVICE_MEM_BASE_ADDR_ALIGN / 8
MIN_VIEW = 96                       # a view's least words: one row and c's 64 bins


def relate(r, bufs):
    """bufs: [(words, init)] of the pointer arguments in order.  Returns the
    --arg specs (the first argument its own buffer, every later one its own
    buffer, the same region as an earlier one or an overlap of it) and the
    relation kinds chosen."""
    specs, kinds, regions = [], [], []
    for i, (words, init) in enumerate(bufs):
        k = "disjoint" if i == 0 else r.choice(["disjoint", "same", "overlap"])
        parents = [j for j in range(i) if specs[j].startswith("buf:")]
        if k != "disjoint" and parents:
            j = r.choice(parents)
            pw = regions[j][1] // 4
            if k == "same":
                specs.append("view:%d:0:%d" % (j, pw))
                regions.append((regions[j][0], regions[j][1]))
            else:
                # inside the parent, and at least MIN_VIEW words (what the
                # kernels index)
                off = ALIGN * r.randrange(0, max(1, (pw - MIN_VIEW) * 4 // ALIGN + 1))
                room = pw - off // 4
                cnt = r.randrange(min(MIN_VIEW, room), room + 1)
                if off == 0 and cnt == pw:
                    cnt -= 1
                specs.append("view:%d:%d:%d" % (j, off, max(cnt, 1)))
                regions.append((regions[j][0] + off, max(cnt, 1) * 4))
            kinds.append(k)
            continue
        specs.append("buf:u32:%d=%s" % (words, init))
        regions.append((0x100000 * (i + 1), words * 4))
        kinds.append("disjoint")
    return specs, kinds, regions


def clgen_launch(wq, seed, d):
    """the generator's kernel for seed, its path and launch: global, local,
    the pointer arguments' (words, init), the scalars' --arg specs"""
    src = subprocess.run([wq, "gen", "cl", "--seed", str(seed)], capture_output=True, text=True,
                         check=True).stdout
    path = os.path.join(d, "g%d.cl" % seed)
    with open(path, "w") as f:
        f.write(src)
    glob, loc, bufs = "1", None, []
    for l in src.splitlines():
        w = l.split()
        if l.startswith("//@ global"):
            glob = w[2]
        elif l.startswith("//@ local"):
            loc = w[2]
        elif l.startswith("//@ buf"):
            init = {"zero": "0", "const": w[5] if len(w) > 5 else "0"}.get(w[4], "rand:%d" % seed)
            bufs.append((max(int(w[3]), WORDS), init))
    return path, glob, loc, bufs


def run_rel(wq, path, glob, loc, specs, scalars, alias):
    cmd = [wq, "run", path, "--global", glob, "--alias=" + alias]
    if loc:
        cmd += ["--local", loc]
    for sp in specs + scalars:
        cmd += ["--arg", sp]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    out = [l for l in p.stdout.splitlines() if not l.startswith(("kernel:", "warp instructions:", "launch "))]
    return p.returncode, "\n".join(out), p.stdout + p.stderr


def relations(a, lo, hi):
    """the --relations sweep: returns the failures"""
    fails, unrolled, seen = 0, 0, {"disjoint": 0, "same": 0, "overlap": 0}
    with tempfile.TemporaryDirectory() as d:
        for s in range(lo, hi + 1):
            r = random.Random(s * 104729 + 17)
            if a.gen == "clgen":
                path, glob, loc, bufs = clgen_launch(a.wq, s, d)
                scalars = []
            else:
                path = os.path.join(d, "k%d.cl" % s)
                with open(path, "w") as f:
                    f.write(kernel(s))
                n = random.Random(s * 7919).randrange(0, 14)
                bufs = [(WORDS, "rand:1"), (WORDS, "rand:2"), (WORDS, "rand:3")]
                glob, loc, scalars = "8", None, ["u32:%d" % n]
            specs, kinds, regions = relate(r, bufs)
            for k in kinds[1:]:
                seen[k] += 1
            if any(k != "disjoint" for k in kinds):
                glob, loc = "1", None
            rc1, o1, raw1 = run_rel(a.wq, path, glob, loc, specs, scalars, "on")
            rc0, o0, raw0 = run_rel(a.wq, path, glob, loc, specs, scalars, "off")
            ex = subprocess.run([a.wq, "cc", path, "--explain"] +
                                ["--region=%d:0x%x:%d" % (i, st, ln) for i, (st, ln) in enumerate(regions)],
                                capture_output=True, text=True)
            unrolled += ex.stderr.count("unrolled by 4")
            if rc1 != rc0 or o1 != o0 or (a.gen == "loops" and rc1):
                fails += 1
                keep = "build/tests/alias_sweep_fail_%s_%d.cl" % (a.gen, s)
                os.makedirs(os.path.dirname(keep), exist_ok=True)
                with open(path) as f, open(keep, "w") as g:
                    g.write(f.read())
                print("alias_sweep: FAIL: seed %d (%s; args %s), kept as %s"
                      % (s, " ".join(kinds), " ".join(specs + scalars), keep))
                print(raw1[-1500:] if rc1 else raw0[-1500:] if rc0 else "outputs differ")
                if fails >= 3:
                    break
    print("alias_sweep: %s, seeds %d..%d, random relations (%d disjoint, %d same, %d overlap): "
          "%d loops unrolled, %d failed" % (a.gen, lo, hi, seen["disjoint"], seen["same"], seen["overlap"],
                                            unrolled, fails))
    return fails


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", required=True)
    ap.add_argument("--wq", default="build/bin/wq")
    ap.add_argument("--relations", action="store_true")
    ap.add_argument("--gen", choices=["loops", "clgen"], default="loops")
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.seeds.split(".."))
    if a.relations or a.gen == "clgen":
        return 1 if relations(a, lo, hi) else 0
    fails = 0
    unrolled = 0
    wide = 0
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
            wide += ex.stderr.count("-> 4-wide: ") - ex.stderr.count("-> 4-wide: none")
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
    print("alias_sweep: seeds %d..%d: %d loops unrolled (%d with 4-wide accesses), %d failed"
          % (lo, hi, unrolled, wide, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
