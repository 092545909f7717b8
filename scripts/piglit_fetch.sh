#!/usr/bin/env bash
# piglit_fetch.sh -- the OpenCL part of Debian's piglit package in .piglit/
# (docs/tools/conformance.md), for `make conformance`; run by
# scripts/deps.sh.  The whole package installs 2 GB (OpenGL, Vulkan and
# their generated shader tests); its OpenCL part is 6 MB: the cl-* programs,
# cl-program-tester, the two utility libraries they link
# (libpiglitutil_cl.so.0, libpiglitutil.so.0), tests/cl,
# generated_tests/cl and the test list of piglit's `cl` profile
# (tests/cl.xml.gz).  The .deb comes from apt (`apt-get download`, the
# candidate version), is unpacked from its data archive with only those
# paths, and the version goes to .piglit/VERSION; an installed piglit
# package (/usr/lib/<multiarch>/piglit) makes this a no-op.
#
# Usage: bash scripts/piglit_fetch.sh [--force]
set -euo pipefail
cd "$(dirname "$0")/.."
dest=.piglit
if [ "${1:-}" != --force ]; then
    for d in /usr/lib/*/piglit; do
        [ -x "$d/bin/cl-program-tester" ] && exit 0
    done
    [ -f "$dest/VERSION" ] && [ -x "$dest/bin/cl-program-tester" ] && exit 0
fi
command -v apt-get >/dev/null || { echo "piglit_fetch: apt-get not found (a Debian machine is needed)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# apt-get download works without root; a machine whose package lists were
# never fetched needs apt-get update first
if ! (cd "$tmp" && apt-get download -q piglit >/dev/null 2>"$tmp/err"); then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq || true
    (cd "$tmp" && apt-get download -q piglit >/dev/null) ||
        { cat "$tmp/err" >&2; echo "piglit_fetch: apt-get download piglit failed" >&2; exit 1; }
fi
deb=$(ls "$tmp"/piglit_*.deb)
version=$(dpkg-deb -f "$deb" Version)
# ./usr/lib/<multiarch>/piglit/... -> .piglit/... (5 leading components)
p='./usr/lib/*/piglit'
rm -rf "$dest.tmp" && mkdir -p "$dest.tmp"
dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dest.tmp" --strip-components=5 --wildcards \
    "$p/bin/cl-*" "$p/lib/libpiglitutil_cl.so*" "$p/lib/libpiglitutil.so*" \
    "$p/tests/cl/*" "$p/generated_tests/cl/*" "$p/tests/cl.xml.gz"
# the licence travels with the files
dpkg-deb --fsys-tarfile "$deb" | tar -x -O ./usr/share/doc/piglit/copyright > "$dest.tmp/copyright"
[ -x "$dest.tmp/bin/cl-program-tester" ] && [ -f "$dest.tmp/tests/cl.xml.gz" ] ||
    { echo "piglit_fetch: $deb holds no cl-program-tester or tests/cl.xml.gz" >&2; exit 1; }
echo "$version" > "$dest.tmp/VERSION"
rm -rf "$dest" && mv "$dest.tmp" "$dest"
echo "piglit_fetch: piglit $version's OpenCL part in $dest ($(du -sh "$dest" | cut -f1))"
