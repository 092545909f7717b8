#!/usr/bin/env python3
"""rtl_orphans.py -- every module under rtl/ is instantiated by another
module of rtl/ or fpga/, or is a top (the board tops in fpga/ and the
fit build's): no verified-but-unused RTL.  A unit that nothing
instantiates has benches, formal jobs and mutants that check nothing the
device runs, so it fails here (run by scripts/rtl_test.sh's guard, i.e.
make test's rtl_guard).

Usage: python3 scripts/rtl_orphans.py [--root DIR] [--selftest]
  --selftest  plants an uninstantiated module in a copy of rtl/ and
              requires the check to name it, and a clean copy to pass
"""
import os, re, shutil, sys, tempfile

sys.dont_write_bytecode = True   # (no __pycache__ in the source tree)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rtl_size import strip  # noqa: E402  (comments and strings blanked, one scanner for both)

# tops: nothing instantiates them (fpga/ holds the board tops; wq_top and
# wq_uart_top are instantiated by them)
TOPS = {"wq_icebreaker", "wq_ulx3s", "wq_ice40_small"}
# units built and verified ahead of the block that will instantiate them:
# module -> its bench script, which must exist and name the module (a unit
# is never standalone without a bench that checks it).  Integration
# removes the entry.
STANDALONE = {}
KEYWORDS = {"module", "if", "else", "for", "while", "case", "begin", "end",
            "assign", "always", "initial", "function", "task", "wire", "reg",
            "integer", "genvar", "generate", "input", "output", "inout",
            "localparam", "parameter", "return", "assert", "assume", "cover",
            "posedge", "negedge", "or", "and", "not", "default", "repeat"}


def sources(root):
    for d in ("rtl", "fpga"):
        for dp, _, fs in os.walk(os.path.join(root, d)):
            for f in sorted(fs):
                if f.endswith((".v", ".vh")):
                    yield os.path.join(dp, f)


def check(root):
    defined = {}          # module -> file
    used = set()
    for p in sources(root):
        t = strip(open(p, encoding="utf-8", errors="replace").read())
        for m in re.finditer(r"\bmodule\s+(\w+)", t):
            defined[m.group(1)] = os.path.relpath(p, root)
        t = re.sub(r"\bmodule\s+\w+", "module", t)   # a definition is no use
        # an instance: NAME [#( ... )] INSTANCE ( -- the parameter list may
        # span lines; look for NAME followed by '#' or by an identifier and '('
        for m in re.finditer(r"\b([A-Za-z_]\w*)\s*(#\s*\(|[A-Za-z_]\w*\s*(\[[^\]]*\]\s*)?\()", t):
            if m.group(1) not in KEYWORDS:
                used.add(m.group(1))
    orphans = sorted(n for n, f in defined.items()
                     if f.startswith("rtl" + os.sep) and n not in used and n not in TOPS
                     and not standalone_ok(root, n))
    return defined, orphans


def defined_names(root):
    return check(root)[0]


def standalone_ok(root, name):
    """a registered standalone unit whose bench script exists and builds it"""
    bench = STANDALONE.get(name)
    if not bench:
        return False
    p = os.path.join(root, bench)
    return os.path.isfile(p) and re.search(r"\b%s\b" % name, open(p).read()) is not None


def main():
    args = sys.argv[1:]
    root = "."
    if "--root" in args:
        root = args[args.index("--root") + 1]
    if "--selftest" in args:
        tmp = tempfile.mkdtemp()
        try:
            for d in ("rtl", "fpga", os.path.join("scripts", "rtl")):
                shutil.copytree(os.path.join(root, d), os.path.join(tmp, d))
            _, o = check(tmp)
            if o:
                print("rtl_orphans: selftest: FAIL: the clean copy has orphans: " + " ".join(o))
                return 1
            with open(os.path.join(tmp, "rtl", "core", "wq_planted.v"), "w") as f:
                f.write("`default_nettype none\n// wq_planted -- a unit nothing uses\n"
                        "module wq_planted #(parameter W = 1) (input wire i_a, output wire o_b);\n"
                        "    assign o_b = i_a;  // wq_planted u_x ( not an instance: a comment\n"
                        "endmodule\n")
            _, o = check(tmp)
            if o != ["wq_planted"]:
                print("rtl_orphans: selftest: FAIL: a planted unused module was reported as %r" % o)
                return 1
            # a standalone unit whose bench is gone is an orphan again
            gone = sorted(n for n, b in STANDALONE.items() if n in defined_names(tmp))
            for n in gone:
                os.remove(os.path.join(tmp, STANDALONE[n]))
            _, o = check(tmp)
            if o != sorted(["wq_planted"] + gone):
                print("rtl_orphans: selftest: FAIL: standalone units without their bench (%s) "
                      "were reported as %r" % (" ".join(gone), o))
                return 1
            print("rtl_orphans: selftest: a planted unused module is named, and a standalone "
                  "unit without its bench (%s)" % (" ".join(gone) or "none registered"))
            return 0
        finally:
            shutil.rmtree(tmp)
    defined, o = check(root)
    if o:
        for n in o:
            print("rtl_orphans: FAIL: module %s (%s) is instantiated by nothing and is not a top"
                  % (n, defined[n]))
        return 1
    print("rtl_orphans: %d modules under rtl/, each instantiated (tops: %s; standalone with a bench: %s)"
          % (sum(1 for f in defined.values() if f.startswith("rtl" + os.sep)), ", ".join(sorted(TOPS)),
             ", ".join("%s (%s)" % kv for kv in sorted(STANDALONE.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
