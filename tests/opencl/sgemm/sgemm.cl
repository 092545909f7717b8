// sgemm.cl -- C = alpha * A B + beta * C, tiled in __local memory
// (tests/opencl/sgemm): A is M x K, B K x N, C M x N, row-major; a
// work-group of TILE x TILE work-items computes a TILE x TILE block of C,
// loading a tile of A and one of B into __local memory per step along K
// (a barrier after the loads, another before the next step overwrites
// them); acc += a * b is contracted into one FFMA a term.  TILE comes from
// the build options (-D TILE=n); M, N and K are multiples of it.
__kernel void sgemm(uint M, uint N, uint K, float alpha, __global const float *A,
                    __global const float *B, float beta, __global float *C)
{
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE];
    size_t tx = get_local_id(0), ty = get_local_id(1);
    size_t col = get_global_id(0), row = get_global_id(1);
    float acc = 0.0f;
    for (uint k0 = 0; k0 < K; k0 += TILE) {
        As[ty][tx] = A[row * K + k0 + tx];
        Bs[ty][tx] = B[(k0 + ty) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE; k++)
            acc += As[ty][k] * Bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = alpha * acc + beta * C[row * N + col];
}
