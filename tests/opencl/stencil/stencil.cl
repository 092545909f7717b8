// stencil.cl -- one explicit step of the heat equation on a W x H grid
// (tests/opencl/stencil): a 2-D range, one work-item a point; an interior
// point becomes c + k (n + s + w + e - 4 c), the border keeps its value.
// The sum is four roundings in that order; s - 4.0f * c is contracted into
// one FFMA (the product negated) and c + k * t into another.
__kernel void heat(__global const float *in, __global float *out, float k)
{
    int x = get_global_id(0), y = get_global_id(1);
    int w = get_global_size(0), h = get_global_size(1);
    int i = y * w + x;
    float c = in[i];
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[i] = c;
        return;
    }
    float s = in[i - w] + in[i + w];
    s += in[i - 1];
    s += in[i + 1];
    out[i] = c + k * (s - 4.0f * c);
}
