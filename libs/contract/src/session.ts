/**
 * The shapes the CLI prints with --json and the window adopts. Keys are interface: a script and the
 * companion plugin read them, so they are spelled exactly as the contract spells them.
 */
import { Schema } from "effect"
import { ProjectId, SessionId, SessionState } from "./ids.js"

/** One entry of `lich sessions --json`, `whoami --json` and the MCP list_sessions result. */
export class Peer extends Schema.Class<Peer>("Peer")({
  label: Schema.String,
  name: Schema.String,
  project: Schema.String,
  kind: Schema.String,
  /** busy, done, waiting or "" (nothing reported): what the card shows too (limits.ts) */
  state: SessionState,
  /** a session id, left unbranded: the CLI reads rosters with shapes derived from this schema (apps/cli/src/wire) */
  id: Schema.String,
  path: Schema.String,
  projectPath: Schema.String
}) {}

/** The session object `open --json` prints and `session-opened` carries. */
export const SessionFields = {
  id: SessionId,
  projectId: ProjectId,
  project: Schema.String,
  label: Schema.String,
  name: Schema.String,
  kind: Schema.String,
  path: Schema.String,
  nextSeq: Schema.Number,
  originSessionId: Schema.String,
  originLabel: Schema.String,
  confined: Schema.Boolean,
  folder: Schema.String
}
export class Session extends Schema.Class<Session>("Session")(SessionFields) {}

/** What opening did besides the row: the PTY may have failed to start, which keeps the card. */
export class Opened extends Schema.Class<Opened>("Opened")({
  session: Session,
  /** the worktree checkout, "" when the session runs in the project's own directory */
  worktree: Schema.String,
  /** "" when the terminal started; otherwise why it did not (the card stays, to show this) */
  startError: Schema.String,
  /** true when this open resumed a parked session on a kept worktree */
  resumed: Schema.Boolean
}) {}

export class Closed extends Schema.Class<Closed>("Closed")({
  id: Schema.String,
  projectId: Schema.String,
  project: Schema.String,
  label: Schema.String,
  worktree: Schema.String,
  kept: Schema.Boolean,
  removed: Schema.Boolean
}) {}

export class Renamed extends Schema.Class<Renamed>("Renamed")({
  id: Schema.String,
  project: Schema.String,
  label: Schema.String,
  previous: Schema.String
}) {}

export class Checkout extends Schema.Class<Checkout>("Checkout")({
  name: Schema.String,
  path: Schema.String,
  dirty: Schema.Boolean,
  sessions: Schema.Array(Schema.String)
}) {}

export class Folder extends Schema.Class<Folder>("Folder")({
  name: Schema.String,
  sessions: Schema.Array(Schema.String)
}) {}

export class Filed extends Schema.Class<Filed>("Filed")({
  id: Schema.String,
  project: Schema.String,
  label: Schema.String,
  folder: Schema.String,
  previous: Schema.String
}) {}

export class FolderRenamed extends Schema.Class<FolderRenamed>("FolderRenamed")({
  project: Schema.String,
  folder: Schema.String,
  to: Schema.String,
  sessions: Schema.Array(Schema.String)
}) {}

export class FolderPainted extends Schema.Class<FolderPainted>("FolderPainted")({
  project: Schema.String,
  folder: Schema.String,
  color: Schema.String,
  sessions: Schema.Array(Schema.String)
}) {}

export class ServerInfo extends Schema.Class<ServerInfo>("ServerInfo")({
  version: Schema.String,
  pid: Schema.Number,
  port: Schema.Number
}) {}

/** A card's terminal started (or already running): what the window asks for on a card's first view. */
export class Started extends Schema.Class<Started>("Started")({
  id: Schema.String,
  /** false when it was running already */
  started: Schema.Boolean,
  /** "" when the terminal runs; otherwise why it did not start */
  startError: Schema.String
}) {}
