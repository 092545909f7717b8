/* cli_help.c -- the `wq` command's verbs and their usage texts, in one table.
 * `wq help`, `wq help VERB`, `wq VERB --help` and every usage error print
 * from here, so a verb's synopsis exists once.  Asked-for help goes to
 * stdout (exit 0); a usage error prints one line naming the problem, then
 * the synopsis, both on stderr (exit 2). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"

static const wq_cli_verb_t verbs[] = {
    { "asm", wq_cli_asm, "assemble a .wqs file to hex",
      "usage: wq asm FILE.wqs [-o OUT.hex] [--list]\n"
      "  writes the code section as hex (stdout unless -o);\n"
      "  --list prints 'pc  addr  hex  disasm' lines instead of (or with -o,\n"
      "  as well as) the hex\n", NULL },
    { "cc", wq_cli_cc, "compile OpenCL C kernels to warpq assembly",
      "usage: wq cc KERNEL.cl [-D NAME[=V]]... [-I DIR]... [--yield=loops|spin|off]\n"
      "             [--inline=auto|always|never] [--regs=N] [--emit=wqs|hex|ir] [-o OUT]\n"
      "             [--subv=auto|off|always] [--subv-threshold=N] [--lanes=8|16|32] [--fp=0|1]\n"
      "             [--region=ARG:START:LEN]... [--explain] [--ir-after=PASS]\n"
      "  OpenCL C 1.2, integer subset (docs/compiler.md); writes readable .wqs\n"
      "  (stdout unless -o FILE; -o - is stdout); --emit=ir prints the IR before\n"
      "  register allocation; --ir-after: the IR after every run of PASS instead\n"
      "  (lower, peep, fold, licm, alias, quad, subv, regalloc: the compiler's\n"
      "  pass table, docs/compiler.md \"Stages\"), --emit=ir implied;\n"
      "  --inline: which functions are inlined (auto: inline and small ones;\n"
      "  the others are called with CALL/RET); --subv: sub-vector segments\n"
      "  (auto: where the register pressure exceeds the threshold, the registers\n"
      "  a thread keeps to itself: --subv-threshold, default half of --regs);\n"
      "  --lanes: the target's LANES, by which a segment's shared registers pack\n"
      "  (32/LANES to a row: a segment may name more registers than --regs);\n"
      "  --fp=1: the target has an FPU (float compiles; default 0 refuses it)\n"
      "  --region: the bytes pointer argument ARG reaches (as the runtime knows\n"
      "  them at enqueue); with two or more, the alias pass unrolls the loops\n"
      "  their relation proves independent; --explain prints the metadata and\n"
      "  each decision on stderr (docs/compiler.md \"Alias metadata\")\n"
      "  exit 0: compiled; 2: usage error or a kernel error (file:line:col)\n", NULL },
    { "disasm", wq_cli_disasm, "disassemble a hex or raw image",
      "usage: wq disasm FILE.hex [--base PC]\n"
      "       wq disasm --bin FILE [--base PC]   (raw little-endian 64-bit words)\n", NULL },
    { "run", wq_cli_run, "run a program or command stream on the golden model",
      "usage: wq run FILE.wqs|FILE.wqst [--yield=off] [--lanes 8|16|32] [--warps N]\n"
      "              [--regs N] [--fp 0|1]\n"
      "              [--trace] [--timeline F.json] [--max-ticks N] [--watchdog N]\n"
      "  --fp 1: the machine has an FPU (default 0, as the RTL: every FP\n"
      "  instruction traps ILLEGAL_INSTR)\n"
      "  --timeline writes Chrome trace-event JSON (Perfetto, chrome://tracing),\n"
      "  time in model ticks\n"
      "  exit 0: idle and every .expect holds; 1: trap, channel error, failed\n"
      "  check or tick limit; 2: usage or syntax error\n"
      "       wq run KERNEL.cl --global N[,N,N] [--local N[,N,N]] [--arg SPEC]...\n"
      "              [--kernel NAME] [-D NAME[=V]]... [-I DIR]... [--yield=loops|spin|off]\n"
      "              [--inline=auto|always|never] [--alias=on|off] [--lanes 8|16|32] [--dec]\n"
      "              [--regs=N] [--subv=auto|off|always] [--subv-threshold=N] [--fp 0|1]\n"
      "  --fp 1 (or the file's //@ fp): the device has an FPU and float compiles\n"
      "  (WQ_FP=1; `wq cosim KERNEL.cl --fp 1`: the RTL built with its FPU)\n"
      "  one --arg per kernel argument, in order: buf:TYPE:COUNT[=INIT] (INIT: a\n"
      "  number, seq:START[:STEP], rand:SEED[:MOD] or @FILE of integers),\n"
      "  TYPE:VALUE, local:BYTES, view:ARG:OFFSET:COUNT (a sub-buffer of argument\n"
      "  ARG's buffer from byte OFFSET, a multiple of 128: the same region or an\n"
      "  overlap for the alias pass); TYPE u8 i8 u16 i16 u32 i32 u64 i64.  Launches\n"
      "  through the OpenCL runtime and prints every buffer (hex, or --dec);\n"
      "  --alias=off: without the alias pass the runtime applies at enqueue\n"
      "  without --global and --arg: the file's //@ lines (tests/kernels) give the\n"
      "  launch, arguments and options, and their expects and checks are checked\n"
      "  exit 0: completed (and the //@ checks hold); 1: trap, failure (named) or\n"
      "  a failed check; 2: usage or compile error\n", NULL },
    { "cosim", wq_cli_cosim, "run on the RTL in lockstep with the model",
      "usage: wq cosim FILE.wqs|FILE.wqst [--lanes 8|16|32] [--warps N] [--seed N]\n"
      "                [--wave F.fst] [--max-cycles N] [--lat MIN,MAX] [--ready PCT]\n"
      "                [--expects-info] [--timeline F.json]\n"
      "  --timeline writes Chrome trace-event JSON, time in RTL cycles\n"
      "  FILE.wqs: a program; FILE.wqst: a command stream (first line\n"
      "  \"wqstream 1\", `wq gen stream --timing-free` for lockstep runs)\n"
      "       wq cosim KERNEL.cl ...   the options of `wq run KERNEL.cl`, on the RTL\n"
      "  in lockstep with the model (libwqrtl.so, built on first use); prints\n"
      "  the launch's RTL cycles\n", NULL },
    { "nested", wq_cli_nested, "nested-work scenarios through the driver",
      "usage: wq nested [--scenario NAME | FILE.wqs]... [--all]\n"
      "         [--backend model|rtl|uart:PATH@BAUD] [--lib FILE] [--lanes N] [--warps N]\n"
      "         [--timeout DEVICE_TIME]\n"
      "       (the device library appended to each scenario: build/gen/enqueue.wqs,\n"
      "        from the repository's top, unless --lib FILE)\n"
      "       (rtl also: [--seed N] [--wave F.fst] [--lat MIN,MAX] [--ready PCT])\n"
      "       (uart: the device behind the UART bridge on a serial line, e.g.\n"
      "        uart:/dev/ttyUSB0@115200; WQ_UART_TIMEOUT_MS, WQ_UART_TRIES, WQ_UART_VERBOSE)\n", NULL },
    { "bench", wq_cli_bench, "model benchmarks, one key: value per line",
      "usage: wq bench\n"
      "       wq bench --cc FILE.cl...\n"
      "  model rates (warp and thread instructions, host methods per second)\n"
      "  and nested-work latencies, one 'key: value' per line; --cc: the OpenCL\n"
      "  C compiler's throughput on the files (cc_lines_per_s)\n", NULL },
    { "gen", wq_cli_gen, "seeded random programs, command streams and OpenCL C kernels",
      "usage: wq gen prog --seed N [--lanes 8|16|32] [--features all|alu,if,...] [--size N]\n"
      "                   [--warps A..B] [--ctas A..B] [--trap NAME] [--timing-free] [--fp]\n"
      "                   [-o FILE]   (--fp: FP instructions too; run with --fp 1)\n"
      "       wq gen stream --seed N [--bad] [--channels N] [--timing-free] [-o FILE]\n"
      "       wq gen cl --seed N [--features LIST] [-o FILE.cl]   (a kernel with its\n"
      "                 oracle; scripts/clgen.sh; LIST: struct,ptrmember,structarray,\n"
      "                 stmtexpr,vector,goto,float, all (all but float) or base;\n"
      "                 float kernels need a device with an FPU, WQ_FP=1)\n"
      "       wq gen check --seeds A..B [--kind prog|stream|all] [--features LIST]\n"
      "                    [--size N] [--traps] [--bad] [--timing-free] [--coverage] [-v]\n"
      "features: alu if loop call brx yield lock mem atom sreg bar subv multi\n"
      "traps: illegal_instr illegal_reg misaligned deque_full subv_misuse\n", NULL },
    { "ue", wq_cli_ue, "the micro-engine's assembler, disassembler, simulator",
      NULL, wq_cli_ue_usage /* the table of its sub-verbs */ },
};

const wq_cli_verb_t *wq_cli_verb(const char *name)
{
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        if (!strcmp(verbs[i].name, name)) return &verbs[i];
    return NULL;
}

int wq_cli_usage(const char *verb, FILE *f)
{
    const wq_cli_verb_t *v = wq_cli_verb(verb);
    if (v && v->usage) fputs(v->usage, f);
    else if (v && v->usage_fn) v->usage_fn(f);
    return f == stdout ? 0 : 2;
}

int wq_cli_error(const char *verb, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "wq %s: ", verb);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    wq_cli_usage(verb, stderr);
    return 2;
}

void wq_cli_list(FILE *f)
{
    fprintf(f, "usage: wq <command> [options]     (wq help COMMAND for its options)\n");
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        fprintf(f, "  %-8s %s\n", verbs[i].name, verbs[i].summary);
    fprintf(f, "  %-8s %s\n", "help", "this list, or one command's options");
}
