/* later.c -- entry points of OpenCL 2.0 to 3.0.  The platform reports
 * OpenCL 1.2, but the ICD loader exports the later functions and routes a
 * call to whatever the platform's dispatch table holds; a program written
 * for a later version must get an answer, not a jump through NULL.  Three
 * map directly onto what the runtime has and work:
 * clCreateCommandQueueWithProperties, clCreateBufferWithProperties (no
 * properties) and clCloneKernel; clSetContextDestructorCallback is in
 * context.c.  The rest answer as the 3.0 specification says for a device
 * without the feature: no shared virtual memory, pipes, IL programs,
 * sub-groups, device-side queues or host timer. */
#include <string.h>
#include "cl_int.h"

WQ_CL_API cl_command_queue CL_API_CALL
wq_cl_CreateCommandQueueWithProperties(cl_context ctx, cl_device_id dev,
                                       const cl_queue_properties *props, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_command_queue_properties p = 0;
    cl_int rc = CL_SUCCESS;
    for (unsigned i = 0; props && props[i] && !rc; i += 2) {
        if (props[i] == CL_QUEUE_PROPERTIES) {
            p = props[i + 1];
            if (p & (CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT)) rc = CL_INVALID_QUEUE_PROPERTIES;
        } else if (props[i] == CL_QUEUE_SIZE) {
            rc = CL_INVALID_QUEUE_PROPERTIES;     /* only for device-side queues */
        } else {
            rc = CL_INVALID_VALUE;
        }
    }
    cl_command_queue q = rc ? NULL : wq_cl_queue_create(ctx, dev, p, &rc);
    return wq_cl_unlock_ptr(q, rc, errcode_ret);
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateBufferWithProperties(cl_context ctx, const cl_mem_properties *props, cl_mem_flags f,
                                 size_t size, void *host_ptr, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = CL_SUCCESS;
    cl_mem m = NULL;
    if (props && props[0]) rc = wq_cl_context_ok(ctx) ? CL_INVALID_PROPERTY : CL_INVALID_CONTEXT;
    else m = wq_cl_buffer_create(ctx, f, size, host_ptr, &rc);
    return wq_cl_unlock_ptr(m, rc, errcode_ret);
}

WQ_CL_API cl_kernel CL_API_CALL wq_cl_CloneKernel(cl_kernel src, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = CL_SUCCESS;
    cl_kernel k = NULL;
    if (!wq_cl_kernel_ok(src)) rc = CL_INVALID_KERNEL;
    else if (!(k = wq_cl_kernel_clone(src))) rc = CL_OUT_OF_HOST_MEMORY;
    return wq_cl_unlock_ptr(k, rc, errcode_ret);
}

/* ---- what the device does not have ------------------------------------------- */
static void *null_ctx(cl_context ctx, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = wq_cl_context_ok(ctx) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
    return wq_cl_unlock_ptr(NULL, rc, errcode_ret);
}

static cl_int on_queue(cl_command_queue q)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(wq_cl_queue_ok(q) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE);
}

static cl_int on_kernel(cl_kernel k)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(wq_cl_kernel_ok(k) ? CL_INVALID_OPERATION : CL_INVALID_KERNEL);
}

static cl_int on_device(cl_device_id d)
{
    return wq_cl_obj_ok(d, WQ_CL_DEVICE) ? CL_INVALID_OPERATION : CL_INVALID_DEVICE;
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreatePipe(cl_context ctx, cl_mem_flags f, cl_uint packet, cl_uint max,
                 const cl_pipe_properties *props, cl_int *errcode_ret)
{
    return null_ctx(ctx, errcode_ret);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetPipeInfo(cl_mem pipe, cl_pipe_info p, size_t n, void *v, size_t *nr)
{
    return CL_INVALID_MEM_OBJECT;              /* no pipe can exist */
}

/* no shared virtual memory: no allocation, and nothing to free */
WQ_CL_API void *CL_API_CALL
wq_cl_SVMAlloc(cl_context ctx, cl_svm_mem_flags f, size_t size, cl_uint align)
{
    return NULL;
}

WQ_CL_API void CL_API_CALL wq_cl_SVMFree(cl_context ctx, void *p) {}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueSVMFree(cl_command_queue q, cl_uint n, void *ptrs[],
                     void (CL_CALLBACK *fn)(cl_command_queue, cl_uint, void *[], void *),
                     void *user, cl_uint nw, const cl_event *w, cl_event *e)
{
    return on_queue(q);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueSVMMemcpy(cl_command_queue q, cl_bool b, void *dst, const void *src, size_t n,
                       cl_uint nw, const cl_event *w, cl_event *e)
{
    return on_queue(q);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueSVMMemFill(cl_command_queue q, void *p, const void *pat, size_t ps, size_t n,
                        cl_uint nw, const cl_event *w, cl_event *e)
{
    return on_queue(q);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueSVMMap(cl_command_queue q, cl_bool b, cl_map_flags f, void *p, size_t n,
                    cl_uint nw, const cl_event *w, cl_event *e)
{
    return on_queue(q);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueSVMUnmap(cl_command_queue q, void *p, cl_uint nw, const cl_event *w, cl_event *e)
{
    return on_queue(q);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueSVMMigrateMem(cl_command_queue q, cl_uint n, const void **p, const size_t *sz,
                           cl_mem_migration_flags f, cl_uint nw, const cl_event *w, cl_event *e)
{
    return on_queue(q);
}

WQ_CL_API cl_sampler CL_API_CALL
wq_cl_CreateSamplerWithProperties(cl_context ctx, const cl_sampler_properties *props,
                                  cl_int *errcode_ret)
{
    return null_ctx(ctx, errcode_ret);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_SetKernelArgSVMPointer(cl_kernel k, cl_uint i, const void *v)
{
    return on_kernel(k);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_SetKernelExecInfo(cl_kernel k, cl_kernel_exec_info p, size_t n, const void *v)
{
    return on_kernel(k);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetKernelSubGroupInfo(cl_kernel k, cl_device_id d, cl_kernel_sub_group_info p,
                            size_t in_n, const void *in, size_t n, void *v, size_t *nr)
{
    return on_kernel(k);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetKernelSubGroupInfoKHR(cl_kernel k, cl_device_id d, cl_kernel_sub_group_info p,
                               size_t in_n, const void *in, size_t n, void *v, size_t *nr)
{
    return on_kernel(k);
}

WQ_CL_API cl_program CL_API_CALL
wq_cl_CreateProgramWithIL(cl_context ctx, const void *il, size_t n, cl_int *errcode_ret)
{
    return null_ctx(ctx, errcode_ret);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetDeviceAndHostTimer(cl_device_id d, cl_ulong *dev_ts, cl_ulong *host_ts)
{
    return on_device(d);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_GetHostTimer(cl_device_id d, cl_ulong *host_ts)
{
    return on_device(d);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_SetDefaultDeviceCommandQueue(cl_context ctx, cl_device_id d, cl_command_queue q)
{
    wq_cl_lock();
    cl_int rc = wq_cl_context_ok(ctx) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
    return wq_cl_unlock_rc(rc);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_SetProgramReleaseCallback(cl_program p, void (CL_CALLBACK *fn)(cl_program, void *),
                                void *user)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(wq_cl_program_ok(p) ? CL_INVALID_OPERATION : CL_INVALID_PROGRAM);
}

/* no program comes from IL, and only those have specialization constants */
WQ_CL_API cl_int CL_API_CALL
wq_cl_SetProgramSpecializationConstant(cl_program p, cl_uint id, size_t n, const void *v)
{
    return CL_INVALID_PROGRAM;
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateImageWithProperties(cl_context ctx, const cl_mem_properties *props,
                                cl_mem_flags f, const cl_image_format *fmt,
                                const cl_image_desc *desc, void *host_ptr, cl_int *errcode_ret)
{
    return null_ctx(ctx, errcode_ret);
}
