/* cmd.c -- host-side commands: what a read, write, copy, fill, map, unmap
 * or marker does once the queue lets it run (queue.c), and byte-granular
 * device memory access over the driver's whole-word access.
 *
 * The device interface moves whole 32-bit words at 4-aligned addresses
 * (dev.h: the narrowest thing a UART bridge or AXI master must support);
 * a transfer that starts or ends inside a word reads that word and writes
 * it back with the bytes merged. */
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"

#define CHUNK_WORDS 16384u          /* 64 KiB per driver call */

int wq_cl_dev_read(cl_device_id d, uint32_t addr, void *buf, size_t n)
{
    unsigned char *out = buf;
    uint32_t w[CHUNK_WORDS];
    while (n) {
        uint32_t a = addr & ~3u, skip = addr & 3u;
        size_t words = (skip + n + 3) / 4;
        if (words > CHUNK_WORDS) words = CHUNK_WORDS;
        if (wq_drv_read(&d->drv, a, w, (uint32_t)words)) return -1;
        size_t take = words * 4 - skip;
        if (take > n) take = n;
        memcpy(out, (unsigned char *)w + skip, take);
        out += take;
        addr += (uint32_t)take;
        n -= take;
    }
    return 0;
}

int wq_cl_dev_write(cl_device_id d, uint32_t addr, const void *buf, size_t n)
{
    const unsigned char *in = buf;
    uint32_t w[CHUNK_WORDS];
    while (n) {
        uint32_t a = addr & ~3u, skip = addr & 3u;
        size_t words = (skip + n + 3) / 4;
        if (words > CHUNK_WORDS) words = CHUNK_WORDS;
        size_t take = words * 4 - skip;
        if (take > n) take = n;
        /* partial first or last word: keep the bytes we do not write */
        if (skip && wq_drv_read(&d->drv, a, &w[0], 1)) return -1;
        if ((skip + take) % 4 && (words > 1 || !skip) &&
            wq_drv_read(&d->drv, a + 4 * (uint32_t)(words - 1), &w[words - 1], 1))
            return -1;
        memcpy((unsigned char *)w + skip, in, take);
        if (wq_drv_write(&d->drv, a, w, (uint32_t)words)) return -1;
        in += take;
        addr += (uint32_t)take;
        n -= take;
    }
    return 0;
}

static cl_int copy(cl_device_id d, uint32_t dst, uint32_t src, size_t n)
{
    unsigned char *t = malloc(n < 65536 ? n : 65536);
    if (!t) return CL_OUT_OF_HOST_MEMORY;
    cl_int rc = CL_SUCCESS;
    while (n && !rc) {
        size_t k = n < 65536 ? n : 65536;
        if (wq_cl_dev_read(d, src, t, k) || wq_cl_dev_write(d, dst, t, k))
            rc = CL_OUT_OF_RESOURCES;
        src += (uint32_t)k;
        dst += (uint32_t)k;
        n -= k;
    }
    free(t);
    return rc;
}

static cl_int fill(cl_device_id d, uint32_t dst, const unsigned char *pat, size_t ps, size_t n)
{
    size_t chunk = 65536 - 65536 % ps;
    unsigned char *t = malloc(chunk);
    if (!t) return CL_OUT_OF_HOST_MEMORY;
    for (size_t i = 0; i < chunk; i += ps) memcpy(t + i, pat, ps);
    cl_int rc = CL_SUCCESS;
    while (n && !rc) {
        size_t k = n < chunk ? n : chunk;
        if (wq_cl_dev_write(d, dst, t, k)) rc = CL_OUT_OF_RESOURCES;
        dst += (uint32_t)k;
        n -= k;
    }
    free(t);
    return rc;
}

/* byte offset of (x, y, z) in a rectangle description */
static size_t at(const wq_cl_rect_t *r, size_t y, size_t z)
{
    return r->origin[0] + (r->origin[1] + y) * r->row_pitch + (r->origin[2] + z) * r->slice_pitch;
}

static cl_int rect(cl_device_id d, const wq_cl_cmd_t *c)
{
    for (size_t z = 0; z < c->region[2]; z++)
        for (size_t y = 0; y < c->region[1]; y++) {
            size_t o1 = at(&c->r1, y, z), o2 = at(&c->r2, y, z);
            int bad = 0;
            switch (c->kind) {
            case WQ_CMD_READ_RECT:
                bad = wq_cl_dev_read(d, c->mem->addr + (uint32_t)o1, (char *)c->ptr + o2, c->region[0]);
                break;
            case WQ_CMD_WRITE_RECT:
                bad = wq_cl_dev_write(d, c->mem->addr + (uint32_t)o1, (char *)c->ptr + o2, c->region[0]);
                break;
            default: {
                cl_int rc = copy(d, c->mem2->addr + (uint32_t)o2, c->mem->addr + (uint32_t)o1,
                                 c->region[0]);
                if (rc) return rc;
            }
            }
            if (bad) return CL_OUT_OF_RESOURCES;
        }
    return CL_SUCCESS;
}

static cl_int unmap(cl_device_id d, const wq_cl_cmd_t *c)
{
    cl_mem m = c->mem;
    for (wq_cl_mapping_t **pp = &m->maps; *pp; pp = &(*pp)->next) {
        wq_cl_mapping_t *p = *pp;
        if (p->ptr != c->ptr) continue;
        cl_int rc = CL_SUCCESS;
        if ((p->flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
            wq_cl_dev_write(d, m->addr + (uint32_t)p->off, p->ptr, p->size))
            rc = CL_OUT_OF_RESOURCES;
        *pp = p->next;
        if (p->owned) free(p->ptr);
        free(p);
        m->map_count--;
        return rc;
    }
    return CL_INVALID_VALUE;        /* checked at enqueue; kept for safety */
}

cl_int wq_cl_cmd_exec(cl_device_id d, wq_cl_cmd_t *c)
{
    switch (c->kind) {
    case WQ_CMD_READ:
        return wq_cl_dev_read(d, c->mem->addr + (uint32_t)c->off, c->ptr, c->size)
                   ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
    case WQ_CMD_WRITE:
        return wq_cl_dev_write(d, c->mem->addr + (uint32_t)c->off, c->ptr, c->size)
                   ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
    case WQ_CMD_COPY:
        return copy(d, c->mem2->addr + (uint32_t)c->off2, c->mem->addr + (uint32_t)c->off, c->size);
    case WQ_CMD_FILL:
        return fill(d, c->mem->addr + (uint32_t)c->off, c->pattern, c->pattern_size, c->size);
    case WQ_CMD_MAP:
        /* a write-invalidate map promises not to read: nothing to fetch */
        if (c->map_flags & CL_MAP_WRITE_INVALIDATE_REGION) return CL_SUCCESS;
        return wq_cl_dev_read(d, c->mem->addr + (uint32_t)c->off, c->ptr, c->size)
                   ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
    case WQ_CMD_UNMAP:
        return unmap(d, c);
    case WQ_CMD_READ_RECT: case WQ_CMD_WRITE_RECT: case WQ_CMD_COPY_RECT:
        return rect(d, c);
    case WQ_CMD_MARKER:
        return CL_SUCCESS;
    case WQ_CMD_LAUNCH:
        break;
    }
    return CL_INVALID_OPERATION;    /* launches run on the device, not here */
}
