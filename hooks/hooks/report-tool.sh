#!/bin/sh
# report-tool.sh: busy, with the tool about to run and what it runs on (PreToolUse), to POST /hook.
# A missing helper would make "." abort the shell with a non-zero status: check before sourcing.
here=$(dirname "$0")
[ -r "$here/post.sh" ] || exit 0
. "$here/post.sh"
lich_ready || exit 0
lich_tool_of "$(lich_input)"
lich_post /hook "$(lich_json session_id "$LICH_SESSION_ID" state busy tool "$tool" detail "$detail")"
exit 0
