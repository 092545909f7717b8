// reduce.cl -- a parallel float sum in two launches (tests/opencl/reduce):
// each work-item adds its strided share of the input (get_global_size()
// apart), then the work-group halves its partial sums in __local memory,
// a barrier between the steps, and work-item 0 writes the group's sum;
// the second launch, one work-group, sums the groups' results the same way
__kernel void partial_sums(__global const float *in, uint n, __global float *out,
                           __local float *part)
{
    size_t lid = get_local_id(0), lsz = get_local_size(0);
    float acc = 0.0f;
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        acc += in[i];
    part[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = lsz / 2; s > 0; s >>= 1) {
        if (lid < s)
            part[lid] += part[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = part[0];
}

// the same tree on a fixed __local array, the dot product of two vectors:
// a * b + acc contracted into one FFMA a step
#define WG 64
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void dot_product(__global const float *a, __global const float *b, uint n, __global float *out)
{
    __local float part[WG];
    size_t lid = get_local_id(0);
    float acc = 0.0f;
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        acc = a[i] * b[i] + acc;
    part[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = WG / 2; s > 0; s >>= 1) {
        if (lid < s)
            part[lid] += part[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = part[0];
}
