# coverage_sum.sh -- sourced: summing coverage (scripts/coverage.sh, the
# `make coverage` report; scripts/regress --coverage, on one machine or as
# a Slurm run's merge job; docs/verification.md "Coverage").
#
# A coverage.dat line is  C '<fields>' <count>,  the fields separated by
# \001, each name\002value: page = v_line/<module> or v_toggle/<module>
# (<module>__<suffix> for a parameterized copy), f/l/n = file, line,
# column, o = the point's text, h = the instance.  A point is counted once
# per module (all instances and parameter sets merged): covered when any of
# them hit it.
cov_summarize() {   # MERGED.dat -> the per-module table
awk '
    /^C / {
        cnt = $NF
        body = $0; sub(/^C \047/, "", body); sub(/\047 [0-9]+$/, "", body)
        n = split(body, f, "\001")
        page = ""; key = ""
        for (i = 1; i <= n; i++) {
            split(f[i], kv, "\002")
            if (kv[1] == "page") page = kv[2]
            else if (kv[1] != "h") key = key "\001" f[i]
        }
        split(page, pg, "/")
        kind = pg[1]; sub(/^v_/, "", kind)
        mod = pg[2]; sub(/__.*/, "", mod)
        id = kind SUBSEP mod SUBSEP key
        if (!(id in seen)) { seen[id] = 1; tot[kind, mod]++; mods[mod] = 1 }
        if (cnt + 0 > 0 && !(id in hitp)) { hitp[id] = 1; hit[kind, mod]++ }
    }
    function cell(k, m,   t) {
        t = tot[k, m] + 0
        if (t == 0) return sprintf("%21s", "-")
        return sprintf("%6d/%-6d %6.1f%%", hit[k, m], t, 100.0 * hit[k, m] / t)
    }
    END {
        printf "%-18s %21s  %21s\n", "module", "line", "toggle"
        nm = 0
        for (m in mods) names[++nm] = m
        for (i = 2; i <= nm; i++)       # insertion sort: awk has no sort()
            for (j = i; j > 1 && names[j - 1] > names[j]; j--) {
                t = names[j]; names[j] = names[j - 1]; names[j - 1] = t }
        for (i = 1; i <= nm; i++) {
            m = names[i]
            printf "%-18s %s  %s\n", m, cell("line", m), cell("toggle", m)
            tot["line", "TOTAL"] += tot["line", m]; hit["line", "TOTAL"] += hit["line", m]
            tot["toggle", "TOTAL"] += tot["toggle", m]; hit["toggle", "TOTAL"] += hit["toggle", m]
        }
        printf "%-18s %s  %s\n", "TOTAL", cell("line", "TOTAL"), cell("toggle", "TOTAL")
    }' "$1"
}

# the functional counters (tb_cosim --fcov: "bin count" a line, the bins
# in the spec tables' order, fcov.h) summed over runs, in the first run's
# order
cov_fcov_sum() {   # FCOV... -> "bin count" lines
    awk '{ s[$1] += $2; if (!($1 in o)) { o[$1] = ++n; name[n] = $1 } }
         END { for (i = 1; i <= n; i++) print name[i], s[name[i]] }' "$@"
}
