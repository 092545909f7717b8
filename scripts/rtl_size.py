#!/usr/bin/env python3
"""rtl_size.py -- the size of the RTL's files and clocked blocks, the
figures issue 57's acceptance holds rtl/ to (no file over about 1 000
lines, no clocked block over about 200): `make bench` prints them, `make
lint` runs the self-test.

A clocked block is an `always @(posedge ...)` statement: from its line to
the line that closes it (the `end` that matches its first `begin`, or
its single statement's `;` when it has no `begin`, an `else` after it
continuing it), counting `begin` / `end`, `case` / `endcase` and `fork`
/ `join` nesting, with comments and strings left out.

Usage: python3 scripts/rtl_size.py [DIR...]   (default: rtl rtl/core)
       python3 scripts/rtl_size.py --selftest
Prints, one `key: value` a line:
  rtl_max_file_lines: N (FILE)
  rtl_files_over_1000_lines: K (FILE N, ...)
  rtl_max_clocked_block_lines: N (FILE:LINE)
  rtl_clocked_blocks_over_200_lines: K (FILE:LINE N, ...)
"""
import os
import re
import sys

OPEN = {"begin", "case", "casex", "casez", "fork"}
CLOSE = {"end", "endcase", "join"}
TOKEN = re.compile(r"\b(begin|end|case|casex|casez|endcase|fork|join)\b|;")
ELSE = re.compile(r"\s*else\b")
CLOCKED = re.compile(r"\balways\s*@\s*\(\s*(posedge|negedge)\b")


def strip(text):
    """The text with comments and strings blanked, lines kept (rtl_orphans.py
    reads the RTL through it too)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(" " * (j - i))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def measure(text):
    """(file lines, [(first line 1-based, lines)] of clocked blocks)."""
    lines = strip(text).split("\n")
    out = []
    ln = 0
    while ln < len(lines):
        m = CLOCKED.search(lines[ln])
        if not m:
            ln += 1
            continue
        first = ln
        k, col, paren = ln, m.end(), 1
        while paren > 0 and k < len(lines):
            s = lines[k]
            while col < len(s) and paren > 0:
                paren += {"(": 1, ")": -1}.get(s[col], 0)
                col += 1
            if paren > 0:
                k, col = k + 1, 0
        depth, end = 0, None
        while k < len(lines) and end is None:
            for t in TOKEN.finditer(lines[k], col):
                w = t.group(0)
                if w in OPEN:
                    depth += 1
                    continue
                if w in CLOSE:
                    depth -= 1
                if depth == 0 and (w in CLOSE or w == ";"):
                    # a statement ends here, unless an `else` follows
                    if not ELSE.match("\n".join(lines[k:k + 50])[t.end():]):
                        end = k
                        break
            k, col = k + 1, 0
        end = len(lines) - 1 if end is None else end
        out.append((first + 1, end - first + 1))
        ln = end + 1
    nl = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
    return nl, out


def report(dirs):
    files = []
    for d in dirs:
        for name in sorted(os.listdir(d)):
            if name.endswith(".v"):
                files.append(os.path.join(d, name))
    sizes, blocks = [], []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            n, bl = measure(fh.read())
        sizes.append((n, f))
        blocks += [(m, "%s:%d" % (f, first)) for first, m in bl]
    if not sizes:
        print("rtl_size: no .v files in %s" % " ".join(dirs), file=sys.stderr)
        return 1
    sizes.sort(key=lambda x: (-x[0], x[1]))
    blocks.sort(key=lambda x: (-x[0], x[1]))
    over = [(n, f) for n, f in sizes if n > 1000]
    bover = [(n, w) for n, w in blocks if n > 200]
    print("rtl_max_file_lines: %d (%s)" % (sizes[0][0], sizes[0][1]))
    print("rtl_files_over_1000_lines: %d (%s)" % (
        len(over), ", ".join("%s %d" % (f, n) for n, f in over) or "none"))
    print("rtl_max_clocked_block_lines: %d (%s)" % (blocks[0] if blocks else (0, "none")))
    print("rtl_clocked_blocks_over_200_lines: %d (%s)" % (
        len(bover), ", ".join("%s %d" % (w, n) for n, w in bover) or "none"))
    return 0


def selftest():
    src = """module m(input wire i_clk);
    // always @(posedge i_clk) in a comment is not a block
    reg a, b; reg [1:0] c;
    always @(posedge i_clk) a <= 1'b0;
    always @(posedge i_clk)
    begin
        case (c)
        2'd0: b <= 1'b1;   // "end" in a comment
        default: begin b <= 1'b0; end
        endcase
        if (a) begin
            c <= 2'd1;
        end
    end
    always @(*) b = a;
    always @(posedge i_clk or posedge a)
        if (a) c <= 2'd0;
        else c <= c + 2'd1;
endmodule
"""
    n, bl = measure(src)
    want = [(4, 1), (5, 10), (16, 3)]
    ok = n == 19 and bl == want
    print("rtl_size: selftest %s (lines %d, blocks %s; want 19, %s)" % (
        "ok" if ok else "FAILED", n, bl, want))
    return 0 if ok else 1


if __name__ == "__main__":
    args = sys.argv[1:]
    if args == ["--selftest"]:
        sys.exit(selftest())
    if any(a in ("-h", "--help") for a in args):
        print(__doc__.strip())
        sys.exit(0)
    bad = [a for a in args if a.startswith("-") or not os.path.isdir(a)]
    if bad:
        print("rtl_size: %s: not a directory (usage: python3 scripts/rtl_size.py "
              "[DIR...] | --selftest | --help)" % bad[0], file=sys.stderr)
        sys.exit(2)
    sys.exit(report(args or ["rtl", "rtl/core"]))
