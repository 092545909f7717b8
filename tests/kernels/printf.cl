// printf.cl -- printf (OpenCL C 1.2 §6.12.13; docs/compiler.md "printf"):
// the conversions d i u x X o c s %, flags, field widths and precisions,
// the hh h l length modifiers, vectors (%v4hld, %v2hhx, %v3hd, %v2ld), a
// long argument, a call from a function that is not a kernel, and output
// from several work-items and warps.  The output is the records in the
// order their atomic adds reserved them: the work-items of one group of 8
// (one warp at 8, 16 and 32 lanes: lanes in ascending order) print at
// once, the groups one after another between barriers, so the text is the
// same at every lane count and on POCL.  Buffer 0 holds each work-item's
// printf results (0: printed).
//@ global 32
//@ local 32
//@ buf u32 32 zero
//@ print 0
//@ expect_all 0 0

static int show(uint g, long big)
{
    return printf("item %2u: big=%ld low=%#x\n", g, big, (uint)big);
}

__kernel void printf_k(__global uint *res)
{
    uint g = get_global_id(0);
    int r = 0;
    if (g == 0) {
        r |= printf("plain text, no arguments\n");
        r |= printf("%d %i %u %x %X %o %c%c %s|%%|\n", -42, 7, 4000000000u, 0xbeef, 0xbeef, 8, 'o', 'k', "str");
        r |= printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%.3d] [%8.3x] [%#o] [%#X]\n", 42, 42, 42, 42, 42, 7, 255, 8, 255);
        r |= printf("[%10s] [%-10s] [%.2s] [%c]\n", "right", "left", "cut", 65);
        r |= printf("%hhd %hhu %hd %hu %ld %lu %lx\n", (char)-56, (uchar)255, (short)4464, (ushort)65535, -9000000000L, 18000000000000000000UL, 0x123456789abcdefUL);
        int4 v = (int4)(1, -2, 3, -4);
        uchar2 b = (uchar2)(0xab, 0x0c);
        short3 s = (short3)(-1, 0, 1);
        long2 l = (long2)(-5000000000L, 5000000000L);
        r |= printf("v=%v4hld b=%#v2hhx s=%v3hd l=%v2ld w=%5v2hld\n", v, b, s, l, (int2)(7, 8));
        r |= printf("%s and %s, %s\n", "one", "two", "one");
    }
    barrier(CLK_GLOBAL_MEM_FENCE);
    for (uint k = 0; k < 4; k++) {
        if (g / 8 == k)
            r |= show(g, (long)g << 33 | 0x55);
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
    res[g] = (uint)r;
}
