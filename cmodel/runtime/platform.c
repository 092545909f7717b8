/* platform.c -- the warpq platform: clGetPlatformIDs, clGetPlatformInfo
 * (docs/runtime.md).  One platform with one device; both are static and
 * never destroyed, as OpenCL 1.2 has no release for them. */
#include <string.h>
#include "cl_int.h"

#define WQ_CL_PLATFORM_EXTENSIONS "cl_khr_icd"

static struct _cl_platform_id platform = {
    .h = { .dispatch = &wq_cl_dispatch, .magic = WQ_CL_MAGIC + WQ_CL_PLATFORM,
           .kind = WQ_CL_PLATFORM, .refs = 1 },
};

cl_platform_id wq_cl_platform(void) { return &platform; }

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms, cl_uint *num_platforms)
{
    if ((num_entries == 0 && platforms) || (!platforms && !num_platforms))
        return CL_INVALID_VALUE;
    if (platforms) platforms[0] = &platform;
    if (num_platforms) *num_platforms = 1;
    return CL_SUCCESS;
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetPlatformInfo(cl_platform_id p, cl_platform_info param, size_t size, void *value,
                      size_t *size_ret)
{
    /* NULL selects the platform (implementation-defined; ours is the only one) */
    if (p && !wq_cl_obj_ok(p, WQ_CL_PLATFORM)) return CL_INVALID_PLATFORM;
    const char *s;
    switch (param) {
    case CL_PLATFORM_PROFILE:        s = "EMBEDDED_PROFILE"; break;
    case CL_PLATFORM_VERSION:        s = "OpenCL 1.2 warpq"; break;
    case CL_PLATFORM_NAME:           s = "warpq"; break;
    case CL_PLATFORM_VENDOR:         s = "warpq project"; break;
    case CL_PLATFORM_EXTENSIONS:     s = WQ_CL_PLATFORM_EXTENSIONS; break;
    case CL_PLATFORM_ICD_SUFFIX_KHR: s = "WQ"; break;
    default: return CL_INVALID_VALUE;
    }
    return wq_cl_info_str(s, size, value, size_ret);
}
