/* test_cc_fold.c -- the IR clean-ups of fold.c (docs/compiler.md
 * "Optimisations") on hand-made IR: constant operands (with a compare
 * mirrored), copy propagation only from registers that cannot change,
 * address offsets folded into loads and stores, dead values, unreachable
 * code; and through wq_cc_compile, program-scope __constant data and
 * 64-bit division. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/cc.h"
#include "wq/defs.h"
#include "cc_ir_util.h"

static int fold(cc_t *c, cc_code_t *cd, char **dead)
{
    *dead = cc_alloc(c, (size_t)cd->n + 1);
    return cc_fold(c, cd, *dead);
}

Test(cc_fold, constant_operands_and_mirrored_compares)
{
    cc_t *c = ctx();
    cc_code_t *cd = code(c, 8);
    imm(c, cd, WQ_OP_MOV, V(0), 0, 3);                       /* v0 = 3 */
    put(c, cd, WQ_OP_LD, V(1), V(7), 0);
    put(c, cd, WQ_OP_ADD, V(2), V(0), V(1));                 /* 3 + v1: swaps */
    put(c, cd, WQ_OP_SUB, V(3), V(0), V(1));                 /* 3 - v1: stays */
    cc_ir_t *s = put(c, cd, WQ_OP_SETP, 0, V(0), V(1));      /* 3 < v1 */
    s->pd = 1;
    s->fn = WQ_CMP_LT;
    put(c, cd, WQ_OP_ST, 0, V(7), V(2));
    put(c, cd, WQ_OP_ST, 0, V(7), V(3));
    put(c, cd, WQ_OP_EXIT, 0, 0, 0);
    char *dead;
    cr_assert_gt(fold(c, cd, &dead), 0);
    cr_assert_eq(cd->ir[2].a, V(1));
    cr_assert(cd->ir[2].bi && cd->ir[2].imm == 3);
    cr_assert_eq(cd->ir[3].a, V(0), "SUB does not commute");
    cr_assert(!cd->ir[3].bi);
    cr_assert_eq(cd->ir[4].a, V(1));
    cr_assert_eq(cd->ir[4].fn, WQ_CMP_GT, "3 < v1 is v1 > 3");
    cr_assert(cd->ir[4].bi && cd->ir[4].imm == 3);
    cr_assert(!dead[0], "v0 is still read by the SUB");
    done(c);
}

Test(cc_fold, copies_only_from_registers_that_cannot_change)
{
    cc_t *c = ctx();
    cc_code_t *cd = code(c, 8);
    put(c, cd, WQ_OP_LD, V(1), V(7), 0);                     /* 0: v1 once, outside loops */
    put(c, cd, WQ_OP_MOV, V(2), 0, V(1));                    /* 1: v2 = v1 */
    label(c, cd, 1);                                         /* 2: loop head */
    put(c, cd, WQ_OP_LD, V(3), V(7), 0);                     /* 3: v3 defined in the loop */
    put(c, cd, WQ_OP_MOV, V(4), 0, V(3));                    /* 4: v4 = v3 */
    put(c, cd, WQ_OP_ST, 0, V(7), V(2));                     /* 5 */
    put(c, cd, WQ_OP_ST, 0, V(7), V(4));                     /* 6 */
    cc_ir_t *b = put(c, cd, WQ_OP_BRA, 0, 0, 0);             /* 7: back edge */
    b->label = 1;
    b->gp = 1;
    put(c, cd, WQ_OP_EXIT, 0, 0, 0);
    char *dead;
    fold(c, cd, &dead);
    cr_assert_eq(cd->ir[5].b, V(1), "v2 reads v1");
    cr_assert(dead[1], "the copy is dead");
    cr_assert_eq(cd->ir[6].b, V(4), "v3 changes every iteration: the copy stays");
    cr_assert(!dead[4]);
    done(c);
}

Test(cc_fold, offsets_dead_values_and_unreachable_code)
{
    cc_t *c = ctx();
    cc_code_t *cd = code(c, 8);
    cd->param = V(7);
    put(c, cd, WQ_OP_S2R, V(7), 0, 0)->imm = WQ_SR_PARAM;    /* 0 */
    imm(c, cd, WQ_OP_ADD, V(1), V(7), 16);                   /* 1: v1 = param + 16 */
    put(c, cd, WQ_OP_LD, V(2), V(1), 0)->imm = 4;            /* 2: [v1+4] -> [param+20] */
    imm(c, cd, WQ_OP_SUB, V(3), V(7), 8);                    /* 3 */
    put(c, cd, WQ_OP_ST, 0, V(3), V(2));                     /* 4: [v3] -> [param-8] */
    imm(c, cd, WQ_OP_MUL, V(4), V(2), 5);                    /* 5: nobody reads v4 */
    put(c, cd, WQ_OP_RET, 0, V(5), 0);                       /* 6 */
    put(c, cd, WQ_OP_RET, 0, V(5), 0);                       /* 7: unreachable */
    label(c, cd, 2);                                         /* 8 */
    put(c, cd, WQ_OP_EXIT, 0, 0, 0);                         /* 9: after a label: kept */
    char *dead;
    fold(c, cd, &dead);
    cr_assert_eq(cd->ir[2].a, V(7));
    cr_assert_eq(cd->ir[2].imm, 20);
    cr_assert_eq(cd->ir[4].a, V(7));
    cr_assert_eq(cd->ir[4].imm, (uint32_t)-8);
    cr_assert(dead[5], "a dead MUL");
    cr_assert(!dead[6] && dead[7], "the second RET");
    cr_assert(!dead[9]);
    cr_assert(!dead[0], "the parameter register stays");
    done(c);
}

static int compile(const char *src, wq_cc_result_t *r)
{
    wq_cc_opts_t o = { .inline_mode = WQ_CC_INLINE_NEVER };
    return wq_cc_compile(&o, "t.cl", src, strlen(src), r);
}

static void refused(const char *src, const char *msg)
{
    wq_cc_result_t r;
    cr_assert_eq(compile(src, &r), WQ_CC_ERROR, "accepted: %s", src);
    cr_assert_not_null(strstr(r.log, msg), "%s", r.log);
    wq_cc_result_free(&r);
}

Test(cc_fold, called_functions_end_in_one_ret)
{
    wq_cc_result_t r;
    const char *src = "int f(int x) { if (x > 3) return x * 2; return x + 1; }\n"
                      "__kernel void k(__global int *o) { uint i = get_global_id(0); o[i] = f(o[i]); }\n";
    cr_assert_eq(compile(src, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_not_null(strstr(r.wqs, "ret    r"), "%s", r.wqs);
    for (const char *p = r.wqs; (p = strstr(p, "ret    r")) != NULL; p++) {
        const char *next = strchr(p, '\n');
        if (next && next[1] == ' ')               /* the next line is an instruction */
            cr_assert(strncmp(next + 1 + strspn(next + 1, " "), "ret", 3), "RET after RET: %s", r.wqs);
    }
    cr_assert_not_null(strstr(r.wqs, "setp.gt"), "x > 3 compares with an immediate: %s", r.wqs);
    wq_cc_result_free(&r);
}

Test(cc_fold, program_scope_constant_data)
{
    wq_cc_result_t r;
    const char *src = "__constant uint K = 7;\n__constant uchar t[4] = { 1, 2, 3 };\n"
                      "__kernel void k(__global uint *o) { uint i = get_global_id(0); o[i] = t[i & 3] + K; }\n"
                      "__kernel void z(__global uint *o) { o[0] = K; }\n";
    cr_assert_eq(compile(src, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.nkernels, 2);
    cr_assert_eq(r.kernels[0].private_bytes, 4, "t in the frame; K by value");
    cr_assert_eq(r.kernels[1].private_bytes, 0, "z reads no table");
    wq_cc_result_free(&r);
    /* a table without a size takes its initializer's */
    const char *uns = "__constant ushort t[] = { 1, 2, 3, 4, 5, 6, };\n"
                      "__kernel void k(__global uint *o) { uint i = get_global_id(0); o[i] = t[i % 6] + sizeof t; }\n";
    cr_assert_eq(compile(uns, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.kernels[0].private_bytes, 12);
    wq_cc_result_free(&r);
    refused("__constant uint t[];\n__kernel void k(__global uint *o) { o[0] = t[0]; }",
            "t.cl:1:17: error: a program-scope __constant variable needs a complete type");
    refused("__constant uint K;\n__kernel void k(__global uint *o) { o[0] = K; }",
            "t.cl:1:18: error: a program-scope __constant variable needs an initializer");
    refused("__global uint G = 1;\n__kernel void k(__global uint *o) { o[0] = G; }",
            "must be in the __constant address space");
    refused("__constant uint t[2] = { 1, 2 };\n__kernel void k(__global uint *o) { t[o[0]] = 3; }",
            "cannot assign to a const-qualified object");
    refused("__constant uint a = 1;\n__constant uint b = a + 1;\n__kernel void k(__global uint *o) { o[0] = b; }",
            "t.cl:2:23: error: a program-scope __constant initializer must be a constant expression");
}

Test(cc_fold, long_division_compiles_to_a_loop)
{
    wq_cc_result_t r;
    cr_assert_eq(compile("__kernel void k(__global long *o) { o[2] = o[0] / o[1]; o[3] = o[0] % 3; }", &r),
                 WQ_CC_OK, "%s", r.log);
    cr_assert_null(strstr(r.wqs, "divu"), "no 32-bit divide for 64-bit operands");
    wq_cc_result_free(&r);
}
