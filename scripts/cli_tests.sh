#!/usr/bin/env bash
# cli_tests.sh -- the `wq` command as a user meets it: exit codes, messages,
# every bundled program on every LANES setting, asm/disasm round trip, the
# forward-progress demonstration, the bench output format.
set -uo pipefail
cd "$(dirname "$0")/.."
WQ=build/bin/wq
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok()   { pass=$((pass + 1)); }
bad()  { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }

# every bundled program completes and meets its .expect lines, in each lane
# count and with yield forced off unless it needs YIELD to make progress
for f in tests/programs/*.wqs; do   # nested/: driver scenarios, below
    for lanes in 8 16 32; do
        if $WQ run --lanes "$lanes" "$f" > "$T/out" 2>&1; then ok
        else bad "$f --lanes $lanes"; sed 's/^/    /' "$T/out" | tail -5; fi
    done
done

# nested work through the driver: every scenario, in 8 and 32 lanes; a
# summary with the channels, launches, depth and cycles; a failing check
# fails the command
for lanes in 8 32; do
    $WQ nested --all --lanes $lanes > "$T/nested" 2>&1
    check "wq nested --all (lanes $lanes)" test $? -eq 0
done
check "nested summary lines" bash -c "grep -q '^  channels: [0-9]' '$T/nested' &&
    grep -q '^  launches: [0-9]' '$T/nested' && grep -q '^  nesting_depth: 3' '$T/nested' &&
    grep -q '^  cycles: [0-9]' '$T/nested' &&
    grep -q \"^scenarios: $(ls tests/programs/nested/*.wqs | wc -l), failed: 0\" '$T/nested' &&
    grep -q '^  deque_recenters: [1-9]' '$T/nested'"
sed 's/^\.expect STAT+24,  1 /.expect STAT+24,  0 /' tests/programs/nested/exhaust.wqs > "$T/bad_nested.wqs"
$WQ nested "$T/bad_nested.wqs" > "$T/out" 2>&1
check "nested scenario with a wrong expect exits 1" test $? -eq 1
check "nested scenario names the failed check" grep -q "bad_nested.wqs:59: expect failed: \[0x00041018\] = 0x00000001, expected 0x00000000" "$T/out"
$WQ nested --backend uart > /dev/null 2>&1
check "nested with an unknown backend exits 2" test $? -eq 2

# the spin lock: completes with YIELD, reports livelock without
$WQ run tests/programs/spinlock.wqs > "$T/on" 2>&1
check "spinlock exits 0 with yield" test $? -eq 0
check "spinlock meets its expects" grep -q "expects: 4/4 ok" "$T/on"
$WQ run --yield=off tests/programs/spinlock.wqs > "$T/off" 2>&1
rc=$?
check "spinlock --yield=off exits non-zero" test $rc -ne 0
check "spinlock --yield=off names the failure" grep -q "FORWARD-PROGRESS FAILURE" "$T/off"
check "spinlock --yield=off names warp, pc and masks" \
    grep -Eq "warp 0 pc=[0-9]+ active=[0-9a-f]{8} .*brk=[0-9a-f]{8}" "$T/off"

# asm -> hex -> disasm -> asm gives the same words
for f in tests/programs/*.wqs tests/programs/nested/*.wqs; do
    case "$f" in   # nested scenarios assemble with the device library appended
        */nested/*) { cat "$f"; printf '\n.text\n'; cat build/gen/enqueue.wqs; } > "$T/n.wqs"
                    f="$T/n.wqs" ;;
    esac
    $WQ asm "$f" -o "$T/a.hex" || { bad "asm $f"; continue; }
    $WQ disasm "$T/a.hex" | sed 's/^[0-9]*: *[0-9a-f]* *//' > "$T/re.wqs"
    if $WQ asm "$T/re.wqs" -o "$T/b.hex" 2> "$T/err" && cmp -s "$T/a.hex" "$T/b.hex"; then ok
    else bad "disasm round trip of $f"; head -3 "$T/err"; fi
done

# bad input: precise message with file:line, exit 2
printf 'main:\n  addd r1, r2, r3\n' > "$T/bad.wqs"
$WQ run "$T/bad.wqs" > "$T/out" 2>&1
check "syntax error exits 2" test $? -eq 2
check "syntax error names file:line" grep -q "bad.wqs:2:" "$T/out"
$WQ frobnicate > /dev/null 2>&1
check "unknown command exits 2" test $? -eq 2
$WQ run --lanes 12 tests/programs/spinlock.wqs > /dev/null 2>&1
check "bad lane count exits 2" test $? -eq 2

# a kernel that traps reports it and exits 1
printf '.launch main\n .regs 4\n.end\nmain: mov r9, 1\n exit\n' > "$T/trap.wqs"
$WQ run "$T/trap.wqs" > "$T/out" 2>&1
check "trap exits 1" test $? -eq 1
check "trap is named" grep -q "TRAP ILLEGAL_REG" "$T/out"

# a failed .expect exits 1 and names the line
printf 'main: mov r1, 0x9000\n mov r2, 5\n st [r1], r2\n exit\n.expect 0x9000, 6\n' > "$T/exp.wqs"
$WQ run "$T/exp.wqs" > "$T/out" 2>&1
check "failed expect exits 1" test $? -eq 1
check "failed expect names file:line" grep -q "exp.wqs:5: expect failed" "$T/out"

# generators (docs/verification.md): a fixed seed set, each generated test run
# at LANES 8, 16 and 32 with identical final memory; --coverage fails when an
# opcode, function code, feature or channel error was never generated
gencheck() {   # what, then the wq gen check arguments
    local what=$1; shift
    if $WQ gen check "$@" > "$T/gen" 2>&1 && grep -q "failed: 0" "$T/gen"; then ok
    else bad "$what"; grep -E "FAIL|coverage:|passed:" "$T/gen" | head -8; fi
}
gencheck "gen check: programs 1..150" --seeds 1..150 --coverage
gencheck "gen check: trap scenarios" --seeds 1..60 --traps
gencheck "gen check: sub-vector programs" --seeds 1..40 --features subv,if,loop,brx,mem,alu
gencheck "gen check: bigger programs" --seeds 500..520 --size 80 --warps 1..4 --ctas 1..4
gencheck "gen check: streams" --seeds 1..60 --kind stream
gencheck "gen check: bad streams" --seeds 1..60 --kind stream --bad --coverage
# replayable: the same seed gives the same bytes, through the CLI too
$WQ gen prog --seed 77 -o "$T/g1.wqs" && $WQ gen prog --seed 77 > "$T/g2.wqs"
check "gen prog is deterministic" cmp -s "$T/g1.wqs" "$T/g2.wqs"
$WQ gen stream --seed 77 --bad -o "$T/s1.wqst" && $WQ gen stream --seed 77 --bad > "$T/s2.wqst"
check "gen stream is deterministic" cmp -s "$T/s1.wqst" "$T/s2.wqst"
$WQ gen cl --seed 77 -o "$T/c1.cl" && $WQ gen cl --seed 77 > "$T/c2.cl"
check "gen cl is deterministic" cmp -s "$T/c1.cl" "$T/c2.cl"
check "gen cl writes the oracle" grep -q "^//@ expect_seq 1 0 " "$T/c1.cl"
check "gen cl kernel compiles" $WQ cc "$T/c1.cl" -o "$T/c1.wqs"
$WQ gen cl --seed 77 --features base -o "$T/c3.cl"
check "gen cl --features base: no structs, no ({ }), no vectors, no goto" bash -c "! grep -q 'struct s\|({\| w0 = \|goto' '$T/c3.cl' && grep -q 'struct s' '$T/c1.cl'"
$WQ gen cl --seed 77 --features vector -o "$T/c4.cl"
check "gen cl --features vector: vectors, no goto" bash -c "grep -q ' w0 = ' '$T/c4.cl' && ! grep -q 'goto' '$T/c4.cl'"
check "gen cl refuses ptrmember without struct" bash -c "! $WQ gen cl --seed 1 --features ptrmember 2> /dev/null"
# --prefix: the same kernel with its file-scope names prefixed and named by
# a //@ kernel line; with float, the contraction pragma either way
$WQ gen cl --seed 77 --prefix s77_ -o "$T/c5.cl"
check "gen cl --prefix: the kernel named, every name prefixed, nothing else changed" bash -c \
    "grep -qx '//@ kernel s77_clgen' '$T/c5.cl' && grep -q 'struct s77_s0' '$T/c5.cl' &&
     ! grep -q 'struct s0\|void clgen(' '$T/c5.cl' &&
     diff <(tail -n +2 '$T/c1.cl') <(tail -n +2 '$T/c5.cl' | grep -vx '//@ kernel s77_clgen' | sed 's/s77_//g') > /dev/null"
check "gen cl --prefix with float: the pragma says ON or OFF" bash -c \
    "for s in 1 2 3 4; do $WQ gen cl --seed \$s --features all,float --prefix p_ | grep -q '^#pragma OPENCL FP_CONTRACT O' || exit 1; done"
check "gen cl refuses a prefix that is not an identifier" bash -c "! $WQ gen cl --seed 1 --prefix 1x 2> /dev/null && ! $WQ gen cl --seed 1 --prefix 'a-b' 2> /dev/null"
wq_abs=$(realpath "$WQ"); (cd "$T" && "$wq_abs" cc c1.cl -o - > c1_stdout.wqs)
check "cc -o - writes to stdout, no file named '-'" bash -c "cmp -s <(tail -n +2 '$T/c1.wqs') <(tail -n +2 '$T/c1_stdout.wqs') && [ ! -e '$T/-' ]"
# generated tests run under `wq run` like any test
for lanes in 8 32; do
    check "wq run generated program (lanes $lanes)" $WQ run --lanes $lanes "$T/g1.wqs" > /dev/null
    check "wq run generated stream (lanes $lanes)" $WQ run --lanes $lanes "$T/s1.wqst" > /dev/null
done
$WQ gen prog --seed 3 --trap misaligned -o "$T/trap.wqs"
$WQ run "$T/trap.wqs" > "$T/out" 2>&1
check "generated trap program reports its trap" grep -q "TRAP MISALIGNED" "$T/out"
check "generated trap program names it in its header" grep -q "trap=MISALIGNED" "$T/trap.wqs"
# a stream whose expectation is wrong fails under wq run
sed 's/^expect_chan 0 ok$/expect_chan 0 error BAD_SEC_OP 0x1/' "$T/s1.wqst" > "$T/s3.wqst"
$WQ run "$T/s3.wqst" > /dev/null 2>&1
check "wrong stream expectation exits 1" test $? -eq 1
$WQ gen prog --seed 1 --lanes 12 > /dev/null 2>&1
check "gen with bad lanes exits 2" test $? -eq 2

# the micro-engine's tools (docs/model/ue.md): firmware uses the generated
# constants, errors name file:line and write nothing, the random bench
# programs assemble from their own listing, disassembly assembles back
cat > "$T/loop.ues" <<'UES'
        .include "wq_ue.inc"        ; the spec's constants (make build)
        .reg cnt, r5
        li cnt, 3
top:    addi w1, w1, WQ_UE_OP_SUB + 1   ; 2 per turn
        addi cnt, cnt, -1
        bnz cnt, top
        out 7, w1
        halt WQ_TRAP_ILLEGAL_REG
UES
$WQ ue asm "$T/loop.ues" -I build/gen -o "$T/loop.hex" --lst "$T/loop.lst"
check "ue asm with the generated include" test $? -eq 0
check "ue asm pads the image to the ROM" test "$(wc -l < "$T/loop.hex")" -eq 2048
check "ue asm listing names the source line" grep -q "loop.ues:4: top:" "$T/loop.lst"
$WQ ue sim "$T/loop.hex" --trace > "$T/out"
check "ue sim halts (exit 0)" test $? -eq 0
check "ue sim runs the loop" grep -q "^instructions: 12$" "$T/out"
check "ue sim halt code" grep -q "^halt: 0x002 at pc 5$" "$T/out"
check "ue sim trace shows the out" grep -q "out 7, w1 .*out\[7\]=00000006" "$T/out"
check "ue sim summary" grep -Eq "^registers: checksum [0-9a-f]{16}$" "$T/out"
$WQ ue sim "$T/loop.hex" --max 5 > "$T/out"
check "ue sim without a halt exits 1" test $? -eq 1
check "ue sim says it stopped" grep -q "^halt: none" "$T/out"
printf 'start:  nop\n        addi r1, r2, 512\n' > "$T/bad.ues"
$WQ ue asm "$T/bad.ues" -o "$T/bad.hex" 2> "$T/err"
check "ue asm error exits 1" test $? -eq 1
check "ue asm error names file:line" grep -q "bad.ues:2: immediate 512 out of range" "$T/err"
check "ue asm error writes nothing" test ! -e "$T/bad.hex"
$WQ ue gen --seed 9 -o "$T/g.hex" && $WQ ue gen --seed 9 --asm -o "$T/g.ues" &&
    $WQ ue asm "$T/g.ues" -o "$T/g2.hex"
check "ue gen --asm assembles to ue gen's words" cmp -s "$T/g.hex" "$T/g2.hex"
$WQ ue dis "$T/g.hex" | sed 's/^ *[0-9]*: [0-9a-f]*  //' > "$T/d.ues" &&
    $WQ ue asm "$T/d.ues" -o "$T/d.hex"
check "ue dis output assembles to the same words" cmp -s "$T/g.hex" "$T/d.hex"
check "ue gen program halts on the simulator" $WQ ue sim "$T/g.hex" --seed 9 > /dev/null
# a ROM past 2 048 words (ROM_AW 12, ROM_DEPTH 2560): 2560-line images,
# 14-bit targets, the same round trips
R="--rom-aw 12 --rom-depth 2560"
$WQ ue gen --seed 5 $R -o "$T/h.hex" && $WQ ue gen --seed 5 $R --asm -o "$T/h.ues" &&
    $WQ ue asm "$T/h.ues" $R -o "$T/h2.hex"
check "ue gen --rom-depth 2560 --asm assembles to the same words" cmp -s "$T/h.hex" "$T/h2.hex"
check "ue gen --rom-depth 2560 image has 2560 lines" test "$(wc -l < "$T/h.hex")" -eq 2560
$WQ ue dis "$T/h.hex" $R | sed 's/^ *[0-9]*: [0-9a-f]*  //' > "$T/hd.ues" &&
    $WQ ue asm "$T/hd.ues" $R -o "$T/hd.hex"
check "ue dis of a 2560-word image assembles to the same words" cmp -s "$T/h.hex" "$T/hd.hex"
$WQ ue sim "$T/h.hex" --seed 5 $R > "$T/out"
check "ue sim seed 5 (2560 words) ends on the padding past the depth" grep -q "^halt: 0x3fe at pc [0-9]*$" "$T/out"
$WQ ue gen --seed 1 --rom-aw 11 --rom-depth 2049 > /dev/null 2> "$T/err"
check "ue --rom-depth past 2^ROM_AW exits 2" test $? -eq 2
$WQ ue frob > /dev/null 2>&1
check "ue with an unknown command exits 2" test $? -eq 2

# --timeline: Chrome trace-event JSON (docs/tools/timeline.md), checked for
# well-formed tracks and for counts equal to the run's own statistics
$WQ run tests/programs/spinlock.wqs --timeline "$T/tl.json" > "$T/out" 2>&1
check "run --timeline exits 0" test $? -eq 0
n_in=$(sed -n 's/.*warp instructions: \([0-9]*\).*/\1/p' "$T/out")
n_y=$(sed -n 's/.* yields \([0-9]*\)$/\1/p' "$T/out")
check "spinlock timeline: tracks and counts" python3 scripts/timeline_check.py "$T/tl.json" \
    --channels 4 --warps 8 --instructions "$n_in" --yields "$n_y" --methods 3 --traps 0
$WQ run --yield=off --watchdog 3000 tests/programs/spinlock.wqs --timeline "$T/tl.json" > "$T/out" 2>&1
check "livelock run with --timeline exits 1" test $? -eq 1
n_in=$(sed -n 's/.*warp instructions: \([0-9]*\).*/\1/p' "$T/out")
check "a trap's timeline is closed and names the trap" python3 scripts/timeline_check.py \
    "$T/tl.json" --instructions "$n_in" --traps 1 --yields 0
$WQ gen stream --seed 7 --bad -o "$T/s.wqst" && $WQ run "$T/s.wqst" --timeline "$T/tl.json" > "$T/out" 2>&1
check "bad stream with --timeline runs" test $? -eq 0
n_in=$(sed -n 's/.*warp instructions: \([0-9]*\).*/\1/p' "$T/out")
n_m=$(sed -n 's/^channel .* methods=\([0-9]*\).*/\1/p' "$T/out" | awk '{ s += $1 } END { print s + 0 }')
n_e=$(grep -c '^channel .* error=' "$T/out")
check "stream timeline: channel errors, methods, instructions" python3 scripts/timeline_check.py \
    "$T/tl.json" --instructions "$n_in" --methods "$n_m" --chan-errors "$n_e"
check "the stream has channel errors to show" test "$n_e" -gt 0
$WQ run tests/programs/loops.wqs --timeline "$T/no/such/dir/tl.json" > /dev/null 2> "$T/err"
check "an uncreatable timeline exits 2" test $? -eq 2
check "an uncreatable timeline is named" grep -q "no/such/dir/tl.json: cannot create" "$T/err"

# help and usage manners: `wq help VERB` and `wq VERB --help` print the
# verb's synopsis on stdout and exit 0; a usage error prints one line that
# names the problem ("wq VERB: ..."), then the synopsis, on stderr, exit 2
verbs=$($WQ help | awk 'NR > 1 && $1 != "help" { print $1 }')
check "wq help lists the verbs" test "$(echo $verbs)" = "asm cc disasm run cosim nested bench gen ue"
for v in $verbs; do
    $WQ help "$v" > "$T/h1" 2> "$T/h1e"
    check "wq help $v exits 0" test $? -eq 0
    check "wq help $v prints its synopsis on stdout" grep -q "^usage: wq $v" "$T/h1"
    check "wq help $v: nothing on stderr" test ! -s "$T/h1e"
    $WQ "$v" --help > "$T/h2" 2>&1
    check "wq $v --help exits 0" test $? -eq 0
    check "wq $v --help equals wq help $v" cmp -s "$T/h1" "$T/h2"
done
$WQ help frob > /dev/null 2> "$T/err"
check "wq help of an unknown verb exits 2" test $? -eq 2
check "wq help frob names it on its own line" grep -qx "wq help: unknown command 'frob'" "$T/err"
$WQ > /dev/null 2>&1
check "wq alone exits 2" test $? -eq 2
# each usage error: exit 2, first stderr line "wq VERB: message", the
# synopsis starting on the next line, nothing on stdout
usage_error() {   # VERB EXPECTED-FIRST-LINE ARGS...
    local v=$1 want=$2; shift 2
    $WQ "$@" > "$T/uo" 2> "$T/ue"
    local rc=$?
    check "wq $* exits 2" test $rc -eq 2
    check "wq $*: error line" test "$(head -1 "$T/ue")" = "$want"
    check "wq $*: synopsis on the next line" bash -c "sed -n 2p '$T/ue' | grep -q '^usage: wq $v'"
    check "wq $*: stdout empty" test ! -s "$T/uo"
}
usage_error run "wq run: bad --lanes 'x'" run --lanes x tests/programs/loops.wqs
usage_error run "wq run: no input file" run
usage_error run "wq run: one input file only ('a.wqs' and 'b.wqs')" run a.wqs b.wqs
usage_error run "wq run: unknown option or missing value '--frob'" run --frob tests/programs/loops.wqs
usage_error asm "wq asm: no input file" asm
usage_error disasm "wq disasm: unknown option '--frob'" disasm --frob x.hex
usage_error gen "wq gen: unknown option '--frob'" gen prog --seed 1 --frob 3
usage_error gen "wq gen: --seed N (or --seeds A..B) is required" gen prog
usage_error gen "wq gen: unknown command 'frob'" gen frob --seed 1
usage_error bench "wq bench: unexpected argument 'x'" bench x
usage_error cosim "wq cosim: no input file" cosim
usage_error ue "wq ue: no input file" ue asm
# an input error is one line of its own, no synopsis
$WQ run "$T/missing.wqs" > /dev/null 2> "$T/err"
check "wq run of a missing file exits 2" test $? -eq 2
check "wq run of a missing file: one line naming the file" \
    bash -c "test \$(wc -l < '$T/err') -eq 1 && grep -q '^$T/missing.wqs:0: cannot open' '$T/err'"
$WQ nested --frob > /dev/null 2> "$T/err"
check "wq nested --frob exits 2" test $? -eq 2
check "wq nested --frob names the option" grep -q "^wq nested: .*'--frob'" "$T/err"

# cc: the inlining policy, spilling under a register limit, private bytes
$WQ cc --inline=never tests/kernels/calls.cl > "$T/calls.wqs" 2>&1
check "cc --inline=never compiles calls.cl" test $? -eq 0
check "cc --inline=never emits call and ret" grep -q "^ *call .*, calls.L" "$T/calls.wqs"
$WQ cc --inline=always tests/kernels/calls.cl > "$T/inl.wqs" 2>&1
check "cc --inline=always emits no call" bash -c "! grep -q '^ *call ' '$T/inl.wqs'"
$WQ cc --inline=sometimes tests/kernels/calls.cl > "$T/badinl" 2>&1
check "cc --inline=sometimes is a usage error" test $? -eq 2
# the alias pass with regions given by hand (docs/compiler.md "Alias metadata")
$WQ cc tests/opencl/alias/alias.cl --region=0:0x10000:8192 --region=1:0x20000:8192 --explain \
    > "$T/alias.wqs" 2> "$T/alias.ex"
check "cc --region disjoint: explained and unrolled" grep -q "disjoint, distance 57344 -> independent" "$T/alias.ex"
check "cc --region disjoint: the loads of four iterations in a row" grep -q "ld .*+12\]" "$T/alias.wqs"
$WQ cc tests/opencl/alias/alias.cl --region=0:0x10000:8192 --region=1:0x11000:8192 --explain \
    > /dev/null 2> "$T/alias.ov"
check "cc --region overlap: tested at the loop's entry" grep -q "overlap 0x11000..0x12000 (4096 bytes, at +4096 in 0, +0 in 1) -> overlap: independent where the loop's accesses do not reach the shared bytes" "$T/alias.ov"
check "cc --region disjoint: 4-wide accesses" grep -q "4-wide: 1 LD.V4, 1 ST.V4 in place of 8 word accesses" "$T/alias.ex"
$WQ cc tests/opencl/alias/alias.cl --region=0:0x10000 > /dev/null 2> "$T/alias.bad"
check "cc --region without a length is a usage error" test $? -eq 2
check "cc --region error names the form" grep -q "ARG:START:LEN" "$T/alias.bad"
$WQ cc --subv=always tests/kernels/subv_pressure.cl > "$T/subv.wqs" 2>&1
check "cc --subv=always wraps segments" grep -q "^ *subv_start" "$T/subv.wqs"
check "cc --subv=always names the shared base" grep -q "sub-vector segments, shared base r16" "$T/subv.wqs"
$WQ cc --subv=off tests/kernels/subv_pressure.cl > "$T/subvoff.wqs" 2>&1
check "cc --subv=off emits no segment" bash -c "! grep -qE '^ +subv_(start|end)' '$T/subvoff.wqs'"
$WQ cc --subv=sometimes tests/kernels/subv_pressure.cl > "$T/badsubv" 2>&1
check "cc --subv=sometimes is a usage error" test $? -eq 2
$WQ cc --subv-threshold=32 tests/kernels/subv_pressure.cl > "$T/badsubv" 2>&1
check "cc --subv-threshold=32 is a usage error" test $? -eq 2
$WQ cc --regs=8 tests/kernels/spill.cl > "$T/spill.wqs" 2>&1
check "cc --regs=8 spills spill.cl" grep -qE "^; ---- kernel spill: [1-8] registers, .* bytes private, [1-9][0-9]* spilled" "$T/spill.wqs"
$WQ cc tests/kernels/private.cl > "$T/priv.wqs" 2>&1
check "cc reports private bytes" grep -qE "^; ---- kernel priv: .* [1-9][0-9]* bytes private, 0 spilled" "$T/priv.wqs"

# wq run KERNEL.cl / wq cosim KERNEL.cl: OpenCL C through the runtime
cat > "$T/vadd.cl" <<'EOF'
__kernel void vadd(__global const uint *a, __global const uint *b, __global uint *c, uint n)
{
    size_t i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[i];
}
EOF
$WQ run "$T/vadd.cl" --global 16 --local 8 --arg buf:u32:16=seq:1 --arg buf:u32:16=seq:100:2 \
    --arg buf:u32:16 --arg u32:14 > "$T/o" 2>&1
check "run vadd.cl exits 0" test $? -eq 0
check "run vadd.cl: the sum buffer" grep -qx "       0: 00000065 00000068 0000006b 0000006e 00000071 00000074 00000077 0000007a" "$T/o"
check "run vadd.cl: elements past n stay 0" grep -qx "       8: 0000007d 00000080 00000083 00000086 00000089 0000008c 00000000 00000000" "$T/o"
check "run vadd.cl: result line" grep -qx "result: completed" "$T/o"
printf '%s\n' '__kernel void neg(__global char *p, __global short *q) { int i = get_global_id(0); p[i] = -p[i]; q[i] = q[i] * 3; }' > "$T/neg.cl"
printf '5, -7\n0x10 100\n' > "$T/init.txt"
$WQ run "$T/neg.cl" --global 4 --arg buf:i8:4=@"$T/init.txt" --arg buf:i16:4=-2 --dec > "$T/o" 2>&1
check "run neg.cl (@file, i8, i16, --dec) exits 0" test $? -eq 0
check "run neg.cl: signed bytes" grep -qx "       0:          -5           7         -16        -100" "$T/o"
check "run neg.cl: signed shorts" grep -qx "       0:          -6          -6          -6          -6" "$T/o"
printf '%s\n' '__kernel void w(__global long *p, long a) { int i = get_global_id(0); p[i] = min(p[i], a) + (long)clz((ulong)a); }' > "$T/w.cl"
printf -- '-9223372036854775808 0xffffffff 7\n' > "$T/w.txt"
$WQ run "$T/w.cl" --global 4 --arg buf:i64:4=@"$T/w.txt" --arg i64:0x100000000 --dec > "$T/o" 2>&1
check "run w.cl (i64 buffer and scalar, --dec) exits 0" test $? -eq 0
check "run w.cl: 64-bit min and clz" grep -qx "       0: -9223372036854775777           4294967326                   38                   31" "$T/o"
$WQ run "$T/w.cl" --global 4 --arg buf:i64:4 --arg i32:1 > "$T/uo" 2> "$T/ue"
check "run w.cl with a 32-bit scalar for a long exits 2" test $? -eq 2
$WQ run tests/kernels/reduce.cl --global 256 --local 128 --arg buf:u32:256=seq:1 --arg buf:u32:4 \
    --arg local:512 --dec > "$T/o" 2>&1
check "run reduce.cl (__local argument) sums per group" grep -qx "       0:       8256      24640          0          0" "$T/o"
$WQ run tests/kernels/spinlock.cl --global 64 --local 32 --arg buf:u32:4 --arg buf:u32:64 --yield=off > "$T/o" 2>&1
check "run spinlock.cl --yield=off exits 1" test $? -eq 1
check "run spinlock.cl --yield=off names the trap" grep -q "^result: FAILED: kernel spinlock: trap FORWARD_PROGRESS" "$T/o"
$WQ run tests/kernels/spinlock.cl --global 64 --local 32 --arg buf:u32:4 --arg buf:u32:64 --lanes 8 > "$T/o" 2>&1
check "run spinlock.cl at 8 lanes: every increment" grep -qx "       0: 00000000 00000040 00000820 00000000" "$T/o"
mkdir -p "$T/inc"
printf '#define ADD 3\n' > "$T/inc/add.h"
printf '#include "add.h"\n__kernel void k(__global uint *p) { p[get_global_id(0)] += ADD + N; }\n' > "$T/inc/k.cl"
$WQ run "$T/inc/k.cl" --global 4 --arg buf:u32:4=seq:0 -D N=1 > "$T/o" 2>&1
check "run KERNEL.cl: #include beside the file, -D" grep -qx "       0: 00000004 00000005 00000006 00000007" "$T/o"
printf '__kernel void k(__global uint *p) { p[0] = q; }\n' > "$T/bad.cl"
$WQ run "$T/bad.cl" --global 1 --arg buf:u32:1 > "$T/uo" 2> "$T/ue"
check "run bad.cl exits 2" test $? -eq 2
check "run bad.cl: file:line:col" grep -q "bad.cl:1:44: error: use of undeclared identifier 'q'" "$T/ue"
$WQ run "$T/vadd.cl" --global 16 --arg buf:u32:16 > "$T/uo" 2> "$T/ue"
check "run vadd.cl with one --arg exits 2" test $? -eq 2
check "run vadd.cl with one --arg: the count named" grep -q "kernel vadd takes 4 arguments, 1 given" "$T/ue"
$WQ run "$T/vadd.cl" --global 16 --arg u32:1 --arg buf:u32:1 --arg buf:u32:1 --arg u32:1 > "$T/uo" 2> "$T/ue"
check "run vadd.cl with a scalar for a buffer: the argument named" grep -q "argument 0 (uint\* a) does not take --arg u32:1" "$T/ue"
usage_error run "wq run: $T/vadd.cl: --global N[,N,N] is required" run "$T/vadd.cl" --arg buf:u32:4
# a kernel file's own //@ launch (kfile.h): sizes, buffers, repeat, checks
$WQ run tests/kernels/bfs.cl > "$T/o" 2>&1
check "run bfs.cl from its //@ lines exits 0" test $? -eq 0
check "run bfs.cl: its repeat launches and its bfs check hold" grep -qx "expect: ok" "$T/o"
$WQ run tests/kernels/spill.cl --lanes 8 --regs=8 > "$T/o" 2>&1
check "run spill.cl from its //@ lines with command-line overrides exits 0" test $? -eq 0
sed 's#^//@ expect 2 0 12$#//@ expect 2 0 13#' tests/kernels/vadd_index.cl > "$T/vx.cl"
$WQ run "$T/vx.cl" > "$T/o" 2>&1
check "run with a wrong //@ expect exits 1" test $? -eq 1
check "run with a wrong //@ expect names element and values" grep -qx "expect: arg 2 \[0\] = 0xc, expected 0xd" "$T/o"
check "run with a wrong //@ expect: the verdict" grep -qx "expect: FAILED" "$T/o"
sed 's#^//@ check sorted 0 0 0$#//@ check sorted 0 0 0\n//@ check matmul 0 0 0 99999#' tests/kernels/bitonic_global.cl > "$T/bx.cl"
grep -q "check matmul" "$T/bx.cl" || bad "cli_tests: bitonic_global.cl has no '//@ check sorted 0 0 0' line to extend"
$WQ run "$T/bx.cl" > "$T/o" 2>&1
check "run with an impossible //@ check exits 1, no crash" test $? -eq 1
check "run with an impossible //@ check names it" grep -qx "check matmul: buffers too small" "$T/o"
printf '//@ global 4\n//@ buf u32 4 zero\n//@ expect 1 0 1\n__kernel void k(__global uint *a) {}\n' > "$T/kx.cl"
usage_error run "wq run: $T/kx.cl: //@ line 3: expect: ARG must be a buffer argument before this line" run "$T/kx.cl"
printf '//@ global 4\n//@ buf u33 4 zero\n__kernel void k(__global uint *a) {}\n' > "$T/kx.cl"
usage_error run "wq run: $T/kx.cl: //@ line 2: type 'u33' (u8 i8 u16 i16 u32 i32)" run "$T/kx.cl"
usage_error run "wq run: $T/inc/k.cl: --global N[,N,N] is required (the file has no //@ global line)" run "$T/inc/k.cl"
# mutated //@ lines: every run ends in 0, 1 or 2 (a verdict or a named usage
# error), never a crash; words swapped for numbers at the edges, empty,
# huge or foreign ones (RANDOM seeded: the same mutants every run)
RANDOM=7
words=(0 -1 4294967295 4294967296 99999999 0x10 "" u8 i16 zero seq rand32 const 1,1,1 0,0 abc "1 2 3 4 5 6 7 8")
src=tests/kernels/scan.cl
mapfile -t dl < <(grep -n '^//@ ' "$src" | cut -d: -f1)
crash=0
for m in $(seq 1 40); do
    ln=${dl[$((RANDOM % ${#dl[@]}))]}
    w=${words[$((RANDOM % ${#words[@]}))]}
    k=$((RANDOM % 5 + 2))
    awk -v ln="$ln" -v k="$k" -v w="$w" 'NR == ln { n = split($0, f, " "); if (k <= n) f[k] = w; else f[n + 1] = w
        $0 = f[1]; for (i = 2; i <= n + (k > n); i++) $0 = $0 " " f[i] } { print }' "$src" > "$T/mut.cl"
    $WQ run "$T/mut.cl" > "$T/mo" 2> "$T/me"
    rc=$?
    if [ $rc -gt 2 ]; then crash=1; echo "cli_tests: mutant $m (line $ln, word $k = '$w') exits $rc"; cp "$T/mut.cl" "$T/crash$m.cl"; fi
done
check "40 mutated //@ headers: exit 0, 1 or 2, never a crash" test $crash -eq 0
usage_error run "wq run: --arg buf:f32:4: buf:TYPE:COUNT[=INIT], TYPE u8 i8 u16 i16 u32 i32 u64 i64" run "$T/vadd.cl" --global 4 --arg buf:f32:4
usage_error run "wq run: --arg buf:u32:4=seq:x: bad seq:START[:STEP]" run "$T/vadd.cl" --global 4 --arg buf:u32:4=seq:x
usage_error run "wq run: bad --local '0' (N[,N[,N]])" run "$T/vadd.cl" --global 4 --local 0
# view:ARG:OFFSET:COUNT -- a sub-buffer of an earlier argument's buffer: p[i] += q[i] with q
# 32 words into p, so the view shows p's words 32..35 after the kernel ran
printf '__kernel void k(__global uint *p, __global const uint *q) { uint i = get_global_id(0); p[i] += q[i]; }\n' > "$T/view.cl"
$WQ run "$T/view.cl" --global 4 --arg buf:u32:64=seq:0 --arg view:0:128:4 > "$T/o" 2>&1
check "run view.cl: the sub-buffer is read through" grep -qx "       0: 00000020 00000022 00000024 00000026 00000004 00000005 00000006 00000007" "$T/o"
check "run view.cl: the view prints its own words" grep -qx "       0: 00000020 00000021 00000022 00000023" "$T/o"
usage_error run "wq run: --arg view:1:0:4: view:ARG:OFFSET:COUNT, ARG an earlier buf: argument" run "$T/view.cl" --global 4 --arg buf:u32:64 --arg view:1:0:4
if [ "${WQ_SKIP_COSIM:-0}" != 1 ]; then
    $WQ cosim tests/kernels/spinlock.cl --global 64 --local 32 --arg buf:u32:4 --arg buf:u32:64 > "$T/o" 2>&1
    check "cosim spinlock.cl exits 0" test $? -eq 0
    check "cosim spinlock.cl: on the RTL, every increment" bash -c "grep -q 'on the RTL in lockstep' '$T/o' &&
        grep -qx '       0: 00000000 00000040 00000820 00000000' '$T/o'"
    # a float kernel (//@ fp): on the RTL built with its FPU, the model's output
    $WQ run tests/kernels/float_saxpy.cl > "$T/fm" 2>&1
    $WQ cosim tests/kernels/float_saxpy.cl > "$T/o" 2>&1
    check "cosim float_saxpy.cl (//@ fp) exits 0" test $? -eq 0
    check "cosim float_saxpy.cl: on the RTL with its FPU, the model's buffers" bash -c "
        grep -q 'on the RTL in lockstep' '$T/o' && grep -q '^launch cycles: [1-9]' '$T/o' &&
        diff <(grep -E '^ +[0-9]+: ' '$T/fm') <(grep -E '^ +[0-9]+: ' '$T/o') > /dev/null"
fi

$WQ bench --cc tests/kernels/vadd.cl tests/kernels/reduce.cl > "$T/o" 2>&1
check "bench --cc prints cc_lines_per_s over the files' lines" \
    grep -qE "^cc_lines_per_s: [1-9][0-9]* \(2 files, $(cat tests/kernels/vadd.cl tests/kernels/reduce.cl | wc -l) lines; [^()]*\)$" "$T/o"
$WQ bench --cc tests/kernels/float_builtins.cl > "$T/o" 2>&1
check "bench --cc compiles a kernel whose //@ fp asks for an FPU for a device with one" \
    grep -q '^cc_lines_per_s: [1-9]' "$T/o"
$WQ bench --cc "$T/bad.cl" > "$T/uo" 2> "$T/ue"
check "bench --cc on a kernel with an error exits 2 with the diagnostic" \
    bash -c "test $? -eq 2 && grep -q 'bad.cl:1:44: error' '$T/ue'"

# bench: one `key: value` per line, the model metric present
if [ "${WQ_SKIP_BENCH:-0}" != 1 ]; then
    $WQ bench > "$T/bench" 2>&1
    check "bench exits 0" test $? -eq 0
    check "bench prints key: value lines" bash -c "! grep -vEq '^[a-z0-9_]+: [0-9.]+( [a-z0-9_/=.,-]+)?( \([^()]+\))?\$' '$T/bench'"
    check "bench says each instruction rate's configuration" bash -c "! grep -E '_instr_per_s: ' '$T/bench' | grep -vq 'LANES=[0-9]*'"
    check "bench has model_warp_instr_per_s" grep -q "^model_warp_instr_per_s: [0-9]" "$T/bench"
    check "bench has nested_local_cycles" grep -q "^nested_local_cycles: [0-9]" "$T/bench"
    check "bench has nested_cpu_cycles with its link latency" \
        grep -q "^nested_cpu_cycles: [0-9]* link_latency=[0-9]" "$T/bench"
    check "bench has nested_speedup" grep -q "^nested_speedup: [0-9]" "$T/bench"
fi

echo "cli_tests: passed $pass, failed $fail"
[ "$fail" -eq 0 ]
