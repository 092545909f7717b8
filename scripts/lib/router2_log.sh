# router2_log.sh -- sourced: router2's progress in a nextpnr log
# (scripts/fpga.sh: the ECP5's seed sweep, docs/fpga/boards.md).
# router2's progress, a line an iteration:
#   Info:     iter=14 wires=1204811 overused=4510 overuse=4527 archfail=NA
# route_best LOG -> "ITERATION WIRES": its fewest overused wires so far
# route_stall LOG K -> the same when router2 has stalled: the fewest are K
# iterations old or more, and the last iteration has half as many again
# and 200 more (a route's last iterations move between a few dozen wires
# for a while before they reach none: the 9.13 MHz route took 31
# iterations from 24 wires to none; a stalled one rose from 97 to 1 875
# in 36 iterations)
route_best() {
    awk '$2 ~ /^iter=/ && / overused=/ {
             i = substr($2, 6) + 0
             for (f = 3; f <= NF; f++) if ($f ~ /^overused=/) o = substr($f, 10) + 0
             if (b == "" || o < b) { b = o; bi = i }
         }
         END { if (b != "") print bi, b }' "$1" 2>/dev/null
}
route_stall() {
    awk -v k="$2" '$2 ~ /^iter=/ && / overused=/ {
             i = substr($2, 6) + 0
             for (f = 3; f <= NF; f++) if ($f ~ /^overused=/) o = substr($f, 10) + 0
             if (b == "" || o < b) { b = o; bi = i }
             last = i; lo = o
         }
         END { if (b != "" && last - bi >= k && lo * 2 >= b * 3 && lo >= b + 200) print bi, b }' "$1" 2>/dev/null
}
