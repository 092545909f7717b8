# ecp5_fake_tools.sh -- sourced: the ECP5 tools made up for the tests of
# the seed sweep (scripts/fpga.sh --lint: scripts/lib/ecp5_sweep.sh alone;
# scripts/slurm_test.sh: the FPGA_SLURM sweep, the whole flow of
# scripts/fpga.sh), which a real place and route (an hour) cannot be.
#
# fake_nextpnr_ecp5 FILE RISE...: a nextpnr-ecp5 whose outcome is a
# function of --seed: 11's placement fails; 3's router stalls (its log has
# the overused wires RISE..., an iteration each, then it sleeps); 9's
# router is slow (a minute); 5 routes after 4 s at 17.25 MHz, 7 after 4 s
# at 19.07 MHz.  A placement's log has the estimate 16.SEED MHz.
fake_nextpnr_ecp5() {
    local f=$1; shift
    {   echo '#!/usr/bin/env bash'
        echo 'log="" sd="" wr="" cfg="" rep="" route=1'
        echo '[ "${1:-}" != --version ] || { echo "nextpnr-ecp5 (made up: scripts/lib/ecp5_fake_tools.sh)"; exit 0; }'
        echo 'while [ $# -gt 0 ]; do case $1 in --log) log=$2; shift ;; --seed) sd=$2; shift ;;'
        echo '  --write) wr=$2; shift ;; --textcfg) cfg=$2; shift ;; --report) rep=$2; shift ;;'
        echo '  --no-route) route=0 ;; esac; shift; done'
        echo 'if [ $route = 0 ]; then'
        echo '  [ "$sd" != 11 ] || { echo "ERROR: made-up placement failure" > "$log"; exit 1; }'
        echo '  echo "Info: Max frequency for clock '"'"'\$glbnet\$core_clk'"'"': 16.$sd MHz (PASS at 6.25 MHz)" > "$log"'
        echo '  echo "{}" > "$wr"; exit 0; fi'
        echo 'case $sd in'
        echo "  3) i=0; for o in $*; do i=\$((i + 1))"
        echo '       echo "Info:     iter=$i wires=9 overused=$o overuse=$o archfail=NA"; done > "$log"; exec sleep 60 ;;'
        echo '  9) echo "Info:     iter=1 wires=9 overused=900 overuse=900 archfail=NA" > "$log"; exec sleep 60 ;;'
        echo '  5|7) sleep 4; echo "Info:     iter=1 wires=9 overused=0 overuse=0 archfail=NA" > "$log"'
        echo '     f=17.25; [ "$sd" != 7 ] || f=19.07'
        echo '     echo "Info: Max frequency for clock '"'"'\$glbnet\$core_clk'"'"': $f MHz (PASS at 12.50 MHz)" >> "$log"'
        echo '     echo cfg > "$cfg"; echo "{}" > "$rep" ;;'
        echo 'esac'
    } > "$f"
    chmod +x "$f"
}

# fake_ecp5_flow DIR: DIR/nextpnr-ecp5 (above, no stalling route), and a
# yosys and an ecppack for scripts/fpga.sh ecp5 with DIR first on PATH:
# the yosys writes the netlist and the statistics its script names (an
# empty design: the report's path and depth figures say they failed), the
# ecppack a bitstream of its configuration.  The orchestration of the
# sweep (its jobs, its seeds' outcomes, the choice) is what they exercise.
fake_ecp5_flow() {
    mkdir -p "$1"
    fake_nextpnr_ecp5 "$1/nextpnr-ecp5" 100
    cat > "$1/yosys" <<'EOS'
#!/usr/bin/env bash
[ "${1:-}" != -V ] || { echo "Yosys (made up: scripts/lib/ecp5_fake_tools.sh)"; exit 0; }
p="" l=/dev/null
while [ $# -gt 0 ]; do case $1 in -p) p=$2; shift ;; -l) l=$2; shift ;; esac; shift; done
j=$(printf '%s\n' "$p" | sed -n 's/.*write_json \([^ ;]*\).*/\1/p' | head -1)
s=$(printf '%s\n' "$p" | sed -n 's/.*tee -q -o \([^ ]*\) stat.*/\1/p' | head -1)
[ -n "$j" ] && [ -n "$s" ] || { echo "ERROR: made-up yosys: no write_json or stat in the script" > "$l"; exit 1; }
echo '{"modules": {}}' > "$j"
printf 'LUT4 10\nTRELLIS_FF 5\n' > "$s"
echo "made-up synthesis" > "$l"
EOS
    cat > "$1/ecppack" <<'EOS'
#!/usr/bin/env bash
# ecppack [--compress] CONFIG BITSTREAM
[ -s "${@: -2:1}" ] || { echo "made-up ecppack: no configuration ${*: -2:1}" >&2; exit 1; }
echo bits > "${@: -1}"
EOS
    chmod +x "$1/yosys" "$1/ecppack"
}
