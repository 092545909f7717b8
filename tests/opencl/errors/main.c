/* errors -- misused calls return the standard error code and change
 * nothing: invalid values, NULL objects, objects of the wrong context,
 * out-of-range offsets and sizes, bad flags, bad wait lists, released
 * objects (warpq only: elsewhere a released handle may be freed memory).
 * After every group a round trip through the same buffer and queue must
 * still work. */
#include "../common.h"
#include <CL/cl_gl.h>

static cl_context ctx, ctx2;
static cl_command_queue q, q2;
static cl_device_id dev;
static cl_platform_id plat;
static cl_mem buf, buf2;

/* the objects still work: write, copy, read back */
static void still_usable(const char *after)
{
    unsigned char a[64], b[64];
    for (int i = 0; i < 64; i++) a[i] = (unsigned char)(i * 3 + 1);
    memset(b, 0, sizeof b);
    cl_int rc = clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, 64, a, 0, NULL, NULL);
    if (!rc) rc = clEnqueueCopyBuffer(q, buf, buf, 0, 64, 64, 0, NULL, NULL);
    if (!rc) rc = clEnqueueReadBuffer(q, buf, CL_TRUE, 64, 64, b, 0, NULL, NULL);
    CHECK(rc == CL_SUCCESS && !memcmp(a, b, 64), "objects usable after %s (rc %d)", after, rc);
}

static void queries(void)
{
    char s[8];
    size_t n;
    EXPECT(CL_INVALID_VALUE, clGetPlatformIDs(0, (cl_platform_id[1]){0}, NULL));
    EXPECT(CL_INVALID_VALUE, clGetPlatformIDs(0, NULL, NULL));
    EXPECT(CL_INVALID_VALUE, clGetDeviceInfo(dev, 0x7FFF, sizeof s, s, NULL));
    EXPECT(CL_INVALID_VALUE, clGetDeviceInfo(dev, CL_DEVICE_NAME, 1, s, NULL));
    EXPECT(CL_SUCCESS, clGetDeviceInfo(dev, CL_DEVICE_NAME, 0, NULL, &n));
    CHECK(n > 1, "name size %zu", n);
    EXPECT(CL_INVALID_DEVICE, clGetDeviceInfo(NULL, CL_DEVICE_NAME, sizeof s, s, NULL));
    cl_device_id d2;
    /* §4.2: an unknown type is CL_INVALID_DEVICE_TYPE; POCL 3.1 answers
     * CL_DEVICE_NOT_FOUND, so warpq only */
    if (t_is_warpq)
        EXPECT(CL_INVALID_DEVICE_TYPE, clGetDeviceIDs(plat, (cl_device_type)1 << 40, 1, &d2, NULL));
    EXPECT(CL_INVALID_VALUE, clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 0, &d2, NULL));
    EXPECT(CL_INVALID_CONTEXT, clGetContextInfo(NULL, CL_CONTEXT_NUM_DEVICES, 4, s, NULL));
    EXPECT(CL_INVALID_VALUE, clGetContextInfo(ctx, 0x7FFF, 4, s, NULL));
    EXPECT(CL_INVALID_COMMAND_QUEUE, clGetCommandQueueInfo(NULL, CL_QUEUE_CONTEXT, 8, s, NULL));
    EXPECT(CL_INVALID_MEM_OBJECT, clGetMemObjectInfo(NULL, CL_MEM_SIZE, 8, s, NULL));
    EXPECT(CL_INVALID_VALUE, clGetMemObjectInfo(buf, CL_MEM_SIZE, 1, s, NULL));
    still_usable("bad queries");
}

static void creation(void)
{
    cl_int rc;
    cl_context c = clCreateContext(NULL, 0, &dev, NULL, NULL, &rc);
    CHECK(!c && rc == CL_INVALID_VALUE, "context with no device: %d", rc);
    cl_device_id none = NULL;
    c = clCreateContext(NULL, 1, &none, NULL, NULL, &rc);
    CHECK(!c && rc == CL_INVALID_DEVICE, "context with a NULL device: %d", rc);
    cl_context_properties bad[] = { 0x7777, 1, 0 };
    c = clCreateContext(bad, 1, &dev, NULL, NULL, &rc);
    CHECK(!c && rc == CL_INVALID_PROPERTY, "unknown context property: %d", rc);
    cl_command_queue qq = clCreateCommandQueue(NULL, dev, 0, &rc);
    CHECK(!qq && rc == CL_INVALID_CONTEXT, "queue without context: %d", rc);
    qq = clCreateCommandQueue(ctx, dev, (cl_command_queue_properties)1 << 40, &rc);
    CHECK(!qq && rc == CL_INVALID_VALUE, "unknown queue property: %d", rc);
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 0, NULL, &rc);
    CHECK(!m && rc == CL_INVALID_BUFFER_SIZE, "zero-size buffer: %d", rc);
    m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, 16, NULL, &rc);
    CHECK(!m && rc == CL_INVALID_VALUE, "two access flags: %d", rc);
    m = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 16, NULL, &rc);
    CHECK(!m && rc == CL_INVALID_HOST_PTR, "USE_HOST_PTR without a pointer: %d", rc);
    char h[16];
    m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, h, &rc);
    CHECK(!m && rc == CL_INVALID_HOST_PTR, "a pointer without USE/COPY_HOST_PTR: %d", rc);
    m = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 16, h, &rc);
    CHECK(!m && rc == CL_INVALID_VALUE, "USE_HOST_PTR with COPY_HOST_PTR: %d", rc);
    cl_ulong max = 0;
    MUST(clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max, &max, NULL));
    if (max < (cl_ulong)SIZE_MAX) {
        m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)max + 1, NULL, &rc);
        CHECK(!m && rc == CL_INVALID_BUFFER_SIZE, "buffer over MAX_MEM_ALLOC_SIZE: %d", rc);
    }
    m = clCreateBuffer(NULL, CL_MEM_READ_WRITE, 16, NULL, &rc);
    CHECK(!m && rc == CL_INVALID_CONTEXT, "buffer without context: %d", rc);
    cl_event e = clCreateUserEvent(NULL, &rc);
    CHECK(!e && rc == CL_INVALID_CONTEXT, "user event without context: %d", rc);
    still_usable("bad creations");
}

static void transfers(void)
{
    char h[256];
    size_t sz = 128;
    EXPECT(CL_INVALID_VALUE, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sz + 1, h, 0, NULL, NULL));
    EXPECT(CL_INVALID_VALUE, clEnqueueReadBuffer(q, buf, CL_TRUE, sz, 1, h, 0, NULL, NULL));
    EXPECT(CL_INVALID_VALUE, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 16, NULL, 0, NULL, NULL));
    EXPECT(CL_INVALID_VALUE, clEnqueueWriteBuffer(q, buf, CL_TRUE, (size_t)-8, 16, h, 0, NULL, NULL));
    EXPECT(CL_INVALID_MEM_OBJECT, clEnqueueReadBuffer(q, NULL, CL_TRUE, 0, 4, h, 0, NULL, NULL));
    EXPECT(CL_INVALID_COMMAND_QUEUE, clEnqueueReadBuffer(NULL, buf, CL_TRUE, 0, 4, h, 0, NULL, NULL));
    EXPECT(CL_INVALID_CONTEXT, clEnqueueReadBuffer(q2, buf, CL_TRUE, 0, 4, h, 0, NULL, NULL));
    EXPECT(CL_INVALID_CONTEXT, clEnqueueCopyBuffer(q, buf, buf2, 0, 0, 4, 0, NULL, NULL));
    EXPECT(CL_MEM_COPY_OVERLAP, clEnqueueCopyBuffer(q, buf, buf, 0, 8, 16, 0, NULL, NULL));
    EXPECT(CL_INVALID_VALUE, clEnqueueCopyBuffer(q, buf, buf, 0, 120, 16, 0, NULL, NULL));
    cl_uint pat = 7;
    EXPECT(CL_INVALID_VALUE, clEnqueueFillBuffer(q, buf, &pat, 3, 0, 12, 0, NULL, NULL));
    EXPECT(CL_INVALID_VALUE, clEnqueueFillBuffer(q, buf, &pat, 4, 2, 12, 0, NULL, NULL));
    EXPECT(CL_INVALID_VALUE, clEnqueueFillBuffer(q, buf, &pat, 4, 0, 10, 0, NULL, NULL));
    EXPECT(CL_INVALID_VALUE, clEnqueueFillBuffer(q, buf, NULL, 4, 0, 12, 0, NULL, NULL));
    EXPECT(CL_INVALID_VALUE, clEnqueueFillBuffer(q, buf, &pat, 4, 0, sz + 4, 0, NULL, NULL));
    /* wait lists */
    EXPECT(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 4, h, 1, NULL, NULL));
    cl_event none = NULL;
    EXPECT(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 4, h, 1, &none, NULL));
    cl_int rc;
    cl_event other = clCreateUserEvent(ctx2, &rc);
    MUST(rc);
    EXPECT(CL_INVALID_CONTEXT, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 4, h, 1, &other, NULL));
    MUST(clSetUserEventStatus(other, CL_COMPLETE));
    EXPECT(CL_INVALID_OPERATION, clSetUserEventStatus(other, CL_COMPLETE));
    EXPECT(CL_INVALID_VALUE, clWaitForEvents(0, NULL));
    EXPECT(CL_INVALID_EVENT, clWaitForEvents(1, &none));
    MUST(clReleaseEvent(other));
    /* maps and unmaps */
    void *p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ, 0, sz + 1, 0, NULL, NULL, &rc);
    CHECK(!p && rc == CL_INVALID_VALUE, "map past the end: %d", rc);
    /* OpenCL 1.2 §5.4.2 refuses READ or WRITE with WRITE_INVALIDATE_REGION;
     * POCL 3.1 maps anyway, so this one is checked on warpq only */
    if (t_is_warpq) {
        p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0,
                               4, 0, NULL, NULL, &rc);
        CHECK(!p && rc == CL_INVALID_VALUE, "read + write-invalidate map: %d", rc);
    }
    EXPECT(CL_INVALID_VALUE, clEnqueueUnmapMemObject(q, buf, h, 0, NULL, NULL));
    p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ, 0, 8, 0, NULL, NULL, &rc);
    MUST(rc);
    EXPECT(CL_INVALID_VALUE, clEnqueueUnmapMemObject(q, buf, (char *)p + 1, 0, NULL, NULL));
    MUST(clEnqueueUnmapMemObject(q, buf, p, 0, NULL, NULL));
    /* host access flags */
    cl_mem ro = clCreateBuffer(ctx, CL_MEM_HOST_READ_ONLY, 16, NULL, &rc);
    MUST(rc);
    EXPECT(CL_INVALID_OPERATION, clEnqueueWriteBuffer(q, ro, CL_TRUE, 0, 4, h, 0, NULL, NULL));
    EXPECT(CL_SUCCESS, clEnqueueReadBuffer(q, ro, CL_TRUE, 0, 4, h, 0, NULL, NULL));
    MUST(clReleaseMemObject(ro));
    /* rectangles */
    size_t o[3] = { 0, 0, 0 }, r0[3] = { 0, 1, 1 }, r[3] = { 8, 2, 1 };
    EXPECT(CL_INVALID_VALUE, clEnqueueReadBufferRect(q, buf, CL_TRUE, o, o, r0, 0, 0, 0, 0, h, 0,
                                                     NULL, NULL));
    EXPECT(CL_INVALID_VALUE, clEnqueueReadBufferRect(q, buf, CL_TRUE, o, o, r, 4, 0, 0, 0, h, 0,
                                                     NULL, NULL));
    size_t far[3] = { 0, 100, 0 };
    EXPECT(CL_INVALID_VALUE, clEnqueueReadBufferRect(q, buf, CL_TRUE, far, o, r, 0, 0, 0, 0, h, 0,
                                                     NULL, NULL));
    MUST(clFinish(q));
    still_usable("bad transfers");
}

/* features the device does not have answer with their error, no crash:
 * images, samplers, native kernels, OpenGL sharing (warpq only: what
 * another implementation supports differs) */
static void absent_features(void)
{
    if (!t_is_warpq) return;
    cl_int rc;
    cl_image_format fmt = { CL_RGBA, CL_UNORM_INT8 };
    cl_image_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = desc.image_height = 4;
    cl_mem m = clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &rc);
    CHECK(!m && rc == CL_INVALID_OPERATION, "image on a device without images: %d", rc);
    cl_uint nfmt = 99;
    EXPECT(CL_SUCCESS, clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D,
                                                  0, NULL, &nfmt));
    CHECK(nfmt == 0, "no image formats (%u)", nfmt);
    cl_sampler s = clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &rc);
    CHECK(!s && rc == CL_INVALID_OPERATION, "sampler: %d", rc);
    size_t sz;
    EXPECT(CL_INVALID_MEM_OBJECT, clGetImageInfo(buf, CL_IMAGE_WIDTH, sizeof sz, &sz, NULL));
    m = clCreateFromGLBuffer(ctx, CL_MEM_READ_WRITE, 1, &rc);
    CHECK(!m && rc == CL_INVALID_CONTEXT, "GL buffer in a non-GL context: %d", rc);
    EXPECT(CL_INVALID_CONTEXT, clEnqueueAcquireGLObjects(q, 1, &buf, 0, NULL, NULL));
    EXPECT(CL_INVALID_GL_OBJECT, clGetGLObjectInfo(buf, NULL, NULL));
    still_usable("absent features");
}

static void released(void)
{
    if (!t_is_warpq) {
        printf("errors: released-object checks skipped (not warpq)\n");
        return;
    }
    cl_int rc;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, NULL, &rc);
    MUST(rc);
    MUST(clReleaseMemObject(m));
    EXPECT(CL_INVALID_MEM_OBJECT, clReleaseMemObject(m));
    EXPECT(CL_INVALID_MEM_OBJECT, clRetainMemObject(m));
    char h[16];
    EXPECT(CL_INVALID_MEM_OBJECT, clEnqueueWriteBuffer(q, m, CL_TRUE, 0, 4, h, 0, NULL, NULL));
    cl_event e = clCreateUserEvent(ctx, &rc);
    MUST(rc);
    MUST(clReleaseEvent(e));
    EXPECT(CL_INVALID_EVENT, clReleaseEvent(e));
    EXPECT(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 4, h, 1, &e, NULL));
    cl_command_queue qq = clCreateCommandQueue(ctx, dev, 0, &rc);
    MUST(rc);
    MUST(clReleaseCommandQueue(qq));
    EXPECT(CL_INVALID_COMMAND_QUEUE, clFinish(qq));
    EXPECT(CL_INVALID_COMMAND_QUEUE, clEnqueueReadBuffer(qq, buf, CL_TRUE, 0, 4, h, 0, NULL, NULL));
    cl_context cc = clCreateContext(NULL, 1, &dev, NULL, NULL, &rc);
    MUST(rc);
    MUST(clReleaseContext(cc));
    EXPECT(CL_INVALID_CONTEXT, clReleaseContext(cc));
    cl_mem mm = clCreateBuffer(cc, CL_MEM_READ_WRITE, 16, NULL, &rc);
    CHECK(!mm && rc == CL_INVALID_CONTEXT, "buffer in a released context: %d", rc);
    still_usable("released objects");
}

int main(void)
{
    plat = t_platform();
    dev = t_device(plat);
    cl_int rc;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &rc);
    MUST(rc);
    ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &rc);
    MUST(rc);
    q = clCreateCommandQueue(ctx, dev, 0, &rc);
    MUST(rc);
    q2 = clCreateCommandQueue(ctx2, dev, 0, &rc);
    MUST(rc);
    buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 128, NULL, &rc);
    MUST(rc);
    buf2 = clCreateBuffer(ctx2, CL_MEM_READ_WRITE, 128, NULL, &rc);
    MUST(rc);
    queries();
    creation();
    transfers();
    absent_features();
    released();
    MUST(clReleaseMemObject(buf));
    MUST(clReleaseMemObject(buf2));
    MUST(clReleaseCommandQueue(q));
    MUST(clReleaseCommandQueue(q2));
    MUST(clReleaseContext(ctx));
    MUST(clReleaseContext(ctx2));
    return t_done("errors");
}
