# ecp5_sweep.sh -- sourced: the ECP5's place-and-route seed sweep
# (scripts/fpga.sh; docs/fpga/boards.md "The seed sweep").  Needs
# router2_log.sh, and these set by the caller:
#   pnr pnr_args pnr_opts freq top out tmo stall heat core_net
#   sweep_poll   seconds between two looks at a running nextpnr (10)
#
# pnr_seed DIR SEED: the ECP5's two runs of nextpnr at one seed.  The
# placement goes to DIR/placed.json (its log DIR/place.log; its settings
# name the router, which the second run takes from there), the route from
# it (--no-pack --no-place) to DIR/route.log, the text configuration
# DIR/$top.config and the timing report DIR/route_timing.json.  A
# placement newer than the netlist and made with the same options
# (DIR/place.cmd) is reused, so a router experiment (FPGA_PNR_OPTS' router
# options, FPGA_HEATMAP) or a rerun after a stopped route starts from the
# placement already made; a finished route of it with the same options
# (DIR/route.cmd, the configuration newer than the placement) is reused
# too.  Every sweep_poll seconds a running nextpnr is looked at: a
# stalled router (route_stall, `stall` iterations; 0: never) is stopped
# and DIR/stalled says where it stood; a run of a seed whose sibling has
# routed ($out/sweep.won names the sibling) is stopped and DIR/preempted
# names it.  The exit status goes to DIR/pnr.rc and the report's note on
# reuse to DIR/note.
#
# seed_sweep SEED...: the seeds, each placed and routed in $out/seed_N/,
# FPGA_JOBS of them at once (default: the cores; the PyPI nextpnr uses
# one).  The first seed that routes ends the sweep: the seeds beside it
# are stopped, the batches after it are not started.  Sets `chosen` and
# `chosen_f` (the routed seed and its Fmax; the fastest if two finish
# together), else `near` (the seed whose router came nearest: the fewest
# overused wires), and `sweep`, each seed's outcome in a line of text
# (sweep_outcome).

core_fmax_log() {   # LOG -> the core clock's figures, one a line
    # nextpnr's timing analysis runs after placement (an estimate of the
    # routing) and after routing, a line a clock domain:
    #   Info: Max frequency for clock '$glbnet$core_clk': 10.52 MHz (PASS at 10.00 MHz)
    # a clock is named by its net, or by its global buffer's net (any
    # clock's figures when core_net is empty)
    awk -v n="$core_net" -v q="'" '
        /Max frequency for clock / && split($0, p, q) == 3 {
            if (n != "" && p[2] != n && p[2] != "$glbnet$" n) next
            split(p[3], f, " "); print f[2]
        }' "$1" 2>/dev/null
}

# pnr_watch PID DIR SEED ROUTE: wait for a nextpnr run; stop it when a
# sibling seed has routed, or (ROUTE=1) when its router has stalled.
# Returns the run's exit status, 1 when it was stopped.
pnr_watch() {
    local pid=$1 d=$2 sd=$3 route=$4 st w rc=0
    local k
    while kill -0 "$pid" 2>/dev/null; do
        # (a second at a time: a run that ends, a placement that fails at
        # once, is not waited for to the next look)
        for ((k = 0; k < ${sweep_poll:-10}; k++)); do
            sleep 1
            kill -0 "$pid" 2>/dev/null || break
        done
        kill -0 "$pid" 2>/dev/null || break
        # (a stall first: a router that has stalled is reported so, even
        # when a sibling has routed in the same look)
        st=""
        [ "$route" = 0 ] || [ "$stall" = 0 ] || st=$(route_stall "$d/route.log" "$stall")
        if [ -n "$st" ]; then
            echo "$st" > "$d/stalled"
            echo "fpga: seed $sd: router2 stalled (fewest overused wires ${st#* } at iteration ${st%% *}): stopped"
            kill "$pid" 2>/dev/null || true
            break
        fi
        w=$(cat "$out/sweep.won" 2>/dev/null || true)
        if [ -n "$w" ] && [ "$w" != "$sd" ]; then
            echo "$w" > "$d/preempted"
            echo "fpga: seed $sd: seed $w routed first: stopped"
            kill "$pid" 2>/dev/null || true
            break
        fi
    done
    wait "$pid" || rc=$?
    if [ -f "$d/stalled" ] || [ -f "$d/preempted" ]; then rc=1; fi
    return "$rc"
}

pnr_seed() {
    local d=$1 sd=$2 rc=0 rt=0 note="" t0s
    local placed="$1/placed.json" dcfg="$1/$top.config"
    local pcmd="${pnr_args[*]} $pnr_opts --freq $freq --seed $2"
    local dheat=()
    [ ${#heat[@]} -eq 0 ] || dheat=(--router2-heatmap "$d/heat")
    mkdir -p "$d"
    rm -f "$d/pnr.rc" "$d/note" "$d/stalled" "$d/preempted"
    t0s=$(date +%s)
    if [ -s "$placed" ] && [ "$placed" -nt "$out/$top.json" ] && [ -s "$d/place.log" ] &&
       [ "$(cat "$d/place.cmd" 2>/dev/null)" = "$pcmd" ]; then
        echo "fpga: seed $sd: $placed is up to date: placement skipped"
        note=" (the placement of $(date -r "$placed" '+%Y-%m-%d %H:%M') reused)"
    else
        rm -f "$placed" "$d/place.cmd"
        echo "fpga: seed $sd: placing ($d/place.log)"
        # shellcheck disable=SC2086
        timeout "$tmo" nice "$pnr" "${pnr_args[@]}" $pnr_opts --json "$out/$top.json" --freq "$freq" \
            --seed "$sd" --timing-allow-fail --no-route --write "$placed" --log "$d/place.log" \
            > /dev/null 2>&1 &
        pnr_watch $! "$d" "$sd" 0 || rc=$?
        if [ "$rc" = 0 ]; then echo "$pcmd" > "$d/place.cmd"; else rm -f "$placed"; fi
    fi
    if [ "$rc" = 0 ] && [ -s "$dcfg" ] && [ "$dcfg" -nt "$placed" ] && [ -s "$d/route.log" ] &&
       [ "$(cat "$d/route.cmd" 2>/dev/null)" = "$pcmd" ] && [ ${#dheat[@]} -eq 0 ]; then
        echo "fpga: seed $sd: $dcfg is up to date: routing skipped"
        note+=" (its route of $(date -r "$dcfg" '+%Y-%m-%d %H:%M') reused)"
    elif [ "$rc" = 0 ]; then
        rm -f "$d/route.log" "$d/route.cmd" "$dcfg" "$d/route_timing.json" "$d"/heat_*.csv
        # what is left of FPGA_PNR_TIMEOUT
        if [ "$tmo" != 0 ]; then rt=$(( tmo - ($(date +%s) - t0s) )); [ "$rt" -gt 0 ] || rt=1; fi
        echo "fpga: seed $sd: routing ($d/route.log)"
        # shellcheck disable=SC2086
        timeout "$rt" nice "$pnr" "${pnr_args[@]}" --textcfg "$dcfg" $pnr_opts "${dheat[@]}" --json "$placed" \
            --no-pack --no-place --freq "$freq" --seed "$sd" --timing-allow-fail --log "$d/route.log" \
            --report "$d/route_timing.json" > /dev/null 2>&1 &
        pnr_watch $! "$d" "$sd" 1 || rc=$?
        if [ "$rc" = 0 ] && [ -s "$dcfg" ]; then echo "$pcmd" > "$d/route.cmd"; fi
    else
        rm -f "$d/route.log"
    fi
    # the first seed to route stops its siblings (a seed that finds the
    # file written keeps its own route: the sweep picks the faster)
    if [ "$rc" = 0 ] && [ -s "$dcfg" ] && [ -n "$(core_fmax_log "$d/route.log")" ] &&
       [ ! -s "$out/sweep.won" ]; then
        echo "$sd" > "$out/sweep.won"
    fi
    echo "$rc" > "$d/pnr.rc"
    echo "$note" > "$d/note"
}

# sweep_outcome SEED: seed SEED's outcome, from what pnr_seed left in
# $out/seed_SEED/, added to `sweep`; a routed seed faster than `chosen_f`
# becomes `chosen`, an unrouted one nearer than `near_o` (its fewest
# overused wires) `near`.  The local sweep calls it for each seed of a
# batch, the FPGA_SLURM sweep's final job for each seed whose task ended.
sweep_outcome() {
    local sd=$1 d=$out/seed_$1 rc f o e si so
    rc=$(cat "$d/pnr.rc" 2>/dev/null || echo 1)
    f=""
    [ "$rc" = 0 ] && f=$(core_fmax_log "$d/route.log" | tail -1)
    if [ -n "$f" ]; then
        sweep+="${sweep:+; }seed $sd routed, $f MHz"
        if [ -z "$chosen_f" ] || awk -v a="$f" -v b="$chosen_f" 'BEGIN { exit !(a > b) }'; then
            chosen=$sd chosen_f=$f
        fi
        return 0
    fi
    # (no route.log when the placement failed: route_best prints nothing)
    o=$(route_best "$d/route.log" || true)
    if [ -f "$d/preempted" ]; then
        sweep+="${sweep:+; }seed $sd stopped (seed $(cat "$d/preempted") routed first)"
        return 0    # (not a seed the router gave up on)
    elif [ -f "$d/stalled" ]; then
        read -r si so < "$d/stalled"
        sweep+="${sweep:+; }seed $sd stalled (router2's fewest overused wires $so at iteration $si, then rising)"
    elif [ "$rc" = 124 ]; then
        sweep+="${sweep:+; }seed $sd stopped by FPGA_PNR_TIMEOUT"
    elif [ "$rc" = 0 ]; then
        sweep+="${sweep:+; }seed $sd routed, no Fmax line for the core clock"
    else
        e=$(grep -h -m1 -E '^ERROR' "$d/place.log" "$d/route.log" 2>/dev/null | head -1 | sed 's/^ERROR: *//' || true)
        [ -n "$e" ] || e="nextpnr's exit status $rc"
        sweep+="${sweep:+; }seed $sd failed ($e)"
    fi
    if [ -n "$o" ] && { [ -z "$near_o" ] || [ "${o#* }" -lt "$near_o" ]; }; then
        near=$sd near_o=${o#* }
    fi
}

seed_sweep() {
    local jobs p sd batch pids
    jobs=${FPGA_JOBS:-$(nproc 2>/dev/null || echo 1)}
    [[ $jobs =~ ^[1-9][0-9]*$ ]] || fail "FPGA_JOBS: '$jobs' is not a count"
    sweep="" chosen="" chosen_f="" near="" near_o=""
    rm -f "$out/sweep.won"
    while [ $# -gt 0 ] && [ -z "$chosen" ]; do
        batch=()
        while [ $# -gt 0 ] && [ ${#batch[@]} -lt "$jobs" ]; do batch+=("$1"); shift; done
        pids=()
        for sd in "${batch[@]}"; do
            pnr_seed "$out/seed_$sd" "$sd" > "$out/seed_$sd.out" 2>&1 &
            pids+=($!)
        done
        for p in "${pids[@]}"; do wait "$p" || true; done
        for sd in "${batch[@]}"; do
            cat "$out/seed_$sd.out"; rm -f "$out/seed_$sd.out"
            sweep_outcome "$sd"
        done
    done
    rm -f "$out/sweep.won"
}
