/* cli_asm.c -- `wq asm` and `wq disasm`.
 * The hex format is one 64-bit instruction word per line, 16 lower-case
 * hex digits; readers also take "0x", several words per line, blank lines
 * and '#', ';' or '//' comments.  argv[0] is the subcommand name. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "wq/asm.h"
#include "wq/isa.h"

static uint64_t code_word(const wq_program_t *p, uint32_t i)
{
    const uint8_t *b = p->segs[0].bytes + 8u * i;
    uint64_t w = 0;
    for (int k = 7; k >= 0; k--)
        w = (w << 8) | b[k];
    return w;
}

int wq_cli_asm(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    int list = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "--list"))
            list = 1;
        else if (argv[i][0] == '-')
            return wq_cli_error("asm", "unknown option '%s'", argv[i]);
        else if (in)
            return wq_cli_error("asm", "one input file only ('%s' and '%s')", in, argv[i]);
        else
            in = argv[i];
    }
    if (!in)
        return wq_cli_error("asm", "no input file");
    wq_program_t p;
    char err[600];
    if (wq_asm_file(in, &p, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    int rc = 0;
    FILE *f = NULL;
    if (out && !(f = fopen(out, "w"))) {
        fprintf(stderr, "%s: cannot create: %s\n", out, strerror(errno));
        rc = 1;
    } else if (!out && !list) {
        f = stdout;
    }
    for (uint32_t i = 0; f && i < p.ninsn; i++)
        fprintf(f, "%016llx\n", (unsigned long long)code_word(&p, i));
    if (f && f != stdout && fclose(f)) {
        fprintf(stderr, "%s: write error\n", out);
        rc = 1;
    }
    for (uint32_t i = 0; list && !rc && i < p.ninsn; i++) {
        char text[128];
        uint64_t w = code_word(&p, i);
        wq_disasm(w, i, text, sizeof text);
        printf("%6u  %08x  %016llx  %s\n", i, p.code_base + 8u * i, (unsigned long long)w,
               text);
    }
    wq_program_free(&p);
    return rc;
}

static void show(uint32_t pc, uint64_t w)
{
    char text[128];
    wq_disasm(w, pc, text, sizeof text);
    printf("%u: %016llx  %s\n", pc, (unsigned long long)w, text);
}

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* one line of a hex file: whitespace-separated words, then a comment */
static int hex_line(const char *path, int lno, char *s, uint32_t *pc)
{
    for (char *c = s; *c; c++)
        if (*c == '#' || *c == ';' || (c[0] == '/' && c[1] == '/')) {
            *c = '\0';
            break;
        }
    for (char *tok = strtok(s, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
        const char *d = tok;
        uint64_t w = 0;
        if (d[0] == '0' && (d[1] == 'x' || d[1] == 'X'))
            d += 2;
        size_t n = strlen(d);
        int ok = n > 0 && n <= 16;
        for (size_t k = 0; ok && k < n; k++) {
            int v = hex_digit((unsigned char)d[k]);
            ok = v >= 0;
            w = (w << 4) | (uint64_t)(v & 15);
        }
        if (!ok) {
            fprintf(stderr, "%s:%d: bad hex word '%.40s'\n", path, lno, tok);
            return -1;
        }
        show((*pc)++ & WQ_PC_MASK, w);
    }
    return 0;
}

static int disasm_hex(const char *path, uint32_t pc)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return 1;
    }
    char line[4096];
    int lno = 0, rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        lno++;
        if (!strchr(line, '\n') && !feof(f)) {
            fprintf(stderr, "%s:%d: line too long\n", path, lno);
            rc = 1;
        } else if (hex_line(path, lno, line, &pc)) {
            rc = 1;
        }
    }
    fclose(f);
    return rc;
}

static int disasm_bin(const char *path, uint32_t pc)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return 1;
    }
    unsigned char b[8];
    size_t n;
    uint64_t off = 0;
    int rc = 0;
    while ((n = fread(b, 1, sizeof b, f)) == sizeof b) {
        uint64_t w = 0;
        for (int k = 7; k >= 0; k--)
            w = (w << 8) | b[k];
        show(pc++ & WQ_PC_MASK, w);
        off += 8;
    }
    if (n != 0) {
        fprintf(stderr, "%s: length is not a multiple of 8 bytes (%llu left over at offset %llu)\n",
                path, (unsigned long long)n, (unsigned long long)off);
        rc = 1;
    }
    fclose(f);
    return rc;
}

int wq_cli_disasm(int argc, char **argv)
{
    const char *in = NULL;
    int bin = 0;
    uint32_t base = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--bin"))
            bin = 1;
        else if (!strcmp(argv[i], "--base") && i + 1 < argc) {
            char *end;
            unsigned long v = strtoul(argv[++i], &end, 0);
            if (*end || end == argv[i] || v > WQ_PC_MASK) {
                fprintf(stderr, "wq disasm: bad --base '%s' (instruction index 0..%u)\n",
                        argv[i], WQ_PC_MASK);
                return 2;
            }
            base = (uint32_t)v;
        } else if (argv[i][0] == '-')
            return wq_cli_error("disasm", "unknown option '%s'", argv[i]);
        else if (in)
            return wq_cli_error("disasm", "one input file only ('%s' and '%s')", in, argv[i]);
        else
            in = argv[i];
    }
    if (!in)
        return wq_cli_error("disasm", "no input file");
    return bin ? disasm_bin(in, base) : disasm_hex(in, base);
}
