// threshold.cl -- byte image threshold: uchar loads and stores, neighbours
// in the same word written by different work-items
//@ global 1024
//@ local 64
//@ buf u8 1024 rand 8
//@ buf u8 1024 const 0x55
//@ scalar u8 128
//@ print 1
__kernel void threshold(__global const uchar *img, __global uchar *out, uchar t)
{
    size_t i = get_global_id(0);
    uchar v = img[i];
    out[i] = v >= t ? (uchar)255 : (uchar)(v / 2);
}
