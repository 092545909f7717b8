/* ue_hex.c -- reading a micro-engine image: the $readmemh text `wq ue asm`
 * writes (one 32-bit word per line), for the CLI and for benches that load
 * firmware files.  Blank lines and '#', ';' and '//' comments are skipped;
 * a line may hold several words. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/ue.h"

static int ws(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

int wq_ue_hex_read(const char *path, uint32_t *words, size_t cap, size_t *n, char *err,
                   size_t errlen)
{
    FILE *f = fopen(path, "r");
    *n = 0;
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char buf[512];
    int line = 0, rc = 0;
    while (!rc && fgets(buf, sizeof buf, f)) {
        line++;
        char *p = buf, *c;
        if ((c = strchr(p, '#')) || (c = strchr(p, ';')))
            *c = 0;
        if ((c = strstr(p, "//")))
            *c = 0;
        for (;;) {
            while (ws(*p))
                p++;
            if (!*p)
                break;
            char *end;
            errno = 0;
            unsigned long long v = strtoull(p, &end, 16);
            if (end == p || errno || v > 0xFFFFFFFFull || *p == '-' || *p == '+' ||
                (*end && !ws(*end))) {
                snprintf(err, errlen, "%s:%d: not a 32-bit hex word", path, line);
                rc = -1;
                break;
            }
            if (*n == cap) {
                snprintf(err, errlen, "%s:%d: image larger than the ROM (%zu words)", path,
                         line, cap);
                rc = -1;
                break;
            }
            words[(*n)++] = (uint32_t)v;
            p = end;
        }
    }
    if (!rc && ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        rc = -1;
    }
    fclose(f);
    return rc;
}
