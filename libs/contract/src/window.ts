/**
 * What the window loads on start and what `lich theme` reads: shapes only. The window builds its
 * whole picture from `WindowState` once and then follows `/events`; themes travel whole so a page
 * can paint one without a second fetch.
 */
import { Schema } from "effect"
import { SessionState } from "./ids.js"
import { Session } from "./session.js"

export class ProjectTab extends Schema.Class<ProjectTab>("ProjectTab")({
  id: Schema.String,
  name: Schema.String,
  path: Schema.String,
  /** the card the project last showed; "" = none */
  activeId: Schema.String
}) {}

export class CardState extends Schema.Class<CardState>("CardState")({
  session: Session,
  /** a PTY is running for it: only a live card has a terminal to attach to */
  live: Schema.Boolean,
  /** what its hooks last reported, as the roster shows it; "" = nothing yet */
  state: SessionState,
  branch: Schema.String,
  color: Schema.String
}) {}

export class WindowState extends Schema.Class<WindowState>("WindowState")({
  projects: Schema.Array(ProjectTab),
  cards: Schema.Array(CardState)
}) {}

export const ThemeScheme = Schema.Literal("light", "dark", "-")

export class ThemeInfo extends Schema.Class<ThemeInfo>("ThemeInfo")({
  id: Schema.String,
  name: Schema.String,
  /** "-" for system, which is light or dark as the OS asks */
  scheme: ThemeScheme,
  /** its variant for the other scheme; "" = none installed */
  pair: Schema.String,
  inUse: Schema.Boolean,
  /** CSS colours by token; empty for system */
  app: Schema.Record({ key: Schema.String, value: Schema.String }),
  /** hex colours for the terminal; empty for system */
  terminal: Schema.Record({ key: Schema.String, value: Schema.String })
}) {}

export class ThemeList extends Schema.Class<ThemeList>("ThemeList")({
  current: Schema.String,
  themes: Schema.Array(ThemeInfo)
}) {}

export class ThemeSwitched extends Schema.Class<ThemeSwitched>("ThemeSwitched")({
  id: Schema.String,
  previous: Schema.String
}) {}
