#!/bin/sh
# report-title.sh [once]: the conversation's title, to POST /session-title. Claude Code writes its
# own title into the transcript as {"type":"ai-title","aiTitle":…}; the last one wins. Antigravity's
# is its first request (below). With `once`
# (after a tool, mid-turn) it is sent only until one title went out, so an early card gets a name
# without a request after every tool.
# A missing helper would make "." abort the shell with a non-zero status: check before sourcing.
here=$(dirname "$0")
[ -r "$here/post.sh" ] || exit 0
. "$here/post.sh"
lich_ready || exit 0
command -v jq >/dev/null 2>&1 || exit 0
[ "${1:-}" = once ] && [ -e "$(lich_title_marker)" ] && exit 0
input=$(lich_input)
# Antigravity names the transcript in camelCase, as every field of its payloads.
transcript=$(lich_field "$input" '.transcript_path // .transcriptPath // empty')
[ -f "$transcript" ] || exit 0
# 80 characters: a card's title line; lich keeps longer labels, but a sidebar does not show them.
title=$(grep '"ai-title"' "$transcript" 2>/dev/null | tail -n 1 |
  jq -r 'select(.type == "ai-title") | .aiTitle // empty | .[0:80]' 2>/dev/null | head -n 1)
# Antigravity writes no title: it names a conversation after its first USER_INPUT, the request
# wrapped in <USER_REQUEST> tags. Its first line that is not lich's own framing, as for Codex.
if [ -z "$title" ]; then
  title=$(grep '"USER_INPUT"' "$transcript" 2>/dev/null |
    jq -r 'select(.type == "USER_INPUT") | .content // empty | gsub("</?USER_REQUEST>"; "") | split("\n")
      | map(sub("^\\s+"; "") | sub("\\s+$"; "") | select(. != "" and (startswith("[lich]") | not))) | .[0] // empty | .[0:80]' \
      2>/dev/null | head -n 1)
fi
lich_post_title "$title"
exit 0
