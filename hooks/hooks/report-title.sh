#!/bin/sh
# report-title.sh [once]: the conversation's title, to POST /session-title. Claude Code writes its
# own title into the transcript as {"type":"ai-title","aiTitle":…}; the last one wins. With `once`
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
transcript=$(lich_field "$input" '.transcript_path // empty')
[ -f "$transcript" ] || exit 0
# 80 characters: a card's title line; lich keeps longer labels, but a sidebar does not show them.
title=$(grep '"ai-title"' "$transcript" 2>/dev/null | tail -n 1 |
  jq -r 'select(.type == "ai-title") | .aiTitle // empty | .[0:80]' 2>/dev/null | head -n 1)
lich_post_title "$title"
exit 0
