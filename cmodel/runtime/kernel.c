/* kernel.c -- kernel objects: clCreateKernel, clCreateKernelsInProgram,
 * clRetainKernel, clReleaseKernel, clSetKernelArg, clGetKernelInfo,
 * clGetKernelArgInfo, clGetKernelWorkGroupInfo (docs/runtime.md).
 * A kernel is one entry of its program's kernel table plus the argument
 * values set so far; launches (launch.c) copy the values at enqueue. */
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"

int wq_cl_kernel_ok(cl_kernel k) { return wq_cl_obj_ok(k, WQ_CL_KERNEL); }

static void destroy(wq_cl_obj_t *o)
{
    cl_kernel k = (cl_kernel)o;
    free(k->argv);
    k->prog->kernels_live--;
    wq_cl_obj_irelease(k->prog);
}

static cl_kernel make(cl_program p, const wq_cl_kinfo_t *ki)
{
    cl_kernel k = wq_cl_obj_new(sizeof *k, WQ_CL_KERNEL, destroy);
    if (!k) return NULL;
    k->argv = calloc(ki->nargs ? ki->nargs : 1, sizeof *k->argv);
    if (!k->argv) { free(k); return NULL; }
    k->prog = p;
    k->ki = ki;
    p->kernels_live++;
    wq_cl_obj_iretain(p);
    return k;
}

cl_kernel wq_cl_kernel_clone(cl_kernel src)
{
    cl_kernel k = make(src->prog, src->ki);
    if (k) memcpy(k->argv, src->argv, (src->ki->nargs ? src->ki->nargs : 1) * sizeof *k->argv);
    return k;
}

WQ_CL_API cl_kernel CL_API_CALL
wq_cl_CreateKernel(cl_program p, const char *name, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = CL_SUCCESS;
    cl_kernel k = NULL;
    if (!wq_cl_program_ok(p)) rc = CL_INVALID_PROGRAM;
    else if (!wq_cl_program_executable(p)) rc = CL_INVALID_PROGRAM_EXECUTABLE;
    else if (!name) rc = CL_INVALID_VALUE;
    else {
        rc = CL_INVALID_KERNEL_NAME;
        for (unsigned i = 0; i < p->img.nkernels; i++)
            if (!strcmp(p->img.kernels[i].name, name)) {
                k = make(p, &p->img.kernels[i]);
                rc = k ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY;
                break;
            }
    }
    return wq_cl_unlock_ptr(k, rc, errcode_ret);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_CreateKernelsInProgram(cl_program p, cl_uint n, cl_kernel *out, cl_uint *nret)
{
    wq_cl_lock();
    if (!wq_cl_program_ok(p)) return wq_cl_unlock_rc(CL_INVALID_PROGRAM);
    if (!wq_cl_program_executable(p)) return wq_cl_unlock_rc(CL_INVALID_PROGRAM_EXECUTABLE);
    if (out && n < p->img.nkernels) return wq_cl_unlock_rc(CL_INVALID_VALUE);
    if (out) {
        for (unsigned i = 0; i < p->img.nkernels; i++) {
            if (!(out[i] = make(p, &p->img.kernels[i]))) {
                while (i--) wq_cl_obj_release(out[i]);
                return wq_cl_unlock_rc(CL_OUT_OF_HOST_MEMORY);
            }
        }
    }
    if (nret) *nret = p->img.nkernels;
    return wq_cl_unlock_rc(CL_SUCCESS);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_RetainKernel(cl_kernel k)
{
    wq_cl_lock();
    if (!wq_cl_kernel_ok(k)) return wq_cl_unlock_rc(CL_INVALID_KERNEL);
    wq_cl_obj_retain(k);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_ReleaseKernel(cl_kernel k)
{
    wq_cl_lock();
    if (!wq_cl_kernel_ok(k)) return wq_cl_unlock_rc(CL_INVALID_KERNEL);
    wq_cl_obj_release(k);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

static cl_int set_arg(cl_kernel k, cl_uint i, size_t size, const void *value)
{
    if (i >= k->ki->nargs) return CL_INVALID_ARG_INDEX;
    const wq_cl_arg_info_t *a = &k->ki->args[i];
    wq_cl_argval_t v = { .set = 1 };
    switch (a->kind) {
    case WQ_CL_ARG_GLOBAL:
    case WQ_CL_ARG_CONSTANT:
        if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
        /* NULL (or a NULL handle) is a NULL pointer in the kernel */
        v.mem = value ? *(const cl_mem *)value : NULL;
        if (v.mem && !wq_cl_mem_ok(v.mem)) return CL_INVALID_MEM_OBJECT;
        if (v.mem && v.mem->ctx != k->prog->ctx) return CL_INVALID_MEM_OBJECT;
        break;
    case WQ_CL_ARG_LOCAL:
        if (value) return CL_INVALID_ARG_VALUE;
        if (size == 0) return CL_INVALID_ARG_SIZE;
        v.local_size = size;
        break;
    case WQ_CL_ARG_SCALAR:
        if (size != a->size || size > sizeof v.bytes) return CL_INVALID_ARG_SIZE;
        if (!value) return CL_INVALID_ARG_VALUE;
        memcpy(v.bytes, value, size);
        break;
    }
    k->argv[i] = v;
    return CL_SUCCESS;
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_SetKernelArg(cl_kernel k, cl_uint i, size_t size, const void *value)
{
    wq_cl_lock();
    if (!wq_cl_kernel_ok(k)) return wq_cl_unlock_rc(CL_INVALID_KERNEL);
    return wq_cl_unlock_rc(set_arg(k, i, size, value));
}

#define RET(T, v) do { T _v = (v); rc = wq_cl_info(&_v, sizeof _v, size, value, size_ret); } while (0)

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetKernelInfo(cl_kernel k, cl_kernel_info param, size_t size, void *value, size_t *size_ret)
{
    wq_cl_lock();
    cl_int rc;
    if (!wq_cl_kernel_ok(k)) return wq_cl_unlock_rc(CL_INVALID_KERNEL);
    switch (param) {
    case CL_KERNEL_FUNCTION_NAME:   rc = wq_cl_info_str(k->ki->name, size, value, size_ret); break;
    case CL_KERNEL_NUM_ARGS:        RET(cl_uint, k->ki->nargs); break;
    case CL_KERNEL_REFERENCE_COUNT: RET(cl_uint, k->h.refs); break;
    case CL_KERNEL_CONTEXT:         RET(cl_context, k->prog->ctx); break;
    case CL_KERNEL_PROGRAM:         RET(cl_program, k->prog); break;
    case CL_KERNEL_ATTRIBUTES: {
        /* the kernel's attributes as declared, space-separated (OpenCL 1.2 §5.7.3) */
        const wq_cl_kinfo_t *ki = k->ki;
        char s[160] = "";
        size_t n = 0;
        if (ki->reqd_wg[0])
            n += (size_t)snprintf(s + n, sizeof s - n, "reqd_work_group_size(%zu,%zu,%zu) ", ki->reqd_wg[0],
                                  ki->reqd_wg[1], ki->reqd_wg[2]);
        if (ki->hint_wg[0])
            n += (size_t)snprintf(s + n, sizeof s - n, "work_group_size_hint(%u,%u,%u) ", ki->hint_wg[0],
                                  ki->hint_wg[1], ki->hint_wg[2]);
        if (ki->vec_hint[0]) n += (size_t)snprintf(s + n, sizeof s - n, "vec_type_hint(%s) ", ki->vec_hint);
        if (n) s[n - 1] = 0;
        rc = wq_cl_info_str(s, size, value, size_ret);
        break;
    }
    default: rc = CL_INVALID_VALUE;
    }
    return wq_cl_unlock_rc(rc);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetKernelArgInfo(cl_kernel k, cl_uint i, cl_kernel_arg_info param, size_t size,
                       void *value, size_t *size_ret)
{
    wq_cl_lock();
    cl_int rc;
    if (!wq_cl_kernel_ok(k)) return wq_cl_unlock_rc(CL_INVALID_KERNEL);
    if (i >= k->ki->nargs) return wq_cl_unlock_rc(CL_INVALID_ARG_INDEX);
    switch (param) {
    case CL_KERNEL_ARG_ADDRESS_QUALIFIER: case CL_KERNEL_ARG_ACCESS_QUALIFIER:
    case CL_KERNEL_ARG_TYPE_QUALIFIER: case CL_KERNEL_ARG_TYPE_NAME: case CL_KERNEL_ARG_NAME:
        if (!k->prog->arg_info) return wq_cl_unlock_rc(CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
        break;
    default: return wq_cl_unlock_rc(CL_INVALID_VALUE);
    }
    const wq_cl_arg_info_t *a = &k->ki->args[i];
    static const cl_kernel_arg_address_qualifier aq[] = {
        CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ADDRESS_GLOBAL,
        CL_KERNEL_ARG_ADDRESS_CONSTANT, CL_KERNEL_ARG_ADDRESS_LOCAL };
    switch (param) {
    case CL_KERNEL_ARG_ADDRESS_QUALIFIER: RET(cl_kernel_arg_address_qualifier, aq[a->kind]); break;
    case CL_KERNEL_ARG_ACCESS_QUALIFIER:  RET(cl_kernel_arg_access_qualifier, a->access); break;
    case CL_KERNEL_ARG_TYPE_QUALIFIER:    RET(cl_kernel_arg_type_qualifier, a->type_qual); break;
    case CL_KERNEL_ARG_TYPE_NAME: rc = wq_cl_info_str(a->type_name, size, value, size_ret); break;
    case CL_KERNEL_ARG_NAME:      rc = wq_cl_info_str(a->name, size, value, size_ret); break;
    default: rc = CL_INVALID_VALUE;
    }
    return wq_cl_unlock_rc(rc);
}

/* one CTA holds at most CTA_THREADS threads (launch.def) and no more than
 * the warp slots hold (docs/spec.md §8.2); a kernel with
 * reqd_work_group_size runs with that */
size_t wq_cl_kernel_max_wg(cl_kernel k)
{
    size_t n = 32u * k->prog->ctx->dev->drv.warps;
    return n > WQ_LDLIMIT_CTA_THREADS ? WQ_LDLIMIT_CTA_THREADS : n;
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetKernelWorkGroupInfo(cl_kernel k, cl_device_id d, cl_kernel_work_group_info param,
                             size_t size, void *value, size_t *size_ret)
{
    wq_cl_lock();
    cl_int rc;
    if (!wq_cl_kernel_ok(k)) return wq_cl_unlock_rc(CL_INVALID_KERNEL);
    if (d && d != k->prog->ctx->dev) return wq_cl_unlock_rc(CL_INVALID_DEVICE);
    switch (param) {
    case CL_KERNEL_WORK_GROUP_SIZE:         RET(size_t, wq_cl_kernel_max_wg(k)); break;
    case CL_KERNEL_COMPILE_WORK_GROUP_SIZE:
        rc = wq_cl_info(k->ki->reqd_wg, sizeof k->ki->reqd_wg, size, value, size_ret);
        break;
    case CL_KERNEL_LOCAL_MEM_SIZE: {
        cl_ulong n = k->ki->local_bytes;
        for (uint32_t i = 0; i < k->ki->nargs; i++) n += k->argv[i].local_size;
        RET(cl_ulong, n);
        break;
    }
    /* a warp: work-groups of a multiple of 32 leave no lane of a warp idle */
    case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: RET(size_t, 32); break;
    case CL_KERNEL_PRIVATE_MEM_SIZE:        RET(cl_ulong, k->ki->private_bytes); break;
    default: rc = CL_INVALID_VALUE;      /* GLOBAL_WORK_SIZE: custom devices only */
    }
    return wq_cl_unlock_rc(rc);
}
