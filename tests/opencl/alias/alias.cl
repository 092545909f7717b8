/* alias.cl -- the memory-reference-metadata seed's examples (its figure
 * 3A): each work-item handles one row of an image.  The runtime compares
 * the buffers behind the pointer arguments at every enqueue; with the
 * input and the output disjoint the compiler unrolls the row loop by 4 and
 * groups its loads ahead of its stores (docs/compiler.md "Alias metadata"). */

/* a point filter: out = (3 * in + 7) >> 1 per pixel */
__kernel void filter_rows(__global const uint *in, __global uint *out, uint width)
{
    uint row = get_global_id(0);
    for (uint x = 0; x < width; x++)
        out[row * width + x] = (in[row * width + x] * 3u + 7u) >> 1;
}

/* histogram equalisation's remap: out = cdf[in] (the seed's local_cdf) */
__kernel void remap_rows(__global const uchar *in, __global const uint *cdf, __global uint *out,
                         int width)
{
    int row = get_global_id(0);
    __global const uchar *src = in + row * width;
    __global uint *dst = out + row * width;
    for (int x = 0; x < width; x++)
        dst[x] = cdf[src[x]];
}

/* a histogram per row: 16 bins each; the bin a pixel updates depends on
 * the pixel, so the loads and stores of the bins keep their order */
__kernel void hist_rows(__global const uint *in, __global uint *hist, uint width)
{
    uint row = get_global_id(0);
    for (uint x = 0; x < width; x++)
        hist[row * 16 + (in[row * width + x] & 15)] += 1;
}

/* a column per work-item, rows STRIDE words apart (the host sets it to the
 * sub-buffer alignment): with the output a sub-buffer one row after the
 * input, each iteration reads what the one before wrote -- an overlap that
 * reaches the loop's accesses */
#ifndef STRIDE
#define STRIDE 32
#endif
__kernel void chain_cols(__global const uint *in, __global uint *out, uint height)
{
    uint col = get_global_id(0);
    for (uint y = 0; y < height; y++)
        out[y * STRIDE + col] = in[y * STRIDE + col] * 3u + 1u;
}

/* the range rule (docs/compiler.md "Alias metadata"): each iteration
 * writes b[x] and reads a[x + k]; the host makes b a sub-buffer some words
 * into a's buffer, so depending on n and k the reads reach what the loop
 * writes -- in the same iteration (a[x + k] is b[x]) or not at all */
__kernel void shift_read(__global const uint *a, __global uint *b, __global uint *r, uint n, uint k)
{
    for (uint x = 0; x < n; x++) {
        b[x] = x * 7u + 1u;
        r[x] = a[x + k];
    }
}
