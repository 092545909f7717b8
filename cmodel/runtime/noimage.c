/* noimage.c -- images, samplers and native kernels: the device has none
 * (CL_DEVICE_IMAGE_SUPPORT and CL_EXEC_NATIVE_KERNEL are false), and these
 * calls answer exactly what OpenCL 1.2 specifies for such a device:
 * creating an image or sampler is CL_INVALID_OPERATION, no image format is
 * supported, and since no image or sampler can exist, every call that is
 * handed one gets CL_INVALID_MEM_OBJECT / CL_INVALID_SAMPLER. */
#include "cl_int.h"

static cl_mem no_image(cl_context ctx, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = wq_cl_context_ok(ctx) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
    return wq_cl_unlock_ptr(NULL, rc, errcode_ret);
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateImage(cl_context ctx, cl_mem_flags f, const cl_image_format *fmt,
                  const cl_image_desc *desc, void *host_ptr, cl_int *errcode_ret)
{
    return no_image(ctx, errcode_ret);
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateImage2D(cl_context ctx, cl_mem_flags f, const cl_image_format *fmt, size_t w,
                    size_t h, size_t rp, void *host_ptr, cl_int *errcode_ret)
{
    return no_image(ctx, errcode_ret);
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateImage3D(cl_context ctx, cl_mem_flags f, const cl_image_format *fmt, size_t w,
                    size_t h, size_t dp, size_t rp, size_t sp, void *host_ptr,
                    cl_int *errcode_ret)
{
    return no_image(ctx, errcode_ret);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetSupportedImageFormats(cl_context ctx, cl_mem_flags f, cl_mem_object_type t,
                               cl_uint n, cl_image_format *fmts, cl_uint *nret)
{
    wq_cl_lock();
    cl_int rc = CL_SUCCESS;
    if (!wq_cl_context_ok(ctx)) rc = CL_INVALID_CONTEXT;
    else if (t != CL_MEM_OBJECT_IMAGE2D && t != CL_MEM_OBJECT_IMAGE3D &&
             t != CL_MEM_OBJECT_IMAGE2D_ARRAY && t != CL_MEM_OBJECT_IMAGE1D &&
             t != CL_MEM_OBJECT_IMAGE1D_ARRAY && t != CL_MEM_OBJECT_IMAGE1D_BUFFER)
        rc = CL_INVALID_VALUE;
    else if (n == 0 && fmts) rc = CL_INVALID_VALUE;
    else if (nret) *nret = 0;
    return wq_cl_unlock_rc(rc);
}

/* a memory object handed where an image is needed: never an image here */
static cl_int not_image(cl_command_queue q, cl_mem m)
{
    wq_cl_lock();
    cl_int rc = q && !wq_cl_queue_ok(q) ? CL_INVALID_COMMAND_QUEUE : CL_INVALID_MEM_OBJECT;
    (void)m;
    return wq_cl_unlock_rc(rc);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetImageInfo(cl_mem m, cl_image_info p, size_t s, void *v, size_t *sr)
{
    return not_image(NULL, m);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueReadImage(cl_command_queue q, cl_mem m, cl_bool b, const size_t *o,
                       const size_t *r, size_t rp, size_t sp, void *ptr, cl_uint nw,
                       const cl_event *w, cl_event *e)
{
    return not_image(q, m);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueWriteImage(cl_command_queue q, cl_mem m, cl_bool b, const size_t *o,
                        const size_t *r, size_t rp, size_t sp, const void *ptr, cl_uint nw,
                        const cl_event *w, cl_event *e)
{
    return not_image(q, m);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueFillImage(cl_command_queue q, cl_mem m, const void *c, const size_t *o,
                       const size_t *r, cl_uint nw, const cl_event *w, cl_event *e)
{
    return not_image(q, m);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueCopyImage(cl_command_queue q, cl_mem s, cl_mem d, const size_t *so,
                       const size_t *dso, const size_t *r, cl_uint nw, const cl_event *w,
                       cl_event *e)
{
    return not_image(q, s);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueCopyImageToBuffer(cl_command_queue q, cl_mem s, cl_mem d, const size_t *so,
                               const size_t *r, size_t doff, cl_uint nw, const cl_event *w,
                               cl_event *e)
{
    return not_image(q, s);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueCopyBufferToImage(cl_command_queue q, cl_mem s, cl_mem d, size_t soff,
                               const size_t *dso, const size_t *r, cl_uint nw,
                               const cl_event *w, cl_event *e)
{
    return not_image(q, d);
}

WQ_CL_API void *CL_API_CALL
wq_cl_EnqueueMapImage(cl_command_queue q, cl_mem m, cl_bool b, cl_map_flags f,
                      const size_t *o, const size_t *r, size_t *rp, size_t *sp, cl_uint nw,
                      const cl_event *w, cl_event *e, cl_int *errcode_ret)
{
    cl_int rc = not_image(q, m);
    if (errcode_ret) *errcode_ret = rc;
    return NULL;
}

WQ_CL_API cl_sampler CL_API_CALL
wq_cl_CreateSampler(cl_context ctx, cl_bool norm, cl_addressing_mode am, cl_filter_mode fm,
                    cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = wq_cl_context_ok(ctx) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
    return wq_cl_unlock_ptr(NULL, rc, errcode_ret);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_RetainSampler(cl_sampler s) { return CL_INVALID_SAMPLER; }
WQ_CL_API cl_int CL_API_CALL wq_cl_ReleaseSampler(cl_sampler s) { return CL_INVALID_SAMPLER; }

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetSamplerInfo(cl_sampler s, cl_sampler_info p, size_t n, void *v, size_t *nr)
{
    return CL_INVALID_SAMPLER;
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueNativeKernel(cl_command_queue q, void (CL_CALLBACK *fn)(void *), void *args,
                          size_t cb, cl_uint nmem, const cl_mem *mems, const void **locs,
                          cl_uint nw, const cl_event *w, cl_event *e)
{
    wq_cl_lock();
    cl_int rc = wq_cl_queue_ok(q) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
    return wq_cl_unlock_rc(rc);
}
