/* asm_sym.c -- the assembler's symbol table: labels and .equ constants.
 * Symbols live in p->syms (they are part of the result); a hash of their
 * indices keeps look-ups constant-time for large generated programs. */
#include <stdlib.h>
#include <string.h>
#include "asm_int.h"

static unsigned hash_name(const char *s)
{
    unsigned h = 2166136261u;           /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

int wq__sym_find(const wq_as_t *as, const char *name)
{
    if (!as->hcap)
        return -1;
    for (unsigned h = hash_name(name) & (as->hcap - 1);; h = (h + 1) & (as->hcap - 1)) {
        unsigned e = as->hash[h];
        if (!e)
            return -1;
        if (strcmp(as->p->syms[e - 1].name, name) == 0)
            return (int)(e - 1);
    }
}

static void hash_put(wq_as_t *as, unsigned idx)
{
    unsigned h = hash_name(as->p->syms[idx].name) & (as->hcap - 1);
    while (as->hash[h])
        h = (h + 1) & (as->hcap - 1);
    as->hash[h] = idx + 1;
}

/* keep the table at most half full */
static int hash_grow(wq_as_t *as)
{
    unsigned ncap = as->hcap ? as->hcap * 2 : 64;
    unsigned *nh = calloc(ncap, sizeof *nh);
    if (!nh)
        return wq__err(as, "out of memory");
    free(as->hash);
    as->hash = nh;
    as->hcap = ncap;
    for (unsigned i = 0; i < as->p->nsyms; i++)
        hash_put(as, i);
    return 0;
}

int wq__sym_def(wq_as_t *as, const char *name, uint32_t v, int is_code)
{
    wq_program_t *p = as->p;
    int old = wq__sym_find(as, name);
    if (old >= 0)
        return wq__err(as, "duplicate %s '%s' (first defined at line %d)",
                       is_code >= 0 ? "label" : "symbol", name, p->syms[old].line);
    if (wq__reserved(name))
        return wq__err(as, "'%s' is a register name and cannot be a symbol", name);
    if (p->nsyms == as->symcap) {
        unsigned ncap = as->symcap ? as->symcap * 2 : 64;
        wq_sym_t *ns = realloc(p->syms, ncap * sizeof *ns);
        if (!ns)
            return wq__err(as, "out of memory");
        p->syms = ns;
        as->symcap = ncap;
    }
    if ((p->nsyms + 1) * 2 > as->hcap && hash_grow(as))
        return -1;
    char *copy = strdup(name);
    if (!copy)
        return wq__err(as, "out of memory");
    wq_sym_t *sy = &p->syms[p->nsyms];
    sy->name = copy;
    sy->value = v;
    sy->is_code = is_code > 0;
    sy->line = as->line;
    hash_put(as, p->nsyms);
    p->nsyms++;
    return 0;
}

void wq__sym_free(wq_as_t *as)
{
    free(as->hash);
    as->hash = NULL;
    as->hcap = 0;
}
