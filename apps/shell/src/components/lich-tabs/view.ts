/** A background tab's badge: waiting beats busy beats done, so the most urgent project shows. */
import type { Card } from "../../logic/model.js"

export const tabBadge = (cards: ReadonlyArray<Card>): "waiting" | "busy" | "done" | "" =>
  cards.some((c) => c.state === "waiting")
    ? "waiting"
    : cards.some((c) => c.state === "busy")
      ? "busy"
      : cards.some((c) => c.state === "done")
        ? "done"
        : ""
