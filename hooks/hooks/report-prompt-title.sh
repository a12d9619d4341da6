#!/bin/sh
# report-prompt-title.sh: the conversation's title from its first prompt (UserPromptSubmit's
# `prompt`), to POST /session-title, once per session. For agents that write no title of their own
# into a transcript lich can read (Codex); the first line, at most 80 characters.
# A missing helper would make "." abort the shell with a non-zero status: check before sourcing.
here=$(dirname "$0")
[ -r "$here/post.sh" ] || exit 0
. "$here/post.sh"
lich_ready || exit 0
command -v jq >/dev/null 2>&1 || exit 0
[ -e "$(lich_title_marker)" ] && exit 0
input=$(lich_input)
title=$(printf '%s' "$input" | jq -r '.prompt // empty | split("\n") | map(select(test("\\S") and (startswith("[lich]") | not))) | .[0] // empty | .[0:80]' 2>/dev/null | head -n 1)
lich_post_title "$title"
exit 0
