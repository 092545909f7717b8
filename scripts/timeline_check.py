#!/usr/bin/env python3
"""timeline_check.py -- check a `wq run/cosim --timeline` file (docs/tools/timeline.md).

Usage: timeline_check.py FILE.json [--channels N] [--warps N]
                         [--instructions N] [--methods N] [--yields N] [--traps N]
                         [--chan-errors N]

Checks that the file is JSON in the trace-event format, that every track
(pid, tid) goes forward in time, that B/E intervals nest (every E closes the
innermost open B of its track, none is left open), that slices (X) have a
non-negative duration, do not overlap on their track and lie inside the
interval open around them, that there is one named track per channel and
per warp slot, and that the counts equal the run's statistics given on the
command line.  Prints one summary line; exit 1 with a message on the first
violation.
"""
import json
import sys
from collections import defaultdict


def fail(msg):
    print(f"timeline_check: FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    path, want = argv[1], {}
    i = 2
    while i < len(argv):
        if not argv[i].startswith("--") or i + 1 >= len(argv):
            print(__doc__, file=sys.stderr)
            return 2
        want[argv[i][2:]] = int(argv[i + 1])
        i += 2
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"{path}: not readable JSON: {e}")
    evs = doc.get("traceEvents")
    if not isinstance(evs, list):
        fail("no traceEvents list")
    names = {}          # (pid, tid) -> thread name
    procs = {}
    last = defaultdict(lambda: -1)       # track -> last ts
    stack = defaultdict(list)            # track -> open B (name, ts)
    slice_end = defaultdict(lambda: -1)  # track -> end of its last slice
    got = defaultdict(int)
    for n, e in enumerate(evs):
        ph = e.get("ph")
        if ph == "M":
            if e.get("name") == "thread_name":
                names[(e["pid"], e["tid"])] = e["args"]["name"]
            elif e.get("name") == "process_name":
                procs[e["pid"]] = e["args"]["name"]
            continue
        ts = e.get("ts")
        if not isinstance(ts, int) or ts < 0:
            fail(f"event {n}: bad ts {ts!r}")
        if ph == "C":
            continue
        track = (e.get("pid"), e.get("tid"))
        if track not in names:
            fail(f"event {n}: track {track} has no thread_name")
        if ts < last[track]:
            fail(f"event {n}: {names[track]} goes back in time ({ts} < {last[track]})")
        last[track] = ts
        if ph == "B":
            stack[track].append((e.get("name"), ts))
        elif ph == "E":
            if not stack[track]:
                fail(f"event {n}: E without an open B on {names[track]}")
            stack[track].pop()
        elif ph == "X":
            dur = e.get("dur")
            if not isinstance(dur, int) or dur < 0:
                fail(f"event {n}: slice with duration {dur!r}")
            if ts < slice_end[track]:
                fail(f"event {n}: slice overlaps the previous one on {names[track]}")
            slice_end[track] = ts + dur
            last[track] = ts + dur
            if e["pid"] == 2:
                got["instructions"] += 1
            else:
                got["methods"] += 1
        elif ph == "i":
            if e.get("name") == "yield":
                got["yields"] += 1
            elif e["pid"] == 2:
                got["traps"] += 1
            elif e.get("name") not in ("launch", "switch") and \
                    not e.get("name", "").startswith("sem "):
                got["chan-errors"] += 1
        else:
            fail(f"event {n}: unknown phase {ph!r}")
    for track, st in stack.items():
        if st:
            fail(f"{names[track]}: interval '{st[-1][0]}' never closed")
    chans = sum(1 for (p, _t) in names if p == 1)
    warps = sum(1 for (p, _t) in names if p == 2)
    got["channels"], got["warps"] = chans, warps
    if procs.get(1) != "host channels" or procs.get(2) != "warp slots":
        fail(f"process names {procs}")
    for k, v in want.items():
        if got[k] != v:
            fail(f"{k}: the timeline has {got[k]}, the run reports {v}")
    print(f"timeline_check: {path}: {len(evs)} events, {chans} channel and {warps} warp "
          f"tracks, {got['instructions']} instructions, {got['methods']} methods, "
          f"{got['yields']} yields, {got['traps']} traps, {got['chan-errors']} channel errors: "
          "well-formed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
