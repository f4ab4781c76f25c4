#!/bin/bash
# check-config.sh DOTCONFIG FRAGMENT...
# Fail if the merged .config lost any option that a fragment asked for.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

config=$1
shift
bad=0
while read -r line; do
	case "$line" in
	CONFIG_*=*)
		grep -qxF "$line" "$config" && continue
		have=$(grep -E "^(# )?${line%%=*}[= ]" "$config" || echo "absent")
		;;
	"# CONFIG_"*" is not set")
		opt=${line#\# }
		opt=${opt%% *}
		grep -q "^$opt=" "$config" || continue
		have=$(grep "^$opt=" "$config")
		;;
	*) continue ;;
	esac
	echo "error: config fragment asked for '$line', merged config has '$have'" >&2
	bad=1
done < <(cat "$@")
exit $bad
