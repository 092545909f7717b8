/* icd.c -- how the standard ICD loader finds the runtime (cl_khr_icd,
 * docs/runtime.md).
 *
 * The loader reads build/etc/OpenCL/vendors/warpq.icd (or the system's
 * vendors directory), dlopens libwqcl.so and looks up three symbols, the
 * only ones the library exports: clIcdGetPlatformIDsKHR,
 * clGetExtensionFunctionAddress and clGetPlatformInfo.  Every later call
 * reaches us through the dispatch table that every object starts with; the
 * table's layout is the Khronos one (CL/cl_icd.h, struct _cl_icd_dispatch).
 * Entries the runtime does not implement (OpenGL/Direct3D/EGL sharing,
 * OpenCL 2.0 and later) stay NULL. */
#include <string.h>
#include "cl_int.h"

#define WQ_CL_ENTRY(name) .cl##name = wq_cl_##name,

const struct _cl_icd_dispatch wq_cl_dispatch = {
    WQ_CL_FUNCS(WQ_CL_ENTRY)
};

#define WQ_CL_EXPORT __attribute__((visibility("default")))

WQ_CL_EXPORT cl_int CL_API_CALL
clIcdGetPlatformIDsKHR(cl_uint num_entries, cl_platform_id *platforms, cl_uint *num_platforms)
{
    return wq_cl_GetPlatformIDs(num_entries, platforms, num_platforms);
}

WQ_CL_API void *CL_API_CALL wq_cl_GetExtensionFunctionAddress(const char *name)
{
    if (name && !strcmp(name, "clIcdGetPlatformIDsKHR")) return (void *)clIcdGetPlatformIDsKHR;
    return NULL;
}

WQ_CL_API void *CL_API_CALL
wq_cl_GetExtensionFunctionAddressForPlatform(cl_platform_id p, const char *name)
{
    if (!wq_cl_obj_ok(p, WQ_CL_PLATFORM)) return NULL;
    return wq_cl_GetExtensionFunctionAddress(name);
}

WQ_CL_EXPORT void *CL_API_CALL clGetExtensionFunctionAddress(const char *name)
{
    return wq_cl_GetExtensionFunctionAddress(name);
}

WQ_CL_EXPORT cl_int CL_API_CALL
clGetPlatformInfo(cl_platform_id p, cl_platform_info param, size_t size, void *value,
                  size_t *size_ret)
{
    return wq_cl_GetPlatformInfo(p, param, size, value, size_ret);
}
