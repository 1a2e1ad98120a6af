"""Writes the dist-info folder of the boardrules package installed by
`make install` (bindings/local.mk), so that importlib.metadata and pip know
the package as if pip had installed it:

    python3 dist_info.py SITE_DIR VERSION METADATA_FILE

SITE_DIR is the folder that holds the installed package folder boardrules/
(with DESTDIR, if any). Written: boardrules-VERSION.dist-info/METADATA (a copy
of METADATA_FILE), INSTALLER ("make") and RECORD (every file of the package
and of the dist-info folder, relative to SITE_DIR, with its sha256 and size;
RECORD itself without).
"""

import base64
import hashlib
import os
import shutil
import sys


def record_line(site, path):
    with open(path, "rb") as f:
        data = f.read()
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    rel = os.path.relpath(path, site).replace(os.sep, "/")
    return '"%s",sha256=%s,%d' % (rel, digest, len(data)) if "," in rel else \
        "%s,sha256=%s,%d" % (rel, digest, len(data))


def main(site, version, metadata):
    info = os.path.join(site, "boardrules-%s.dist-info" % version)
    os.makedirs(info, exist_ok=True)
    shutil.copyfile(metadata, os.path.join(info, "METADATA"))
    with open(os.path.join(info, "INSTALLER"), "w") as f:
        f.write("make\n")
    files = []
    for folder in (os.path.join(site, "boardrules"), info):
        for root, dirs, names in os.walk(folder):
            dirs.sort()
            for name in sorted(names):
                if name != "RECORD" or root != info:
                    files.append(os.path.join(root, name))
    lines = [record_line(site, p) for p in files]
    lines.append("%s/RECORD,," % os.path.basename(info))
    with open(os.path.join(info, "RECORD"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
