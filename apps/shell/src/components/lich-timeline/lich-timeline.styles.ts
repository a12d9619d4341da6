/** The timeline's look: a wide panel over the window, lanes in stripes, each outcome its colour. */
import { css } from "lit"

export const styles = css`
  :host { position: fixed; inset: 0; z-index: 30; display: grid; place-items: stretch; padding: 4vh 2vw; background: rgb(0 0 0 / 0.4); }
  .panel { display: flex; flex-direction: column; min-height: 0; background: var(--popover); color: var(--popover-foreground); border: 1px solid var(--border); border-radius: 10px; box-shadow: 0 18px 50px rgb(0 0 0 / 0.3); overflow: hidden; font: 13px/1.45 Geist, Inter, system-ui, sans-serif; outline: none; }
  header { display: flex; align-items: center; gap: 8px; padding: 10px 12px; border-bottom: 1px solid var(--border); }
  h2 { margin: 0 auto 0 0; font-size: 14px; font-weight: 600; }
  .muted { color: var(--muted-foreground); font-weight: 400; }
  select, button { font: inherit; font-size: 12px; border-radius: 6px; padding: 3px 8px; border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); cursor: pointer; }
  .zoom { display: inline-flex; }
  .zoom button { border-radius: 0; margin-left: -1px; }
  .zoom button:first-child { border-radius: 6px 0 0 6px; }
  .zoom button:last-child { border-radius: 0 6px 6px 0; }
  .zoom button[aria-pressed=true] { background: var(--primary); color: var(--primary-foreground); border-color: var(--primary); }
  button.icon { border: 0; background: none; color: var(--muted-foreground); font-size: 15px; }
  .summary { padding: 6px 12px; color: var(--muted-foreground); font-size: 12px; }
  .main { display: flex; min-height: 0; flex: 1; }
  .canvas { position: relative; flex: 1; overflow: auto; padding: 0 12px 12px; }
  .empty { padding: 40px; color: var(--muted-foreground); text-align: center; }
  svg { display: block; font: 11px Geist, Inter, system-ui, sans-serif; }
  .lane:nth-of-type(odd) { fill: color-mix(in oklab, var(--muted) 60%, transparent); }
  .lane:nth-of-type(even) { fill: transparent; }
  .lane-name { fill: var(--foreground); }
  .grid { stroke: var(--border); stroke-width: 1; }
  .tick { fill: var(--muted-foreground); font-size: 10px; }
  .canvas svg { cursor: pointer; }
  path.arrows { stroke: var(--c); stroke-width: 1; fill: none; opacity: 0.55; }
  path.bars { fill: var(--c); }
  rect.selected { fill: none; stroke: var(--foreground); stroke-width: 1.5; }
  .s-open { --c: #3b82f6; }
  .s-answered { --c: #16a34a; }
  .s-unanswered { --c: #d97706; }
  .s-unread { --c: #ea580c; }
  .s-undelivered { --c: #dc2626; }
  .s-stopped { --c: #6b7280; }
  .s-expired { --c: #9ca3af; }
  .dot { display: inline-block; width: 9px; height: 9px; border-radius: 50%; background: var(--c); margin-right: 6px; }
  .tip { position: absolute; pointer-events: none; z-index: 2; width: max-content; max-width: 460px; background: var(--popover); border: 1px solid var(--border); border-radius: 6px; padding: 6px 8px; box-shadow: 0 6px 20px rgb(0 0 0 / 0.25); font-size: 12px; }
  .detail { width: 340px; flex: none; border-left: 1px solid var(--border); padding: 10px 12px; overflow: auto; display: flex; flex-direction: column; gap: 6px; font-size: 12px; }
  .detail .head { font: 12px ui-monospace, monospace; background: var(--muted); padding: 4px 6px; border-radius: 4px; overflow-wrap: anywhere; }
  .detail ol { margin: 0; padding-left: 18px; color: var(--muted-foreground); }
  .jumps { display: flex; gap: 8px; flex-wrap: wrap; }
`
