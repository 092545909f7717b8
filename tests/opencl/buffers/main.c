/* buffers -- buffer round trips through every transfer command, with
 * offsets that start and end inside device words: write/read, copy, fill
 * (every pattern size), map/unmap (plain, USE_HOST_PTR, ALLOC_HOST_PTR,
 * COPY_HOST_PTR), the rectangle forms, sub-buffers, and non-blocking
 * commands ordered by events, including a user event that holds a write. */
#include "../common.h"

#define N 4096

static unsigned char host[N], back[N], ref[N];

static void pattern(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) p[i] = (unsigned char)(seed * 31u + i * 7u + (i >> 8));
}

static void write_read(cl_context ctx, cl_command_queue q)
{
    cl_int rc;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N, NULL, &rc);
    MUST(rc);
    pattern(host, N, 1);
    MUST(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, N, host, 0, NULL, NULL));
    memset(back, 0, N);
    MUST(clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, back, 0, NULL, NULL));
    CHECK(!memcmp(host, back, N), "whole-buffer round trip");
    /* odd offsets and lengths: partial words at both ends */
    static const size_t cut[][2] = { {1, 1}, {3, 2}, {5, 11}, {6, 7}, {4093, 3}, {1000, 1001} };
    memcpy(ref, host, N);
    for (unsigned i = 0; i < sizeof cut / sizeof cut[0]; i++) {
        unsigned char src[N];
        pattern(src, cut[i][1], 100 + i);
        MUST(clEnqueueWriteBuffer(q, b, CL_TRUE, cut[i][0], cut[i][1], src, 0, NULL, NULL));
        memcpy(ref + cut[i][0], src, cut[i][1]);
    }
    MUST(clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, back, 0, NULL, NULL));
    CHECK(!memcmp(ref, back, N), "partial writes at odd offsets keep their neighbours");
    unsigned char part[17];
    MUST(clEnqueueReadBuffer(q, b, CL_TRUE, 999, 17, part, 0, NULL, NULL));
    CHECK(!memcmp(part, ref + 999, 17), "read at an odd offset");
    MUST(clReleaseMemObject(b));
}

static void copy_fill(cl_context ctx, cl_command_queue q)
{
    cl_int rc;
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N, NULL, &rc);
    MUST(rc);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N, NULL, &rc);
    MUST(rc);
    pattern(host, N, 2);
    MUST(clEnqueueWriteBuffer(q, a, CL_TRUE, 0, N, host, 0, NULL, NULL));
    unsigned char zero[N] = {0};
    MUST(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, N, zero, 0, NULL, NULL));
    MUST(clEnqueueCopyBuffer(q, a, b, 3, 10, 2001, 0, NULL, NULL));
    MUST(clEnqueueCopyBuffer(q, a, a, 0, 3000, 1000, 0, NULL, NULL));   /* same buffer, apart */
    MUST(clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, back, 0, NULL, NULL));
    memset(ref, 0, N);
    memcpy(ref + 10, host + 3, 2001);
    CHECK(!memcmp(ref, back, N), "copy between buffers at odd offsets");
    MUST(clEnqueueReadBuffer(q, a, CL_TRUE, 0, N, back, 0, NULL, NULL));
    memcpy(ref, host, N);
    memcpy(ref + 3000, host, 1000);
    CHECK(!memcmp(ref, back, N), "copy within one buffer");

    /* every pattern size, at offsets that are multiples of it */
    memcpy(ref, back, N);
    for (size_t ps = 1; ps <= 128; ps *= 2) {
        unsigned char pat[128];
        pattern(pat, ps, (unsigned)ps);
        size_t off = ps * 3, n = ps * 5;
        MUST(clEnqueueFillBuffer(q, a, pat, ps, off, n, 0, NULL, NULL));
        for (size_t i = 0; i < n; i++) ref[off + i] = pat[i % ps];
    }
    MUST(clEnqueueReadBuffer(q, a, CL_TRUE, 0, N, back, 0, NULL, NULL));
    CHECK(!memcmp(ref, back, N), "fill with pattern sizes 1..128");
    cl_uint word = 0xA5C30F01u;
    MUST(clEnqueueFillBuffer(q, b, &word, 4, 0, N, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, back, 0, NULL, NULL));
    int ok = 1;
    for (size_t i = 0; i < N; i += 4) ok &= !memcmp(back + i, &word, 4);
    CHECK(ok, "whole-buffer fill");
    MUST(clReleaseMemObject(a));
    MUST(clReleaseMemObject(b));
}

static void maps(cl_context ctx, cl_command_queue q)
{
    static const cl_mem_flags kinds[] = { 0, CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR,
                                          CL_MEM_COPY_HOST_PTR };
    static const char *names[] = { "plain", "USE_HOST_PTR", "ALLOC_HOST_PTR", "COPY_HOST_PTR" };
    for (unsigned k = 0; k < 4; k++) {
        cl_int rc;
        static unsigned char user[N];
        pattern(user, N, 10 + k);
        void *hp = (kinds[k] & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) ? user : NULL;
        cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | kinds[k], N, hp, &rc);
        MUST(rc);
        if (!hp) MUST(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, N, user, 0, NULL, NULL));
        memcpy(ref, user, N);
        unsigned char *p = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 101,
                                              333, 0, NULL, NULL, &rc);
        MUST(rc);
        CHECK(p && !memcmp(p, ref + 101, 333), "%s: map sees the contents at offset 101", names[k]);
        if (kinds[k] == CL_MEM_USE_HOST_PTR)
            CHECK(p == user + 101, "USE_HOST_PTR: map returns host_ptr + offset");
        cl_uint mc = 0;
        MUST(clGetMemObjectInfo(b, CL_MEM_MAP_COUNT, sizeof mc, &mc, NULL));
        CHECK(mc == 1, "%s: map count 1 while mapped (got %u)", names[k], mc);
        for (int i = 0; i < 333; i++) p[i] ^= 0x5A;
        for (int i = 0; i < 333; i++) ref[101 + i] ^= 0x5A;
        cl_event ev;
        MUST(clEnqueueUnmapMemObject(q, b, p, 0, NULL, &ev));
        MUST(clWaitForEvents(1, &ev));
        MUST(clReleaseEvent(ev));
        MUST(clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, back, 0, NULL, NULL));
        CHECK(!memcmp(ref, back, N), "%s: what the map wrote reaches the buffer", names[k]);
        /* write-invalidate: the region is overwritten whole */
        p = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, 64, 0, NULL,
                               NULL, &rc);
        MUST(rc);
        memset(p, 0xEE, 64);
        memset(ref, 0xEE, 64);
        MUST(clEnqueueUnmapMemObject(q, b, p, 0, NULL, NULL));
        MUST(clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, back, 0, NULL, NULL));
        CHECK(!memcmp(ref, back, N), "%s: write-invalidate map", names[k]);
        MUST(clGetMemObjectInfo(b, CL_MEM_MAP_COUNT, sizeof mc, &mc, NULL));
        CHECK(mc == 0, "%s: map count back to 0 (got %u)", names[k], mc);
        MUST(clReleaseMemObject(b));
    }
}

static void rects(cl_context ctx, cl_command_queue q)
{
    cl_int rc;
    /* a 16 x 8 x 2 box of bytes inside a 64 x 32 x 4 buffer */
    const size_t W = 64, H = 32, D = 4;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, W * H * D, NULL, &rc);
    MUST(rc);
    static unsigned char img[64 * 32 * 4], box[16 * 8 * 2], out[64 * 32 * 4];
    pattern(img, sizeof img, 3);
    MUST(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, sizeof img, img, 0, NULL, NULL));
    size_t bo[3] = { 5, 3, 1 }, ho[3] = { 0, 0, 0 }, region[3] = { 16, 8, 2 };
    MUST(clEnqueueReadBufferRect(q, b, CL_TRUE, bo, ho, region, W, W * H, 16, 16 * 8, box, 0,
                                 NULL, NULL));
    int ok = 1;
    for (size_t z = 0; z < 2; z++)
        for (size_t y = 0; y < 8; y++)
            ok &= !memcmp(box + z * 128 + y * 16, img + (z + 1) * W * H + (y + 3) * W + 5, 16);
    CHECK(ok, "read rect");
    for (size_t i = 0; i < sizeof box; i++) box[i] = (unsigned char)~box[i];
    size_t bo2[3] = { 40, 20, 2 };
    MUST(clEnqueueWriteBufferRect(q, b, CL_TRUE, bo2, ho, region, W, W * H, 16, 16 * 8, box, 0,
                                  NULL, NULL));
    memcpy(ref, img, 0);
    static unsigned char want[64 * 32 * 4];
    memcpy(want, img, sizeof img);
    for (size_t z = 0; z < 2; z++)
        for (size_t y = 0; y < 8; y++)
            memcpy(want + (z + 2) * W * H + (y + 20) * W + 40, box + z * 128 + y * 16, 16);
    /* copy rect within the buffer, to a disjoint place */
    size_t so[3] = { 0, 0, 0 }, dso[3] = { 20, 10, 0 };
    MUST(clEnqueueCopyBufferRect(q, b, b, so, dso, region, W, W * H, W, W * H, 0, NULL, NULL));
    for (size_t z = 0; z < 2; z++)
        for (size_t y = 0; y < 8; y++)
            memmove(want + z * W * H + (y + 10) * W + 20, want + z * W * H + y * W, 16);
    MUST(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    CHECK(!memcmp(want, out, sizeof out), "write rect and copy rect");
    EXPECT(CL_MEM_COPY_OVERLAP,
           clEnqueueCopyBufferRect(q, b, b, so, so, region, W, W * H, W, W * H, 0, NULL, NULL));
    MUST(clReleaseMemObject(b));
}

/* the alignment of a sub-buffer's origin, in bytes */
static size_t sub_align(cl_context ctx)
{
    cl_uint align = 0;
    cl_device_id dev;
    MUST(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, sizeof dev, &dev, NULL));
    MUST(clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align, &align, NULL));
    return align / 8;
}

static void subbuffers(cl_context ctx, cl_command_queue q)
{
    cl_int rc;
    size_t a = sub_align(ctx);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4 * a, NULL, &rc);
    MUST(rc);
    cl_buffer_region r = { a, 2 * a };
    cl_mem s = clCreateSubBuffer(b, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &rc);
    MUST(rc);
    unsigned char *buf = malloc(4 * a), *got = malloc(4 * a);
    memset(buf, 0, 4 * a);
    MUST(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, 4 * a, buf, 0, NULL, NULL));
    pattern(buf, 2 * a, 9);
    MUST(clEnqueueWriteBuffer(q, s, CL_TRUE, 0, 2 * a, buf, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, b, CL_TRUE, 0, 4 * a, got, 0, NULL, NULL));
    int ok = 1;
    for (size_t i = 0; i < 4 * a; i++)
        ok &= got[i] == ((i >= a && i < 3 * a) ? buf[i - a] : 0);
    CHECK(ok, "a sub-buffer writes its region of the buffer");
    size_t off = 0;
    cl_mem parent = NULL;
    MUST(clGetMemObjectInfo(s, CL_MEM_OFFSET, sizeof off, &off, NULL));
    MUST(clGetMemObjectInfo(s, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, NULL));
    CHECK(off == a && parent == b, "sub-buffer offset and parent");
    cl_buffer_region bad = { 1, 16 };
    clCreateSubBuffer(b, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &bad, &rc);
    CHECK(rc == CL_MISALIGNED_SUB_BUFFER_OFFSET, "misaligned sub-buffer: %d", rc);
    cl_buffer_region out_of = { a, 4 * a };
    clCreateSubBuffer(b, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &out_of, &rc);
    CHECK(rc == CL_INVALID_VALUE, "sub-buffer past the end: %d", rc);
    /* the buffer outlives the application's reference while a sub-buffer holds it */
    MUST(clReleaseMemObject(b));
    MUST(clEnqueueReadBuffer(q, s, CL_TRUE, 0, 2 * a, got, 0, NULL, NULL));
    CHECK(!memcmp(got, buf, 2 * a), "sub-buffer still reads after its buffer's release");
    MUST(clReleaseMemObject(s));
    free(buf);
    free(got);
}

static void ordering(cl_context ctx, cl_command_queue q)
{
    cl_int rc;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N, NULL, &rc);
    MUST(rc);
    cl_event user = clCreateUserEvent(ctx, &rc);
    MUST(rc);
    pattern(host, N, 20);
    cl_event w, r;
    /* the write waits for the user event; the read behind it in order */
    MUST(clEnqueueWriteBuffer(q, b, CL_FALSE, 0, N, host, 1, &user, &w));
    memset(back, 0, N);
    MUST(clEnqueueReadBuffer(q, b, CL_FALSE, 0, N, back, 0, NULL, &r));
    MUST(clFlush(q));
    cl_int st = 0;
    MUST(clGetEventInfo(w, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
    CHECK(st == CL_QUEUED || st == CL_SUBMITTED, "write held by an unset user event (%d)", st);
    MUST(clSetUserEventStatus(user, CL_COMPLETE));
    MUST(clWaitForEvents(1, &r));
    MUST(clGetEventInfo(w, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
    CHECK(st == CL_COMPLETE, "write complete after the read (%d)", st);
    CHECK(!memcmp(host, back, N), "in-order: the read sees the write");
    cl_command_type ty = 0;
    MUST(clGetEventInfo(r, CL_EVENT_COMMAND_TYPE, sizeof ty, &ty, NULL));
    CHECK(ty == CL_COMMAND_READ_BUFFER, "event command type");
    MUST(clReleaseEvent(w));
    MUST(clReleaseEvent(r));
    MUST(clReleaseEvent(user));

    /* a failed user event fails the commands that wait for it */
    user = clCreateUserEvent(ctx, &rc);
    MUST(rc);
    MUST(clEnqueueWriteBuffer(q, b, CL_FALSE, 0, 4, host, 1, &user, &w));
    MUST(clSetUserEventStatus(user, -1234));
    EXPECT(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &w));
    MUST(clGetEventInfo(w, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
    CHECK(st < 0, "the waiting write failed (%d)", st);
    MUST(clReleaseEvent(w));
    MUST(clReleaseEvent(user));
    MUST(clFinish(q));
    /* the queue still works */
    MUST(clEnqueueReadBuffer(q, b, CL_TRUE, 0, N, back, 0, NULL, NULL));
    CHECK(!memcmp(host, back, N), "queue usable after a failed command");
    MUST(clReleaseMemObject(b));
}

/* OpenCL 1.2 §5.2.1 (clCreateSubBuffer): a sub-buffer inherits its
 * buffer's host access flags unless it names its own, and may narrow them
 * but not widen them: CL_INVALID_VALUE for HOST_READ_ONLY under
 * HOST_WRITE_ONLY, HOST_WRITE_ONLY under HOST_READ_ONLY, and either under
 * HOST_NO_ACCESS.  Every parent x child combination, then what the created
 * sub-buffer allows: a host read or write it does not allow is
 * CL_INVALID_OPERATION (§5.2.2). */
static void subbuffer_host_access(cl_context ctx, cl_command_queue q)
{
    static const cl_mem_flags host[] = { 0, CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY,
                                         CL_MEM_HOST_NO_ACCESS };
    static const char *const names[] = { "(none)", "HOST_WRITE_ONLY", "HOST_READ_ONLY",
                                         "HOST_NO_ACCESS" };
    cl_int rc;
    size_t a = sub_align(ctx);
    unsigned char word[4] = { 1, 2, 3, 4 };
    for (int p = 0; p < 4; p++) {
        cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | host[p], 2 * a, NULL, &rc);
        MUST(rc);
        for (int c = 0; c < 4; c++) {
            int widens = host[p] && host[c] && host[c] != host[p] &&
                         host[c] != CL_MEM_HOST_NO_ACCESS;
            cl_buffer_region r = { a, a };
            cl_mem s = clCreateSubBuffer(b, host[c], CL_BUFFER_CREATE_TYPE_REGION, &r, &rc);
            CHECK(widens ? !s && rc == CL_INVALID_VALUE : s && rc == CL_SUCCESS,
                  "parent %s, sub-buffer %s: rc %d, expected %s", names[p], names[c], rc,
                  widens ? "CL_INVALID_VALUE" : "CL_SUCCESS");
            if (!s) continue;
            cl_mem_flags f = 0, want = host[c] ? host[c] : host[p];
            MUST(clGetMemObjectInfo(s, CL_MEM_FLAGS, sizeof f, &f, NULL));
            CHECK((f & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)) == want,
                  "parent %s, sub-buffer %s: CL_MEM_FLAGS %llx holds %s", names[p], names[c],
                  (unsigned long long)f, names[host[c] ? c : p]);
            int may_write = !(want & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS));
            int may_read = !(want & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS));
            EXPECT(may_write ? CL_SUCCESS : CL_INVALID_OPERATION,
                   clEnqueueWriteBuffer(q, s, CL_TRUE, 0, 4, word, 0, NULL, NULL));
            EXPECT(may_read ? CL_SUCCESS : CL_INVALID_OPERATION,
                   clEnqueueReadBuffer(q, s, CL_TRUE, 0, 4, word, 0, NULL, NULL));
            MUST(clReleaseMemObject(s));
        }
        MUST(clReleaseMemObject(b));
    }
}

int main(void)
{
    cl_platform_id p = t_platform();
    cl_device_id d = t_device(p);
    cl_int rc;
    cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &rc);
    MUST(rc);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, &rc);
    MUST(rc);
    write_read(ctx, q);
    copy_fill(ctx, q);
    maps(ctx, q);
    rects(ctx, q);
    subbuffers(ctx, q);
    subbuffer_host_access(ctx, q);
    ordering(ctx, q);
    MUST(clReleaseCommandQueue(q));
    MUST(clReleaseContext(ctx));
    return t_done("buffers");
}
