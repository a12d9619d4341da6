#!/bin/sh
# report-permission.sh: waiting, with what asks for permission as the reason (Codex's
# PermissionRequest: tool_name and the command, path or pattern it runs on), to POST /hook.
# It prints nothing and exits 0 whatever happens: Codex reads exit 2 from this hook as "deny".
# A missing helper would make "." abort the shell with a non-zero status: check before sourcing.
here=$(dirname "$0")
[ -r "$here/post.sh" ] || exit 0
. "$here/post.sh"
lich_ready || exit 0
lich_tool_of "$(lich_input)"
reason="permission to run ${tool:-a tool}${detail:+: $detail}"
lich_post /hook "$(lich_json session_id "$LICH_SESSION_ID" state waiting reason "$reason")"
exit 0
