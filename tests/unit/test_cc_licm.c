/* test_cc_licm.c -- loop-invariant code motion (licm.c, docs/compiler.md
 * "Optimisations") on hand-made IR: what moves before the loop's label and
 * in which order, and what stays -- an instruction reading the induction
 * variable, a load, a guarded instruction, a register defined twice, a
 * register a called function defines, a loop entered from outside its
 * label; through wq_cc_compile, a kernel whose invariant multiply leaves
 * its loop; and a kernel lowered twice (compiler.c's second build) giving
 * the same IR both times. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/cc.h"
#include "wq/defs.h"
#include "cc_ir_util.h"

static cc_ir_t *branch(cc_t *c, cc_code_t *cd, int op, int l)
{
    cc_ir_t *x = put(c, cd, op, 0, 0, 0);
    x->label = l;
    return x;
}

/* index of the first instruction with op and destination d, or -1 */
static int find(const cc_code_t *cd, int op, int d)
{
    for (int i = 0; i < cd->n; i++)
        if (cd->ir[i].op == op && cd->ir[i].d == d) return i;
    return -1;
}

static int label_at(const cc_code_t *cd, int l)
{
    for (int i = 0; i < cd->n; i++)
        if (cd->ir[i].op == CC_OP_LABEL && cd->ir[i].label == l) return i;
    return -1;
}

/* v0, v1 defined before the loop; v2 the induction variable:
 *      L1: setp p1, v2 < v1 ; @!p1 bra L2
 *          BODY
 *          add v2, v2, 1 ; bra L1
 *      L2: exit */
static void loop_head(cc_t *c, cc_code_t *cd)
{
    put(c, cd, WQ_OP_LD, V(0), V(9), 0);
    put(c, cd, WQ_OP_LD, V(1), V(9), 0);
    imm(c, cd, WQ_OP_MOV, V(2), 0, 0);
    label(c, cd, 1);
    cc_ir_t *s = put(c, cd, WQ_OP_SETP, 0, V(2), V(1));
    s->pd = 1;
    s->fn = WQ_CMP_LTU;
    cc_ir_t *b = branch(c, cd, WQ_OP_BRA, 2);
    b->gp = 1;
    b->gn = 1;
}

static void loop_tail(cc_t *c, cc_code_t *cd)
{
    imm(c, cd, WQ_OP_ADD, V(2), V(2), 1);
    branch(c, cd, WQ_OP_BRA, 1);
    label(c, cd, 2);
    put(c, cd, WQ_OP_EXIT, 0, 0, 0);
}

Test(cc_licm, invariants_move_before_the_label_in_order)
{
    cc_t *c = ctx();
    cc_code_t *cd = code(c, 12);
    loop_head(c, cd);
    put(c, cd, WQ_OP_MUL, V(3), V(0), V(1));            /* invariant */
    imm(c, cd, WQ_OP_SHL, V(4), V(3), 2);               /* invariant through v3 */
    put(c, cd, WQ_OP_ADD, V(5), V(4), V(2));            /* reads the iv: stays */
    put(c, cd, WQ_OP_LD, V(6), V(5), 0);                /* a load: stays */
    put(c, cd, WQ_OP_ST, 0, V(5), V(6));
    loop_tail(c, cd);
    int n = cc_licm(c, cd);
    cr_assert_eq(n, 2, "moved %d", n);
    int l1 = label_at(cd, 1), mul = find(cd, WQ_OP_MUL, V(3)), shl = find(cd, WQ_OP_SHL, V(4));
    cr_assert(mul >= 0 && shl >= 0 && l1 >= 0);
    cr_assert_lt(mul, shl, "the order is kept");
    cr_assert_lt(shl, l1, "both before the loop's label");
    cr_assert_gt(find(cd, WQ_OP_ADD, V(5)), l1);
    cr_assert_gt(find(cd, WQ_OP_LD, V(6)), l1);
    cr_assert_eq(cc_licm(c, cd), 0, "nothing left to move");
    done(c);
}

Test(cc_licm, guarded_twice_defined_and_predicated_stay)
{
    cc_t *c = ctx();
    cc_code_t *cd = code(c, 12);
    loop_head(c, cd);
    cc_ir_t *g = put(c, cd, WQ_OP_ADD, V(3), V(0), V(1));   /* guarded */
    g->gp = 1;
    put(c, cd, WQ_OP_ADD, V(4), V(0), V(1));                /* v4 defined twice */
    imm(c, cd, WQ_OP_MOV, V(4), 0, 7);
    cc_ir_t *clk = put(c, cd, WQ_OP_S2R, V(5), 0, 0);       /* CLOCK changes */
    clk->imm = WQ_SR_CLOCK;
    cc_ir_t *tid = put(c, cd, WQ_OP_S2R, V(6), 0, 0);       /* TID does not */
    tid->imm = WQ_SR_TID;
    put(c, cd, WQ_OP_ST, 0, V(3), V(4));
    put(c, cd, WQ_OP_ST, 0, V(5), V(6));
    loop_tail(c, cd);
    cr_assert_eq(cc_licm(c, cd), 1);
    int l1 = label_at(cd, 1);
    cr_assert_lt(find(cd, WQ_OP_S2R, V(6)), l1);
    cr_assert_gt(find(cd, WQ_OP_S2R, V(5)), l1);
    cr_assert_gt(find(cd, WQ_OP_ADD, V(3)), l1);
    cr_assert_gt(find(cd, WQ_OP_ADD, V(4)), l1);
    done(c);
}

Test(cc_licm, a_register_a_called_function_defines_varies)
{
    cc_t *c = ctx();
    cc_code_t *cd = code(c, 12);
    loop_head(c, cd);
    cc_ir_t *call = branch(c, cd, WQ_OP_CALL, 3);
    call->d = CC_R(30);
    put(c, cd, WQ_OP_ADD, V(7), V(8), V(0));            /* v8: the callee's result */
    put(c, cd, WQ_OP_ST, 0, V(0), V(7));
    loop_tail(c, cd);
    int start = cd->n;
    label(c, cd, 3);
    put(c, cd, WQ_OP_ADD, V(8), V(0), V(2));
    put(c, cd, WQ_OP_RET, 0, CC_R(30), 0);
    cd->callees = cc_alloc(c, sizeof *cd->callees);
    cd->ncallees = 1;
    cd->callees[0].entry = 3;
    cd->callees[0].start = start;
    cd->callees[0].end = cd->n;
    cr_assert_eq(cc_licm(c, cd), 0, "v8 changes with every call");
    cr_assert_gt(find(cd, WQ_OP_ADD, V(7)), label_at(cd, 1));
    done(c);
}

Test(cc_licm, a_loop_entered_past_its_label_stays)
{
    cc_t *c = ctx();
    cc_code_t *cd = code(c, 12);
    put(c, cd, WQ_OP_LD, V(0), V(9), 0);
    put(c, cd, WQ_OP_LD, V(1), V(9), 0);
    branch(c, cd, WQ_OP_BRA, 3);                        /* into the loop's middle */
    label(c, cd, 1);
    put(c, cd, WQ_OP_MUL, V(3), V(0), V(1));
    label(c, cd, 3);
    put(c, cd, WQ_OP_ST, 0, V(0), V(3));
    branch(c, cd, WQ_OP_BRA, 1);
    put(c, cd, WQ_OP_EXIT, 0, 0, 0);
    cr_assert_eq(cc_licm(c, cd), 0);
    done(c);
}

Test(cc_licm, compiled_kernel_multiplies_once)
{
    static const char src[] =
        "__kernel void k(__global uint *a, uint n, uint m) {\n"
        "    uint s = 0;\n"
        "    for (uint i = 0; i < n; i++) s += a[i] + n * m;\n"
        "    a[0] = s;\n"
        "}\n";
    wq_cc_opts_t o = { 0 };
    wq_cc_result_t r;
    cr_assert_eq(wq_cc_compile(&o, "k.cl", src, strlen(src), &r), WQ_CC_OK);
    /* the n * m multiply precedes the loop's first label */
    const char *loop = strstr(r.wqs, "k.L");
    const char *mul = strstr(r.wqs, "        mul ");
    cr_assert(loop && mul, "%s", r.wqs);
    cr_assert_lt(mul, loop, "%s", r.wqs);
    cr_assert_null(strstr(mul + 1, "        mul "), "a second multiply\n%s", r.wqs);
    wq_cc_result_free(&r);
}

/* compiler.c may lower a kernel twice (the second build without the
 * motion): lowering must depend on the kernel alone, not on an earlier
 * lowering -- the same IR text both times, program-scope data included */
Test(cc_licm, a_kernel_lowers_the_same_twice)
{
    static const char src[] =
        "__constant uint tab[] = { 0x1234567u, 7u, 9u };\n"
        "uint pick(uint x) { return tab[x % 3u] + x; }\n"
        "__kernel void k(__global uint *a, uint n) {\n"
        "    uint s = 0;\n"
        "    for (uint i = 0; i < n; i++) s += pick(a[i]) * (n + 3u);\n"
        "    a[0] = s;\n"
        "}\n";
    wq_cc_opts_t o = { .inline_mode = WQ_CC_INLINE_NEVER };
    cc_t *c = ctx();
    c->opts = &o;
    if (setjmp(c->fail)) cr_assert_fail("longjmp: %s", c->log.s ? c->log.s : "");
    cc_file_t *f = cc_add_file(c, "k.cl", src, strlen(src));
    cc_prog_t *prog = cc_parse(c, cc_preprocess(c, cc_tokenize(c, f)));
    cc_func_t *k = prog->funcs;
    while (k && !k->is_kernel) k = k->next;
    cr_assert_not_null(k);
    cc_buf_t ir[2] = { { 0 }, { 0 } };
    for (int i = 0; i < 2; i++) {
        cc_kout_t out;
        cc_uniform(c, prog, k);
        cc_lower_kernel(c, k, &out);
        cc_print_ir(c, &ir[i], &out);
    }
    cr_assert_not_null(strstr(ir[0].s, "0x01234567"), "the table is stored in the frame\n%s", ir[0].s);
    cr_assert_str_eq(ir[1].s, ir[0].s);
    free(ir[0].s);
    free(ir[1].s);
    free(c->log.s);
    done(c);
}
