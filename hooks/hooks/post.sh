# Sourced by every report-*.sh: the rules all of lich's hook scripts share.
#
# A hook runs inside the agent, on its clock, and some agents read its exit status as a verdict
# (exit 2 from a PreToolUse hook blocks the tool). So these scripts never fail, never print, never
# wait longer than a second, and do nothing at all unless lich started this session.

# The plugin release this tree is; sent as X-Lich-Plugin so lich knows which contract it speaks.
# Kept equal to .claude-plugin/plugin.json's version (a test checks).
LICH_PLUGIN_VERSION=0.19.0

# True when this session belongs to a lich: the three variables are set, each in the only shape lich
# hands out. The shapes also keep them safe to write into curl's config below.
lich_ready() {
  case "${LICH_PORT:-}" in '' | *[!0-9]*) return 1 ;; esac
  case "${LICH_TOKEN:-}" in '' | *[!0-9a-fA-F]*) return 1 ;; esac
  case "${LICH_SESSION_ID:-}" in '' | *[!0-9A-Za-z._-]*) return 1 ;; esac
  command -v curl >/dev/null 2>&1
}

# The hook's JSON input, when the agent gave one; never blocks on a terminal.
lich_input() {
  [ -t 0 ] || cat 2>/dev/null
}

# A field of the hook's input, through jq; empty without jq or on anything unexpected.
lich_field() {
  command -v jq >/dev/null 2>&1 || return 0
  printf '%s' "$1" | jq -r "$2" 2>/dev/null | head -n 1
}

# lich_tool_of "$input": sets `tool` (the tool the agent is about to run, or asks to) and `detail`
# (what it runs on, through detail.jq beside this file; empty without jq). `$here` is the caller's
# folder, the one it sourced this file from.
lich_tool_of() {
  # Antigravity names the call toolCall {name, args}; every other harness tool_name / tool_input.
  tool=$(lich_field "$1" '.tool_name // .toolCall.name // empty')
  detail=""
  if [ -n "$tool" ] && command -v jq >/dev/null 2>&1; then
    detail=$(printf '%s' "$1" | jq -r -f "$here/detail.jq" 2>/dev/null | head -n 1)
  fi
}

# The file that says this session's title went out: report-title.sh's `once` and
# report-prompt-title.sh both stop once it exists.
lich_title_marker() {
  printf '%s' "${TMPDIR:-/tmp}/lich-title-${LICH_SESSION_ID}"
}

# lich_post_title title: POST /session-title with a non-empty title, then mark it sent.
lich_post_title() {
  [ -n "$1" ] || return 0
  lich_post /session-title "$(lich_json session_id "$LICH_SESSION_ID" title "$1")"
  : >"$(lich_title_marker)" 2>/dev/null
  return 0
}

# lich_json key value [key value ...]: a JSON object of the non-empty pairs. Without jq, values
# lose quotes, backslashes and control characters rather than break the body.
lich_json() {
  if command -v jq >/dev/null 2>&1; then
    jq -cn '$ARGS.positional as $a
      | reduce range(0; $a | length; 2) as $i ({}; if $a[$i + 1] == "" then . else . + {($a[$i]): $a[$i + 1]} end)' \
      --args "$@" 2>/dev/null
    return 0
  fi
  out=""
  while [ $# -ge 2 ]; do
    v=$(printf '%s' "$2" | tr -d '"\\\000-\037')
    [ -n "$v" ] && out="$out${out:+,}\"$1\":\"$v\""
    shift 2
  done
  printf '{%s}' "$out"
}

# lich_post /path body: one POST to the lich on this machine's loopback, at most one second.
# The URL carries the token, so it reaches curl on stdin (--config -), never on its command line:
# a process's argv is readable by every user of the machine. -q keeps a ~/.curlrc out of it, and
# noproxy keeps the token off any proxy the environment names.
lich_post() {
  body=$(printf '%s' "$2" | sed 's/\\/\\\\/g; s/"/\\"/g')
  curl -q --silent --max-time 1 --output /dev/null --config - >/dev/null 2>&1 <<CONFIG
url = "http://127.0.0.1:${LICH_PORT}$1?token=${LICH_TOKEN}"
noproxy = "*"
header = "Content-Type: application/json"
header = "X-Lich-Plugin: ${LICH_PLUGIN_VERSION}"
data-binary = "${body}"
CONFIG
  return 0
}
