// struct_pointers.cl -- pointers as struct members (docs/compiler.md
// "Structs and unions by value"): __global and __local pointer members,
// an array of pointers in a struct, a private pointer to a struct,
// pointers to structs as members; loaded, stored, copied with their
// struct, dereferenced, indexed (struct_alias.cl: the alias pass with a
// pointer member).
//@ global 64
//@ local 32
//@ buf u32 64 rand32 9
//@ buf u32 128 zero
//@ print 1
//@ expect_hash 1 0x92c8f9dd
typedef struct node { uint v; struct node *next; } node_t;
typedef struct { __global const uint *src; __global uint *dst[2]; __local uint *tmp; int n; } io_t;

uint walk(const node_t *h)
{
    uint s = 0;
    for (const node_t *q = h; q; q = q->next) s = s * 31u + q->v;
    return s;
}

io_t flip(io_t io)
{
    __global uint *t = io.dst[0];
    io.dst[0] = io.dst[1];
    io.dst[1] = t;
    return io;
}

__kernel void struct_pointers(__global const uint *in, __global uint *log)
{
    __local uint scratch[32];
    uint g = get_global_id(0), l = get_local_id(0);
    io_t io = { in, { log, log + 64 }, scratch, (int)g };
    io_t io2 = io;                              /* pointers copied with their struct */
    if (g & 1) io2 = flip(io2);
    io2.tmp[l] = io2.src[g] ^ 0x55u;            /* through a __local member */
    barrier(CLK_LOCAL_MEM_FENCE);
    io2.dst[0][g] = io.tmp[(l + 1) & 31] + (uint)io2.n;
    node_t nodes[3];
    node_t *head = &nodes[0];
    for (int i = 0; i < 3; i++) {
        nodes[i].v = in[(g + (uint)i) & 63] & 0xFF;
        nodes[i].next = i < 2 ? &nodes[i + 1] : 0;
    }
    if (g & 2) head->next = head->next->next;   /* through a private pointer to a struct */
    io2.dst[1][g] = walk(head);
}
