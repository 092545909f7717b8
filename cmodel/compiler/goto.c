/* goto.c -- goto and labels rewritten into structured control flow, on
 * the AST, before uniform.c and lower.c (docs/compiler.md "goto").
 *
 * lower.c turns structured statements into the divergence tokens of
 * DESIGN §6.3 (SSY/SYNC around an if, PBRK/BRK and PCONT/CONT around a
 * loop), so a goto is removed here, at the level lower.c works on: the
 * goto-elimination of Erosa & Hendren ("Taming control flow", ICCL 1994).
 * Each goto becomes a conditional goto `if (c) goto L` and moves, one
 * statement level at a time, until it and its label lie in the same
 * statement list; there it disappears:
 *
 *   outward, out of a loop or switch   flag = c; if (flag) break;  ... } if (flag) goto L;
 *   outward, out of an if arm          flag = c; if (!flag) { rest }  } if (flag) goto L;
 *   inward, into S holding L (forward) flag = c; if (!flag) { between }
 *                                      if:     if (flag || cond) { if (flag) goto L; ...
 *                                              (the else arm: if (!flag && cond))
 *                                      loop:   if (!flag) init; while (flag || cond) {
 *                                              if (flag) goto L; ...
 *                                      switch: switch (flag ? K : v) { case K: if (flag) goto L; ...
 *   backward into S holding L          do { if (flag) goto L; S ...; flag = c; } while (flag);
 *   siblings, forward                  if (!c) { between } L:
 *   siblings, backward                 L: do { between } while (c);
 *
 * flag is one variable per label, 0 except between a taken goto and its
 * label (the label clears it), so the conditions above only steer the
 * threads that jump.  Jumping into the middle of a loop (a loop with two
 * entries: irreducible control flow) is the inward case: the loop's
 * condition lets the jumping threads in and the flag skips what lies
 * before the label, so no code is duplicated.  A loop made for a backward
 * goto wraps statements whose break and continue belonged to an enclosing
 * loop or switch: they set an exit code and leave the new loop, and after
 * it `if (x == 1) break; if (x == 2) continue;` finishes them.
 *
 * Only functions with a goto are rewritten; in the others a label is a
 * block around its statement.  Before the rewrite a function's statement
 * slots all become blocks and its blocks are flattened into their lists
 * (the parser resolved every name, so a block's scope no longer matters);
 * a label or case label becomes a marker statement followed by its
 * statement. */
#include <string.h>
#include "cc_int.h"

/* a rewritten function's statements nest at most this deep (every rewrite
 * can add a level; the passes after this one recurse on the nesting) */
enum { MAX_DEPTH = 600 };
/* the statements visited by the position searches of one compilation */
#define MAX_WORK 50000000L

typedef struct label {
    const cc_tok_t *tok;
    cc_node_t *marker;              /* the ND_LABEL node                       */
    cc_var_t *flag;                 /* created when a rewrite needs it         */
} label_t;

typedef struct {
    cc_t *c;
    cc_func_t *fn;
    label_t *labels;
    int nlabels, cap;
    int *hash;                      /* open addressing: label index + 1        */
    int hcap;
    cc_node_t **gotos;
    int ngotos, gcap;
    cc_var_t **zero;                /* variables set to 0 at the function's entry */
    int nzero, zcap;
    long work;
} gt_t;

/* one level of a statement's position: the list (a block) and the
 * statement of it that holds the target, with its predecessor */
typedef struct frame { cc_node_t *blk, *prev, *stmt; } frame_t;

/* ---- nodes ----------------------------------------------------------------------------- */
static cc_node_t *node(gt_t *g, cc_nk_t k, const cc_tok_t *t) { return cc_new_node(g->c, k, t); }

static cc_node_t *num(gt_t *g, int64_t v, cc_type_t *ty, const cc_tok_t *t)
{
    cc_node_t *n = node(g, ND_NUM, t);
    n->ty = ty;
    n->val = v;
    return n;
}

static cc_node_t *var_ref(gt_t *g, cc_var_t *v, const cc_tok_t *t)
{
    cc_node_t *n = node(g, ND_VAR, t);
    n->var = v;
    n->ty = v->ty;
    return n;
}

static cc_node_t *block(gt_t *g, cc_node_t *list, const cc_tok_t *t)
{
    cc_node_t *b = node(g, ND_BLOCK, t);
    b->body = list;
    return b;
}

/* `v = val;` */
static cc_node_t *set(gt_t *g, cc_var_t *v, cc_node_t *val, const cc_tok_t *t)
{
    cc_node_t *a = node(g, ND_ASSIGN, t);
    a->lhs = var_ref(g, v, t);
    a->rhs = val;
    a->ty = v->ty;
    cc_node_t *s = node(g, ND_EXPR_STMT, t);
    s->lhs = a;
    return s;
}

static int is_var(const cc_node_t *e, const cc_var_t *v) { return e && e->kind == ND_VAR && e->var == v; }

/* a compare of e with 0 (ND_EQ or ND_NE), in e's promoted type */
static cc_node_t *cmp0(gt_t *g, cc_nk_t k, cc_node_t *e)
{
    cc_node_t *n = node(g, k, e->tok);
    n->lhs = e;
    n->rhs = num(g, 0, e->ty->kind == TY_PTR ? &cc_ty_uint : cc_promote(e->ty), e->tok);
    n->ty = &cc_ty_int;
    return n;
}

/* an int that is 1 where the scalar e is not 0 */
static cc_node_t *truth(gt_t *g, cc_node_t *e)
{
    if (e->ty == &cc_ty_int && (e->kind == ND_EQ || e->kind == ND_NE || e->kind == ND_LT || e->kind == ND_LE ||
                                e->kind == ND_LOGAND || e->kind == ND_LOGOR || e->kind == ND_NOT))
        return e;
    if (e->kind == ND_NUM) return num(g, e->val != 0, &cc_ty_int, e->tok);
    return cmp0(g, ND_NE, e);
}

/* !e */
static cc_node_t *negate(gt_t *g, cc_node_t *e)
{
    if (e->kind == ND_NUM) return num(g, e->val == 0, &cc_ty_int, e->tok);
    return cmp0(g, ND_EQ, e);
}

static cc_node_t *logic(gt_t *g, cc_nk_t k, cc_node_t *a, cc_node_t *b)
{
    cc_node_t *n = node(g, k, b->tok);
    n->lhs = a;
    n->rhs = b;
    n->ty = &cc_ty_int;
    return n;
}

/* `if (cond) { then }` */
static cc_node_t *if_(gt_t *g, cc_node_t *cond, cc_node_t *then, const cc_tok_t *t)
{
    cc_node_t *n = node(g, ND_IF, t);
    n->cond = cond;
    n->then = block(g, then, t);
    return n;
}

/* a fresh int variable of the function (lower.c gives it a register) */
static cc_var_t *new_flag(gt_t *g, const cc_tok_t *t, const char *what)
{
    cc_var_t *v = cc_alloc(g->c, sizeof *v);
    v->name = cc_fmt(g->c, "<%s %.*s>", what, t->len, t->loc);
    v->ty = &cc_ty_int;
    v->tok = t;
    v->next = g->fn->locals;
    g->fn->locals = v;
    return v;
}

/* v is set to 0 at the function's entry (function() puts it there) */
static void zero_at_entry(gt_t *g, cc_var_t *v)
{
    if (g->nzero == g->zcap) {
        g->zcap = g->zcap ? g->zcap * 2 : 16;
        cc_var_t **nz = cc_alloc(g->c, sizeof *nz * (size_t)g->zcap);
        if (g->nzero) memcpy(nz, g->zero, sizeof *nz * (size_t)g->nzero);
        g->zero = nz;
    }
    g->zero[g->nzero++] = v;
}

/* the flag of label l: cleared at the label, and at the function's entry
 * (function() puts that there at the end, so that no statement moves in
 * the function's own list while a rewrite holds positions in it) */
static cc_var_t *flag_of(gt_t *g, label_t *l)
{
    if (l->flag) return l->flag;
    l->flag = new_flag(g, l->tok, "goto flag");
    zero_at_entry(g, l->flag);
    cc_node_t *clear = set(g, l->flag, num(g, 0, &cc_ty_int, l->tok), l->tok);
    clear->next = l->marker->next;
    l->marker->next = clear;
    return l->flag;
}

/* ---- statement lists ------------------------------------------------------------------------ */
static cc_node_t *last_of(cc_node_t *list)
{
    while (list && list->next) list = list->next;
    return list;
}

/* put list (possibly empty) into blk after `after` (NULL: first) */
static void insert(cc_node_t *blk, cc_node_t *after, cc_node_t *list)
{
    if (!list) return;
    cc_node_t *tail = last_of(list);
    cc_node_t **at = after ? &after->next : &blk->body;
    tail->next = *at;
    *at = list;
}

/* take the nodes from `first` (whose predecessor is prev) up to and
 * excluding `stop` out of blk; returns them as a list */
static cc_node_t *take(cc_node_t *blk, cc_node_t *prev, cc_node_t *first, cc_node_t *stop)
{
    if (first == stop) return NULL;
    cc_node_t *tail = first;
    while (tail->next != stop) tail = tail->next;
    if (prev) prev->next = stop;
    else blk->body = stop;
    tail->next = NULL;
    return first;
}

static cc_node_t *chain(cc_node_t *a, cc_node_t *b)
{
    if (!a) return b;
    last_of(a)->next = b;
    return a;
}

/* ---- labels ----------------------------------------------------------------------------- */
static unsigned name_hash(const cc_tok_t *t)
{
    unsigned h = 2166136261u;
    for (int i = 0; i < t->len; i++) h = (h ^ (unsigned char)t->loc[i]) * 16777619u;
    return h;
}

static int same_name(const cc_tok_t *a, const cc_tok_t *b)
{
    return a->len == b->len && !memcmp(a->loc, b->loc, (size_t)a->len);
}

static int find_label(gt_t *g, const cc_tok_t *t)
{
    if (!g->hcap) return -1;
    for (unsigned i = name_hash(t) & (unsigned)(g->hcap - 1);; i = (i + 1) & (unsigned)(g->hcap - 1)) {
        int k = g->hash[i];
        if (!k) return -1;
        if (same_name(g->labels[k - 1].tok, t)) return k - 1;
    }
}

static void rehash(gt_t *g)
{
    g->hcap = g->hcap ? g->hcap * 2 : 64;
    g->hash = cc_alloc(g->c, sizeof *g->hash * (size_t)g->hcap);
    for (int k = 0; k < g->nlabels; k++) {
        unsigned i = name_hash(g->labels[k].tok) & (unsigned)(g->hcap - 1);
        while (g->hash[i]) i = (i + 1) & (unsigned)(g->hcap - 1);
        g->hash[i] = k + 1;
    }
}

/* a label the rewrite makes (no name to look up): its index */
static int new_label(gt_t *g, cc_node_t *marker)
{
    if (g->nlabels == g->cap) {
        g->cap = g->cap ? g->cap * 2 : 16;
        label_t *nl = cc_alloc(g->c, sizeof *nl * (size_t)g->cap);
        if (g->nlabels) memcpy(nl, g->labels, sizeof *nl * (size_t)g->nlabels);
        g->labels = nl;
    }
    marker->label = g->nlabels;
    g->labels[g->nlabels] = (label_t){ .tok = marker->tok, .marker = marker };
    return g->nlabels++;
}

static void add_label(gt_t *g, cc_node_t *n)
{
    int old = find_label(g, n->tok);
    if (old >= 0)
        cc_error_tok(g->c, n->tok, "redefinition of label '%.*s' (first defined at line %d)", n->tok->len, n->tok->loc,
                     g->labels[old].tok->line);
    new_label(g, n);
    if (2 * g->nlabels > g->hcap) rehash(g);
    else {
        unsigned i = name_hash(n->tok) & (unsigned)(g->hcap - 1);
        while (g->hash[i]) i = (i + 1) & (unsigned)(g->hcap - 1);
        g->hash[i] = g->nlabels;
    }
}

static void add_goto(gt_t *g, cc_node_t *n)
{
    if (g->ngotos == g->gcap) {
        g->gcap = g->gcap ? g->gcap * 2 : 16;
        cc_node_t **ng = cc_alloc(g->c, sizeof *ng * (size_t)g->gcap);
        if (g->ngotos) memcpy(ng, g->gotos, sizeof *ng * (size_t)g->ngotos);
        g->gotos = ng;
    }
    g->gotos[g->ngotos++] = n;
}

/* ---- the walk before the rewrite ------------------------------------------------------------ */
/* the labels and gotos of a function, in statement slots (a statement
 * inside an expression is not searched: lower.c refuses a goto there) */
static void collect(gt_t *g, cc_node_t *n)
{
    for (; n; n = n->next) {
        if (n->kind == ND_LABEL) add_label(g, n);
        if (n->kind == ND_GOTO) add_goto(g, n);
        if (n->kind == ND_BLOCK) collect(g, n->body);
        if (n->kind == ND_IF) { collect(g, n->then); collect(g, n->els); }
        if (n->kind == ND_LOOP || n->kind == ND_SWITCH || n->kind == ND_CASE || n->kind == ND_LABEL) collect(g, n->then);
    }
}

/* a function without goto: each label becomes a block around its statement */
static void unlabel(cc_node_t *n)
{
    for (; n; n = n->next) {
        if (n->kind == ND_LABEL) {
            n->kind = ND_BLOCK;
            n->body = n->then;
            n->then = NULL;
        }
        if (n->kind == ND_BLOCK) unlabel(n->body);
        if (n->kind == ND_IF) { unlabel(n->then); unlabel(n->els); }
        if (n->kind == ND_LOOP || n->kind == ND_SWITCH || n->kind == ND_CASE) unlabel(n->then);
    }
}

static cc_node_t *flatten(gt_t *g, cc_node_t *list);

/* a statement slot as a flattened block */
static cc_node_t *as_block(gt_t *g, cc_node_t *s)
{
    if (!s) return NULL;
    if (s->kind == ND_BLOCK) { s->body = flatten(g, s->body); return s; }
    s->next = NULL;
    return block(g, flatten(g, s), s->tok);
}

/* a list with its blocks spliced in, labels and case labels as markers
 * before their statements, every slot a block, and `if (c) goto L;` as a
 * conditional goto */
static cc_node_t *flatten(gt_t *g, cc_node_t *list)
{
    cc_node_t head = {0}, *tail = &head;
    for (cc_node_t *s = list, *next; s; s = next) {
        next = s->next;
        s->next = NULL;
        cc_node_t *out = s;
        switch (s->kind) {
        case ND_BLOCK: out = flatten(g, s->body); break;
        case ND_LABEL: case ND_CASE: {
            cc_node_t *st = s->then;
            s->then = s->kind == ND_CASE ? node(g, ND_NOP, s->tok) : NULL;
            if (st) st->next = NULL;
            out = chain(s, flatten(g, st));
            break;
        }
        case ND_IF:
            s->then = as_block(g, s->then);
            s->els = as_block(g, s->els);
            if (!s->els && s->cond->kind != ND_NUM && s->then->body && !s->then->body->next &&
                s->then->body->kind == ND_GOTO && !s->then->body->cond) {
                out = s->then->body;
                out->cond = s->cond;
            }
            break;
        case ND_LOOP: case ND_SWITCH: s->then = as_block(g, s->then); break;
        default: break;
        }
        if (out) { tail->next = out; tail = last_of(out); }
    }
    return head.next;
}

/* ---- positions ------------------------------------------------------------------------------ */
/* the frames from the function's body down to target; their number, 0 when
 * it is not found */
static int find(gt_t *g, cc_node_t *blk, const cc_node_t *target, frame_t *fr, int d)
{
    if (d >= MAX_DEPTH) cc_error_tok(g->c, target->tok, "statements nested too deeply to structurize this goto (more than %d levels)", MAX_DEPTH);
    cc_node_t *prev = NULL;
    for (cc_node_t *s = blk->body; s; prev = s, s = s->next) {
        if (++g->work > MAX_WORK) cc_error_tok(g->c, target->tok, "too many gotos to structurize in this program");
        fr[d] = (frame_t){ blk, prev, s };
        if (s == target) return d + 1;
        cc_node_t *kid[2] = { NULL, NULL };
        if (s->kind == ND_IF) { kid[0] = s->then; kid[1] = s->els; }
        else if (s->kind == ND_LOOP || s->kind == ND_SWITCH) kid[0] = s->then;
        for (int i = 0; i < 2; i++) {
            if (!kid[i]) continue;
            int r = find(g, kid[i], target, fr, d + 1);
            if (r) return r;
        }
    }
    return 0;
}

/* ---- break and continue inside a new loop ---------------------------------------------------- */
/* `x == code` */
static cc_node_t *is_code(gt_t *g, cc_var_t *x, int code, const cc_tok_t *t)
{
    cc_node_t *eq = node(g, ND_EQ, t);
    eq->lhs = var_ref(g, x, t);
    eq->rhs = num(g, code, &cc_ty_int, t);
    eq->ty = &cc_ty_int;
    return eq;
}

/* a `break` or `continue` in list that leaves it (in_switch: a switch
 * between list and the new loop, which takes the breaks) becomes `x = 1;
 * break;` or `x = 2; break;`; after a switch that a continue left that way,
 * `if (x == 2) break;` carries it on.  Returns the codes used (bits 1, 2). */
static int exits(gt_t *g, cc_node_t *blk, int in_switch, cc_var_t **x, const cc_tok_t *t)
{
    int used = 0;
    for (cc_node_t *s = blk->body, *prev = NULL; s; prev = s, s = s->next) {
        int code = s->kind == ND_BREAK && !in_switch ? 1 : s->kind == ND_CONTINUE ? 2 : 0;
        if (code) {
            if (!*x) { *x = new_flag(g, t, "loop exit"); zero_at_entry(g, *x); }
            cc_node_t *a = set(g, *x, num(g, code, &cc_ty_int, s->tok), s->tok);
            insert(blk, prev, a);
            s->kind = ND_BREAK;
            used |= code;
            continue;
        }
        if (s->kind == ND_IF) {
            used |= exits(g, s->then, in_switch, x, t);
            if (s->els) used |= exits(g, s->els, in_switch, x, t);
        } else if (s->kind == ND_SWITCH && exits(g, s->then, 1, x, t)) {
            cc_node_t *on = if_(g, is_code(g, *x, 2, s->tok), node(g, ND_BREAK, s->tok), s->tok);
            insert(blk, s, on);
            s = on;
            used |= 2;
        }
    }
    return used;
}

/* put loop (a do-while over statements of blk that were after `after`)
 * into blk after `after`, with the exit code's tests.  The code is 0 at
 * the function's entry and cleared where it is tested, not set to 0
 * before the loop: a case label inside the loop enters it past that */
static void place_loop(gt_t *g, cc_node_t *blk, cc_node_t *after, cc_node_t *loop)
{
    cc_var_t *x = NULL;
    int used = exits(g, loop->then, 0, &x, loop->tok);
    cc_node_t *list = loop;
    for (int code = 1; x && code <= 2; code++) {
        if (!(used & code)) continue;
        cc_node_t *leave = chain(set(g, x, num(g, 0, &cc_ty_int, loop->tok), loop->tok),
                                 node(g, code == 1 ? ND_BREAK : ND_CONTINUE, loop->tok));
        chain(list, if_(g, is_code(g, x, code, loop->tok), leave, loop->tok));
    }
    insert(blk, after, list);
}

static cc_node_t *do_while(gt_t *g, cc_node_t *body, cc_node_t *cond, const cc_tok_t *t)
{
    cc_node_t *n = node(g, ND_LOOP, t);
    n->do_while = 1;
    n->cond = cond;
    n->then = block(g, body, t);
    return n;
}

/* list can be entered other than from its start: it holds a label, or a
 * case label of a switch around it */
static int has_entry(const cc_node_t *list, int in_switch)
{
    for (const cc_node_t *s = list; s; s = s->next) {
        if (s->kind == ND_LABEL || (s->kind == ND_CASE && !in_switch)) return 1;
        if (s->kind == ND_IF && (has_entry(s->then->body, in_switch) || (s->els && has_entry(s->els->body, in_switch))))
            return 1;
        if ((s->kind == ND_LOOP || s->kind == ND_SWITCH) && has_entry(s->then->body, in_switch || s->kind == ND_SWITCH))
            return 1;
    }
    return 0;
}

/* `if (!c) { list }`, for the statements a goto skips; an unconditional
 * goto passes c NULL when nothing enters them from elsewhere
 * (has_entry), and lower.c drops the `if (0)` */
static cc_node_t *skip(gt_t *g, cc_node_t *c, cc_node_t *list, const cc_tok_t *t)
{
    return if_(g, c ? negate(g, c) : num(g, 0, &cc_ty_int, t), list, t);
}

/* `flag = c;` for a goto about to move (nothing when c is the flag) */
static cc_node_t *set_flag(gt_t *g, cc_var_t *f, cc_node_t *go)
{
    if (is_var(go->cond, f)) return NULL;
    return set(g, f, go->cond ? truth(g, go->cond) : num(g, 1, &cc_ty_int, go->tok), go->tok);
}

/* ---- one step of one goto ---------------------------------------------------------------------- */
/* an unused value of switch s (its promoted type) */
static int64_t free_case(const cc_node_t *s)
{
    for (int64_t k = 0;; k++) {
        int used = 0;
        for (const cc_node_t *c = s->cases; c && !used; c = c->case_next) used = !c->is_default && c->val == k;
        if (!used) return k;
    }
}

/* move goto `go` (at fr[n-1]) out of its statement, to right after it */
static void outward(gt_t *g, cc_node_t *go, label_t *l, frame_t *fr, int n)
{
    frame_t *in = &fr[n - 1], *up = &fr[n - 2];
    cc_node_t *owner = up->stmt;
    cc_var_t *f = flag_of(g, l);
    cc_node_t *pre = set_flag(g, f, go);
    if (owner->kind == ND_LOOP || owner->kind == ND_SWITCH) {
        take(in->blk, in->prev, go, go->next);
        cc_node_t *leave = node(g, ND_BREAK, go->tok);
        if (go->cond) leave = if_(g, var_ref(g, f, go->tok), leave, go->tok);
        insert(in->blk, in->prev, chain(pre, leave));
    } else {                                /* an if's arm: the rest is skipped */
        take(in->blk, in->prev, go, NULL);
        cc_node_t *rest = go->next;
        cc_node_t *c = go->cond || has_entry(rest, 0) ? var_ref(g, f, go->tok) : NULL;
        insert(in->blk, in->prev, chain(pre, rest ? skip(g, c, rest, go->tok) : NULL));
    }
    go->cond = var_ref(g, f, go->tok);
    go->next = NULL;
    insert(up->blk, owner, go);
}

/* go and the statement s holding its label (not the label itself) are in
 * one list, go first: skip what lies between and move go into s */
static void inward(gt_t *g, cc_node_t *go, label_t *l, frame_t *gf, frame_t *sf, cc_node_t *into)
{
    cc_node_t *s = sf->stmt;
    cc_var_t *f = flag_of(g, l);
    cc_node_t *pre = set_flag(g, f, go);
    cc_node_t *between = go->next == s ? NULL : go->next;
    take(gf->blk, gf->prev, go, s);
    cc_node_t *list = pre;
    if (between)
        list = chain(list, skip(g, go->cond || has_entry(between, 0) ? var_ref(g, f, go->tok) : NULL, between, go->tok));
    go->cond = var_ref(g, f, go->tok);
    go->next = NULL;
    if (s->kind == ND_IF) {
        if (into == s->then) {
            if (!(s->cond->kind == ND_NUM && s->cond->val)) s->cond = logic(g, ND_LOGOR, var_ref(g, f, go->tok), s->cond);
        } else {
            s->cond = s->cond->kind == ND_NUM && !s->cond->val ? s->cond
                    : logic(g, ND_LOGAND, negate(g, var_ref(g, f, go->tok)), s->cond);
        }
    } else if (s->kind == ND_LOOP) {
        if (s->init) {
            list = chain(list, if_(g, negate(g, var_ref(g, f, go->tok)), s->init, go->tok));
            s->init->next = NULL;
            s->init = NULL;
        }
        if (!s->do_while && s->cond && !(s->cond->kind == ND_NUM && s->cond->val))
            s->cond = logic(g, ND_LOGOR, var_ref(g, f, go->tok), s->cond);
    } else {                                /* ND_SWITCH */
        int64_t k = free_case(s);
        cc_node_t *sel = node(g, ND_COND, s->tok);
        sel->cond = var_ref(g, f, go->tok);
        sel->then = num(g, k, s->cond->ty, s->tok);
        sel->els = s->cond;
        sel->ty = s->cond->ty;
        s->cond = sel;
        cc_node_t *cs = node(g, ND_CASE, s->tok), *def = NULL;
        cs->val = k;
        cs->then = node(g, ND_NOP, s->tok);
        for (cc_node_t *c = s->cases; c; c = c->case_next) if (c->is_default) def = c;
        cs->case_next = s->cases;
        s->cases = cs;
        /* a value v equal to K goes on where it went before: to the
         * default label (a goto to a label put there) or out */
        cc_node_t *other = node(g, ND_BREAK, s->tok);
        if (def) {
            cc_node_t *lm = node(g, ND_LABEL, def->tok);
            lm->next = def->next;
            def->next = lm;
            other = node(g, ND_GOTO, def->tok);
            other->label = new_label(g, lm);
            add_goto(g, other);
        }
        go = chain(cs, chain(go, other));
    }
    insert(gf->blk, gf->prev, list);
    insert(into, NULL, go);
}

/* eliminate one goto */
static void eliminate(gt_t *g, cc_node_t *go, frame_t *gfr, frame_t *lfr)
{
    label_t *l = &g->labels[go->label];
    for (;;) {
        cc_node_t *body = g->fn->body;
        int ng = find(g, body, go, gfr, 0), nl = find(g, body, l->marker, lfr, 0);
        if (!ng || !nl) cc_error_tok(g->c, go->tok, "internal: goto or label lost while structurizing");
        int m = 0;
        while (m + 1 < ng && m + 1 < nl && gfr[m + 1].blk == lfr[m + 1].blk) m++;
        if (ng - 1 > m) { outward(g, go, l, gfr, ng); continue; }
        /* go is in the list that holds the label (or the statement holding it) */
        cc_node_t *s = lfr[m].stmt;
        int forward = 0;
        for (cc_node_t *x = go->next; x; x = x->next) if (x == s) { forward = 1; break; }
        if (s == l->marker && forward) {                /* siblings, forward */
            cc_node_t *between = go->next == s ? NULL : go->next;
            take(gfr[m].blk, gfr[m].prev, go, s);
            cc_node_t *c = go->cond, *pre = NULL;
            if (between && !c && has_entry(between, 0)) {    /* entered from elsewhere: a flag */
                cc_var_t *f = flag_of(g, l);
                pre = set(g, f, num(g, 1, &cc_ty_int, go->tok), go->tok);
                c = var_ref(g, f, go->tok);
            }
            if (between) insert(gfr[m].blk, gfr[m].prev, chain(pre, skip(g, c, between, go->tok)));
            return;
        }
        if (s == l->marker) {                           /* siblings, backward */
            cc_node_t *body_ = take(gfr[m].blk, s, s->next, go);
            take(gfr[m].blk, s, go, go->next);
            place_loop(g, gfr[m].blk, s, do_while(g, body_, go->cond ? go->cond : num(g, 1, &cc_ty_int, go->tok), go->tok));
            return;
        }
        if (forward) { inward(g, go, l, &gfr[m], &lfr[m], lfr[m + 1].blk); continue; }
        /* backward into the statement s: a loop from s to go that the flag repeats */
        cc_var_t *f = flag_of(g, l);
        cc_node_t *post = set(g, f, go->cond ? truth(g, go->cond) : num(g, 1, &cc_ty_int, go->tok), go->tok);
        cc_node_t *region = take(lfr[m].blk, lfr[m].prev, s, go);
        take(gfr[m].blk, lfr[m].prev, go, go->next);
        go->cond = var_ref(g, f, go->tok);
        go->next = NULL;
        place_loop(g, lfr[m].blk, lfr[m].prev, do_while(g, chain(go, chain(region, post)), var_ref(g, f, go->tok), go->tok));
    }
}

/* the markers left (labels, and an unused label's) become empty statements */
static void unmark(cc_node_t *n)
{
    for (; n; n = n->next) {
        if (n->kind == ND_LABEL) n->kind = ND_NOP;
        if (n->kind == ND_IF) { unmark(n->then->body); if (n->els) unmark(n->els->body); }
        if (n->kind == ND_LOOP || n->kind == ND_SWITCH) unmark(n->then->body);
    }
}

static void function(gt_t *g, cc_func_t *f)
{
    g->fn = f;
    g->nlabels = g->ngotos = g->nzero = 0;
    g->hcap = 0;
    g->hash = NULL;
    collect(g, f->body);
    if (!g->ngotos) { unlabel(f->body); return; }
    for (int i = 0; i < g->ngotos; i++) {
        cc_node_t *go = g->gotos[i];
        if ((go->label = find_label(g, go->tok)) < 0)
            cc_error_tok(g->c, go->tok, "use of undeclared label '%.*s'", go->tok->len, go->tok->loc);
    }
    f->body = as_block(g, f->body);
    frame_t *gfr = cc_alloc(g->c, sizeof *gfr * MAX_DEPTH), *lfr = cc_alloc(g->c, sizeof *lfr * MAX_DEPTH);
    for (int i = 0; i < g->ngotos; i++) eliminate(g, g->gotos[i], gfr, lfr);
    unmark(f->body->body);
    for (int i = 0; i < g->nzero; i++) insert(f->body, NULL, set(g, g->zero[i], num(g, 0, &cc_ty_int, f->body->tok), f->body->tok));
}

void cc_goto(cc_t *c, cc_prog_t *prog)
{
    gt_t g = { .c = c };
    for (cc_func_t *f = prog->funcs; f; f = f->next)
        if (f->defined && f->body) function(&g, f);
}
