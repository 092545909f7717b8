/* cli_main.c -- `wq`: assembler, disassembler, model runner, lockstep
 * co-simulation, generators, benchmarks.  The verbs are the table in
 * cli_help.c; `-h`/`--help` anywhere after a verb prints its synopsis. */
#include <stdio.h>
#include <string.h>
#include "cli.h"

static int is_help(const char *a)
{
    return !strcmp(a, "-h") || !strcmp(a, "--help");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        wq_cli_list(stderr);
        return 2;
    }
    const char *c = argv[1];
    if (!strcmp(c, "help") || is_help(c)) {
        if (argc < 3) {
            wq_cli_list(stdout);
            return 0;
        }
        if (!wq_cli_verb(argv[2])) {
            fprintf(stderr, "wq help: unknown command '%s'\n", argv[2]);
            wq_cli_list(stderr);
            return 2;
        }
        return wq_cli_usage(argv[2], stdout);
    }
    const wq_cli_verb_t *v = wq_cli_verb(c);
    if (!v) {
        fprintf(stderr, "wq: unknown command '%s'\n", c);
        wq_cli_list(stderr);
        return 2;
    }
    /* `wq ue asm --help` is the sub-verb's business */
    if (strcmp(c, "ue"))
        for (int i = 2; i < argc; i++)
            if (is_help(argv[i])) return wq_cli_usage(c, stdout);
    return v->fn(argc - 1, argv + 1);
}
