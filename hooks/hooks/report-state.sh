#!/bin/sh
# report-state.sh <busy|done|waiting|idle|compacting>: the session's turn state, to POST /hook.
# On waiting, the notification's message says why (a permission prompt, or the idle reminder that
# lich drops when no turn is open).
# A missing helper would make "." abort the shell with a non-zero status: check before sourcing.
here=$(dirname "$0")
[ -r "$here/post.sh" ] || exit 0
. "$here/post.sh"
lich_ready || exit 0
state=${1:-}
case "$state" in busy | done | waiting | idle | compacting) ;; *) exit 0 ;; esac
input=$(lich_input)
reason=""
[ "$state" = waiting ] && reason=$(lich_field "$input" '.message // empty')
lich_post /hook "$(lich_json session_id "$LICH_SESSION_ID" state "$state" reason "$reason")"
exit 0
