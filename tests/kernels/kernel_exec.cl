// kernel_exec.cl -- the kernel_exec(X, typen) and __kernel_exec(X, typen)
// macros of OpenCL C 1.2 §6.7.2 (__kernel with work_group_size_hint(X, 1, 1)
// and vec_type_hint(typen)), the two attributes written out, and vector
// compound literals (T){...}: every component in order (a vector among
// them gives its own), a trailing comma allowed (docs/compiler.md "Vector
// types").  Work-item g writes 6 words: (int4){g, (int2)(g + 1, 2), 0}
// and (int2){3g, -1,}.
//@ kernel hinted
//@ global 64
//@ local 32
//@ buf u32 384 zero
//@ print 0
//@ expect_seq 0 0 0 1 2 0 0 0xffffffff 1 2 2 0 3 0xffffffff
//@ expect_seq 0 378 63 64 2 0 189 0xffffffff

kernel_exec(64, int4) void hinted(__global int *out)
{
    int g = (int)get_global_id(0);
    int4 a = (int4){g, (int2)(g + 1, 2), 0};
    int2 b = (int2){3 * g, -1,};
    vstore4(a, g, out + 2 * g);
    vstore2(b, 3 * g + 2, out);
}

__kernel_exec(8, uchar16) void hinted_too(__global uchar16 *out)
{
    out[get_global_id(0)] = (uchar16){(uchar4)(1, 2, 3, 4), 5, 6, 7, 8, (uchar8)9};
}

__kernel __attribute__((work_group_size_hint(16, 2, 1))) __attribute__((vec_type_hint(long)))
void spelled_out(__global long *out)
{
    out[get_global_id(0)] = (long)get_local_size(1);
}
