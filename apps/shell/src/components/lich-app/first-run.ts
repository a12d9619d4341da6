/** The first-run screen: what a new user sees with no project open. */
import { html } from "lit"

/** What a new user sees: the two things to do, each with its key. */
export const firstRun = (mac: boolean, open: () => void) => html`<div class="first-run">
  <h1>Welcome to lich</h1>
  <ol>
    <li><b>Open a project</b> — a directory you work in. <button class="start primary" @click=${open}>Open a project</button> <kbd>${mac ? "⌘" : "Ctrl"}+O</kbd></li>
    <li><b>Start a session</b> in it — a shell, or an agent such as Claude Code — with the <b>+</b> above the list, or <kbd>${mac ? "⌘" : "Ctrl"}+Shift+T</kbd>.</li>
  </ol>
  <p>Every hotkey: <kbd>${mac ? "⌘" : "Ctrl"}+/</kbd>. Everything else: <kbd>${mac ? "⌘" : "Ctrl"}+K</kbd>.</p>
</div>`
