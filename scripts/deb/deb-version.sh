#!/bin/bash
# deb-version.sh
# Print the version of our linux-perf: that of the installed
# linux-source-6.1 (whose tree the series applies to), with
# +ftrace$DEB_REVISION (default 1) after it, which sorts above Debian's
# own linux-perf of that version and below Debian's next one.
set -euo pipefail

echo "$(dpkg-query -W -f='${Version}' linux-source-6.1)+ftrace${DEB_REVISION:-1}"
