# router2_log.sh -- sourced: router2's progress in a nextpnr log
# (scripts/fpga.sh: the ECP5's seed sweep, docs/fpga/boards.md).
# router2's progress, a line an iteration:
#   Info:     iter=14 wires=1204811 overused=4510 overuse=4527 archfail=NA
# route_best LOG -> "ITERATION WIRES": its fewest overused wires so far
# route_stall LOG K -> the same when router2 has stalled: no fewer for K
# iterations and for as many iterations as it took to reach the fewest,
# and the last iteration has half as many again and 200 more.  Routes
# that converge wander: the 9.13 MHz route took 31 iterations from 24
# wires to none, and with the alternate weights seed 7's route of the
# present netlist reached 285 wires at iteration 196, rose over 485, came
# down to 136 at 335, rose over 336 again and reached none at 1 078 (a
# rule of K iterations alone would have stopped it at 216).  The stalled
# routes measured rose by half again and more within about ten
# iterations of their fewest and kept rising (from 97 wires at iteration
# 44 to 1 875 at 80; from 4 510 at 14 to 7 531 at 22).
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
         END { if (b != "" && last - bi >= k && last - bi >= bi && lo * 2 >= b * 3 && lo >= b + 200)
                   print bi, b }' "$1" 2>/dev/null
}
