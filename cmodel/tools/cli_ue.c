/* cli_ue.c -- `wq ue`: the micro-engine's assembler, disassembler,
 * simulator and random program generator (docs/model/ue.md).  Hex images are one
 * 32-bit word per line, 8 lower-case hex digits ($readmemh); the reader
 * (wq_ue_hex_read) also takes blank lines and '#', ';' or '//' comments. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "wq/ue.h"

int wq_cli_ue_usage(FILE *f)
{
    fprintf(f,
        "usage: wq ue <command> [options]   (the micro-engine, docs/model/ue.md)\n"
        "  asm FILE.ues [-o FILE.hex] [--lst FILE.lst] [-I DIR] [--rom-aw N]\n"
        "               [--rom-depth N]  assemble; the image is padded to the ROM depth\n"
        "  dis FILE.hex [--rom-aw N] [--rom-depth N]\n"
        "                        disassemble (output assembles to the same words)\n"
        "  sim FILE.hex [--seed N] [--max N] [--trace] [--rom-aw N] [--pages N]\n"
        "               [--win-log2 N] [--rom-depth N]   run on the test device;\n"
        "                        exit 1 if no halt\n"
        "  gen --seed N [-o FILE.hex] [--asm] [--rom-aw N] [--pages N] [--win-log2 N]\n"
        "               [--rom-depth N]  a random terminating program (hex, or assembly)\n"
        "  --rom-depth N: ROM words (ROM_DEPTH, 1..2^ROM_AW; default 2^ROM_AW)\n");
    return f == stdout ? 0 : 2;
}

/* a number option: 0 ok, prints and returns 2 on a bad value */
static int num(const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || end == s || *end || s[0] == '-' || x < lo || x > hi) {
        fprintf(stderr, "wq ue: %s needs a number in %" PRIu64 "..%" PRIu64 ", got '%s'\n",
                opt, lo, hi, s);
        return 2;
    }
    *v = x;
    return 0;
}

typedef struct ue_opts {
    const char *in, *out, *lst;
    uint64_t seed, max, rom_aw, pages, win_log2, rom_depth;
    int trace, as_asm;
    wq_ue_asmopt_t asmopt;
} ue_opts_t;

/* the options every subcommand shares; 0 ok, else the exit code */
static int parse(int argc, char **argv, ue_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->max = 1000000;
    o->rom_aw = 11;
    o->pages = 2;
    o->win_log2 = 6;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int rc = 0;
        if (!strcmp(a, "-h") || !strcmp(a, "--help"))
            return wq_cli_ue_usage(stdout) == 0 ? -1 : 2;
        else if (!strcmp(a, "--trace"))
            o->trace = 1;
        else if (!strcmp(a, "--asm"))
            o->as_asm = 1;
        else if (!v && a[0] == '-')
            return wq_cli_error("ue", "option '%s' needs a value or is unknown", a);
        else if (!strcmp(a, "-o"))
            o->out = argv[++i];
        else if (!strcmp(a, "--lst"))
            o->lst = argv[++i];
        else if (!strcmp(a, "-I")) {
            if (o->asmopt.nincdir == WQ_UE_ASM_MAX_DIRS) {
                fprintf(stderr, "wq ue: at most %u -I directories\n", WQ_UE_ASM_MAX_DIRS);
                return 2;
            }
            o->asmopt.incdir[o->asmopt.nincdir++] = argv[++i];
        } else if (!strcmp(a, "--seed"))
            rc = num(a, argv[++i], 0, UINT64_MAX, &o->seed);
        else if (!strcmp(a, "--max"))
            rc = num(a, argv[++i], 1, UINT64_MAX, &o->max);
        else if (!strcmp(a, "--rom-aw"))
            rc = num(a, argv[++i], 1, WQ_UE_PC_W, &o->rom_aw);
        else if (!strcmp(a, "--rom-depth"))
            rc = num(a, argv[++i], 1, WQ_UE_MAX_ROM, &o->rom_depth);
        else if (!strcmp(a, "--pages"))
            rc = num(a, argv[++i], 1, WQ_UE_MAX_PAGES, &o->pages);
        else if (!strcmp(a, "--win-log2"))
            rc = num(a, argv[++i], 0, WQ_UE_MAX_WIN_LOG2, &o->win_log2);
        else if (a[0] == '-')
            return wq_cli_error("ue", "unknown option '%s'", a);
        else if (o->in)
            return wq_cli_error("ue", "one input file only ('%s' and '%s')", o->in, a);
        else
            o->in = a;
        if (rc)
            return rc;
    }
    if (o->rom_depth > (1ull << o->rom_aw)) {
        fprintf(stderr, "wq ue: --rom-depth %" PRIu64 " is more than 2^ROM_AW (%u)\n",
                o->rom_depth, 1u << o->rom_aw);
        return 2;
    }
    if (!o->rom_depth)
        o->rom_depth = 1ull << o->rom_aw;
    o->asmopt.rom_aw = (unsigned)o->rom_aw;
    o->asmopt.rom_depth = (unsigned)o->rom_depth;
    return 0;
}

/* read a hex image: at most cap words; -1 after printing file:line */
static long read_hex(const char *path, uint32_t *w, size_t cap)
{
    char err[600];
    size_t n = 0;
    if (wq_ue_hex_read(path, w, cap, &n, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return (long)n;
}

/* close (a file) or flush (stdout) and report a write error: 0 or 1 */
static int finish(FILE *f, const char *path)
{
    int bad = ferror(f);
    if (path)
        bad |= fclose(f);
    else
        bad |= fflush(f);
    if (bad)
        fprintf(stderr, "%s: write error\n", path ? path : "stdout");
    return bad ? 1 : 0;
}

static int write_hex(const char *path, const uint32_t *w, size_t n)
{
    FILE *f = path ? fopen(path, "w") : stdout;
    if (!f) {
        fprintf(stderr, "%s: cannot create: %s\n", path, strerror(errno));
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%08x\n", (unsigned)w[i]);
    return finish(f, path);
}

static int cmd_asm(ue_opts_t *o)
{
    wq_ue_image_t img;
    char err[600];
    if (!o->in)
        return wq_cli_error("ue", "no input file");
    if (wq_ue_asm(o->in, NULL, 0, &o->asmopt, &img, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    int rc = o->out || !o->lst ? write_hex(o->out, img.words, img.nwords) : 0;
    FILE *f = !rc && o->lst ? fopen(o->lst, "w") : NULL;
    if (!rc && o->lst && !f) {
        fprintf(stderr, "%s: cannot create: %s\n", o->lst, strerror(errno));
        rc = 1;
    }
    for (unsigned i = 0; f && i < img.used; i++) {
        char text[128];
        fprintf(f, "%4u  %08x  %-36s  %s\n", i, (unsigned)img.words[i],
                wq_ue_disasm(img.words[i], text, sizeof text), img.src[i]);
    }
    if (f && fclose(f)) {
        fprintf(stderr, "%s: write error\n", o->lst);
        rc = 1;
    }
    wq_ue_image_free(&img);
    return rc;
}

static const uint32_t PAD = WQ_UE_PAD_WORD;

static int cmd_dis(ue_opts_t *o)
{
    static uint32_t w[WQ_UE_MAX_ROM];
    if (!o->in)
        return wq_cli_error("ue", "no input file");
    long n = read_hex(o->in, w, WQ_UE_MAX_ROM);
    if (n < 0)
        return 1;
    long used = n;
    while (used > 0 && w[used - 1] == PAD)     /* the assembler's padding */
        used--;
    for (long i = 0; i < used; i++) {
        char text[192], mean[128];
        unsigned fmt = wq_ue_ops[WQ_UE_GET(w[i], OP)].fmt;
        wq_ue_disasm(w[i], mean, sizeof mean);
        snprintf(text, sizeof text, "%s", mean);
        /* a target past the ROM (--rom-depth) is no operand the assembler
         * takes: such a word stays a .word */
        if ((fmt == WQ_UE_FMT_B || fmt == WQ_UE_FMT_J) && mean[0] != '.' &&
            wq_ue_target(w[i]) >= o->rom_depth)
            snprintf(text, sizeof text, ".word 0x%08x  ; %s (past the ROM)", (unsigned)w[i],
                     mean);
        printf("%4ld: %08x  %s\n", i, (unsigned)w[i], text);
    }
    if (used < n)
        printf("; %ld padding words (halt 0x%03x)\n", n - used, (unsigned)WQ_UE_PAD_HALT_CODE);
    return 0;
}

static int cmd_sim(ue_opts_t *o)
{
    static uint32_t w[WQ_UE_MAX_ROM];
    static wq_ue_t ue;
    static wq_ue_testdev_t td;
    if (!o->in)
        return wq_cli_error("ue", "no input file");
    wq_ue_cfg_t cfg = { (unsigned)o->rom_aw, (unsigned)o->pages, (unsigned)o->win_log2,
                        (unsigned)o->rom_depth };
    if (wq_ue_init(&ue, &cfg)) {
        fprintf(stderr, "wq ue sim: bad configuration\n");
        return 2;
    }
    long n = read_hex(o->in, w, cfg.rom_depth);
    if (n < 0)
        return 1;
    wq_ue_load(&ue, w, (size_t)n);
    wq_ue_testdev_init(&td, o->seed);
    wq_ue_rec_t r;
    while (ue.count < o->max && wq_ue_step(&ue, &wq_ue_testdev_io, &td, &r) == WQ_UE_OK) {
        if (!o->trace)
            continue;
        char text[128], what[96] = "";
        size_t k = 0;
        if (r.we)
            k += (size_t)snprintf(what + k, sizeof what - k, " rf[0x%03x]=%08x", r.waddr,
                                  r.wdata);
        if (r.io)
            k += (size_t)snprintf(what + k, sizeof what - k, " %s[%u]=%08x",
                                  r.io == WQ_UE_IO_IN ? "in" : "out", r.port, r.io_data);
        if (r.halted)
            snprintf(what + k, sizeof what - k, " halt 0x%03x", r.halt_code);
        printf("%8" PRIu64 " %4u: %08x  %-32s%s\n", ue.count - 1, r.pc, r.word,
               wq_ue_disasm(r.word, text, sizeof text), what);
    }
    printf("instructions: %" PRIu64 "\n", ue.count);
    if (ue.halted)
        printf("halt: 0x%03x at pc %u\n", ue.halt_code, ue.pc);
    else
        printf("halt: none (stopped after --max %" PRIu64 ", pc %u)\n", o->max, ue.pc);
    printf("io: %" PRIu64 " in, %" PRIu64 " out, out hash %016" PRIx64 "\n", td.nin, td.nout,
           td.out_hash);
    printf("registers: checksum %016" PRIx64 "\n", wq_ue_checksum(&ue));
    return ue.halted ? 0 : 1;
}

static int cmd_gen(ue_opts_t *o)
{
    static uint32_t w[WQ_UE_MAX_ROM];
    unsigned n = 0, depth = (unsigned)o->rom_depth;
    char *text = NULL;
    wq_ue_genopt_t g = { o->seed, depth, (unsigned)o->pages, (unsigned)o->win_log2 };
    if (o->in)
        return wq_cli_error("ue", "gen takes no input file ('%s')", o->in);
    if (wq_ue_gen(&g, w, &n, o->as_asm ? &text : NULL)) {
        fprintf(stderr, "wq ue gen: cannot generate for a ROM of %u words (at least 64)\n",
                depth);
        return 2;
    }
    if (!o->as_asm) {
        for (unsigned i = n; i < depth; i++)
            w[i] = PAD;
        return write_hex(o->out, w, depth);
    }
    FILE *f = o->out ? fopen(o->out, "w") : stdout;
    int rc = 0;
    if (!f) {
        fprintf(stderr, "%s: cannot create: %s\n", o->out, strerror(errno));
        rc = 1;
    } else {
        fputs(text, f);
        rc = finish(f, o->out);
    }
    free(text);
    return rc;
}

int wq_cli_ue(int argc, char **argv)
{
    if (argc < 2)
        return wq_cli_error("ue", "no command");
    const char *c = argv[1];
    if (!strcmp(c, "-h") || !strcmp(c, "--help") || !strcmp(c, "help"))
        return wq_cli_ue_usage(stdout);
    ue_opts_t o;
    int rc = parse(argc - 1, argv + 1, &o);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!strcmp(c, "asm")) return cmd_asm(&o);
    if (!strcmp(c, "dis")) return cmd_dis(&o);
    if (!strcmp(c, "sim")) return cmd_sim(&o);
    if (!strcmp(c, "gen")) return cmd_gen(&o);
    return wq_cli_error("ue", "unknown command '%s'", c);
}
