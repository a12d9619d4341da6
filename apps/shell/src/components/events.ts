/**
 * The window's own DOM events, all in one place. Every one bubbles (composed) from the component
 * that raises it up to lich-app, the one listener that acts on them, so they are the page's
 * vocabulary rather than any one component's: listed here, a name two components would both claim
 * is one line to see, and each detail type is written once. Type-only: nothing here ships to the page.
 * The diff's note events are the one exception to "up to lich-app": the dock, whose store they
 * change, answers them (a panel with a store of its own, docs/window.md).
 */
import type { CloseAnswer } from "./lich-close-dialog/lich-close-dialog.js"
import type { HostAsk } from "./lich-host-section/lich-host-section.js"
import type { CardAction } from "./lich-session-card/lich-session-card.js"
import type { WorktreeForm } from "./lich-worktree-dialog/view.js"

declare global {
  interface HTMLElementEventMap {
    /** lich-ask-confine: the answer to "confine this session?" */
    "lich-confine": CustomEvent<{ confine: boolean }>
    /** lich-close-dialog: what to do with the session being closed */
    "lich-close-answer": CustomEvent<CloseAnswer>
    /** lich-new-menu: the worktree dialog is wanted */
    "lich-new-worktree": CustomEvent
    /** lich-open-project: a path to open */
    "lich-open-path": CustomEvent<{ path: string }>
    /** any dialog (dialog.styles.ts's dismissEvent): closed without an answer */
    "lich-dismiss": CustomEvent
    /** lich-palette: the item picked, by its key */
    "lich-palette-run": CustomEvent<{ key: string }>
    /** lich-session-card: select, close or rename a card */
    "lich-card": CustomEvent<CardAction>
    /** lich-new-menu: a new session of this kind in the shown project */
    "lich-new-session": CustomEvent<{ kind: string }>
    /** lich-sidebar: the new-session menu opened or closed (its + or its Escape) */
    "lich-menu": CustomEvent<{ open: boolean }>
    /** lich-tabs: a tab picked or closed, and the tool buttons beside them */
    "lich-tab": CustomEvent<{ id: string }>
    "lich-tab-close": CustomEvent<{ id: string }>
    "lich-open-project": CustomEvent<{ id: string }>
    "lich-palette": CustomEvent<{ id: string }>
    "lich-settings": CustomEvent<{ id: string }>
    /** lich-toasts: a toast's Open (go to its card) or Undo; key names the toast, which goes */
    "lich-open": CustomEvent<{ id: string; key: number }>
    "lich-undo": CustomEvent<{ id: string; key: number }>
    /** lich-diff: lines picked for a comment (a line number clicked, a drag down the numbers, a selection's button) */
    "lich-diff-pick": CustomEvent<{ side: "old" | "new"; startLine: number; endLine: number }>
    /** lich-diff: the new comment's text, to keep; or the form left */
    "lich-comment-save": CustomEvent<{ text: string }>
    "lich-comment-cancel": CustomEvent
    /** lich-diff: a comment's Edit, its new text, or the edit left; its Drop */
    "lich-comment-edit": CustomEvent<{ commentId: string }>
    "lich-comment-edit-save": CustomEvent<{ commentId: string; text: string }>
    "lich-comment-edit-cancel": CustomEvent
    "lich-comment-drop": CustomEvent<{ commentId: string }>
    /** lich-host-section: something asked of a host — its card, its menu, a reconnect — with the host named */
    "lich-host": CustomEvent<HostAsk>
    /** lich-hosts-settings: a host was added or removed, or the list read again */
    "lich-hosts-changed": CustomEvent
    /** lich-worktree-dialog: the worktree session to open */
    "lich-create-worktree": CustomEvent<WorktreeForm>
  }
}
