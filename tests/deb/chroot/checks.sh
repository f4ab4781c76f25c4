#!/bin/sh
# checks.sh DEB DEBIAN-VERSION
# Run in the chroot of tests/check-deb.sh, where Debian's linux-perf
# DEBIAN-VERSION is installed: apt installs our package DEB over it, goes
# back to Debian's, then removes linux-perf, as the README tells users
# to.  At each step, /usr/bin/perf is the installed package's, and the
# diversions of /usr/bin/perf, its bash completion and perf.1.gz (away
# from the perf wrapper of older linux-base packages) are there while a
# linux-perf is installed and gone, with nothing left behind, when none
# is.  Prints TAP lines.
deb=$1 debian=$2
export DEBIAN_FRONTEND=noninteractive MANPAGER=cat MANWIDTH=80
ours=$(dpkg-deb -f "$deb" Version)
n=0
check() {
	n=$((n + 1))
	if eval "$2" >/tmp/check.out 2>&1; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		tail -5 /tmp/check.out | sed 's/^/# /'
	fi
}
# diverted: the three files are diverted by linux-perf
diverted() {
	[ "$(dpkg-divert --list | grep -c 'perf\.wrapper.* by linux-perf$')" -eq 3 ]
}
version_is() { perf --version | tee /dev/stderr | grep -qx "perf version $1"; }
apt() { apt-get -y -q -o Dpkg::Use-Pty=0 "$@"; }

check "Debian's linux-perf $debian is installed, its perf runs" \
	"version_is '${debian%-*}' && diverted"

check "apt-get install ./${deb##*/} upgrades Debian's linux-perf" "apt install '$deb'"
check "linux-perf $ours is installed, perf --version says so" \
	"[ \"\$(dpkg-query -W -f='\${Version}' linux-perf)\" = '$ours' ] && version_is '$ours'"
check "/usr/bin/perf, its completion and perf.1.gz stay diverted" diverted
check "man perf-ftrace is the series' page" \
	"man perf-ftrace | grep -q 'perf ftrace show'"
check "perf ftrace --help opens it" \
	"perf ftrace --help | grep -q 'perf ftrace report'"
check "the installed perf reports a recording, as a user without root" \
	"chmod -R a+rX /tmp/rec.dir && runuser -u nobody -- perf ftrace report -i /tmp/rec.dir --stdio | grep -q '^# Samples: '"
check "perf report --help and perf script --help still work" \
	"perf report --help | grep -q PERF-REPORT && perf script --help | grep -q PERF-SCRIPT"

check "apt-get install --allow-downgrades linux-perf=$debian goes back" \
	"apt install --allow-downgrades 'linux-perf=$debian' && version_is '${debian%-*}' && diverted"

check "ours again, then apt-get remove linux-perf" "apt install '$deb' && apt remove linux-perf"
check "the diversions are gone, and no perf file is left" \
	"! dpkg-divert --list | grep perf && ! ls /usr/bin/perf* /usr/share/man/man1/perf* /usr/lib/perf-core"
check "Debian's linux-perf installs again and its perf works" \
	"apt install 'linux-perf=$debian' && version_is '${debian%-*}' && diverted"
