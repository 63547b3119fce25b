#!/bin/sh
# Stands in for sendmail in the endpoint tests: keeps each message PHP's mail() hands over as a
# file in the capture directory ($1). A file named "fail" there makes it fail like a broken MTA.
dir="$1"
[ -e "$dir/fail" ] && exit 75
cat > "$dir/$(date +%s%N)-$$.eml"
