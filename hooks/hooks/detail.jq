# What a tool call is about, in one line for a session card: the command, the file, the pattern or
# the address it was given; "" when it names none. lich caps it at 120 characters; so does this.
(.tool_input // .toolCall.args // {}) as $in
| if ($in | type) != "object" then ""
  else ($in.command // $in.file_path // $in.notebook_path // $in.path // $in.pattern // $in.url // $in.query // $in.description // "")
  end
| (if type == "string" then . else tostring end)
| gsub("\\s+"; " ")
| ltrimstr(" ")
| .[0:120]
