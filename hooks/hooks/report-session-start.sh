#!/bin/sh
# report-session-start.sh <provider>: the agent's own conversation id, so lich can resume it, to
# POST /session-start. Claude Code, Codex, Crush and Kiro name it session_id, Cursor conversation_id,
# Antigravity conversationId.
# A missing helper would make "." abort the shell with a non-zero status: check before sourcing.
here=$(dirname "$0")
[ -r "$here/post.sh" ] || exit 0
. "$here/post.sh"
lich_ready || exit 0
input=$(lich_input)
conversation=$(lich_field "$input" '.session_id // .conversation_id // .conversationId // empty')
[ -n "$conversation" ] || exit 0
lich_post /session-start "$(lich_json session_id "$LICH_SESSION_ID" provider_session_id "$conversation" provider "${1:-claude}")"
exit 0
