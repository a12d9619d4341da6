/**
 * The diff's highlight style — each syntax role a CSS variable the dock sets from the theme
 * (logic/syntax.ts) — and its languages, from @codemirror/language-data, each a chunk of its own
 * loaded the first time a file of its kind is shown.
 */
import { HighlightStyle, LanguageDescription, type LanguageSupport } from "@codemirror/language"
import { languages } from "@codemirror/language-data"
import { tags as t } from "@lezer/highlight"
import type { SyntaxRole } from "../../logic/syntax.js"

const v = (role: SyntaxRole) => `var(--syn-${role})`

export const lichHighlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword, t.definitionKeyword, t.modifier], color: v("keyword") },
  { tag: [t.string, t.special(t.string), t.regexp, t.character, t.attributeValue], color: v("string") },
  { tag: [t.number, t.bool, t.null, t.atom, t.unit], color: v("number") },
  { tag: [t.comment, t.lineComment, t.blockComment, t.docComment], color: v("comment"), fontStyle: "italic" },
  { tag: [t.typeName, t.className, t.namespace, t.standard(t.typeName)], color: v("type") },
  { tag: [t.function(t.variableName), t.function(t.propertyName), t.macroName], color: v("fn") },
  { tag: [t.tagName, t.attributeName], color: v("tag") },
  // Not the tag's red: a whole heading line in red reads as a removed line in a diff.
  { tag: t.heading, color: v("fn"), fontWeight: "bold" },
  { tag: [t.meta, t.processingInstruction, t.annotation], color: v("meta") },
  { tag: t.strong, fontWeight: "bold" },
  { tag: t.emphasis, fontStyle: "italic" },
  { tag: t.link, textDecoration: "underline" }
])

/** The language of a path by its name, loaded (its own chunk); undefined when none is known. */
export const languageFor = async (path: string): Promise<LanguageSupport | undefined> => {
  const desc = LanguageDescription.matchFilename(languages, path.slice(path.lastIndexOf("/") + 1))
  if (desc === null) return undefined
  try {
    return await desc.load()
  } catch {
    // A language chunk that fails to load leaves the diff plain; the diff itself is what matters.
    return undefined
  }
}
