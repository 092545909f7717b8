/* cli_main.c -- `wq`: assembler, disassembler, model runner, benchmarks. */
#include <stdio.h>
#include <string.h>
#include "cli.h"

static int usage(FILE *f)
{
    fprintf(f,
        "usage: wq <command> [options]\n"
        "  asm FILE.wqs [-o OUT.hex] [--list]   assemble\n"
        "  disasm FILE.hex | --bin FILE         disassemble\n"
        "  run FILE.wqs [--yield=off] [--lanes N] [--warps N] [--trace]\n"
        "               [--max-ticks N] [--watchdog N]\n"
        "                                       run on the golden model\n"
        "  cosim FILE.wqs [--lanes N] [--seed N] [--wave F.fst]\n"
        "                                       RTL in lockstep with the model\n"
        "  nested [--scenario NAME] [--all]     nested-work scenarios through the driver\n"
        "  bench                                model benchmarks (key: value)\n"
        "  gen prog|stream --seed N [-o FILE]   seeded random test (see `wq gen`)\n"
        "  gen check --seeds A..B [--kind K]    generate and run on the model\n"
        "  ue asm|dis|sim|gen ...               the micro-engine's tools (`wq ue`)\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2) return usage(stderr);
    const char *c = argv[1];
    if (!strcmp(c, "asm")) return wq_cli_asm(argc - 1, argv + 1);
    if (!strcmp(c, "disasm")) return wq_cli_disasm(argc - 1, argv + 1);
    if (!strcmp(c, "run")) return wq_cli_run(argc - 1, argv + 1);
    if (!strcmp(c, "cosim")) return wq_cli_cosim(argc - 1, argv + 1);
    if (!strcmp(c, "bench")) return wq_cli_bench(argc - 1, argv + 1);
    if (!strcmp(c, "gen")) return wq_cli_gen(argc - 1, argv + 1);
    if (!strcmp(c, "nested")) return wq_cli_nested(argc - 1, argv + 1);
    if (!strcmp(c, "ue")) return wq_cli_ue(argc - 1, argv + 1);
    if (!strcmp(c, "-h") || !strcmp(c, "--help") || !strcmp(c, "help")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "wq: unknown command '%s'\n", c);
    return usage(stderr);
}
